import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { getPromoterGradeOptions } from '../../contract/endpoints/distribution';
import * as shop from '../../contract/endpoints/distribution-storefront';
import * as promoters from '../../contract/endpoints/promoters';
import { settleDueCommission } from '../../server/areas/distribution/settlement';
import {
  balances,
  fieldOf,
  member,
  paidOrder,
  promoter,
  promoterId,
  setDistribution,
} from './distribution-helpers';
import { startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, prepareSku, storefront, storefrontKey, type TestSku } from './order-helpers';

/** Promoters: joining by the shop's rule, the parent fixed at joining, the lists, teams and accounts. */

let server: TestServer;
let admin: string;
let key: string;
let sku: TestSku;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  sku = await prepareSku(server, MALL_SITE, 500, { skip: 4 });
  await setDistribution(server, admin, {
    Enabled: true,
    Levels: 2,
    Joining: 'review',
    Level1Rate: 1_000,
    Level2Rate: 500,
    SettleMoment: 'completion',
    FreezeDays: 0,
    WithdrawChannels: ['balance', 'wechat', 'bank'],
  });
});
afterAll(() => server.close());

const apply = (buyerId: string, locale = 'en') =>
  storefront(server, key, shop.applyPromoter, { BuyerId: buyerId }, locale);

describe('applying to promote', () => {
  it('waits for review under the review rule, once however often the member applies', async () => {
    await member(server, key, 'p-review');
    const first = await apply('p-review');
    expect(first.body.Application.State).toBe('pending');
    const again = await apply('p-review');
    expect(again.body.Application).toEqual(first.body.Application);
    const [count] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from promoter_applications a join members m on m.id = a.member_id
           where m.open_id = 'p-review'`,
    );
    expect(count!.count).toBe(1);
    const list = await server.call(promoters.getApplicationList, { keyword: 'p-review' }, { token: admin });
    expect(list.body.Data).toMatchObject([{ Nickname: 'p-review', State: 'pending', PaidOrders: 0 }]);
    expect(list.body.Counts.pending).toBeGreaterThanOrEqual(1);
  });

  it('approves in bulk (skipping the approved) and rejects with a reason the member reads', async () => {
    await member(server, key, 'p-approve');
    await member(server, key, 'p-reject');
    await apply('p-approve');
    await apply('p-reject');
    const list = await server.call(promoters.getApplicationList, { keyword: 'p-' }, { token: admin });
    const id = (name: string) => list.body.Data.find((row) => row.Nickname === name)!.Id;
    const approved = await server.call(
      promoters.approveApplications,
      { Ids: [id('p-approve')] },
      { token: admin },
    );
    expect(approved.body.Changed).toBe(1);
    const twice = await server.call(
      promoters.approveApplications,
      { Ids: [id('p-approve')] },
      { token: admin },
    );
    expect(twice.body.Changed).toBe(0);
    const rejected = await server.call(
      promoters.rejectApplication,
      { Id: id('p-reject'), Reason: '资料不全' },
      { token: admin },
    );
    expect(rejected.body.Errmsg).toBe('');
    const late = await server.call(
      promoters.approveApplications,
      { Ids: [id('p-reject')] },
      { token: admin },
    );
    expectError(late, /cannot be approved: it is rejected/);
    const account = await storefront(server, key, shop.getPromoterAccount, { buyerId: 'p-reject' });
    expect(account.body).toMatchObject({
      Promoter: null,
      Application: { State: 'rejected', Reason: '资料不全' },
    });
    const joined = await storefront(server, key, shop.getPromoterAccount, { buyerId: 'p-approve' });
    expect(joined.body.Promoter).toMatchObject({ Status: 'active', WithdrawableFen: 0 });
    const again = await apply('p-approve');
    expect([again.body.Errcode, fieldOf(again)]).toEqual([-1, 'BuyerId']);
  });

  it('makes a member a promoter at once when they meet the rule, and tells them why not', async () => {
    await setDistribution(server, admin, {
      Enabled: true,
      Joining: 'paidOrder',
      WithdrawChannels: ['balance'],
    });
    await member(server, key, 'p-buyer-first');
    const refused = await apply('p-buyer-first');
    expect([refused.body.Errcode, fieldOf(refused)]).toEqual([-1, 'BuyerId']);
    expect(refused.body.Errmsg).toMatch(/paid for an order/);
    await paidOrder(server, key, 'p-buyer-first', sku);
    expect((await apply('p-buyer-first')).body.Application.State).toBe('approved');

    await setDistribution(server, admin, {
      Enabled: true,
      Joining: 'spending',
      JoinSpendingFen: 1_000_000,
      WithdrawChannels: ['balance'],
    });
    await member(server, key, 'p-spender');
    const short = await apply('p-spender', 'zh');
    expect(short.body.Errmsg).toContain('¥10000.00');
    await setDistribution(server, admin, { Enabled: true, Joining: 'anyone', WithdrawChannels: ['balance'] });
    expect((await apply('p-spender')).body.Application.State).toBe('approved');

    await setDistribution(server, admin, { Enabled: false });
    await member(server, key, 'p-late');
    expectError(await apply('p-late'), /off/);
    await setDistribution(server, admin, {
      Enabled: true,
      Levels: 2,
      Joining: 'anyone',
      Level1Rate: 1_000,
      Level2Rate: 500,
      SettleMoment: 'completion',
      FreezeDays: 0,
      WithdrawChannels: ['balance', 'wechat', 'bank'],
    });
  });

  it('refuses buyers who never signed in and disabled members', async () => {
    const unknown = await apply('p-nobody');
    expect([unknown.body.Errcode, fieldOf(unknown)]).toEqual([-1, 'BuyerId']);
    await member(server, key, 'p-disabled');
    await server.query(sql`update members set status = 'disabled' where open_id = 'p-disabled'`);
    const disabled = await apply('p-disabled');
    expect(disabled.status).toBe(403);
  });

  it('fixes the parent when the member joins: their inviter’s promoter row, never a later one', async () => {
    const parentNo = await member(server, key, 'p-parent');
    const parent = await promoter(server, key, admin, 'p-parent');
    const childNo = await member(server, key, 'p-child', parentNo);
    await promoter(server, key, admin, 'p-child');
    const otherNo = await member(server, key, 'p-other');
    await promoter(server, key, admin, 'p-other');
    // A later invite does not move the member: sign-in keeps the first inviter.
    await member(server, key, 'p-child', otherNo);
    const child = await promoterId(server, 'p-child');
    const [row] = await server.query<{ parent_id: number | null }>(
      sql`select parent_id from promoters where id = ${child}`,
    );
    expect(row!.parent_id).toBe(parent);
    const list = await server.call(promoters.getPromoterList, { keyword: 'p-child' }, { token: admin });
    expect(list.body.Data[0]).toMatchObject({
      Nickname: 'p-child',
      ParentName: 'p-parent',
      Status: 'active',
    });
    expect(childNo).not.toBe('');
  });
});

describe('the promoters list', () => {
  it('searches, narrows by grade and status, counts the team and shows the balances', async () => {
    const topNo = await member(server, key, 'l-top');
    const top = await promoter(server, key, admin, 'l-top');
    const subNo = await member(server, key, 'l-sub', topNo);
    await promoter(server, key, admin, 'l-sub');
    await member(server, key, 'l-fan-1', topNo);
    await member(server, key, 'l-fan-2', subNo);
    await member(server, key, 'l-fan-3', subNo);
    // Level 1: l-sub and l-fan-1; level 2: l-fan-2 and l-fan-3.
    await paidOrder(server, key, 'l-fan-2', sku);
    const list = await server.call(promoters.getPromoterList, { keyword: 'l-top' }, { token: admin });
    expect(list.body.Data).toMatchObject([{ Id: top, TeamSize: 4, PendingFen: expect.any(Number) }]);
    expect(list.body.Data[0]!.PendingFen).toBeGreaterThan(0);

    const grades = await server.call(getPromoterGradeOptions, {}, { token: admin });
    const gold = grades.body.Data[0]!;
    const moved = await server.call(
      promoters.setPromoterGrade,
      { Ids: [top], GradeId: gold.Id },
      { token: admin },
    );
    expect(moved.body.Changed).toBe(1);
    const byGrade = await server.call(
      promoters.getPromoterList,
      { gradeId: gold.Id, keyword: 'l-' },
      { token: admin },
    );
    expect(byGrade.body.Data.map((row) => row.Nickname)).toEqual(['l-top']);
    expect(byGrade.body.Data[0]!.GradeName).toBe(gold.Name);
    const defaults = await server.call(
      promoters.getPromoterList,
      { gradeId: 0, keyword: 'l-' },
      { token: admin },
    );
    expect(defaults.body.Data.map((row) => row.Nickname)).toEqual(['l-sub']);

    const frozen = await server.call(promoters.freezePromoters, { Ids: [top] }, { token: admin });
    expect(frozen.body.Changed).toBe(1);
    const tabs = await server.call(
      promoters.getPromoterList,
      { keyword: 'l-', status: 'frozen' },
      { token: admin },
    );
    expect(tabs.body.Data.map((row) => row.Nickname)).toEqual(['l-top']);
    expect(tabs.body.Counts).toMatchObject({ all: 2, active: 1, frozen: 1 });
    expect(
      (await server.call(promoters.freezePromoters, { Ids: [top] }, { token: admin })).body.Changed,
    ).toBe(0);
    expect(
      (await server.call(promoters.unfreezePromoters, { Ids: [top] }, { token: admin })).body.Changed,
    ).toBe(1);
    const sorted = await server.call(
      promoters.getPromoterList,
      { keyword: 'l-', sort: '-team' },
      { token: admin },
    );
    expect(sorted.body.Data.map((row) => row.Nickname)).toEqual(['l-top', 'l-sub']);
  });

  it('shows a promoter’s downline by level with their orders and commission', async () => {
    const top = await promoterId(server, 'l-top');
    const first = await server.call(promoters.getPromoterTeam, { promoterId: top }, { token: admin });
    expect(first.body.Errmsg).toBe('');
    expect(first.body.Promoter.Nickname).toBe('l-top');
    expect(first.body.Counts).toEqual({ '1': 2, '2': 2 });
    expect(first.body.Data.map((row) => [row.Nickname, row.IsPromoter]).sort()).toEqual([
      ['l-fan-1', false],
      ['l-sub', true],
    ]);
    const second = await server.call(
      promoters.getPromoterTeam,
      { promoterId: top, level: '2' },
      { token: admin },
    );
    const buyer = second.body.Data.find((row) => row.Nickname === 'l-fan-2')!;
    expect(buyer).toMatchObject({ ViaName: 'l-sub', Orders: 1 });
    expect(buyer.CommissionFen).toBeGreaterThan(0);
    expect(second.body.Totals.CommissionFen).toBe(buyer.CommissionFen);
  });

  it('gives the promoter’s shop link with its QR code', async () => {
    const top = await promoterId(server, 'l-top');
    const response = await server.call(
      promoters.getStoreDistributorsShopUrl,
      { promoterId: top },
      { token: admin },
    );
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Path).toBe(`/pages/index/index?inviter=${response.body.MemberNo}`);
    expect(response.body.Url).toMatch(
      new RegExp(`/preview/${MALL_SITE}\\?inviter=${response.body.MemberNo}$`),
    );
    expect(response.body.Image).toMatch(/^data:image\/png;base64,/);
    const unknown = await server.call(
      promoters.getStoreDistributorsShopUrl,
      { promoterId: 999_999 },
      { token: admin },
    );
    expect([unknown.body.Errcode, fieldOf(unknown)]).toEqual([-1, 'promoterId']);
  });

  it('exports the list', async () => {
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${promoters.exportPromoterList.path}?keyword=l-`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(raw.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Promoters')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(2).value).toBe('Nickname');
  });
});

describe('the promoter’s side', () => {
  it('shows their account, team, commission rows and invite', async () => {
    const order = await paidOrder(server, key, 'l-fan-1', sku);
    await settleDueCommission(server.database.db, new Date());
    const account = await storefront(server, key, shop.getPromoterAccount, { buyerId: 'l-top' });
    expect(account.body.Enabled).toBe(true);
    expect(account.body.Promoter).toMatchObject({ TeamSize: 4, Status: 'active' });
    expect(account.body.Rules.WithdrawChannels).toEqual(['balance', 'wechat', 'bank']);
    const team = await storefront(server, key, shop.getMyTeam, { buyerId: 'l-top', level: '2' });
    expect(team.body.Counts).toEqual({ '1': 2, '2': 2 });
    // Other members' names reach the promoter masked.
    expect(team.body.Data.map((row) => row.Nickname)).toEqual(['l******', 'l******']);
    const commission = await storefront(server, key, shop.getMyCommission, { buyerId: 'l-top' });
    expect(commission.body.Data.find((row) => row.OrderNo === order.OrderNo)).toMatchObject({ Level: 1 });
    const invite = await storefront(server, key, shop.getPromoterInvite, { buyerId: 'l-top' });
    expect(invite.body.Path).toContain('inviter=M');
    const stranger = await storefront(server, key, shop.getMyTeam, { buyerId: 'p-review' });
    expect([stranger.body.Errcode, fieldOf(stranger)]).toEqual([-1, 'buyerId']);
  });

  it('binds one WeChat account at a time, masked back and listed for the shop', async () => {
    const bound = await storefront(server, key, shop.bindPromoterWechat, {
      BuyerId: 'l-top',
      OpenId: 'oTopFirst000001',
      RealName: '张小明',
    });
    expect(bound.body).toMatchObject({ OpenId: 'oTop…0001', RealName: '张**' });
    await storefront(server, key, shop.bindPromoterWechat, {
      BuyerId: 'l-top',
      OpenId: 'oTopSecond00002',
      RealName: '张小明',
    });
    const top = await promoterId(server, 'l-top');
    const list = await server.call(
      promoters.getWechatAccountList,
      { promoterId: top, state: 'all' },
      { token: admin },
    );
    expect(list.body.Promoter?.Nickname).toBe('l-top');
    expect(list.body.Counts).toEqual({ all: 2, bound: 1, unbound: 1 });
    const current = list.body.Data.find((row) => row.State === 'bound')!;
    expect(current.OpenId).toBe('oTop…0002');
    const unbound = await server.call(
      promoters.unbindWechatAccounts,
      { Ids: [current.Id] },
      { token: admin },
    );
    expect(unbound.body.Changed).toBe(1);
    const account = await storefront(server, key, shop.getPromoterAccount, { buyerId: 'l-top' });
    expect(account.body.Wechat).toBeNull();
  });

  it.each([
    [
      shop.bindPromoterWechat.path,
      shop.bindPromoterWechat,
      { BuyerId: 'l-top', OpenId: 'a b', RealName: '张' },
      'OpenId',
    ],
    [
      shop.bindPromoterWechat.path,
      shop.bindPromoterWechat,
      { BuyerId: 'l-top', OpenId: 'oValid0001', RealName: '' },
      'RealName',
    ],
    [shop.getMyTeam.path, shop.getMyTeam, { buyerId: 'l-top', level: '3' }, 'level'],
    [shop.getMyCommission.path, shop.getMyCommission, { buyerId: 'l-top', state: 'paid' }, 'state'],
    [shop.applyPromoter.path, shop.applyPromoter, { BuyerId: '' }, 'BuyerId'],
  ] as const)('%s names the field of bad input', async (_, endpoint, input, field) => {
    const response = await storefront(server, key, endpoint, input);
    expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
  });

  it('refuses calls without the shop’s key', async () => {
    const response = await server.call(shop.getPromoterAccount, { buyerId: 'l-top' });
    expect(response.status).toBe(401);
  });
});

describe('bad input and permissions of the admin calls', () => {
  it.each([
    [promoters.getPromoterList.path, promoters.getPromoterList, { status: 'gone' }, 'status'],
    [
      promoters.getPromoterList.path,
      promoters.getPromoterList,
      { joinedFrom: '2026-02-02', joinedTo: '2026-02-01' },
      'joinedFrom',
    ],
    [promoters.getPromoterList.path, promoters.getPromoterList, { gradeId: -1 }, 'gradeId'],
    [promoters.freezePromoters.path, promoters.freezePromoters, { Ids: [] }, 'Ids'],
    [promoters.freezePromoters.path, promoters.freezePromoters, { Ids: [999_999] }, 'Ids'],
    [promoters.setPromoterGrade.path, promoters.setPromoterGrade, { Ids: [1], GradeId: 999_999 }, 'GradeId'],
    [promoters.rejectApplication.path, promoters.rejectApplication, { Id: 1, Reason: '' }, 'Reason'],
    [promoters.approveApplications.path, promoters.approveApplications, { Ids: [999_999] }, 'Ids'],
    [promoters.getPromoterTeam.path, promoters.getPromoterTeam, {}, 'promoterId'],
    [promoters.getWechatAccountList.path, promoters.getWechatAccountList, { state: 'lost' }, 'state'],
    [promoters.unbindWechatAccounts.path, promoters.unbindWechatAccounts, { Ids: [999_999] }, 'Ids'],
  ] as const)('%s names the field of bad input', async (_, endpoint, input, field) => {
    const response = await server.call(endpoint, input, { token: admin });
    expect([response.status, response.body.Errcode, fieldOf(response)]).toEqual([200, -1, field]);
  });

  it('refuses accounts without the menus', async () => {
    // A store account: neither /distribution nor /customer is granted to it.
    const sub = await server.login('store');
    for (const [endpoint, input] of [
      [promoters.getPromoterList, {}],
      [promoters.exportPromoterList, {}],
      [promoters.freezePromoters, { Ids: [1] }],
      [promoters.unfreezePromoters, { Ids: [1] }],
      [promoters.setPromoterGrade, { Ids: [1], GradeId: null }],
      [promoters.getStoreDistributorsShopUrl, { promoterId: 1 }],
      [promoters.getApplicationList, {}],
      [promoters.approveApplications, { Ids: [1] }],
      [promoters.rejectApplication, { Id: 1, Reason: 'x' }],
      [promoters.getPromoterTeam, { promoterId: 1 }],
      [promoters.getWechatAccountList, {}],
      [promoters.unbindWechatAccounts, { Ids: [1] }],
      [getPromoterGradeOptions, {}],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });

  it('keeps a frozen promoter’s balance theirs', async () => {
    const top = await promoterId(server, 'l-top');
    const before = await balances(server, top);
    await server.call(promoters.freezePromoters, { Ids: [top] }, { token: admin });
    expect(await balances(server, top)).toEqual(before);
    await server.call(promoters.unfreezePromoters, { Ids: [top] }, { token: admin });
  });
});
