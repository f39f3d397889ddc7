// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router-dom';
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

describe('a list narrowed by a scope', () => {
  const listEndpoint = defineEndpoint({
    method: 'GET',
    path: '/Coupons/GetCodeList',
    permission: '/things/list',
    input: z.strictObject({ couponId: z.string(), keyword: z.string().optional() }),
    output: z.object({}),
  });
  const resource = {
    resource: 'codes',
    list: listEndpoint,
    filters: [{ name: 'keyword', kind: 'text' as const, params: ['keyword'] }],
    sortFields: ['createdAt'],
    defaultSort: '-createdAt',
  };

  it('sends the scope with every call and keeps it in the address when the filters change', async () => {
    call.mockResolvedValue({ Errcode: 0, Errmsg: '', ErrShowType: 0, Data: [], Total: 0 } as never);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/codes?couponId=7']}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MemoryRouter>
    );
    const scope = { couponId: '7' };
    const { result } = renderHook(
      () => ({ list: useResourceList(resource, undefined, scope), location: useLocation() }),
      { wrapper },
    );
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]![1]).toMatchObject({ couponId: '7', page: 1 });
    act(() => result.current.list.setState({ ...result.current.list.state, filters: { keyword: 'AB' } }));
    expect(new URLSearchParams(result.current.location.search).get('couponId')).toBe('7');
    expect(new URLSearchParams(result.current.location.search).get('keyword')).toBe('AB');
    await vi.waitFor(() =>
      expect(call.mock.calls.at(-1)![1]).toMatchObject({ couponId: '7', keyword: 'AB' }),
    );
  });
});
