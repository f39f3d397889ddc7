// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { en } from './i18n/en';
import { useDraftForm } from './use-draft-form';

afterEach(cleanup);

interface Draft {
  Name: string;
  Skus: { Price: string }[];
}

const schema = z.strictObject({
  Name: z.string().min(1),
  Skus: z.array(z.strictObject({ PriceFen: z.number().int().min(0) })),
});

type Bound = ReturnType<typeof useDraftForm<Draft>>;

/** What the probe's last render got from the hook. */
const bound = {} as { current: Bound };

function Probe() {
  bound.current = useDraftForm<Draft>({
    defaultValues: { Name: 'Tea', Skus: [{ Price: '1' }] },
    schema,
    toInput: (draft) => ({
      Name: draft.Name,
      Skus: draft.Skus.map((sku) => ({ PriceFen: Number(sku.Price) * 100 })),
    }),
    renames: { PriceFen: 'Price' },
  });
  return null;
}

function mount(): { current: Bound } {
  const router = createMemoryRouter([{ path: '/', element: <Probe /> }]);
  render(
    <IntlProvider locale="en" messages={en}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  return bound;
}

const refused = (Errors: { Field: string; Message: string }[]) => ({ message: 'refused', body: { Errors } });

describe('useDraftForm', () => {
  it('puts the server’s field errors on the draft fields that show them', async () => {
    const bound = mount();
    await act(() =>
      bound.current.saveFailed(
        refused([
          { Field: 'Skus.0.PriceFen', Message: 'Price too high' },
          { Field: 'Name', Message: 'Name taken' },
        ]),
        async () => undefined,
      ),
    );
    const { form } = bound.current;
    expect(form.getFieldState('Skus.0.Price').error?.message).toBe('Price too high');
    expect(form.getFieldState('Name').error?.message).toBe('Name taken');
  });

  it('counts as unsaved after a change and as saved once marked', async () => {
    const bound = mount();
    expect(bound.current.form.formState.isDirty).toBe(false);
    act(() => bound.current.form.setValue('Name', 'Green tea', { shouldDirty: true }));
    expect(bound.current.form.formState.isDirty).toBe(true);
    act(() => bound.current.markSaved());
    expect(bound.current.form.formState.isDirty).toBe(false);
    expect(bound.current.form.getValues('Name')).toBe('Green tea');
  });

  it('checks the draft against the contract schema, in the catalogue’s words', async () => {
    const bound = mount();
    act(() => bound.current.form.setValue('Skus.0.Price', '-1'));
    await act(async () => {
      await bound.current.form.trigger();
    });
    expect(bound.current.form.getFieldState('Skus.0.Price').error?.message).toBe('At least 0');
  });
});
