import { describe, expect, it } from 'vitest';
import { type LotteryDetail, lotteryFormSchema } from '../../../contract/endpoints/lotteries';
import {
  basisPointsText,
  lotteryDraft,
  lotteryInput,
  newPrize,
  nothingLeft,
  percentToBasisPoints,
} from './lottery-form';

const prize = {
  Name: '',
  Image: '',
  Stock: 10,
  Won: 2,
  Points: 0,
  BalanceFen: 0,
  CouponId: null,
  CouponTitle: '',
  ProductId: null,
  ProductName: '',
};

const row: LotteryDetail = {
  Id: 4,
  Title: '幸运大转盘',
  Image: '',
  Summary: '每次 10 积分',
  Rules: '',
  EntryMode: 'points',
  PointsCost: 10,
  DailyLimit: 3,
  TotalLimit: 20,
  StartsAt: '2026-05-01T01:00:00.000Z',
  EndsAt: '2026-06-01T01:00:00.000Z',
  Status: 'on',
  State: 'running',
  Sort: 1,
  Draws: 9,
  Wins: 3,
  Version: 6,
  CreatedAt: '2026-04-30T00:00:00.000Z',
  NothingText: '谢谢参与',
  Prizes: [
    { ...prize, Id: 11, Kind: 'points', Name: '50 积分', ChanceBp: 3000, Points: 50 },
    { ...prize, Id: 12, Kind: 'balance', Name: '5 元', ChanceBp: 25, BalanceFen: 500 },
    { ...prize, Id: 13, Kind: 'coupon', Name: '券', ChanceBp: 800, CouponId: 7, CouponTitle: '满减' },
    { ...prize, Id: 14, Kind: 'goods', Name: '音箱', ChanceBp: 1, ProductId: 3, ProductName: '音箱' },
  ],
};

describe('percentToBasisPoints', () => {
  it.each([
    ['30', 3000],
    ['30.00', 3000],
    ['0.01', 1],
    ['12.5', 1250],
    [' 12.50 % ', 1250],
    ['100', 10_000],
    ['0', 0],
    ['12.505', null],
    ['-1', null],
    ['', null],
    ['1e2', null],
    ['十', null],
  ])('"%s" is %s basis points', (text, expected) => {
    expect(percentToBasisPoints(text)).toBe(expected);
  });

  it.each([0, 1, 99, 100, 1250, 9999, 10_000])('reads back what basisPointsText(%i) writes', (value) => {
    expect(percentToBasisPoints(basisPointsText(value))).toBe(value);
  });
});

describe('nothingLeft', () => {
  it.each([
    [[], 10_000],
    [['30', '0.25'], 6975],
    [['60', '40'], 0],
    [['60', '40.01'], -1],
    [['60', 'x'], null],
  ])('%j leaves %s', (chances, expected) => {
    expect(nothingLeft(chances.map((Chance) => ({ Chance })))).toBe(expected);
  });
});

describe('the lucky-draw form', () => {
  it('shows a draw in percentages, yuan and the shop’s wall clock, and saves it back unchanged', () => {
    const draft = lotteryDraft(row, '默认');
    expect(draft).toMatchObject({ StartsAt: '2026-05-01T09:00', NothingText: '谢谢参与', SwitchedOn: true });
    expect(
      draft.Prizes.map((entry) => [entry.Chance, entry.Balance, entry.CouponId, entry.ProductId]),
    ).toEqual([
      ['30.00', '0.00', '', ''],
      ['0.25', '5.00', '', ''],
      ['8.00', '0.00', '7', ''],
      ['0.01', '0.00', '', '3'],
    ]);
    const input = lotteryInput(draft, row);
    expect(input).toMatchObject({ Id: 4, Version: 6, PointsCost: 10, Status: 'on' });
    expect(
      input.Prizes.map((entry) => [
        entry.Id,
        entry.ChanceBp,
        entry.Points,
        entry.BalanceFen,
        entry.CouponId,
        entry.ProductId,
      ]),
    ).toEqual([
      [11, 3000, 50, 0, null, null],
      [12, 25, 0, 500, null, null],
      [13, 800, 0, 0, 7, null],
      [14, 1, 0, 0, null, 3],
    ]);
    expect(Date.parse(input.StartsAt)).toBe(Date.parse(row.StartsAt));
    expect(lotteryFormSchema.safeParse(input).success).toBe(true);
  });

  it('starts a new draw free for a week, with the default text and no prizes', () => {
    const now = new Date('2026-05-01T01:00:30.000Z');
    const draft = lotteryDraft(null, '谢谢参与', now);
    expect(draft).toMatchObject({
      EntryMode: 'free',
      StartsAt: '2026-05-01T09:00',
      EndsAt: '2026-05-08T09:00',
      Prizes: [],
    });
    expect(lotteryInput(draft, null)).not.toHaveProperty('Id');
  });

  it('sends no points cost without points entry, and what cannot be a number for the schema to refuse', () => {
    const draft = { ...lotteryDraft(row, ''), EntryMode: 'free' as const };
    draft.Prizes = [
      { ...newPrize(), Chance: 'lots' },
      { ...newPrize(), Kind: 'balance', Balance: '¥1.234' },
    ];
    const input = lotteryInput(draft, row);
    expect(input.PointsCost).toBe(0);
    expect(input.Prizes[0]!.ChanceBp).toBeNaN();
    expect(input.Prizes[1]!.BalanceFen).toBeNaN();
    expect(lotteryFormSchema.safeParse(input).success).toBe(false);
  });
});
