import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as lotteries from '../../contract/endpoints/lotteries';
import type { TestServer } from './harness';
import { lotteryForm, prizeForm } from './lottery-helpers';
import { defineIsolationCase, noneOfSiteB, runIsolationCases, sharedSiteB } from './tenant-isolation';

/** Rows of site B: its seeded draw, a record of it and a goods prize's record waiting to ship. */
interface SiteB extends Record<string, unknown> {
  lotteryId: number;
  version: number;
  prizeId: number;
  recordId: number;
  productId: number;
}

async function makeSiteB(server: TestServer, siteB: number): Promise<SiteB> {
  const [lottery] = await server.query<{ id: number; version: number }>(
    sql`select id, version from marketing_activities where site_id = ${siteB} and not deleted order by id limit 1`,
  );
  const [prize] = await server.query<{ id: number }>(
    sql`select id from lottery_prizes where lottery_id = ${lottery!.id} order by id limit 1`,
  );
  const [product] = await server.query<{ id: number }>(
    sql`select id from products where site_id = ${siteB} and recycle_state = 'active' order by id limit 1`,
  );
  const [member] = await server.query<{ id: number }>(
    sql`insert into members (site_id, open_id, nickname, source, grade_id)
        values (${siteB}, 'site-b-drawer', '官网会员', 'miniProgram',
                (select id from member_grades where site_id = ${siteB} and is_default))
        returning id`,
  );
  const [record] = await server.query<{ id: number }>(
    sql`insert into lottery_records (site_id, record_no, lottery_id, member_id, buyer_id, outcome, prize_name, state)
        values (${siteB}, 'CJ-SITE-B-1', ${lottery!.id}, ${member!.id}, 'site-b-drawer', 'goods', '官网奖品', 'toShip')
        returning id`,
  );
  return {
    lotteryId: lottery!.id,
    version: lottery!.version,
    prizeId: prize!.id,
    recordId: record!.id,
    productId: product?.id ?? 0,
  };
}

const siteB = sharedSiteB(makeSiteB);

const noneOf = (ids: (prepared: SiteB) => number[]) => noneOfSiteB(ids, { nonEmpty: true });

runIsolationCases('lottery', [
  defineIsolationCase({
    name: 'GetLotteryInfo of a site B draw',
    endpoint: lotteries.getLotteryInfo,
    setup: siteB,
    input: (_context, prepared) => ({ id: prepared.lotteryId }),
    message: /no lucky draw/,
  }),
  defineIsolationCase({
    name: 'BindLottery saving a site B draw',
    endpoint: lotteries.bindLottery,
    setup: siteB,
    input: (_context, prepared) => lotteryForm({ Id: prepared.lotteryId, Version: prepared.version }),
  }),
  defineIsolationCase({
    name: 'BindLottery taking over a site B prize',
    endpoint: lotteries.bindLottery,
    setup: siteB,
    input: (_context, prepared) => lotteryForm({ Prizes: [prizeForm({ Id: prepared.prizeId })] }),
  }),
  defineIsolationCase({
    name: 'BindLottery giving site B goods as a prize',
    endpoint: lotteries.bindLottery,
    setup: siteB,
    input: (_context, prepared) =>
      lotteryForm({ Prizes: [prizeForm({ Kind: 'goods', Points: 0, ProductId: prepared.productId })] }),
  }),
  defineIsolationCase({
    name: 'SetLotteryStatus of a site B draw',
    endpoint: lotteries.setLotteryStatus,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.lotteryId], Status: 'off' }),
  }),
  defineIsolationCase({
    name: 'DelLottery of a site B draw',
    endpoint: lotteries.deleteLotteries,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.lotteryId] }),
  }),
  defineIsolationCase({
    name: 'GetLotteryList shows none of site B',
    endpoint: lotteries.getLotteryList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf((prepared) => [prepared.lotteryId]),
  }),
  defineIsolationCase({
    name: 'GetLotteryRecordList of a site B draw shows nothing',
    endpoint: lotteries.getLotteryRecordList,
    setup: siteB,
    input: (_context, prepared) => ({ lotteryId: prepared.lotteryId }),
    verify: (response) => expect(response.body.Total).toBe(0),
  }),
  defineIsolationCase({
    name: 'ShipLotteryPrize of a site B record',
    endpoint: lotteries.shipLotteryPrize,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.recordId, Carrier: 'SF', TrackingNo: 'SF1234567890123' }),
    message: /no draw record/,
  }),
]);
