import { describe, expect, it } from 'vitest';
import {
  type FreightTemplate,
  saveFreightTemplateSchema,
} from '../../../contract/endpoints/freight-templates';
import {
  blankRule,
  freightDraft,
  freightInput,
  newFreightDraft,
  regionNames,
  regionOwners,
  ruleInput,
} from './freight-form';

const template: FreightTemplate = {
  Id: 7,
  Name: '按重量计费',
  ChargeMode: 'weight',
  IsDefault: false,
  GoodsCount: 3,
  DefaultRule: {
    First: 1000,
    FirstFen: 1000,
    Next: 500,
    NextFen: 350,
    FreeWhen: 'never',
    FreeQuantity: 0,
    FreeAmountFen: 0,
  },
  Rules: [
    {
      First: 1500,
      FirstFen: 600,
      Next: 1000,
      NextFen: 200,
      FreeWhen: 'both',
      FreeQuantity: 2,
      FreeAmountFen: 9900,
      Regions: [
        { Code: '440000', Name: '广东省' },
        { Code: '330100', Name: '杭州市' },
      ],
    },
  ],
  Undeliverable: [{ Code: '540000', Name: '西藏自治区' }],
  Version: 4,
};

describe('the freight draft', () => {
  it('shows amounts in kg and yuan, and sends them back unchanged', () => {
    const draft = freightDraft(template);
    expect(draft.DefaultRule).toEqual({
      First: '1',
      FirstFee: '10.00',
      Next: '0.5',
      NextFee: '3.50',
      FreeWhen: 'never',
      FreeQuantity: '',
      FreeAmount: '',
    });
    expect(draft.Rules[0]).toMatchObject({ First: '1.5', FreeQuantity: '2', FreeAmount: '99.00' });
    const input = freightInput(draft, { Id: 7, Version: 4 });
    expect(input).toEqual({
      Id: 7,
      Version: 4,
      Name: '按重量计费',
      ChargeMode: 'weight',
      DefaultRule: template.DefaultRule,
      Rules: [{ ...template.Rules[0], Regions: ['440000', '330100'] }],
      Undeliverable: ['540000'],
    });
    expect(saveFreightTemplateSchema.safeParse(input).success).toBe(true);
  });

  it('starts a new template by piece, one piece at a time, with no fee typed yet', () => {
    expect(newFreightDraft()).toEqual({
      Name: '',
      ChargeMode: 'piece',
      DefaultRule: blankRule('piece'),
      Rules: [],
      Undeliverable: [],
    });
    expect(blankRule('piece')).toMatchObject({ First: '1', Next: '1', FirstFee: '' });
    expect(blankRule('weight')).toMatchObject({ First: '1', Next: '1' });
    expect(ruleInput(blankRule('weight'), 'weight')).toMatchObject({ First: 1000, Next: 1000 });
    expect(ruleInput(blankRule('volume'), 'volume')).toMatchObject({ First: 1_000_000 });
    expect(freightInput(newFreightDraft())).not.toHaveProperty('Id');
  });

  it.each([
    ['First', { First: '1.2' }, 'piece'],
    ['First', { First: '0.0005' }, 'weight'],
    ['FirstFen', { FirstFee: '8.888' }, 'piece'],
    ['NextFen', { NextFee: '' }, 'piece'],
    ['Next', { Next: 'two' }, 'volume'],
    ['FreeQuantity', { FreeWhen: 'quantity', FreeQuantity: '2.5' }, 'piece'],
    ['FreeAmountFen', { FreeWhen: 'both', FreeQuantity: '2', FreeAmount: 'x' }, 'piece'],
  ] as const)('sends %s typed wrong as NaN', (field, changes, mode) => {
    const rule = { ...blankRule(mode), FirstFee: '8', NextFee: '2', ...changes };
    const input = ruleInput(rule, mode);
    expect(Number.isNaN(input[field])).toBe(true);
    for (const [other, value] of Object.entries(input))
      if (other !== field && other !== 'FreeWhen') expect(Number.isNaN(value)).toBe(false);
  });

  it('sends only the thresholds the condition uses', () => {
    const typed = {
      ...blankRule('piece'),
      FirstFee: '8',
      NextFee: '2',
      FreeQuantity: 'junk',
      FreeAmount: 'junk',
    };
    expect(ruleInput({ ...typed, FreeWhen: 'never' }, 'piece')).toMatchObject({
      FreeQuantity: 0,
      FreeAmountFen: 0,
    });
    expect(ruleInput({ ...typed, FreeWhen: 'amount', FreeAmount: '99' }, 'piece')).toMatchObject({
      FreeQuantity: 0,
      FreeAmountFen: 9900,
    });
    expect(ruleInput({ ...typed, FreeWhen: 'quantity', FreeQuantity: ' 3 ' }, 'piece')).toMatchObject({
      FreeQuantity: 3,
      FreeAmountFen: 0,
    });
  });
});

describe('regions of the draft', () => {
  const draft = freightDraft({
    ...template,
    Rules: [
      ...template.Rules,
      { ...template.Rules[0]!, Regions: [{ Code: '650000', Name: '新疆维吾尔自治区' }] },
    ],
  });

  it('names every region by its code', () => {
    expect(regionNames(draft).get('330100')).toBe('杭州市');
    expect(regionNames(draft).get('540000')).toBe('西藏自治区');
    expect(regionNames(draft).size).toBe(4);
  });

  it('knows who holds the regions the list being edited may not take', () => {
    expect([...regionOwners(draft, 0)]).toEqual([
      ['650000', 2],
      ['540000', 0],
    ]);
    expect([...regionOwners(draft, 1)]).toEqual([
      ['440000', 1],
      ['330100', 1],
      ['540000', 0],
    ]);
    expect([...regionOwners(draft, 'undeliverable')]).toEqual([
      ['440000', 1],
      ['330100', 1],
      ['650000', 2],
    ]);
  });
});
