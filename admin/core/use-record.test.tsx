// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { system } from '../../src/lib/chakra-system';
import { callEndpoint } from '../../src/lib/http';
import { en as appEn } from '../../src/lib/i18n/en';
import { en } from './i18n/en';
import { RecordView } from './record-view';
import { isNotFound, recordId, useRecord } from './use-record';

vi.mock('../../src/lib/http', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const getThing = defineEndpoint({
  method: 'GET',
  path: '/Things/GetThingInfo',
  permission: '/things/thingDetails',
  input: z.strictObject({ id: z.coerce.number() }),
  output: z.object({ Id: z.number(), Name: z.string() }),
});

function ThingPage({ allowNew = false }: { allowNew?: boolean }) {
  const record = useRecord(getThing, { allowNew });
  return (
    <RecordView record={record} renderNew={() => <p>creating a thing</p>}>
      {(thing) => <p>thing {thing.Name}</p>}
    </RecordView>
  );
}

function show(url: string, allowNew = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/things/thingDetails', element: <ThingPage allowNew={allowNew} /> }],
    {
      initialEntries: [url],
    },
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
}

const refusal = (Errors: { Field: string; Message: string }[]) =>
  Object.assign(new Error('refused'), { body: { Errcode: -1, Errors } });

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('recordId', () => {
  it('takes a positive whole id and nothing else', () => {
    const id = (query: string) => recordId(new URLSearchParams(query), 'id');
    expect(id('id=12')).toBe(12);
    for (const query of ['', 'id=', 'id=0', 'id=-3', 'id=1.5', 'id=abc', 'id=1e3', 'other=4'])
      expect(id(query), query).toBeNull();
    expect(recordId(new URLSearchParams('orderId=7'), 'orderId')).toBe(7);
  });
});

describe('isNotFound', () => {
  it('is a refusal naming the id field, whatever its case', () => {
    expect(isNotFound(refusal([{ Field: 'Id', Message: 'There is no thing 4' }]), 'id')).toBe(true);
    expect(isNotFound(refusal([{ Field: 'Name', Message: 'Too long' }]), 'id')).toBe(false);
    expect(isNotFound(new Error('Network Error'), 'id')).toBe(false);
  });
});

// The first render loads Chakra's styles, slow on a busy machine.
describe('a record page', { timeout: 20_000 }, () => {
  it('says no record was chosen when the id is missing, without calling the server', async () => {
    show('/things/thingDetails');
    expect(await screen.findByText(en['engine.record.missingId']!)).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('creates instead when the page allows it and no id is given', async () => {
    show('/things/thingDetails', true);
    expect(await screen.findByText('creating a thing')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('reads the record of ?id= and shows it', async () => {
    call.mockResolvedValue({ Errcode: 0, Errmsg: '', Id: 4, Name: 'kettle' } as never);
    show('/things/thingDetails?id=4');
    expect(await screen.findByText('thing kettle')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(getThing, { id: 4 }, expect.anything());
  });

  it('says the record does not exist, and keeps that refusal off the toasts', async () => {
    call.mockRejectedValueOnce(refusal([{ Field: 'Id', Message: 'There is no thing 9' }]));
    show('/things/thingDetails?id=9');
    expect(await screen.findByText(en['engine.record.notFound']!)).toBeTruthy();
    const options = call.mock.calls[0]![2]!;
    expect(options.quietErrors?.({ Errcode: -1, Errors: [{ Field: 'Id' }] } as never)).toBe(true);
    expect(options.quietErrors?.({ Errcode: -1, Errors: [{ Field: 'Name' }] } as never)).toBe(false);
    expect(screen.queryByRole('button', { name: appEn['app.retry'] })).toBeNull();
  });

  it('offers to try again when the read failed otherwise, and shows the record once it comes', async () => {
    call.mockRejectedValueOnce(new Error('Network Error'));
    call.mockResolvedValueOnce({ Errcode: 0, Errmsg: '', Id: 4, Name: 'kettle' } as never);
    show('/things/thingDetails?id=4');
    expect(await screen.findByText(en['engine.record.loadFailed']!)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: appEn['app.retry'] }));
    expect(await screen.findByText('thing kettle')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
