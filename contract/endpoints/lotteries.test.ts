import { describe, expect, it } from 'vitest';
import { CHANCE_SCALE, MAX_PRIZES } from '../lottery';
import {
  confirmLotteryPrize,
  deleteLotteries,
  exportLotteryRecordList,
  getLotteryList,
  getLotteryRecordList,
  LOTTERY_RULES_MAX,
  LOTTERY_SUMMARY_MAX,
  LOTTERY_TITLE_MAX,
  lotteryFormSchema,
  MAX_BULK_LOTTERIES,
  MAX_DAILY_DRAWS,
  MAX_POINTS_COST,
  MAX_PRIZE_BALANCE_FEN,
  MAX_PRIZE_POINTS,
  MAX_PRIZE_STOCK,
  MAX_TOTAL_DRAWS,
  NOTHING_TEXT_MAX,
  PRIZE_NAME_MAX,
  prizeFormSchema,
  setLotteryStatus,
} from './lotteries';
import { refusedWithKeys as refused } from './schema-refusals';

const text = (length: number) => '奖'.repeat(length);
const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

const prize = { Kind: 'points', Name: '10 积分', ChanceBp: 1000, Stock: 10, Points: 10 };
const draw = {
  Title: '大转盘',
  EntryMode: 'free',
  DailyLimit: 3,
  TotalLimit: 10,
  StartsAt: '2026-12-01T00:00:00+08:00',
  EndsAt: '2026-12-31T00:00:00+08:00',
  NothingText: '谢谢参与',
  Status: 'on',
  Prizes: [prize],
};

describe('a prize', () => {
  it.each([
    ['points', {}, []],
    ['a name at the limit', { Name: text(PRIZE_NAME_MAX) }, []],
    ['a name one past the limit', { Name: text(PRIZE_NAME_MAX + 1) }, ['Name']],
    ['a name at the limit with spaces around', { Name: ` ${text(PRIZE_NAME_MAX)} ` }, []],
    ['a name of spaces', { Name: '  ' }, ['Name']],
    ['an image at 500', { Image: 'a'.repeat(500) }, []],
    ['an image at 501', { Image: 'a'.repeat(501) }, ['Image']],
    ['a chance of 1', { ChanceBp: 1 }, []],
    ['a chance of 0', { ChanceBp: 0 }, ['ChanceBp']],
    ['no stock left', { Stock: 0 }, []],
    ['stock at the limit', { Stock: MAX_PRIZE_STOCK }, []],
    ['stock one past the limit', { Stock: MAX_PRIZE_STOCK + 1 }, ['Stock']],
    ['stock below 0', { Stock: -1 }, ['Stock']],
    ['1 point', { Points: 1 }, []],
    ['0 points', { Points: 0 }, ['Points: lottery.rule.prizeGives']],
    ['points at the limit', { Points: MAX_PRIZE_POINTS }, []],
    ['points one past the limit', { Points: MAX_PRIZE_POINTS + 1 }, ['Points']],
    ['balance of 1 fen', { Kind: 'balance', BalanceFen: 1 }, []],
    ['balance of 0', { Kind: 'balance', BalanceFen: 0 }, ['BalanceFen: lottery.rule.prizeGives']],
    ['balance at the limit', { Kind: 'balance', BalanceFen: MAX_PRIZE_BALANCE_FEN }, []],
    [
      'balance one past the limit',
      { Kind: 'balance', BalanceFen: MAX_PRIZE_BALANCE_FEN + 1 },
      ['BalanceFen'],
    ],
    ['a coupon', { Kind: 'coupon', CouponId: 3 }, []],
    ['a coupon prize without a coupon', { Kind: 'coupon' }, ['CouponId: lottery.rule.prizeGives']],
    ['goods', { Kind: 'goods', ProductId: 4 }, []],
    ['a goods prize without goods', { Kind: 'goods' }, ['ProductId: lottery.rule.prizeGives']],
    [
      'a coupon prize with points but no coupon',
      { Kind: 'coupon', Points: 5 },
      ['CouponId: lottery.rule.prizeGives'],
    ],
    ['an unknown kind', { Kind: 'car' }, ['Kind']],
    ['an unknown field', { Odds: 1 }, ['']],
  ])('%s', (_, change, found) => expect(refused(prizeFormSchema, { ...prize, ...change })).toEqual(found));

  it('defaults what its kind does not give and trims its texts', () => {
    expect(prizeFormSchema.parse({ ...prize, Name: ' 10 积分 ', Image: ' a.png ' })).toEqual({
      ...prize,
      Name: '10 积分',
      Image: 'a.png',
      BalanceFen: 0,
      CouponId: null,
      ProductId: null,
    });
    expect(
      prizeFormSchema.parse({ Kind: 'coupon', Name: 'C', ChanceBp: 1, Stock: 1, CouponId: 2 }),
    ).toMatchObject({
      Image: '',
      Points: 0,
    });
  });
});

