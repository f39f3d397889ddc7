import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as points from '../../contract/endpoints/points';
import * as mall from '../../contract/endpoints/points-exchange';
import * as goodsApi from '../../contract/endpoints/points-goods';
import { exchangeGoods } from '../../server/areas/points/exchange';
import type { TestServer } from './harness';
import { ADDRESS } from './order-helpers';
import { givePoints, goodsForm } from './points-helpers';
import { defineIsolationCase, noneOfSiteB, runIsolationCases, sharedSiteB } from './tenant-isolation';

/** Rows of site B: its points goods, an exchange order and a member, made once per server. */
interface SiteB extends Record<string, unknown> {
  goodsId: number;
  goodsVersion: number;
  productId: number;
  exchangeId: number;
  memberId: number;
}

async function makeSiteB(server: TestServer, siteB: number): Promise<SiteB> {
  const [goods] = await server.query<{ id: number; version: number; product_id: number }>(
    sql`select id, version, product_id from points_products
         where site_id = ${siteB} and not deleted and status = 'on' and product_id is not null
           and (ends_at is null or ends_at > now()) and starts_at <= now() and kind = 'physical' and stock > 0
         order by id limit 1`,
  );
  await givePoints(server, 'site-b-buyer', 100_000, { siteId: siteB });
  const exchange = await server.database.db.transaction((tx) =>
    exchangeGoods(
      {
        tx,
        siteId: siteB,
        actor: { kind: 'buyer', accountId: null, name: '官网会员' },
        now: new Date(),
        locale: 'en',
      },
      {
        buyer: { id: 'site-b-buyer', name: '官网会员', phone: '13800000066' },
        goodsId: goods!.id,
        quantity: 1,
        address: ADDRESS,
        remark: '',
      },
    ),
  );
  const [version] = await server.query<{ version: number }>(
    sql`select version from points_products where id = ${goods!.id}`,
  );
  return {
    goodsId: goods!.id,
    goodsVersion: version!.version,
    productId: goods!.product_id,
    exchangeId: exchange.id,
    memberId: exchange.memberId,
  };
}

const siteB = sharedSiteB(makeSiteB);

runIsolationCases('points', [
  defineIsolationCase({
    name: 'GetIntegralGoodsInfo of site B goods',
    endpoint: goodsApi.getPointsGoodsInfo,
    setup: siteB,
    input: (_context, prepared) => ({ id: prepared.goodsId }),
    message: /There are no points goods/,
  }),
  defineIsolationCase({
    name: 'BindIntegralGoods saving site B goods',
    endpoint: goodsApi.bindPointsGoods,
    setup: siteB,
    input: (_context, prepared) => ({
      ...goodsForm(prepared.productId, { Title: '越权修改' }),
      Id: prepared.goodsId,
      Version: prepared.goodsVersion,
    }),
  }),
  defineIsolationCase({
    name: 'BindIntegralGoods giving a site B catalogue good',
    endpoint: goodsApi.bindPointsGoods,
    setup: siteB,
    input: (_context, prepared) => goodsForm(prepared.productId),
    message: /not in this shop’s catalogue/,
  }),
  defineIsolationCase({
    name: 'SetIntegralGoodsStatus of site B goods',
    endpoint: goodsApi.setPointsGoodsStatus,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.goodsId], Status: 'off' }),
  }),
  defineIsolationCase({
    name: 'DelIntegralGoods of site B goods',
    endpoint: goodsApi.deletePointsGoods,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.goodsId] }),
  }),
  defineIsolationCase({
    name: 'GetIntegralGoodsList shows none of site B',
    endpoint: goodsApi.getPointsGoodsList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOfSiteB((prepared) => [prepared.goodsId]),
  }),
  defineIsolationCase({
    name: 'GetIntegralExchangeInfo of a site B exchange',
    endpoint: mall.getExchangeInfo,
    setup: siteB,
    input: (_context, prepared) => ({ id: prepared.exchangeId }),
  }),
  defineIsolationCase({
    name: 'ShipIntegralExchange of a site B exchange',
    endpoint: mall.shipExchange,
    setup: siteB,
    input: (_context, prepared) => ({
      Id: prepared.exchangeId,
      Carrier: 'SF',
      TrackingNo: 'SF1234567890123',
    }),
  }),
  defineIsolationCase({
    name: 'CancelIntegralExchange of a site B exchange',
    endpoint: mall.cancelExchange,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.exchangeId, Reason: '越权取消' }),
  }),
  defineIsolationCase({
    name: 'GetIntegralExchangeList shows none of site B',
    endpoint: mall.getExchangeList,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOfSiteB((prepared) => [prepared.exchangeId]),
  }),
  defineIsolationCase({
    name: 'GetIntegralMemberInfo of a site B member',
    endpoint: points.getPointsMemberInfo,
    setup: siteB,
    input: (_context, prepared) => ({ id: prepared.memberId }),
  }),
  defineIsolationCase({
    name: 'GetIntegralMemberList shows none of site B',
    endpoint: points.getPointsMemberList,
    setup: siteB,
    input: () => ({ pageSize: 100, keyword: '13800000066' }),
    verify: noneOfSiteB((prepared) => [prepared.memberId]),
  }),
  defineIsolationCase({
    name: 'GetIntegralLedger of a site B member shows nothing',
    endpoint: points.getPointsLedger,
    setup: siteB,
    input: (_context, prepared) => ({ memberId: prepared.memberId }),
    verify: (response) => expect(response.body.Total).toBe(0),
  }),
  defineIsolationCase({
    name: 'SetIntegralSetting changes this shop’s rules only',
    endpoint: points.setPointsSetting,
    setup: async ({ server, siteA }) => {
      const [row] = await server.query<{ version: number }>(
        sql`select version from points_settings where site_id = ${siteA}`,
      );
      return { version: row!.version };
    },
    input: (_context, prepared) => ({
      ...points.DEFAULT_POINTS_SETTING,
      SignInPoints: 3,
      Version: prepared.version,
    }),
    verify: (response) => expect(response.body.Errcode).toBe(0),
  }),
]);
