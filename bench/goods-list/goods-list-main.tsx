import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider, useIntl } from 'react-intl';
import { ResourceList } from '../../admin/core/resource-list';
import { goodsColumns } from '../../admin/goods/goods-list-resource';
import { goodsCatalogues } from '../../admin/goods/messages';
import { type ProductRow, productListResource } from '../../contract/endpoints/goods';
import { system } from '../../src/app/system';
import { benchRows, ROW_COUNT } from './rows';

/**
 * The goods list's own table (the engine's ResourceList with the goods columns, row actions and
 * selection) given 10,000 rows at once; the list page asks the server for at most 100 a page.
 */

export interface ScrollTimings {
  /** Between successive animation frames while scrolling. */
  intervals: number[];
  /** Per scroll step: the scroll handlers (the virtualiser's re-render) plus the layout they cause. */
  work: number[];
  /** Rows in the document at the end (the virtualiser keeps it small). */
  rowsInDocument: number;
  /** Whether the scroll got to the last row within the time limit. */
  reachedEnd: boolean;
}

export interface GoodsListBench {
  /** From the render call until the first rows are laid out, in milliseconds. */
  mount(): Promise<number>;
  unmount(): void;
  /** Scrolls from top to bottom by `step` pixels a frame. */
  scroll(step: number): Promise<ScrollTimings>;
}

declare global {
  interface Window {
    goodsListBench?: GoodsListBench;
  }
}

const WAIT_LIMIT_MS = 30_000;
/** A busy machine must not hold the bench: the scroll stops here whatever is left. */
const SCROLL_LIMIT_MS = 20_000;
const container = document.getElementById('root')!;
const rows = benchRows(ROW_COUNT);
let root: Root | null = null;
const queryClient = new QueryClient();

const bodyRows = () => container.querySelectorAll('tbody tr[data-index]');
// The engine wraps the table in its scrolling box.
const scroller = () => container.querySelector('table')?.parentElement ?? null;

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

function whenRowsShow(): Promise<void> {
  if (bodyRows().length > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (bodyRows().length === 0) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the list never showed its rows'));
    }, WAIT_LIMIT_MS);
    observer.observe(container, { subtree: true, childList: true });
  });
}

const state = { page: 1, pageSize: ROW_COUNT, sort: '-sort', tab: 'all', filters: {} };
const ignore = () => undefined;

function List() {
  const intl = useIntl();
  return (
    <ResourceList<ProductRow>
      resource={productListResource}
      columns={goodsColumns}
      rowKey={(row) => row.Id}
      state={state}
      setState={ignore}
      change={ignore}
      setPage={ignore}
      result={{
        data: { Data: rows, Total: rows.length },
        isPending: false,
        isError: false,
        isFetching: false,
        refetch: ignore,
      }}
      rowName={(row) => row.Name}
      // The goods list's busiest line: two links and the "more" menu's button.
      actions={(row) =>
        [
          'goods.action.edit',
          'goods.shelf.action.takeOff',
          'goods.action.copy',
          'goods.recycle.action.recycle',
        ].map((key, index) => {
          const label = intl.formatMessage({ id: key });
          return {
            id: key,
            label,
            name: intl.formatMessage({ id: 'engine.actionNamed' }, { action: label, name: row.Name }),
            destructive: index === 3,
            run: ignore,
          };
        })
      }
      bulkActions={() => null}
    />
  );
}

window.goodsListBench = {
  async mount() {
    performance.mark('goods-list:start');
    root = createRoot(container);
    root.render(
      // The list reads the labels of its enum columns through react-query, as in the app; the goods
      // columns name none, so nothing is fetched.
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <IntlProvider locale="en" messages={goodsCatalogues.en}>
            <List />
          </IntlProvider>
        </ChakraProvider>
      </QueryClientProvider>,
    );
    await whenRowsShow();
    // Reading a size lays the rows out: the figure covers render, style and layout.
    void scroller()?.scrollHeight;
    performance.mark('goods-list:rendered');
    return performance.measure('goods-list:first-render', 'goods-list:start', 'goods-list:rendered').duration;
  },
  unmount() {
    root?.unmount();
    root = null;
  },
  async scroll(step) {
    const element = scroller();
    if (!element) throw new Error('the list is not mounted');
    const work: number[] = [];
    let started = 0;
    const begin = () => {
      started = performance.now();
    };
    // Registered after the virtualiser's own listener, so it runs once the re-render is done.
    const end = () => {
      void element.scrollHeight;
      work.push(performance.now() - started);
    };
    window.addEventListener('scroll', begin, { capture: true });
    element.addEventListener('scroll', end);
    const intervals: number[] = [];
    try {
      element.scrollTop = 0;
      let previous = await nextFrame();
      const deadline = previous + SCROLL_LIMIT_MS;
      let stuck = 0;
      while (previous < deadline && stuck < 3) {
        const now = await nextFrame();
        intervals.push(now - previous);
        previous = now;
        if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) break;
        const before = element.scrollTop;
        element.scrollTop += step;
        stuck = element.scrollTop === before ? stuck + 1 : 0;
      }
      // The last step's handlers.
      await nextFrame();
    } finally {
      window.removeEventListener('scroll', begin, { capture: true });
      element.removeEventListener('scroll', end);
    }
    return {
      intervals: intervals.slice(1),
      work,
      rowsInDocument: bodyRows().length,
      reachedEnd: element.scrollTop + element.clientHeight >= element.scrollHeight - 1,
    };
  },
};
