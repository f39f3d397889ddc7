// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { callEndpoint } from '../../src/lib/http';
import { endpointKey } from '../../src/lib/query-options';
import { en } from './i18n/en';
import { useResourceAction, useResourceList } from './use-resource-list';

vi.mock('../../src/lib/http', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({ confirmDialog: vi.fn(), showToast: vi.fn() }));
const call = vi.mocked(callEndpoint);

const endpoint = (path: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    permission: '/things/list',
    input: z.strictObject({ Id: z.number() }),
    output: z.object({}),
  });
const closeOrder = endpoint('/Orders/CloseOrder');
const getOrders = endpoint('/Orders/GetOrderList');
const getStock = endpoint('/Goods/GetStock');
const getNews = endpoint('/News/GetNews');

function setUp(otherAreas: Parameters<typeof useResourceAction>[0]) {
  const client = new QueryClient();
  for (const read of [getOrders, getStock, getNews]) client.setQueryData(endpointKey(read, { Id: 1 }), {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="en" messages={en}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </IntlProvider>
  );
  const { result } = renderHook(() => useResourceAction(otherAreas, closeOrder), { wrapper });
  const stale = () =>
    [getOrders, getStock, getNews]
      .filter((read) => client.getQueryState(endpointKey(read, { Id: 1 }))?.isInvalidated)
      .map((read) => read.path);
  return { run: () => act(() => result.current.run({ input: { Id: 1 } })), stale };
}

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('a resource action', () => {
  it('refreshes the reads of its own area and of the other areas it names, and no others', async () => {
    call.mockResolvedValue({ Errcode: 0, Errmsg: '', ErrShowType: 0 });
    const { run, stale } = setUp([getStock]);
    await run();
    expect(stale()).toEqual(['/Orders/GetOrderList', '/Goods/GetStock']);
  });

  it('takes an area by name as well as by endpoint', async () => {
    call.mockResolvedValue({ Errcode: 0, Errmsg: '', ErrShowType: 0 });
    const { run, stale } = setUp(['News']);
    await run();
    expect(stale()).toEqual(['/Orders/GetOrderList', '/News/GetNews']);
  });
});

describe('a list with fixed parameters', () => {
  it('sends them with every read, next to the filters of the address, never as filters', async () => {
    const list = defineEndpoint({
      method: 'GET',
      path: '/Things/GetLedger',
      permission: '/things/list',
      input: z.strictObject({
        page: z.number(),
        pageSize: z.number(),
        sort: z.string(),
        keyword: z.string().optional(),
        memberId: z.number(),
      }),
      output: z.object({ Data: z.array(z.object({})), Total: z.number() }),
    });
    const resource = {
      resource: 'things',
      list,
      filters: [{ name: 'keyword', kind: 'text' as const, params: ['keyword'] }],
      sortFields: ['createdAt'],
      defaultSort: '-createdAt',
    };
    call.mockResolvedValue({ Errcode: 0, Errmsg: '', ErrShowType: 0, Data: [], Total: 0 } as never);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/things?keyword=cup']}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MemoryRouter>
    );
    const { result } = renderHook(() => useResourceList(resource, { id: '7' }, { memberId: 7 }), { wrapper });
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]![1]).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-createdAt',
      keyword: 'cup',
      memberId: 7,
    });
    expect(result.current.state.filters).toEqual({ keyword: 'cup' });
  });
});
