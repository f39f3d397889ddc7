import { describe, expect, it } from 'vitest';
import { bulkFill, type SkuDraft, skuInputs } from './sku-table';

const row = (change: Partial<SkuDraft> = {}): SkuDraft => ({
  SpecValues: ['Red'],
  Price: '1',
  Stock: '1',
  Code: '',
  Weight: '',
  Volume: '',
  Image: '',
  ...change,
});

describe('skuInputs: stock and weight are whole numbers as typed', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['12', 12],
    [' 12 ', 12],
    ['x12', Number.NaN],
    ['12x', Number.NaN],
    ['1.5', Number.NaN],
    ['-1', Number.NaN],
    ['', Number.NaN],
  ])('stock %j → %s', (Stock, expected) => {
    expect(skuInputs([row({ Stock })])[0]!.Stock).toBe(expected);
  });

  it.each([
    ['', 0],
    ['   ', 0],
    ['250', 250],
    [' 250 ', 250],
    ['abc', Number.NaN],
    ['2kg', Number.NaN],
  ])('weight %j → %s grams (blank means none)', (Weight, expected) => {
    expect(skuInputs([row({ Weight })])[0]!.WeightG).toBe(expected);
  });

  it.each([
    ['0', 0],
    ['6000', 6000],
    [' 6000 ', 6000],
    ['', 0],
    ['  ', 0],
    ['0.5', Number.NaN],
    ['6000cm3', Number.NaN],
    ['-1', Number.NaN],
  ])('volume %j → %s cm³ (blank means none)', (Volume, expected) => {
    const [input] = skuInputs([row({ Volume, Weight: '250' })]);
    expect(input!.VolumeCm3).toBe(expected);
    expect(input!.WeightG).toBe(250);
  });

  it('sends no Id for a row that is not saved yet, so the server creates it', () => {
    const [input] = skuInputs([row()]);
    expect(Object.hasOwn(input!, 'Id')).toBe(false);
    expect(skuInputs([row({ Id: 9 })])[0]!.Id).toBe(9);
  });
});

describe('bulkFill', () => {
  it('leaves a field alone when its fill is only spaces', () => {
    const [filled] = bulkFill([row({ Price: '5', Stock: '3', Code: 'A', Weight: '10', Volume: '20' })], {
      Price: '  ',
      Stock: ' ',
      Code: '\t',
      Weight: '',
      Volume: ' ',
    });
    expect(filled).toEqual(row({ Price: '5', Stock: '3', Code: 'A', Weight: '10', Volume: '20' }));
  });
});
