import { describe, expect, it } from 'vitest';
import { buildSkuRows, bulkFill, type SkuDraft, skuDrafts, skuInputs, usableSpecs } from './sku-table';

const row = (SpecValues: string[], Price = ''): SkuDraft => ({
  SpecValues,
  Price,
  Stock: '',
  Code: '',
  Weight: '',
  Volume: '',
  Image: '',
});

describe('buildSkuRows', () => {
  it('makes one row per combination, first spec slowest', () => {
    const rows = buildSkuRows(
      [
        { Name: 'Colour', Values: ['Red', 'Blue'] },
        { Name: 'Size', Values: ['S', 'M', 'L'] },
      ],
      [],
    );
    expect(rows.map((entry) => entry.SpecValues.join('/'))).toEqual([
      'Red/S',
      'Red/M',
      'Red/L',
      'Blue/S',
      'Blue/M',
      'Blue/L',
    ]);
  });

  it.each([
    [[], [[]]],
    [[{ Name: 'Colour', Values: [] }], [[]]],
    [[{ Name: ' ', Values: ['Red'] }], [[]]],
    [[{ Name: 'Colour', Values: ['Red', ' '] }], [['Red']]],
  ])('specs %o give combinations %o', (specs, expected) => {
    expect(buildSkuRows(specs, []).map((entry) => entry.SpecValues)).toEqual(expected);
  });

  it('keeps what was typed for combinations that still exist', () => {
    const rows = buildSkuRows(
      [{ Name: 'Colour', Values: ['Red', 'Green'] }],
      [row(['Red'], '9.90'), row(['Blue'], '5')],
    );
    expect(rows).toEqual([row(['Red'], '9.90'), row(['Green'])]);
  });
});

describe('usableSpecs', () => {
  it('trims and drops empty names and values', () => {
    expect(
      usableSpecs([
        { Name: ' Size ', Values: [' S', ''] },
        { Name: '', Values: ['x'] },
      ]),
    ).toEqual([{ Name: 'Size', Values: ['S'] }]);
  });
});

describe('bulkFill', () => {
  it('fills only the fields given', () => {
    const filled = bulkFill([row(['Red'], '1'), row(['Blue'])], {
      Price: '',
      Stock: '10',
      Code: '',
      Weight: ' 5 ',
      Volume: '300',
    });
    expect(filled.map((entry) => [entry.Price, entry.Stock, entry.Weight, entry.Volume])).toEqual([
      ['1', '10', ' 5 ', '300'],
      ['', '10', ' 5 ', '300'],
    ]);
  });
});

describe('skuInputs / skuDrafts', () => {
  it('converts yuan to fen and back', () => {
    const input = skuInputs([
      {
        Id: 4,
        SpecValues: ['Red'],
        Price: '12.5',
        Stock: '3',
        Code: ' A1 ',
        Weight: '',
        Volume: '1200',
        Image: '',
      },
    ]);
    expect(input).toEqual([
      {
        Id: 4,
        SpecValues: ['Red'],
        PriceFen: 1250,
        Stock: 3,
        Code: 'A1',
        WeightG: 0,
        VolumeCm3: 1200,
        Image: '',
      },
    ]);
    const [draft] = skuDrafts([
      {
        Id: 4,
        SpecValues: ['Red'],
        PriceFen: 1250,
        Stock: 3,
        Code: 'A1',
        WeightG: 300,
        VolumeCm3: 1200,
        Image: '',
      },
    ]);
    expect([draft!.Price, draft!.Weight, draft!.Volume]).toEqual(['12.50', '300', '1200']);
  });

  it('marks amounts typed wrong as not a number', () => {
    const [input] = skuInputs([row(['Red'], '1.234')]);
    expect(Number.isNaN(input!.PriceFen)).toBe(true);
    expect(Number.isNaN(input!.Stock)).toBe(true);
  });
});
