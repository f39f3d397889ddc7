import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import * as report from '../../contract/endpoints/commissions';
import * as distribution from '../../contract/endpoints/distribution';
import * as shop from '../../contract/endpoints/distribution-storefront';
import * as promoters from '../../contract/endpoints/promoters';
import * as withdrawals from '../../contract/endpoints/withdrawals';
import { credit, member, paidOrder, setDistribution } from './distribution-helpers';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { MALL_SITE, prepareSku, SECOND_SITE, storefront, storefrontKey } from './order-helpers';
import {
  defineIsolationCase,
  noneOfSiteB,
  runIsolationCases,
  sharedSiteB,
  siteFingerprint,
} from './tenant-isolation';

/**
 * Every distribution call made by shop A naming shop B's rows: the admin calls through the shared
 * isolation runner (nothing of shop B changes, lists show none of it), and the storefront calls
 * with shop A's key naming shop B's buyers.
 */

/** Shop B's distribution rows, made through its own admin and storefront once per server. */
interface SiteB extends Record<string, unknown> {
  gradeId: number;
  gradeVersion: number;
  ruleId: number;
  ruleVersion: number;
  productId: number;
  topId: number;
  applicationId: number;
  orderId: number;
  wechatAccountId: number;
  appliedId: number;
  payingId: number;
}

async function makeSiteB(server: TestServer, siteB: number): Promise<SiteB> {
  const owner = await server.login('site2');
  const key = await storefrontKey(server, owner);
  await setDistribution(
    server,
    owner,
    {
      Enabled: true,
      Joining: 'review',
      Levels: 2,
      Level1Rate: 1_000,
      Level2Rate: 500,
      WithdrawChannels: ['bank'],
    },
    siteB,
  );
  const grade = await server.call(
    distribution.bindPromoterGrade,
    { Name: 'B 金牌', Level1Rate: 1_200, Level2Rate: 600 },
    { token: owner },
  );
  const sku = await prepareSku(server, siteB, 50);
  const rule = await server.call(
    distribution.bindGoodsRule,
    { ProductId: sku.productId, Mode: 'fixed', Level1: 100, Level2: 50 },
    { token: owner },
  );
  const topNo = await member(server, key, 'iso-b-top');
  await member(server, key, 'iso-b-buyer', topNo);
  await member(server, key, 'iso-b-applicant');
  for (const buyer of ['iso-b-top', 'iso-b-applicant'])
    expect((await storefront(server, key, shop.applyPromoter, { BuyerId: buyer })).body.Errmsg).toBe('');
  const [top] = await server.query<{ id: number }>(
    sql`select a.id from promoter_applications a join members m on m.id = a.member_id where m.open_id = 'iso-b-top'`,
  );
  expect(
    (await server.call(promoters.approveApplications, { Ids: [top!.id] }, { token: owner })).body.Errmsg,
  ).toBe('');
  const [ids] = await server.query<{ top: number; application: number }>(
    sql`select (select p.id from promoters p join members m on m.id = p.member_id where m.open_id = 'iso-b-top') as top,
               (select a.id from promoter_applications a join members m on m.id = a.member_id
                 where m.open_id = 'iso-b-applicant') as application`,
  );
  const order = await paidOrder(server, key, 'iso-b-buyer', sku);
  const [orderRow] = await server.query<{ id: number }>(
    sql`select id from orders where order_no = ${order.OrderNo}`,
  );
  expect(
    (
      await storefront(server, key, shop.bindPromoterWechat, {
        BuyerId: 'iso-b-top',
        OpenId: 'oIsoSiteB00001',
        RealName: '乙',
      })
    ).body.Errmsg,
  ).toBe('');
  await credit(server, ids!.top, 20_000);
  const bank = { BankName: '工商银行', AccountName: '乙', AccountNo: '6222020200112233000' };
  const withdrawalIds: number[] = [];
  for (let index = 0; index < 2; index++) {
    const applied = await storefront(server, key, shop.applyWithdrawal, {
      BuyerId: 'iso-b-top',
      AmountFen: 5_000,
      Channel: 'bank',
      Bank: bank,
    });
    expect(applied.body.Errmsg).toBe('');
    const [row] = await server.query<{ id: number }>(
      sql`select id from withdrawals where withdrawal_no = ${applied.body.Withdrawal.WithdrawalNo}`,
    );
    withdrawalIds.push(row!.id);
  }
  const paying = withdrawalIds[1]!;
  for (const endpoint of [withdrawals.approveWithdrawals, withdrawals.payWithdrawals])
    expect((await server.call(endpoint, { Ids: [paying] }, { token: owner })).body.Errmsg).toBe('');
  const [versions] = await server.query<{ grade: number; rule: number; account: number }>(
    sql`select (select version from promoter_grades where id = ${grade.body.Id}) as grade,
               (select version from distribution_goods_rules where id = ${rule.body.Id}) as rule,
               (select id from promoter_wechat_accounts where site_id = ${siteB} order by id limit 1) as account`,
  );
  return {
    gradeId: grade.body.Id,
    gradeVersion: versions!.grade,
    ruleId: rule.body.Id,
    ruleVersion: versions!.rule,
    productId: sku.productId,
    topId: ids!.top,
    applicationId: ids!.application,
    orderId: orderRow!.id,
    wechatAccountId: versions!.account,
    appliedId: withdrawalIds[0]!,
    payingId: paying,
  };
}

