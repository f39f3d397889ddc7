// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../src/lib/chakra-system';
import { FormFields } from './form-field';

afterEach(cleanup);

let read: () => { StartsAt: string } = () => ({ StartsAt: '' });

function Window() {
  const form = useForm({ defaultValues: { StartsAt: '2026-05-01T09:00' } });
  read = form.getValues;
  return (
    <FormFields
      form={form}
      fields={[{ name: 'StartsAt', kind: 'datetime-local', label: 'Starts at', required: true }]}
    />
  );
}

describe('a date-time field', () => {
  it('is a labelled date-time box holding the wall-clock text it was given and what is typed', () => {
    render(
      <ChakraProvider value={system}>
        <Window />
      </ChakraProvider>,
    );
    const input = screen.getByLabelText(/Starts at/) as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('2026-05-01T09:00');
    fireEvent.change(input, { target: { value: '2026-05-02T10:30' } });
    expect(read().StartsAt).toBe('2026-05-02T10:30');
  });
});
