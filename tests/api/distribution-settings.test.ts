import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as distribution from '../../contract/endpoints/distribution';
import { fieldOf } from './distribution-helpers';
import { startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, prepareSku } from './order-helpers';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

const RULES: distribution.DistributionSetting = {
  ...distribution.DEFAULT_DISTRIBUTION_SETTING,
  Enabled: true,
  Levels: 2,
  Joining: 'spending',
  JoinSpendingFen: 10_000,
  Level1Rate: 1_200,
  Level2Rate: 300,
  SettleMoment: 'afterSale',
  FreezeDays: 5,
  WithdrawChannels: ['wechat', 'bank'],
  DailyLimitFen: 200_000,
};

describe('promotion settings', () => {
  it('reads the demo mall’s rules with the after-sale days beside them', async () => {
    const response = await server.call(distribution.getDistributionSetting, {}, { token: admin });
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Setting.Enabled).toBe(true);
    expect(response.body.Setting.Levels).toBe(2);
    expect(response.body.Version).toBeGreaterThan(0);
    expect(response.body.AfterSaleDays).toBeGreaterThanOrEqual(0);
  });

  it('saves with the version read, audits the change and refuses a stale save for a reload', async () => {
    const read = await server.call(distribution.getDistributionSetting, {}, { token: admin });
    const saved = await server.call(
      distribution.setDistributionSetting,
      { Setting: RULES, Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body.Errmsg).toBe('');
    expect(saved.body.Version).toBe(read.body.Version + 1);
    const again = await server.call(distribution.getDistributionSetting, {}, { token: admin });
    expect(again.body.Setting).toEqual(RULES);
    const [row] = await server.query<{ summary: { after: distribution.DistributionSetting } }>(
      sql`select summary from audit_log where action = 'distribution.setting' order by id desc limit 1`,
    );
    expect(row!.summary.after.Joining).toBe('spending');

    const stale = await server.call(
      distribution.setDistributionSetting,
      { Setting: { ...RULES, FreezeDays: 9 }, Version: read.body.Version },
      { token: admin },
    );
    expectError(stale, /changed meanwhile/);
    expect(stale.body).toMatchObject({ StaleVersion: true, CurrentVersion: read.body.Version + 1 });
  });

  it('starts a shop that never saved its rules on the defaults, off, and its first save creates them', async () => {
    const site2 = await server.login('site2');
    const read = await server.call(distribution.getDistributionSetting, {}, { token: site2 });
    expect(read.body).toMatchObject({ Setting: distribution.DEFAULT_DISTRIBUTION_SETTING, Version: 0 });
    const saved = await server.call(
      distribution.setDistributionSetting,
      { Setting: { ...RULES, Enabled: false }, Version: 0 },
      { token: site2 },
    );
    expect(saved.body).toMatchObject({ Errmsg: '', Version: 1 });
    const twice = await server.call(
      distribution.setDistributionSetting,
      { Setting: RULES, Version: 0 },
      { token: site2 },
    );
    expectError(twice);
  });

  it.each([
    ['the levels together over 100%', { Level1Rate: 6_000, Level2Rate: 4_001 }, 'Setting.Level2Rate'],
    ['exactly 100% is fine', { Level1Rate: 6_000, Level2Rate: 4_000 }, null],
    ['a rate over 100%', { Level1Rate: 10_001, Level2Rate: 0 }, 'Setting.Level1Rate'],
    ['three levels', { Levels: 3 }, 'Setting.Levels'],
    ['no channel', { WithdrawChannels: [] }, 'Setting.WithdrawChannels'],
    ['a channel twice', { WithdrawChannels: ['bank', 'bank'] }, 'Setting.WithdrawChannels'],
    ['an unknown channel', { WithdrawChannels: ['alipay'] }, 'Setting.WithdrawChannels.0'],
    ['366 freeze days', { FreezeDays: 366 }, 'Setting.FreezeDays'],
    ['365 freeze days', { FreezeDays: 365 }, null],
    ['a fee over 100%', { WithdrawFeeRate: 10_001 }, 'Setting.WithdrawFeeRate'],
    ['a negative minimum', { WithdrawMinFen: -1 }, 'Setting.WithdrawMinFen'],
    ['an unknown joining rule', { Joining: 'vip' }, 'Setting.Joining'],
    ['an unknown moment', { SettleMoment: 'payment' }, 'Setting.SettleMoment'],
  ] as const)('%s', async (_, changes, field) => {
    const read = await server.call(distribution.getDistributionSetting, {}, { token: admin });
    const response = await server.call(
      distribution.setDistributionSetting,
      { Setting: { ...RULES, ...changes }, Version: read.body.Version },
      { token: admin },
    );
    if (field === null) expect(response.body.Errmsg).toBe('');
    else expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
  });

  it('says what is wrong with the two rates in the caller’s language', async () => {
    const read = await server.call(distribution.getDistributionSetting, {}, { token: admin });
    const input = { Setting: { ...RULES, Level1Rate: 9_000, Level2Rate: 2_000 }, Version: read.body.Version };
    const en = await server.call(distribution.setDistributionSetting, input, { token: admin, locale: 'en' });
    expect(en.body.Errmsg).toContain('100%');
    const zh = await server.call(distribution.setDistributionSetting, input, { token: admin, locale: 'zh' });
    expect(zh.body.Errmsg).toContain('两级比例合计');
  });
});

