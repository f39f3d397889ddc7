import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { makeCouponCode } from '../../contract/coupon-code';
import * as coupons from '../../contract/endpoints/coupons';
import { couponForm } from './coupon-helpers';
import type { ApiResponse, TestServer } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

/** Every coupon call of the mall's admin naming the official site's rows: refused, nothing changed. */

interface SiteBRows extends Record<string, unknown> {
  coupon: number;
  offline: number;
  copy: number;
  code: number;
  codeText: string;
  rule: number;
  send: number;
  member: number;
}

let rows: SiteBRows | null = null;

/** Rows of site B every case names, made once per server. */
async function siteB({ server, siteB: site }: IsolationContext): Promise<SiteBRows> {
  if (rows) return rows;
  const one = async (statement: ReturnType<typeof sql>) =>
    (await server.query<{ id: number }>(statement))[0]!.id;
  const coupon = await one(
    sql`select id from coupons where site_id = ${site} and channel = 'online' order by id limit 1`,
  );
  const member = await one(sql`select id from members where site_id = ${site} order by id limit 1`);
  const copy = await one(
    sql`insert into member_coupons (site_id, coupon_id, member_id, source, claim_day, valid_from, valid_until)
        values (${site}, ${coupon}, ${member}, 'claim', current_date, now(), now() + interval '7 days') returning id`,
  );
  const offline = await one(
    sql`insert into coupons (site_id, title, discount_type, value, ends_at, channel, state, valid_from, valid_until)
        values (${site}, '官网门店券', 'amount', 500, now() + interval '30 days', 'offline', 'active',
                current_date, current_date + 30) returning id`,
  );
  const batch = await one(
    sql`insert into offline_coupon_batches (site_id, coupon_id, quantity) values (${site}, ${offline}, 1) returning id`,
  );
  const codeText = makeCouponCode('ISLATEDCDE23456'.replace(/[IO01]/g, '2'));
  const code = await one(
    sql`insert into offline_coupon_codes (site_id, coupon_id, batch_id, code, valid_from, valid_until)
        values (${site}, ${offline}, ${batch}, ${codeText}, now() - interval '1 day', now() + interval '30 days')
        returning id`,
  );
  const rule = await one(
    sql`insert into coupon_rules (site_id, event, coupon_id, enabled) values (${site}, 'birthday', ${coupon}, false)
        returning id`,
  );
  const send = await one(
    sql`insert into coupon_sends (site_id, coupon_id, target, request_key, total, failed, state)
        values (${site}, ${coupon}, 'members', 'isolation-send', 1, 1, 'done') returning id`,
  );
  await server.query(
    sql`insert into coupon_send_items (site_id, send_id, member_id, state, reason)
        values (${site}, ${send}, ${member}, 'failed', 'coupon.issue.soldOut')`,
  );
  rows = { coupon, offline, copy, code, codeText, rule, send, member };
  return rows;
}

