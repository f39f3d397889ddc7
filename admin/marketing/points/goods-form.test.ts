import { describe, expect, it } from 'vitest';
import { type PointsGoodsDetail, pointsGoodsFormSchema } from '../../../contract/endpoints/points-goods';
import { goodsDraft, goodsInput } from './goods-form';

const row: PointsGoodsDetail = {
  Id: 5,
  Title: '保温杯',
  Image: '/uploads/cup.png',
  Kind: 'physical',
  ProductId: 12,
  ProductName: '不锈钢保温杯',
  Points: 2_000,
  PriceFen: 990,
  Stock: 30,
  Exchanged: 4,
  PerMemberLimit: 2,
  StartsAt: '2026-05-01T01:00:00.000Z',
  EndsAt: null,
  Status: 'on',
  State: 'running',
  Sort: 3,
  Version: 7,
  CreatedAt: '2026-04-30T00:00:00.000Z',
  Description: '12 小时保温',
};

describe('the points goods form', () => {
  it('shows an existing good in yuan and the shop’s wall clock, and saves it back unchanged', () => {
    const draft = goodsDraft(row);
    expect(draft).toMatchObject({
      Price: '9.90',
      StartsAt: '2026-05-01T09:00',
      EndsAt: '',
      NoEnd: true,
      SwitchedOn: true,
    });
    const input = goodsInput(draft, row);
    expect(input).toMatchObject({
      Id: 5,
      Version: 7,
      PriceFen: 990,
      ProductId: 12,
      EndsAt: null,
      Status: 'on',
    });
    expect(Date.parse(input.StartsAt)).toBe(Date.parse(row.StartsAt));
    expect(pointsGoodsFormSchema.safeParse(input).success).toBe(true);
  });

  it('starts new goods this minute for thirty days, with no good chosen', () => {
    const draft = goodsDraft(null, new Date('2026-05-01T01:20:59.999Z'));
    expect(draft).toMatchObject({
      StartsAt: '2026-05-01T09:20',
      EndsAt: '2026-05-31T09:20',
      ProductId: null,
      NoEnd: false,
    });
    const input = goodsInput({ ...draft, Title: '新品' }, null);
    expect(input).not.toHaveProperty('Id');
    const parsed = pointsGoodsFormSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['ProductId']);
  });

  it.each([
    ['12.345', 'PriceFen'],
    ['abc', 'PriceFen'],
    ['-1', 'PriceFen'],
  ])('passes an amount it cannot read (%j) on for the schema to refuse on %s', (Price, field) => {
    const parsed = pointsGoodsFormSchema.safeParse(goodsInput({ ...goodsDraft(row), Price }, row));
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it('takes ¥ signs and spaces around an amount', () => {
    expect(goodsInput({ ...goodsDraft(row), Price: ' ¥1,234.5 ' }, row).PriceFen).toBe(123_450);
  });

  it('passes a time it cannot read on, and refuses an end before the start', () => {
    const typo = pointsGoodsFormSchema.safeParse(
      goodsInput({ ...goodsDraft(row), StartsAt: '2026-05-01 09:00' }, row),
    );
    expect(typo.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['StartsAt']);
    const reversed = pointsGoodsFormSchema.safeParse(
      goodsInput({ ...goodsDraft(row), NoEnd: false, EndsAt: '2026-05-01T09:00' }, row),
    );
    expect(
      reversed.error?.issues.map((issue) => [
        issue.path.join('.'),
        (issue as { params?: { key: string } }).params?.key,
      ]),
    ).toEqual([['EndsAt', 'pointsGoods.rule.endsAfterStart']]);
    const oneMinuteLater = goodsInput({ ...goodsDraft(row), NoEnd: false, EndsAt: '2026-05-01T09:01' }, row);
    expect(pointsGoodsFormSchema.safeParse(oneMinuteLater).success).toBe(true);
  });
});
