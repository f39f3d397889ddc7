import { describe, expect, it } from 'vitest';
import { productListResource } from '../../contract/endpoints/goods';
import {
  changeListState,
  exportQuery,
  fenToYuanText,
  type ListState,
  listQuery,
  nextSort,
  parseListState,
  sameFilters,
  serializeListState,
  yuanToFen,
} from './list-state';

const resource = productListResource;
const defaults: ListState = { page: 1, pageSize: 20, sort: '-sort', tab: 'all', filters: {} };

describe('parseListState', () => {
  it.each([
    ['', defaults],
    ['page=3&pageSize=50', { ...defaults, page: 3, pageSize: 50 }],
    ['pageSize=25', defaults],
    ['page=0', defaults],
    ['page=abc', defaults],
    ['sort=price', { ...defaults, sort: 'price' }],
    ['sort=-createdAt', { ...defaults, sort: '-createdAt' }],
    ['sort=password', defaults],
    ['tab=onShelf', { ...defaults, tab: 'onShelf' }],
    ['tab=deleted', defaults],
    [
      'keyword=%20tea%20&priceMin=1.5&unknown=x',
      { ...defaults, filters: { keyword: 'tea', priceMin: '1.5' } },
    ],
    ['keyword=', defaults],
  ])('%s', (search, expected) => {
    expect(parseListState(new URLSearchParams(search), resource)).toEqual(expected);
  });
});

describe('serializeListState', () => {
  it.each([
    [defaults, ''],
    [{ ...defaults, page: 2 }, 'page=2'],
    [{ ...defaults, pageSize: 10, sort: 'price', tab: 'soldOut' }, 'tab=soldOut&sort=price&pageSize=10'],
    [{ ...defaults, filters: { keyword: ' cup ', stockMax: '5', priceMin: '' } }, 'keyword=cup&stockMax=5'],
  ])('%o → %s', (state, expected) => {
    expect(serializeListState(state, resource).toString()).toBe(expected);
  });

  it('round-trips through the URL', () => {
    const state: ListState = {
      page: 4,
      pageSize: 30,
      sort: '-price',
      tab: 'offShelf',
      filters: { keyword: '茶', categoryId: '7', createdFrom: '2024-01-01', priceMax: '99.9' },
    };
    expect(parseListState(serializeListState(state, resource), resource)).toEqual(state);
  });
});

describe('changeListState', () => {
  it('goes back to the first page', () => {
    expect(changeListState({ ...defaults, page: 5 }, { tab: 'onShelf' })).toEqual({
      ...defaults,
      tab: 'onShelf',
    });
  });
});

describe('nextSort', () => {
  it.each([
    ['-sort', 'price', 'price'],
    ['price', 'price', '-price'],
    ['-price', 'price', '-sort'],
  ])('%s then %s → %s', (current, field, expected) => {
    expect(nextSort(current, field, '-sort')).toBe(expected);
  });
});

describe('yuanToFen / fenToYuanText', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['0.01', 1],
    ['1,234.56', 123456],
    ['¥ 3', 300],
    ['12.345', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('%s → %s', (text, fen) => {
    expect(yuanToFen(text)).toBe(fen);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [123456, '1234.56'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenToYuanText(fen)).toBe(text);
    expect(yuanToFen(text)).toBe(fen);
  });
});

describe('listQuery', () => {
  it('sends paging, sort, tab and converted filters', () => {
    const state: ListState = {
      ...defaults,
      page: 2,
      tab: 'onShelf',
      filters: {
        keyword: 'cup',
        priceMin: '1.5',
        priceMax: 'x',
        stockMin: '3',
        stockMax: '-2',
        categoryId: '4',
      },
    };
    expect(listQuery(state, resource)).toEqual({
      page: 2,
      pageSize: 20,
      sort: '-sort',
      tab: 'onShelf',
      keyword: 'cup',
      priceMin: 150,
      stockMin: 3,
      categoryId: '4',
    });
  });

  it('exports without paging', () => {
    expect(exportQuery({ ...defaults, page: 3, filters: { keyword: 'a' } }, resource)).toEqual({
      sort: '-sort',
      tab: 'all',
      keyword: 'a',
    });
  });
});

describe('sameFilters', () => {
  it.each([
    [{}, {}, true],
    [{ keyword: 'tea' }, { keyword: 'tea' }, true],
    [{ keyword: '' }, {}, true],
    [{ keyword: 'tea' }, {}, false],
    [{ keyword: 'tea' }, { keyword: 'coffee' }, false],
    [{ keyword: 'tea', priceMin: '1' }, { priceMin: '1', keyword: 'tea' }, true],
  ])('%j and %j: %s', (left, right, same) => {
    expect(sameFilters(left, right)).toBe(same);
  });
});
