// @vitest-environment jsdom
import { Button, ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider, useIntl } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { system } from '../../src/lib/chakra-system';
import { callEndpoint } from '../../src/lib/http';
import { en as appEn } from '../../src/lib/i18n/en';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointKey } from '../../src/lib/query-options';
import { FormFields } from './form-field';
import { en } from './i18n/en';
import { useResourceForm } from './use-resource-form';

vi.mock('../../src/lib/http', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({ confirmDialog: vi.fn(), showToast: vi.fn() }));
const call = vi.mocked(callEndpoint);
const confirm = vi.mocked(confirmDialog);
const toast = vi.mocked(showToast);

const getThing = defineEndpoint({
  method: 'GET',
  path: '/Things/GetThingInfo',
  permission: '/things/editThing',
  input: z.strictObject({ id: z.number() }),
  output: z.object({ Id: z.number() }),
});
const saveThing = defineEndpoint({
  method: 'POST',
  path: '/Things/SaveThing',
  permission: '/things/editThing',
  input: z.strictObject({
    Id: z.number(),
    Version: z.number(),
    Name: z.string().trim().min(1).max(10),
    Shipped: z.boolean(),
    Carrier: z.string(),
  }),
  output: z.object({ Id: z.number() }),
});

interface Draft {
  Name: string;
  Shipped: boolean;
  Carrier: string;
}

/** How many times the record was read: a save or a reload must read it again. */
let reads = 0;

function ThingForm() {
  const intl = useIntl();
  useQuery({
    queryKey: endpointKey(getThing, { id: 4 }),
    queryFn: () => {
      reads += 1;
      return { Id: 4 };
    },
  });
  const { form, submit } = useResourceForm({
    defaultValues: { Name: 'kettle', Shipped: false, Carrier: '' },
    save: saveThing,
    toInput: (draft: Draft) => ({ Id: 4, Version: 2, ...draft }),
    afterSave: (saved) => ({ to: `/things/list?saved=${saved.Id}` }),
  });
  return (
    <form aria-label="Thing" onSubmit={submit} noValidate>
      <FormFields
        form={form}
        fields={[
          { name: 'Name', kind: 'text', label: 'Name', required: true },
          { name: 'Shipped', kind: 'checkbox', label: 'Shipped' },
          { name: 'Carrier', kind: 'text', label: 'Carrier', visibleWhen: (values) => values.Shipped },
        ]}
      />
      <Button type="submit">{intl.formatMessage({ id: 'engine.save' })}</Button>
    </form>
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/things/editThing', element: <ThingForm /> },
      { path: '/things/list', element: <p>the list</p> },
    ],
    { initialEntries: ['/things/editThing?id=4'] },
  );
  render(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={{ ...appEn, ...en }}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>,
  );
  return router;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: en['engine.save'] }));
const refusal = (Errors: { Field: string; Message: string }[]) =>
  Object.assign(new Error('refused'), { body: { Errcode: -1, Errors } });

beforeEach(() => {
  reads = 0;
  call.mockReset();
  confirm.mockReset();
  toast.mockReset();
});
afterEach(cleanup);

// The first render loads Chakra's styles, slow on a busy machine.
describe('a resource form', { timeout: 20_000 }, () => {
  it('shows the schema’s message under the field and sends nothing', async () => {
    show();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: '  ' } });
    save();
    expect(await screen.findByText(en['engine.form.required']!)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();
  });

  it('draws a field only while its visibleWhen holds', async () => {
    show();
    expect(screen.queryByRole('textbox', { name: 'Carrier' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Shipped' }));
    expect(await screen.findByRole('textbox', { name: 'Carrier' })).toBeTruthy();
  });

  it('puts the server’s field errors on their fields', async () => {
    call.mockRejectedValueOnce(refusal([{ Field: 'Name', Message: 'A thing with this name exists' }]));
    show();
    save();
    expect(await screen.findByText('A thing with this name exists')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(confirm).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('offers to reload a record someone else saved, and reads it again when agreed', async () => {
    confirm.mockResolvedValueOnce(true);
    call.mockRejectedValueOnce(refusal([{ Field: 'Version', Message: 'Changed meanwhile' }]));
    show();
    await waitFor(() => expect(reads).toBe(1));
    save();
    await waitFor(() => expect(reads).toBe(2));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: en['engine.staleTitle'] }));
    expect(screen.queryByText('Changed meanwhile')).toBeNull();
  });

  it('saves the draft as the call’s input, then says so, rereads the area and goes on', async () => {
    call.mockResolvedValueOnce({ Errcode: 0, Errmsg: '', Id: 4 } as never);
    const router = show();
    await waitFor(() => expect(reads).toBe(1));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'teapot' } });
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/things/list'));
    expect(router.state.location.search).toBe('?saved=4');
    expect(call).toHaveBeenCalledWith(saveThing, {
      Id: 4,
      Version: 2,
      Name: 'teapot',
      Shipped: false,
      Carrier: '',
    });
    expect(toast).toHaveBeenCalledWith('success', en['engine.saved']);
    expect(reads).toBe(2);
  });
});