const siteB = sharedSiteB(makeSiteB);

const noneOf = (ids: (prepared: SiteB) => number[], key = 'Id') => noneOfSiteB(ids, { key });

const empty = (response: ApiResponse) => {
  expect(response.body.Errcode).toBe(0);
  expect(response.body.Total).toBe(0);
};

runIsolationCases('distribution', [
  defineIsolationCase({
    name: 'BindPromoterGrade changing a site B grade',
    endpoint: distribution.bindPromoterGrade,
    setup: siteB,
    input: (_context, prepared) => ({
      Id: prepared.gradeId,
      Version: prepared.gradeVersion,
      Name: '越权',
      Level1Rate: 1,
      Level2Rate: 0,
    }),
  }),
  defineIsolationCase({
    name: 'DeletePromoterGrade of a site B grade',
    endpoint: distribution.deletePromoterGrade,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.gradeId }),
  }),
  defineIsolationCase({
    name: 'GetPromoterGradeList shows none of site B',
    endpoint: distribution.getPromoterGradeList,
    setup: siteB,
    input: () => ({}),
    verify: noneOf((prepared) => [prepared.gradeId]),
  }),
  defineIsolationCase({
    name: 'BindGoodsCommission changing a site B rule',
    endpoint: distribution.bindGoodsRule,
    setup: siteB,
    input: (_context, prepared) => ({
      Id: prepared.ruleId,
      Version: prepared.ruleVersion,
      ProductId: prepared.productId,
      Mode: 'excluded',
      Level1: 0,
      Level2: 0,
    }),
  }),
  defineIsolationCase({
    name: 'DeleteGoodsCommission of a site B rule',
    endpoint: distribution.deleteGoodsRule,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.ruleId }),
  }),
  defineIsolationCase({
    name: 'GetGoodsCommissionList shows none of site B',
    endpoint: distribution.getGoodsRuleList,
    setup: siteB,
    input: () => ({}),
    verify: noneOf((prepared) => [prepared.ruleId]),
  }),
  defineIsolationCase({
    name: 'SetPromotionSetting changes this shop’s rules only',
    endpoint: distribution.setDistributionSetting,
    setup: async (context) => {
      await siteB(context);
      const [row] = await context.server.query<{ version: number }>(
        sql`select version from distribution_settings where site_id = ${context.siteA}`,
      );
      return { version: row?.version ?? 0 };
    },
    input: (_context, prepared) => ({
      Setting: { ...distribution.DEFAULT_DISTRIBUTION_SETTING, Enabled: true },
      Version: prepared.version,
    }),
    verify: (response) => expect(response.body.Errcode).toBe(0),
  }),
  defineIsolationCase({
    name: 'GetPromoterList shows none of site B',
    endpoint: promoters.getPromoterList,
    setup: siteB,
    input: () => ({ pageSize: 100, keyword: 'iso-b' }),
    verify: empty,
  }),
  defineIsolationCase({
    name: 'FreezePromoters of a site B promoter',
    endpoint: promoters.freezePromoters,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.topId] }),
  }),
  defineIsolationCase({
    name: 'UnfreezePromoters of a site B promoter',
    endpoint: promoters.unfreezePromoters,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.topId] }),
  }),
  defineIsolationCase({
    name: 'SetPromoterGrade of a site B promoter',
    endpoint: promoters.setPromoterGrade,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.topId], GradeId: null }),
  }),
  defineIsolationCase({
    name: 'SetPromoterGrade giving a site B grade',
    endpoint: promoters.setPromoterGrade,
    setup: async (context) => {
      const prepared = await siteB(context);
      const [own] = await context.server.query<{ id: number }>(
        sql`select id from promoters where site_id = ${context.siteA} order by id limit 1`,
      );
      return { ...prepared, ownId: own!.id };
    },
    input: (_context, prepared) => ({ Ids: [prepared.ownId], GradeId: prepared.gradeId }),
  }),
  defineIsolationCase({
    name: 'GetPromoterTeam of a site B promoter',
    endpoint: promoters.getPromoterTeam,
    setup: siteB,
    input: (_context, prepared) => ({ promoterId: prepared.topId }),
  }),
  defineIsolationCase({
    name: 'GetStoreDistributorsShopUrl of a site B promoter',
    endpoint: promoters.getStoreDistributorsShopUrl,
    setup: siteB,
    input: (_context, prepared) => ({ promoterId: prepared.topId }),
  }),
  defineIsolationCase({
    name: 'GetPromoterApplicationList shows none of site B',
    endpoint: promoters.getApplicationList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf((prepared) => [prepared.applicationId]),
  }),
  defineIsolationCase({
    name: 'ApprovePromoterApplications of a site B application',
    endpoint: promoters.approveApplications,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.applicationId] }),
  }),
  defineIsolationCase({
    name: 'RejectPromoterApplication of a site B application',
    endpoint: promoters.rejectApplication,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.applicationId, Reason: '越权' }),
  }),
  defineIsolationCase({
    name: 'GetPromoterWechatList shows none of site B',
    endpoint: promoters.getWechatAccountList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf((prepared) => [prepared.wechatAccountId]),
  }),
  defineIsolationCase({
    name: 'UnbindPromoterWechat of a site B account',
    endpoint: promoters.unbindWechatAccounts,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.wechatAccountId] }),
  }),
  defineIsolationCase({
    name: 'GetSettlementReport shows none of site B',
    endpoint: report.getPromoterReport,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf((prepared) => [prepared.topId], 'PromoterId'),
  }),
  defineIsolationCase({
    name: 'GetCommissionOrderList shows none of site B',
    endpoint: report.getCommissionOrderList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf((prepared) => [prepared.orderId], 'OrderId'),
  }),
  defineIsolationCase({
    name: 'GetCommissionOrderList of a site B promoter',
    endpoint: report.getCommissionOrderList,
    setup: siteB,
    input: (_context, prepared) => ({ promoterId: prepared.topId }),
  }),
  defineIsolationCase({
    name: 'GetSettlementOrderDetails of a site B order',
    endpoint: report.getSettlementOrderDetails,
    setup: siteB,
    input: (_context, prepared) => ({ id: prepared.orderId }),
  }),
  defineIsolationCase({
    name: 'SettleDueCommission settles this shop’s rows only',
    endpoint: report.settleDueCommission,
    setup: siteB,
    input: () => ({}),
    verify: (response) => expect(response.body.Errcode).toBe(0),
  }),
  defineIsolationCase({
    name: 'GetWithdrawalList shows none of site B',
    endpoint: withdrawals.getWithdrawalList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf((prepared) => [prepared.appliedId, prepared.payingId]),
  }),
  defineIsolationCase({
    name: 'ApproveWithdrawals of a site B withdrawal',
    endpoint: withdrawals.approveWithdrawals,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.appliedId] }),
  }),
  defineIsolationCase({
    name: 'PayWithdrawals of a site B withdrawal',
    endpoint: withdrawals.payWithdrawals,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.appliedId] }),
  }),
  defineIsolationCase({
    name: 'RejectWithdrawal of a site B withdrawal',
    endpoint: withdrawals.rejectWithdrawal,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.appliedId, Reason: '越权' }),
  }),
  defineIsolationCase({
    name: 'MarkWithdrawalPaid of a site B bank payout',
    endpoint: withdrawals.markWithdrawalPaid,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.payingId, Voucher: 'https://example.com/v.png' }),
  }),
  defineIsolationCase({
    name: 'MarkWithdrawalFailed of a site B bank payout',
    endpoint: withdrawals.markWithdrawalFailed,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.payingId, Reason: '越权' }),
  }),
  defineIsolationCase({
    name: 'RetryWithdrawal of a site B withdrawal',
    endpoint: withdrawals.retryWithdrawal,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.payingId }),
  }),
]);

