// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../src/lib/chakra-system';
import { FormEditor } from './form-builder';
import { smartFormCatalogues } from './messages';

afterEach(cleanup);

function renderEditor() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <FormEditor formId={1} name="Sign-up" version={1} initial={[]} onBack={() => undefined} />,
    },
  ]);
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <IntlProvider locale="en" messages={smartFormCatalogues.en}>
          <RouterProvider router={router} />
        </IntlProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('form builder', () => {
  it('adds fields from the palette, edits them, undoes and redoes, and checks answers in the preview', async () => {
    renderEditor();
    const canvas = () => within(screen.getByTestId('form-canvas'));
    click('Add Single-line text');
    click('Add Phone');
    click('Add Drop-down');
    expect(canvas().getAllByRole('listitem')).toHaveLength(3);

    click('Select Phone');
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Mobile' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
    // The switch reports its change a tick later.
    await waitFor(() => expect(screen.getByTestId('canvas-field-1').textContent).toContain('Mobile*'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    click('Delete Drop-down');
    expect(canvas().getAllByRole('listitem')).toHaveLength(2);
    click('Undo: Delete Drop-down');
    expect(canvas().getAllByRole('listitem')).toHaveLength(3);
    click('Redo: Delete Drop-down');
    expect(canvas().getAllByRole('listitem')).toHaveLength(2);
    click('Undo: Delete Drop-down');
    click('Move Drop-down up');
    expect(screen.getByTestId('canvas-field-1').textContent).toContain('Drop-down');
    click('Undo: Move Drop-down');
    expect(screen.getByTestId('canvas-field-2').textContent).toContain('Drop-down');

    click('Fill in');
    const preview = within(screen.getByTestId('form-preview'));
    fireEvent.click(preview.getByRole('button', { name: 'Submit' }));
    expect(preview.getByText('Mobile is required')).toBeTruthy();
    fireEvent.change(preview.getByLabelText(/Mobile/), { target: { value: '12345' } });
    fireEvent.click(preview.getByRole('button', { name: 'Submit' }));
    expect(preview.getByText('Mobile must be an 11-digit mobile number starting with 1')).toBeTruthy();
    fireEvent.change(preview.getByLabelText(/Mobile/), { target: { value: '13912345678' } });
    fireEvent.click(preview.getByRole('button', { name: 'Submit' }));
    expect(preview.getByRole('status').textContent).toContain('All answers pass');
  }, 60_000);
});