describe('a draw', () => {
  const chances = (...values: number[]) =>
    values.map((ChanceBp, index) => ({ ...prize, Id: index + 1, ChanceBp }));
  it.each([
    ['a new free draw', {}, []],
    ['an edit with its version', { Id: 1, Version: 2 }, []],
    ['an edit without its version', { Id: 1 }, ['Version']],
    ['a title at the limit', { Title: text(LOTTERY_TITLE_MAX) }, []],
    ['a title one past the limit', { Title: text(LOTTERY_TITLE_MAX + 1) }, ['Title']],
    ['a title at the limit with spaces around', { Title: ` ${text(LOTTERY_TITLE_MAX)} ` }, []],
    ['a title of spaces', { Title: ' ' }, ['Title']],
    ['a summary at the limit', { Summary: text(LOTTERY_SUMMARY_MAX) }, []],
    ['a summary at the limit with spaces around', { Summary: ` ${text(LOTTERY_SUMMARY_MAX)} ` }, []],
    ['a summary one past the limit', { Summary: text(LOTTERY_SUMMARY_MAX + 1) }, ['Summary']],
    ['rules at the limit', { Rules: text(LOTTERY_RULES_MAX) }, []],
    ['rules at the limit with spaces around', { Rules: ` ${text(LOTTERY_RULES_MAX)} ` }, []],
    ['rules one past the limit', { Rules: text(LOTTERY_RULES_MAX + 1) }, ['Rules']],
    ['an image at 500', { Image: 'a'.repeat(500) }, []],
    ['an image at 501', { Image: 'a'.repeat(501) }, ['Image']],
    ['an image at 500 with spaces around', { Image: ` ${'a'.repeat(500)} ` }, []],
    ['a nothing text at the limit', { NothingText: text(NOTHING_TEXT_MAX) }, []],
    ['a nothing text one past the limit', { NothingText: text(NOTHING_TEXT_MAX + 1) }, ['NothingText']],
    ['no nothing text', { NothingText: '  ' }, ['NothingText']],
    ['points entry at 1 point', { EntryMode: 'points', PointsCost: 1 }, []],
    [
      'points entry at 0 points',
      { EntryMode: 'points', PointsCost: 0 },
      ['PointsCost: lottery.rule.pointsCost'],
    ],
    ['points entry without a cost', { EntryMode: 'points' }, ['PointsCost: lottery.rule.pointsCost']],
    ['a points cost at the limit', { EntryMode: 'points', PointsCost: MAX_POINTS_COST }, []],
    [
      'a points cost one past the limit',
      { EntryMode: 'points', PointsCost: MAX_POINTS_COST + 1 },
      ['PointsCost'],
    ],
    ['order entry with no cost', { EntryMode: 'order' }, []],
    ['a daily limit at the limit', { DailyLimit: MAX_DAILY_DRAWS, TotalLimit: 0 }, []],
    ['a daily limit one past the limit', { DailyLimit: MAX_DAILY_DRAWS + 1, TotalLimit: 0 }, ['DailyLimit']],
    ['a total limit at the limit', { TotalLimit: MAX_TOTAL_DRAWS }, []],
    ['a total limit one past the limit', { TotalLimit: MAX_TOTAL_DRAWS + 1 }, ['TotalLimit']],
    ['a daily limit equal to the total', { DailyLimit: 10, TotalLimit: 10 }, []],
    [
      'a daily limit one over the total',
      { DailyLimit: 11, TotalLimit: 10 },
      ['DailyLimit: lottery.rule.dailyOverTotal'],
    ],
    ['a daily limit with no total limit', { DailyLimit: 50, TotalLimit: 0 }, []],
    ['no daily limit under a total', { DailyLimit: 0, TotalLimit: 1 }, []],
    ['an end one second after the start', { EndsAt: '2026-12-01T00:00:01+08:00' }, []],
    ['an end at the start', { EndsAt: draw.StartsAt }, ['EndsAt: lottery.rule.endsAfterStart']],
    [
      'an end before the start',
      { EndsAt: '2026-11-30T00:00:00+08:00' },
      ['EndsAt: lottery.rule.endsAfterStart'],
    ],
    ['a sort at 9999', { Sort: 9_999 }, []],
    ['a sort at 10000', { Sort: 10_000 }, ['Sort']],
    ['no prizes: every draw wins nothing', { Prizes: [] }, []],
    ['chances that sum to the scale', { Prizes: chances(CHANCE_SCALE - 1, 1) }, []],
    [
      'chances one past the scale, said on the last prize',
      { Prizes: chances(CHANCE_SCALE - 1, 1, 1) },
      ['Prizes.2.ChanceBp: lottery.rule.chancesOver'],
    ],
    [`${MAX_PRIZES} prizes`, { Prizes: chances(...Array(MAX_PRIZES).fill(1)) }, []],
    [`${MAX_PRIZES + 1} prizes`, { Prizes: chances(...Array(MAX_PRIZES + 1).fill(1)) }, ['Prizes']],
    [
      'the same prize twice',
      {
        Prizes: [
          { ...prize, Id: 4 },
          { ...prize, Id: 4 },
        ],
      },
      ['Prizes: lottery.rule.prizeTwice'],
    ],
    ['two new prizes alike', { Prizes: [prize, prize] }, []],
  ])('%s', (_, change, found) => expect(refused(lotteryFormSchema, { ...draw, ...change })).toEqual(found));

  it('defaults the optional texts, cost and sort, and trims the texts', () => {
    expect(lotteryFormSchema.parse({ ...draw, Title: ' 大转盘 ', NothingText: ' 谢谢 ' })).toMatchObject({
      Title: '大转盘',
      NothingText: '谢谢',
      Image: '',
      Summary: '',
      Rules: '',
      PointsCost: 0,
      Sort: 0,
    });
  });
});

