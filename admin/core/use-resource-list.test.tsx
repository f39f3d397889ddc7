// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { callEndpoint } from '../../src/lib/http';
import { endpointKey } from '../../src/lib/query-options';
import { en } from './i18n/en';
import { useResourceAction } from './use-resource-list';

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