describe('tenant isolation: the promoter’s storefront calls', () => {
  let server: TestServer;
  let keyA: string;
  beforeAll(async () => {
    server = await startTestServer();
    keyA = await storefrontKey(server, await server.login('admin'));
    await siteB({ server, siteA: MALL_SITE, siteB: SECOND_SITE, siteExpired: 0 });
  });
  afterAll(() => server.close());

  const buyer = 'iso-b-top';
  it.each<[string, EndpointDefinition, unknown, (body: Record<string, unknown>) => void]>([
    [
      'GetPromoterAccount',
      shop.getPromoterAccount,
      { buyerId: buyer },
      (body) => expect(body.Promoter ?? null).toBeNull(),
    ],
    ['GetPromoterTeam', shop.getMyTeam, { buyerId: buyer }, (body) => expect(body.Errcode).toBe(-1)],
    [
      'GetPromoterCommission',
      shop.getMyCommission,
      { buyerId: buyer },
      (body) => expect(body.Errcode).toBe(-1),
    ],
    [
      'GetPromoterInvite',
      shop.getPromoterInvite,
      { buyerId: buyer },
      (body) => expect(body.Errcode).toBe(-1),
    ],
    [
      'GetPromoterWithdrawals',
      shop.getMyWithdrawals,
      { buyerId: buyer },
      (body) => expect(body.Errcode).toBe(-1),
    ],
    [
      'BindPromoterWechat',
      shop.bindPromoterWechat,
      { BuyerId: buyer, OpenId: 'oIsoIntruder0001', RealName: '甲' },
      (body) => expect(body.Errcode).toBe(-1),
    ],
    [
      'ApplyWithdrawal',
      shop.applyWithdrawal,
      { BuyerId: buyer, AmountFen: 1_000, Channel: 'balance' },
      (body) => expect(body.Errcode).toBe(-1),
    ],
  ])('%s with shop A’s key names no buyer of shop B', async (_, endpoint, input, check) => {
    const before = await siteFingerprint(server, SECOND_SITE);
    const response = await storefront(server, keyA, endpoint, input);
    expect(response.status).toBeLessThan(500);
    check(response.body as Record<string, unknown>);
    expect(await siteFingerprint(server, SECOND_SITE)).toEqual(before);
  });
});