describe('lottery lists and bulk calls', () => {
  it.each([
    ['the list keyword at 64', getLotteryList.input, { keyword: 'a'.repeat(64) }, []],
    ['the list keyword at 65', getLotteryList.input, { keyword: 'a'.repeat(65) }, ['keyword']],
    ['an unknown tab', getLotteryList.input, { state: 'gone' }, ['state']],
    ['switch one draw', setLotteryStatus.input, { Ids: [1], Status: 'off' }, []],
    ['switch the bulk limit', setLotteryStatus.input, { Ids: ids(MAX_BULK_LOTTERIES), Status: 'on' }, []],
    [
      'switch one past the bulk limit',
      setLotteryStatus.input,
      { Ids: ids(MAX_BULK_LOTTERIES + 1), Status: 'on' },
      ['Ids'],
    ],
    ['switch none', setLotteryStatus.input, { Ids: [], Status: 'on' }, ['Ids']],
    ['delete the bulk limit', deleteLotteries.input, { Ids: ids(MAX_BULK_LOTTERIES) }, []],
    ['delete one past the bulk limit', deleteLotteries.input, { Ids: ids(MAX_BULK_LOTTERIES + 1) }, ['Ids']],
    ['delete none', deleteLotteries.input, { Ids: [] }, ['Ids']],
    ['records keyword at 64', getLotteryRecordList.input, { keyword: 'a'.repeat(64) }, []],
    [
      'records keyword at 64 with spaces around',
      getLotteryRecordList.input,
      { keyword: ` ${'a'.repeat(64)} ` },
      [],
    ],
    ['records keyword at 65', getLotteryRecordList.input, { keyword: 'a'.repeat(65) }, ['keyword']],
    [
      'records of one day',
      getLotteryRecordList.input,
      { createdFrom: '2026-12-01', createdTo: '2026-12-01' },
      [],
    ],
    [
      'records from after the end',
      getLotteryRecordList.input,
      { createdFrom: '2026-12-02', createdTo: '2026-12-01' },
      ['createdFrom'],
    ],
    [
      'an export from after the end',
      exportLotteryRecordList.input,
      { format: 'csv', createdFrom: '2026-12-02', createdTo: '2026-12-01' },
      ['createdFrom'],
    ],
    [
      'an export of one day',
      exportLotteryRecordList.input,
      { format: 'csv', createdFrom: '2026-12-01', createdTo: '2026-12-01' },
      [],
    ],
    ['a confirm', confirmLotteryPrize.input, { RecordNo: 'CJ1', BuyerId: 'b1' }, []],
    ['a record number at 32', confirmLotteryPrize.input, { RecordNo: 'C'.repeat(32), BuyerId: 'b1' }, []],
    [
      'a record number at 33',
      confirmLotteryPrize.input,
      { RecordNo: 'C'.repeat(33), BuyerId: 'b1' },
      ['RecordNo'],
    ],
    ['no record number', confirmLotteryPrize.input, { RecordNo: ' ', BuyerId: 'b1' }, ['RecordNo']],
    ['a buyer id at 64', confirmLotteryPrize.input, { RecordNo: 'CJ1', BuyerId: 'b'.repeat(64) }, []],
    [
      'a buyer id at 65',
      confirmLotteryPrize.input,
      { RecordNo: 'CJ1', BuyerId: 'b'.repeat(65) },
      ['BuyerId'],
    ],
    ['no buyer id', confirmLotteryPrize.input, { RecordNo: 'CJ1', BuyerId: '' }, ['BuyerId']],
  ] as const)('%s', (_, schema, input, found) => expect(refused(schema, input)).toEqual(found));

  it('opens the lists on their default tab and sort', () => {
    expect(getLotteryList.input.parse({ keyword: ' 转盘 ' })).toMatchObject({
      state: 'all',
      sort: '-sort',
      keyword: '转盘',
    });
    expect(getLotteryRecordList.input.parse({})).toMatchObject({ state: 'all', sort: '-createdAt' });
  });
});