describe('promoter grades', () => {
  it('adds, changes and deletes a grade, refusing a taken name, a stale save and a grade in use', async () => {
    const added = await server.call(
      distribution.bindPromoterGrade,
      { Name: '钻石推广员', Level1Rate: 2_000, Level2Rate: 800 },
      { token: admin },
    );
    expect(added.body.Errmsg).toBe('');
    const taken = await server.call(
      distribution.bindPromoterGrade,
      { Name: '钻石推广员', Level1Rate: 100, Level2Rate: 100 },
      { token: admin },
    );
    expect([taken.body.Errcode, fieldOf(taken)]).toEqual([-1, 'Name']);
    const list = await server.call(distribution.getPromoterGradeList, {}, { token: admin });
    const grade = list.body.Data.find((entry) => entry.Id === added.body.Id)!;
    expect(grade).toMatchObject({ Name: '钻石推广员', Level1Rate: 2_000, Level2Rate: 800, Promoters: 0 });

    const changed = await server.call(
      distribution.bindPromoterGrade,
      { Id: grade.Id, Version: grade.Version, Name: '钻石', Level1Rate: 2_100, Level2Rate: 800 },
      { token: admin },
    );
    expect(changed.body.Errmsg).toBe('');
    const stale = await server.call(
      distribution.bindPromoterGrade,
      { Id: grade.Id, Version: grade.Version, Name: '钻石二', Level1Rate: 2_100, Level2Rate: 800 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true });

    const [held] = await server.query<{ id: number; grade_id: number }>(
      sql`select id, grade_id from promoters where site_id = ${MALL_SITE} and grade_id is not null limit 1`,
    );
    const inUse = await server.call(
      distribution.deletePromoterGrade,
      { Id: held!.grade_id },
      { token: admin },
    );
    expectError(inUse, /hold this grade/);
    const deleted = await server.call(distribution.deletePromoterGrade, { Id: grade.Id }, { token: admin });
    expect(deleted.body.Errmsg).toBe('');
    const after = await server.call(distribution.getPromoterGradeList, {}, { token: admin });
    expect(after.body.Data.some((entry) => entry.Id === grade.Id)).toBe(false);
  });

  it.each([
    ['an empty name', { Name: ' ', Level1Rate: 100, Level2Rate: 0 }, 'Name'],
    ['a name of 21 characters', { Name: 'x'.repeat(21), Level1Rate: 100, Level2Rate: 0 }, 'Name'],
    ['rates over the whole', { Name: 'A', Level1Rate: 9_000, Level2Rate: 1_001 }, 'Level2Rate'],
    ['an Id without its Version', { Id: 1, Name: 'A', Level1Rate: 1, Level2Rate: 0 }, 'Version'],
    ['a grade of another shop', { Id: 999_999, Version: 1, Name: 'A', Level1Rate: 1, Level2Rate: 0 }, 'Id'],
  ] as const)('refuses %s on its field', async (_, input, field) => {
    const response = await server.call(distribution.bindPromoterGrade, input, { token: admin });
    expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
  });
});

