import { describe, expect, it } from 'vitest';
import { lookupEndpoints, lookupQuerySchema, MAX_LOOKUP_IDS } from './link-entities';
import { refusedFields as refused } from './schema-refusals';

const idList = (count: number) => Array.from({ length: count }, (_, index) => index + 1).join(',');

describe('lookup query', () => {
  it.each([
    ['nothing: the first page', {}, []],
    ['a keyword at 40', { Keyword: '店'.repeat(40) }, []],
    ['a keyword at 41', { Keyword: '店'.repeat(41) }, ['Keyword']],
    ['a keyword at 40 with spaces around', { Keyword: ` ${'店'.repeat(40)} ` }, []],
    ['one id', { Ids: '7' }, []],
    ['ids in the chosen order', { Ids: '3,1,2' }, []],
    [`${MAX_LOOKUP_IDS} ids`, { Ids: idList(MAX_LOOKUP_IDS) }, []],
    [`${MAX_LOOKUP_IDS + 1} ids`, { Ids: idList(MAX_LOOKUP_IDS + 1) }, ['Ids']],
    ['an id of 10 digits', { Ids: '1234567890' }, []],
    ['an id of 11 digits', { Ids: '12345678901' }, ['Ids']],
    ['an id of 0', { Ids: '0' }, ['Ids']],
    ['an id with a leading 0', { Ids: '01' }, ['Ids']],
    ['an empty id between commas', { Ids: '1,,2' }, ['Ids']],
    ['a trailing comma', { Ids: '1,2,' }, ['Ids']],
    ['an id with a letter after it', { Ids: '12a' }, ['Ids']],
    ['an id with a letter before it', { Ids: 'a12' }, ['Ids']],
    ['ids with spaces', { Ids: '1, 2' }, ['Ids']],
    ["a sort: lookups keep the owner's order", { sort: 'title' }, ['']],
  ])('%s', (_, input, fields) => expect(refused(lookupQuerySchema, input)).toEqual(fields));

  it('keeps the keyword without its spaces and the ids as written', () => {
    expect(lookupQuerySchema.parse({ Keyword: ' 门店 ', Ids: '3,1,2' })).toMatchObject({
      Keyword: '门店',
      Ids: '3,1,2',
    });
  });
});

describe('lookup endpoints', () => {
  it('lists news by column and nothing else by it', () => {
    expect(refused(lookupEndpoints.news.input, { ColumnId: '4' })).toEqual([]);
    expect(refused(lookupEndpoints.news.input, { ColumnId: 'x' })).toEqual(['ColumnId']);
    expect(refused(lookupEndpoints.product.input, { ColumnId: '4' })).toEqual(['']);
  });

  it('reads rows through GET under /ModuleLibrary', () => {
    for (const endpoint of Object.values(lookupEndpoints)) {
      expect(endpoint.method).toBe('GET');
      expect(endpoint.path).toMatch(/^\/ModuleLibrary\/Get\w+List$/);
    }
  });

  it.each([
    [
      'a product row',
      'product',
      {
        Id: 1,
        Title: 'T',
        Image: '',
        Status: 'on',
        CreatedAt: '',
        Subtitle: '',
        PriceFen: 1,
        MarketPriceFen: 2,
        Sales: 0,
      },
      true,
    ],
    [
      'a product row switched neither on nor off',
      'product',
      {
        Id: 1,
        Title: 'T',
        Image: '',
        Status: 'gone',
        CreatedAt: '',
        Subtitle: '',
        PriceFen: 1,
        MarketPriceFen: 2,
        Sales: 0,
      },
      false,
    ],
    [
      'a product row with a price in yuan',
      'product',
      {
        Id: 1,
        Title: 'T',
        Image: '',
        Status: 'on',
        CreatedAt: '',
        Subtitle: '',
        PriceFen: 1.5,
        MarketPriceFen: 2,
        Sales: 0,
      },
      false,
    ],
  ] as const)('%s', (_, kind, row, valid) => {
    const page = { Data: [row], Total: 1 };
    expect(lookupEndpoints[kind].output.safeParse(page).success).toBe(valid);
  });
});
