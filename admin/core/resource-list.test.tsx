// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getRecycledProducts } from '../../contract/endpoints/goods';
import type { ListResource } from '../../contract/list-query';
import { system } from '../../src/lib/chakra-system';
import { en } from './i18n/en';
import { DEFAULT_PAGE_SIZE } from './list-state';
import { type ResourceColumn, ResourceList, VIRTUAL_ROWS_ABOVE } from './resource-list';
import type { ActionItem } from './row-action-layout';
import { RowButton } from './row-parts';

afterEach(() => {
  cleanup();
  sizes.rowHeight = 56;
});

// jsdom has no layout: give the scroll box a screen's height and each row a row's height.
const layout = ['clientHeight', 'offsetHeight'] as const;
const sizes = { rowHeight: 56 };
const saved = layout.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => sizes.rowHeight,
  });
});
afterAll(() => {
  layout.forEach((name, index) => {
    if (saved[index]) Object.defineProperty(HTMLElement.prototype, name, saved[index]);
  });
});

interface Row {
  Id: number;
  Name: string;
}

const resource: ListResource = {
  resource: 'test',
  list: getRecycledProducts,
  filters: [],
  sortFields: [],
  defaultSort: '',
};
const columns: ResourceColumn<Row>[] = [{ id: 'name', header: 'test.column.name', cell: (row) => row.Name }];

function renderList(count: number, virtualizeAbove?: number, selectable = false) {
  const Data = Array.from({ length: count }, (_, index) => ({ Id: index + 1, Name: `Row ${index + 1}` }));
  const noop = () => undefined;
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ChakraProvider value={system}>
        <IntlProvider locale="en" messages={{ ...en, 'test.column.name': 'Name' }}>
          <ResourceList<Row>
            resource={resource}
            columns={columns}
            rowKey={(row) => row.Id}
            state={{ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: '', tab: '', filters: {} }}
            setState={noop}
            change={noop}
            setPage={noop}
            result={{
              data: { Data, Total: count },
              isPending: false,
              isError: false,
              isFetching: false,
              refetch: noop,
            }}
            virtualizeAbove={virtualizeAbove}
            rowActions={(row) => <RowButton label={`Open ${row.Name}`}>Open</RowButton>}
            bulkActions={
              selectable ? (rows) => <span>{`Chosen: ${rows.map((row) => row.Name)}`}</span> : undefined
            }
          />
        </IntlProvider>
      </ChakraProvider>
    </QueryClientProvider>,
  );
}

/** The data rows in the document (spacer rows are hidden from assistive technology). */
function dataRows(): HTMLElement[] {
  return [...screen.getByRole('table').querySelectorAll<HTMLElement>('tbody tr:not([aria-hidden])')];
}