describe('per-goods commission', () => {
  it('keeps one rule per goods, by ratio, fixed amount or excluded', async () => {
    const sku = await prepareSku(server, MALL_SITE, 50, { skip: 7 });
    const added = await server.call(
      distribution.bindGoodsRule,
      { ProductId: sku.productId, Mode: 'ratio', Level1: 2_500, Level2: 500 },
      { token: admin },
    );
    expect(added.body.Errmsg).toBe('');
    const twice = await server.call(
      distribution.bindGoodsRule,
      { ProductId: sku.productId, Mode: 'excluded', Level1: 0, Level2: 0 },
      { token: admin },
    );
    expect([twice.body.Errcode, fieldOf(twice)]).toEqual([-1, 'ProductId']);
    const list = await server.call(distribution.getGoodsRuleList, {}, { token: admin });
    const rule = list.body.Data.find((entry) => entry.Id === added.body.Id)!;
    expect(rule).toMatchObject({ ProductId: sku.productId, Mode: 'ratio', Level1: 2_500, Level2: 500 });
    expect(rule.ProductName).not.toBe('');

    const fixed = await server.call(
      distribution.bindGoodsRule,
      {
        Id: rule.Id,
        Version: rule.Version,
        ProductId: sku.productId,
        Mode: 'fixed',
        Level1: 800,
        Level2: 20_000,
      },
      { token: admin },
    );
    expect(fixed.body.Errmsg).toBe('');
    const deleted = await server.call(distribution.deleteGoodsRule, { Id: rule.Id }, { token: admin });
    expect(deleted.body.Errmsg).toBe('');
    const gone = await server.call(distribution.deleteGoodsRule, { Id: rule.Id }, { token: admin });
    expect([gone.body.Errcode, fieldOf(gone)]).toEqual([-1, 'Id']);
  });

  it.each([
    ['a ratio over 100%', { Mode: 'ratio', Level1: 10_001, Level2: 0 }, 'Level1'],
    ['ratios together over 100%', { Mode: 'ratio', Level1: 9_000, Level2: 1_001 }, 'Level2'],
    ['excluded goods with an amount', { Mode: 'excluded', Level1: 1, Level2: 0 }, 'Level1'],
    ['a negative amount', { Mode: 'fixed', Level1: -1, Level2: 0 }, 'Level1'],
    ['an unknown mode', { Mode: 'bonus', Level1: 1, Level2: 0 }, 'Mode'],
  ] as const)('refuses %s on its field', async (_, changes, field) => {
    const response = await server.call(
      distribution.bindGoodsRule,
      { ProductId: 1, ...changes },
      { token: admin },
    );
    expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
  });

  it('refuses goods of another shop', async () => {
    const [other] = await server.query<{ id: number }>(
      sql`select id from products where site_id <> ${MALL_SITE} order by id limit 1`,
    );
    const response = await server.call(
      distribution.bindGoodsRule,
      { ProductId: other!.id, Mode: 'excluded', Level1: 0, Level2: 0 },
      { token: admin },
    );
    expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, 'ProductId']);
  });
});

describe('permissions', () => {
  it('refuses accounts without the settings menu', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [distribution.getDistributionSetting, {}],
      [distribution.setDistributionSetting, { Setting: RULES, Version: 1 }],
      [distribution.getPromoterGradeList, {}],
      [distribution.bindPromoterGrade, { Name: 'A', Level1Rate: 1, Level2Rate: 0 }],
      [distribution.deletePromoterGrade, { Id: 1 }],
      [distribution.getGoodsRuleList, {}],
      [distribution.bindGoodsRule, { ProductId: 1, Mode: 'excluded', Level1: 0, Level2: 0 }],
      [distribution.deleteGoodsRule, { Id: 1 }],
      [distribution.getPromoterGradeOptions, {}],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });
});
