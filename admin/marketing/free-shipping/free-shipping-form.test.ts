import { describe, expect, it } from 'vitest';
import { type FreeShippingDetail, freeShippingFormSchema } from '../../../contract/endpoints/free-shipping';
import { type FreeShippingDraft, freeShippingDraft, freeShippingInput } from './free-shipping-form';

const NOW = new Date('2026-05-01T01:30:45Z');

function draft(changes: Partial<FreeShippingDraft> = {}): FreeShippingDraft {
  return { ...freeShippingDraft(null, NOW), Name: '满99包邮', ...changes };
}

const saved: FreeShippingDetail = {
  Id: 4,
  Name: '湖南满3件包邮',
  Threshold: 'quantity',
  MinimumFen: 0,
  MinimumQuantity: 3,
  RegionScope: 'chosen',
  Regions: [{ Code: '430000', Name: '湖南省' }],
  GoodsScope: 'except',
  GoodsCount: 1,
  Goods: [{ Id: 9, Name: '茶具', Image: '' }],
  StartsAt: '2026-05-01T01:00:00.000Z',
  EndsAt: '2026-06-01T01:00:00.000Z',
  Status: 'off',
  State: 'off',
  Orders: 0,
  Version: 3,
  CreatedAt: '2026-04-01T00:00:00.000Z',
};

describe('the free-shipping draft', () => {
  it('starts this minute of the shop day for thirty days, at ¥99 everywhere', () => {
    expect(freeShippingDraft(null, NOW)).toMatchObject({
      StartsAt: '2026-05-01T09:30',
      EndsAt: '2026-05-31T09:30',
      Threshold: 'amount',
      Minimum: '99.00',
      RegionScope: 'all',
      GoodsScope: 'all',
      SwitchedOn: true,
    });
  });

  it('round-trips a saved activity to the same save input, with its version', () => {
    const input = freeShippingInput(freeShippingDraft(saved), saved);
    expect(input).toEqual({
      Id: 4,
      Version: 3,
      Name: '湖南满3件包邮',
      StartsAt: '2026-05-01T09:00:00+08:00',
      EndsAt: '2026-06-01T09:00:00+08:00',
      Threshold: 'quantity',
      MinimumFen: 0,
      MinimumQuantity: 3,
      RegionScope: 'chosen',
      Regions: ['430000'],
      GoodsScope: 'except',
      ProductIds: [9],
      Status: 'off',
    });
    expect(freeShippingFormSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ['0.01', 1],
    ['99', 9_900],
    [' 99.5 ', 9_950],
    ['100000', 10_000_000],
  ])('sends %s yuan as %i fen', (Minimum, fen) => {
    expect(freeShippingInput(draft({ Minimum }), null).MinimumFen).toBe(fen);
  });

  it.each([['abc'], ['1.001'], ['-1']])('sends “%s” for the schema to refuse on MinimumFen', (Minimum) => {
    const parsed = freeShippingFormSchema.safeParse(freeShippingInput(draft({ Minimum }), null));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['MinimumFen']);
  });

  it('leaves out what the scopes do not use, and the figure of the other threshold', () => {
    const input = freeShippingInput(
      draft({
        Threshold: 'quantity',
        MinimumQuantity: 2,
        Minimum: '50',
        Regions: [{ Code: '430000', Name: '湖南省' }],
        Goods: [{ Id: 9, Name: '茶具' }],
      }),
      null,
    );
    expect(input).toMatchObject({ MinimumFen: 0, MinimumQuantity: 2, Regions: [], ProductIds: [] });
    expect(input).not.toHaveProperty('Id');
  });
});