// Chakra tables render slowly in jsdom on a busy machine.
describe('ResourceList rows', { timeout: 20_000 }, () => {
  it('virtualises above 200 rows a page, as the spec asks', () => {
    expect(VIRTUAL_ROWS_ABOVE).toBe(200);
  });

  // A lower threshold keeps the plain-table case fast in jsdom; the switch is the same comparison.
  it('renders every row of a page up to the threshold, as a plain table', () => {
    renderList(20, 20);
    const rows = dataRows();
    expect(rows).toHaveLength(20);
    expect(rows.at(-1)?.textContent).toContain('Row 20');
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBeNull();
  });

  it('renders only the rows in view above the threshold, keeping the table and its size for assistive technology', () => {
    const count = VIRTUAL_ROWS_ABOVE + 300;
    renderList(count);
    const table = screen.getByRole('table');
    const rows = dataRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    expect(table.getAttribute('aria-rowcount')).toBe(String(count + 1));
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(within(rows[0]!).getAllByRole('cell')[0]?.textContent).toBe('Row 1');
    expect(within(rows[0]!).getByRole('button', { name: 'Open Row 1' })).toBeTruthy();
    expect(screen.queryByText(`Row ${count}`)).toBeNull();
  });

  it('sizes the long list by its measured row height, so as many rows as fit are drawn', () => {
    sizes.rowHeight = 200;
    const count = VIRTUAL_ROWS_ABOVE + 300;
    renderList(count);
    const rows = dataRows();
    // 800 px of view at 200 px a row, plus the few rows drawn beyond it.
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(8);
    const spacer = screen.getByRole('table').querySelector<HTMLElement>('tbody tr[aria-hidden] td');
    expect(spacer?.style.height).toBe(`${(count - rows.length) * 200}px`);
  });

  // Native checkboxes: the keyboard toggles them as the browser does any checkbox.
  it.each([
    ['a plain', 20, 20],
    ['a virtualised', VIRTUAL_ROWS_ABOVE + 300, undefined],
  ])('selects rows with named native checkboxes in %s list', (_kind, count, threshold) => {
    renderList(count, threshold, true);
    const second = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select row 2' });
    expect(second.type).toBe('checkbox');
    expect(second.checked).toBe(false);
    fireEvent.click(second);
    expect(second.checked).toBe(true);
    expect(second.closest('tr')?.hasAttribute('data-selected')).toBe(true);
    expect(screen.getByRole('toolbar', { name: 'Actions on the selected rows' }).textContent).toContain(
      'Chosen: Row 2',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Row 1' }).textContent).toBe('Open');
  });

  it('draws the rows a flick leaps to without their actions, as wide, and gives them back when the scroll rests', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(120);
    try {
      renderList(VIRTUAL_ROWS_ABOVE + 300);
      const scroller = screen.getByRole('table').parentElement!;
      const scrollTo = (top: number) => {
        Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: top });
        fireEvent.scroll(scroller);
      };
      const actionsOf = (row: HTMLElement) => within(row).queryAllByRole('button');

      // Two rows down: a scroll, not a leap, keeps every row whole.
      scrollTo(2 * 56);
      expect(
        dataRows()
          .map(actionsOf)
          .every((buttons) => buttons.length === 1),
      ).toBe(true);

      // A screen and more at once: the view alone, each action box empty and as wide as before.
      scrollTo(200 * 56);
      const leapt = dataRows();
      expect(within(leapt[0]!).getAllByRole('cell')[0]?.textContent).toBe('Row 201');
      expect(leapt.flatMap(actionsOf)).toEqual([]);
      expect(leapt.map((row) => row.querySelector<HTMLElement>('[data-row-actions]')?.style.width)).toEqual(
        leapt.map(() => '120px'),
      );

      // At rest, every row drawn has its actions again, with the rows beyond the view on both sides.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open Row 201' })).toBeTruthy());
      const rested = dataRows();
      expect(rested.length).toBeGreaterThan(leapt.length);
      expect(rested.map(actionsOf).every((buttons) => buttons.length === 1)).toBe(true);
    } finally {
      width.mockRestore();
    }
  });
});

describe('ResourceList row actions', { timeout: 20_000 }, () => {
  const ran: string[] = [];
  const actions = (row: Row): ActionItem[] =>
    ['Edit', 'Delete', 'Copy', 'Share'].map((label) => ({
      id: label,
      label,
      name: `${label}: ${row.Name}`,
      destructive: label === 'Delete',
      run: () => ran.push(`${label} ${row.Name}`),
    }));

  it('draws two links on the line and the rest, destructive last, under "more"', async () => {
    // jsdom has no ResizeObserver; the menu's positioning only needs it to exist.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    const noop = () => undefined;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChakraProvider value={system}>
          <IntlProvider locale="en" messages={{ ...en, 'test.column.name': 'Name' }}>
            <ResourceList<Row>
              resource={resource}
              columns={columns}
              rowKey={(row) => row.Id}
              rowName={(row) => row.Name}
              state={{ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: '', tab: '', filters: {} }}
              setState={noop}
              change={noop}
              setPage={noop}
              result={{
                data: { Data: [{ Id: 1, Name: 'Row 1' }], Total: 1 },
                isPending: false,
                isError: false,
                isFetching: false,
                refetch: noop,
              }}
              actions={actions}
            />
          </IntlProvider>
        </ChakraProvider>
      </QueryClientProvider>,
    );
    const row = dataRows()[0]!;
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit: Row 1', 'Copy: Row 1', 'More actions: Row 1']);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit: Row 1' }));
    fireEvent.click(within(row).getByRole('button', { name: 'More actions: Row 1' }));
    expect(ran).toEqual(['Edit Row 1']);
    // Choosing from the menu is driven in a real browser (tests/e2e/goods.spec.ts).
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Share: Row 1', 'Delete: Row 1']);
  });
});
