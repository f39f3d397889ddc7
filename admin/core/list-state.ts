import type { ListResource } from '../../contract/list-query';

/** Page sizes a list offers (SPEC: 10/20/30/50, default 20). */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * The state of a list screen as it lives in the URL. Filter values are kept as the user typed them
 * (money in yuan); `listQuery` turns them into the endpoint's parameters.
 */
export interface ListState {
  page: number;
  pageSize: number;
  sort: string;
  tab: string;
  filters: Record<string, string>;
}

type StateResource = Pick<ListResource, 'filters' | 'tabs' | 'sortFields' | 'defaultSort'>;

function filterParams(resource: StateResource): string[] {
  return resource.filters.flatMap((filter) => [...filter.params]);
}

function validSort(resource: StateResource, value: string | null): string {
  if (!value) return resource.defaultSort;
  const field = value.startsWith('-') ? value.slice(1) : value;
  return resource.sortFields.includes(field) ? value : resource.defaultSort;
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Reads the list state from the URL; anything unknown or malformed falls back to the default. */
export function parseListState(search: URLSearchParams, resource: StateResource): ListState {
  const size = positiveInteger(search.get('pageSize'));
  const tab = search.get(resource.tabs?.param ?? 'tab');
  const filters: Record<string, string> = {};
  for (const param of filterParams(resource)) {
    const value = search.get(param)?.trim();
    if (value) filters[param] = value;
  }
  return {
    page: positiveInteger(search.get('page')) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: validSort(resource, search.get('sort')),
    tab: resource.tabs && tab && resource.tabs.values.includes(tab) ? tab : (resource.tabs?.default ?? ''),
    filters,
  };
}

/** Writes the list state to URL parameters, leaving defaults out so plain URLs stay plain. */
export function serializeListState(state: ListState, resource: StateResource): URLSearchParams {
  const search = new URLSearchParams();
  for (const param of filterParams(resource)) {
    const value = state.filters[param]?.trim();
    if (value) search.set(param, value);
  }
  if (resource.tabs && state.tab !== resource.tabs.default) search.set(resource.tabs.param, state.tab);
  if (state.sort !== resource.defaultSort) search.set('sort', state.sort);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(state.pageSize));
  if (state.page !== 1) search.set('page', String(state.page));
  return search;
}

/** Changing filters, tab, sort or page size starts again from the first page. */
export function changeListState(state: ListState, change: Partial<Omit<ListState, 'page'>>): ListState {
  return { ...state, ...change, page: 1 };
}

/** Clicking a column header: ascending, then descending, then back to the default sort. */
export function nextSort(current: string, field: string, defaultSort: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return defaultSort;
  return field;
}

/** Yuan typed by a person (`12.5`, `1,234.56`) → integer fen; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const cleaned = text.replace(/[,\s¥￥]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer fen → yuan for an input field: 1250 → '12.50'. */
export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * The endpoint's query parameters for a list state: paging, sort, tab and the filters, money
 * filters converted from yuan to fen. Malformed money filters are left out rather than sent.
 */
export function listQuery(state: ListState, resource: StateResource): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
  };
  if (resource.tabs) query[resource.tabs.param] = state.tab;
  for (const filter of resource.filters) {
    for (const param of filter.params) {
      const value = state.filters[param];
      if (value === undefined || value === '') continue;
      if (filter.kind === 'moneyRange') {
        const fen = yuanToFen(value);
        if (fen !== null) query[param] = fen;
      } else if (filter.kind === 'numberRange') {
        if (/^\d+$/.test(value)) query[param] = Number(value);
      } else query[param] = value;
    }
  }
  return query;
}

/** The export's parameters: the list query without paging. */
export function exportQuery(state: ListState, resource: StateResource): Record<string, string | number> {
  const { page: _page, pageSize: _pageSize, ...rest } = listQuery(state, resource);
  return rest;
}

/** Whether two filter sets hold the same values (a missing and an empty value are the same). */
export function sameFilters(left: Record<string, string>, right: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => (left[key] ?? '') === (right[key] ?? ''));
}
