// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { COUPON_TABS } from '../../contract/endpoints/coupons';
import { getRecycledProducts } from '../../contract/endpoints/goods';
import type { ListResource } from '../../contract/list-query';
import { couponMachine } from '../../contract/machines/coupon';
import { system } from '../../src/lib/chakra-system';
import { enumQuery } from '../../src/lib/enum-values';
import { columnKinds, enumBadge } from './column-kinds';
import { en } from './i18n/en';
import { DEFAULT_PAGE_SIZE } from './list-state';
import { ResourceList } from './resource-list';

afterEach(cleanup);

interface Row {
  Id: number;
  State: string;
}

const resource: ListResource = {
  resource: 'test',
  list: getRecycledProducts,
  filters: [],
  tabs: { param: 'state', values: COUPON_TABS, default: 'all', enumType: couponMachine.id },
  sortFields: [],
  defaultSort: '',
};

const couponLabels = {
  Errcode: 0,
  Errmsg: '',
  ErrShowType: 0,
  Types: [],
  Values: couponMachine.states.map((state) => ({
    Value: state,
    Zh: couponMachine.labels![state]!.zh,
    En: couponMachine.labels![state]!.en,
  })),
};

/**
 * A list of coupons in one interface language, with GetEnumForType's answer already loaded, or
 * (`labels: 'asked'`) asked for and not answered yet.
 */
function renderCoupons(
  locale: 'en' | 'zh',
  rows: Row[],
  labels: 'loaded' | 'asked' = 'loaded',
  tabs: readonly string[] = COUPON_TABS,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = enumQuery(couponMachine.id).queryKey;
  if (labels === 'loaded') client.setQueryData(key, couponLabels);
  // A call in flight that never answers by itself: the list mounts onto it instead of asking again.
  else void client.prefetchQuery({ queryKey: key, queryFn: () => new Promise<never>(() => undefined) });
  const column = columnKinds<Row>('test.column');
  const noop = () => undefined;
  const view = render(
    <QueryClientProvider client={client}>
      <ChakraProvider value={system}>
        <IntlProvider
          locale={locale}
          messages={{
            ...en,
            'test.tab.all': 'All',
            'test.tab.refunding': 'Refunding',
            'test.column.state': 'State',
          }}
        >
          <ResourceList<Row>
            resource={{ ...resource, tabs: { ...resource.tabs!, values: tabs } }}
            columns={[
              column.state('state', [enumBadge(couponMachine, (row) => row.State, { active: 'green' })]),
            ]}
            rowKey={(row) => row.Id}
            state={{ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: '', tab: 'all', filters: {} }}
            setState={noop}
            change={noop}
            setPage={noop}
            result={{
              data: { Data: rows, Total: rows.length },
              isPending: false,
              isError: false,
              isFetching: false,
              refetch: noop,
            }}
          />
        </IntlProvider>
      </ChakraProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

describe('labels from GetEnumForType in the list engine', { timeout: 20_000 }, () => {
  it('names the state tabs and badges by the machine’s short labels, the all tab by the catalogue', () => {
    renderCoupons('en', [
      { Id: 1, State: 'draft' },
      { Id: 2, State: 'active' },
    ]);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/–$/, ''));
    expect(tabs).toEqual(['All', 'Draft', 'On offer', 'Paused', 'Ended']);
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(['Draft', 'On offer']));
  });

  it('answers in Chinese for a Chinese interface', () => {
    renderCoupons('zh', [{ Id: 1, State: 'paused' }]);
    expect(screen.getByRole('tab', { name: /已结束/ })).toBeTruthy();
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toContain('已暂停');
  });

  it('draws no raw code while the labels are asked for: placeholder rows and tabs, then the labels', async () => {
    const { client, container } = renderCoupons(
      'en',
      [
        { Id: 1, State: 'draft' },
        { Id: 2, State: 'active' },
      ],
      'asked',
    );
    const text = () => container.textContent ?? '';
    for (const code of couponMachine.states) expect(text()).not.toContain(code);
    expect(screen.queryAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', '', '', '', '']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/–$/, ''))).toEqual([
      'All',
      '',
      '',
      '',
      '',
    ]);
    act(() => {
      client.setQueryData(enumQuery(couponMachine.id).queryKey, couponLabels);
    });
    await waitFor(() =>
      expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Draft', 'On offer']),
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/–$/, ''))).toEqual([
      'All',
      'Draft',
      'On offer',
      'Paused',
      'Ended',
    ]);
  });

  it('names a tab that is no value of the enum type by the catalogue', () => {
    renderCoupons('en', [], 'loaded', ['all', 'active', 'refunding']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/–$/, ''))).toEqual([
      'All',
      'On offer',
      'Refunding',
    ]);
  });
});