async function ownCoupon(server: TestServer, siteA: number): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from coupons where site_id = ${siteA} and state = 'active' and channel = 'online' order by id limit 1`,
  );
  return row!.id;
}

/** A list answering Errcode 0 with none of site B's rows. */
const noRowsOf =
  (table: string) =>
  async (response: ApiResponse, { server, siteB: site }: IsolationContext) => {
    expect(response.body.Errcode).toBe(0);
    const foreign = await server.query<{ id: number }>(
      sql`select id from ${sql.identifier(table)} where site_id = ${site}`,
    );
    const ids = new Set(foreign.map((row) => row.id));
    const data = (response.body as unknown as { Data: { Id: number }[] }).Data;
    expect(data.some((row) => ids.has(row.Id))).toBe(false);
  };

runIsolationCases('coupons', [
  defineIsolationCase({
    name: 'GetCouponList lists only the caller’s coupons',
    endpoint: coupons.getCouponList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noRowsOf('coupons'),
  }),
  defineIsolationCase({
    name: 'GetOfflineCouponList lists only the caller’s coupons',
    endpoint: coupons.getOfflineCouponList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noRowsOf('coupons'),
  }),
  defineIsolationCase({
    name: 'GetSelectCouponList offers only the caller’s coupons',
    endpoint: coupons.getSelectCouponList,
    setup: siteB,
    input: () => ({ state: 'all', pageSize: 100 }),
    verify: noRowsOf('coupons'),
  }),
  defineIsolationCase({
    name: 'GetCouponInfo of site B’s coupon',
    endpoint: coupons.getCouponInfo,
    setup: siteB,
    input: (_, b) => ({ id: b.coupon }),
  }),
  defineIsolationCase({
    name: 'SaveCoupon over site B’s coupon',
    endpoint: coupons.saveCoupon,
    setup: siteB,
    input: (_, b) => ({ ...couponForm({ Title: '改别人的' }), Id: b.coupon, Version: 1 }),
  }),
  defineIsolationCase({
    name: 'SetCouponState of site B’s coupon',
    endpoint: coupons.setCouponState,
    setup: siteB,
    input: (_, b) => ({ Ids: [b.coupon], Action: 'end' }),
  }),
  defineIsolationCase({
    name: 'DeleteCoupon of site B’s coupon',
    endpoint: coupons.deleteCoupon,
    setup: siteB,
    input: (_, b) => ({ Id: b.offline }),
  }),
  defineIsolationCase({
    name: 'GetCouponCopies of site B’s coupon shows none',
    endpoint: coupons.getCouponCopies,
    setup: siteB,
    input: (_, b) => ({ couponId: b.coupon }),
    verify: (response) => {
      expect(response.body).toMatchObject({ Errcode: 0, Total: 0, Data: [] });
    },
  }),
  defineIsolationCase({
    name: 'RevokeMemberCoupon of site B’s copy',
    endpoint: coupons.revokeMemberCoupon,
    setup: siteB,
    input: (_, b) => ({ Id: b.copy, Reason: '越权' }),
  }),
  defineIsolationCase({
    name: 'SaveCouponRule sending site B’s coupon',
    endpoint: coupons.saveCouponRule,
    setup: siteB,
    input: (_, b) => ({
      Event: 'newMember',
      CouponId: b.coupon,
      Copies: 1,
      GradeIds: [],
      MinRechargeFen: 0,
      Enabled: true,
    }),
  }),
  defineIsolationCase({
    name: 'SaveCouponRule over site B’s rule',
    endpoint: coupons.saveCouponRule,
    setup: async (context) => ({
      ...(await siteB(context)),
      own: await ownCoupon(context.server, context.siteA),
    }),
    input: (_, b) => ({
      Id: b.rule,
      Version: 1,
      Event: 'birthday',
      CouponId: b.own,
      Copies: 1,
      GradeIds: [],
      MinRechargeFen: 0,
      Enabled: true,
    }),
  }),
  defineIsolationCase({
    name: 'SetCouponRuleEnabled of site B’s rule',
    endpoint: coupons.setCouponRuleEnabled,
    setup: siteB,
    input: (_, b) => ({ Ids: [b.rule], Enabled: true }),
  }),
  defineIsolationCase({
    name: 'DeleteCouponRule of site B’s rule',
    endpoint: coupons.deleteCouponRule,
    setup: siteB,
    input: (_, b) => ({ Id: b.rule }),
  }),
  defineIsolationCase({
    name: 'GetCouponRuleList lists only the caller’s rules',
    endpoint: coupons.getCouponRuleList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noRowsOf('coupon_rules'),
  }),
  defineIsolationCase({
    name: 'CreateCouponSend of site B’s coupon',
    endpoint: coupons.createCouponSend,
    setup: siteB,
    input: (_, b) => ({
      CouponId: b.coupon,
      Copies: 1,
      Target: { Kind: 'tag', Tag: 'VIP' },
      RequestKey: 'iso-1-key',
    }),
  }),
  defineIsolationCase({
    name: 'CreateCouponSend to site B’s members',
    endpoint: coupons.createCouponSend,
    setup: async (context) => ({
      ...(await siteB(context)),
      own: await ownCoupon(context.server, context.siteA),
    }),
    input: (_, b) => ({
      CouponId: b.own,
      Copies: 1,
      Target: { Kind: 'members', MemberIds: [b.member] },
      RequestKey: 'iso-2-key',
    }),
  }),
  defineIsolationCase({
    name: 'SendCouponToMembers to site B’s members',
    endpoint: coupons.sendCouponToMembers,
    setup: async (context) => ({
      ...(await siteB(context)),
      own: await ownCoupon(context.server, context.siteA),
    }),
    input: (_, b) => ({ CouponId: b.own, Copies: 1, MemberIds: [b.member], RequestKey: 'iso-3-key' }),
  }),
  defineIsolationCase({
    name: 'FindSendMembers by site B’s member ids finds none',
    endpoint: coupons.findSendMembers,
    setup: siteB,
    input: (_, b) => ({ Ids: String(b.member) }),
    verify: (response) => {
      expect(response.body).toMatchObject({ Errcode: 0, Data: [] });
    },
  }),
  defineIsolationCase({
    name: 'GetCouponSendList lists only the caller’s sends',
    endpoint: coupons.getCouponSendList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noRowsOf('coupon_sends'),
  }),
  defineIsolationCase({
    name: 'GetCouponSendFailures of site B’s send',
    endpoint: coupons.getCouponSendFailures,
    setup: siteB,
    input: (_, b) => ({ sendId: b.send }),
  }),
  defineIsolationCase({
    name: 'BuildOfflineCodes for site B’s coupon',
    endpoint: coupons.buildOfflineCodes,
    setup: siteB,
    input: (_, b) => ({ CouponId: b.offline, Quantity: 5 }),
  }),
  defineIsolationCase({
    name: 'GetOfflineBatches of site B’s coupon',
    endpoint: coupons.getOfflineBatches,
    setup: siteB,
    input: (_, b) => ({ couponId: b.offline }),
  }),
  defineIsolationCase({
    name: 'GetOfflineCodeList of site B’s coupon',
    endpoint: coupons.getOfflineCodeList,
    setup: siteB,
    input: (_, b) => ({ couponId: b.offline }),
  }),
  defineIsolationCase({
    name: 'ExportOfflineCodes of site B’s coupon',
    endpoint: coupons.exportOfflineCodes,
    setup: siteB,
    input: (_, b) => ({ couponId: b.offline }),
  }),
  defineIsolationCase({
    name: 'VoidOfflineCodes of site B’s code',
    endpoint: coupons.voidOfflineCodes,
    setup: siteB,
    input: (_, b) => ({ Ids: [b.code] }),
  }),
  defineIsolationCase({
    name: 'WriteOffCoupon of site B’s code at the caller’s store',
    endpoint: coupons.writeOffCoupon,
    setup: async (context) => {
      const [store] = await context.server.query<{ id: number }>(
        sql`select id from stores where site_id = ${context.siteA} and not deleted order by id limit 1`,
      );
      return { ...(await siteB(context)), store: store!.id };
    },
    input: (_, b) => ({ Code: b.codeText, StoreId: b.store }),
  }),
]);
