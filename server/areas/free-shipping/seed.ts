import { sql } from 'drizzle-orm';
import type { FreeShippingForm } from '../../../contract/endpoints/free-shipping';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { payStorefrontOrder, placeOrder } from '../order/service';
import { saveActivity } from './activities';

/**
 * Demo free-shipping activities, saved as the screen saves them, in every state: running ones over
 * 四川 and 重庆 (by amount) and 北京 (by pieces, all goods but one), one ended nationwide and one
 * switched off for chosen goods; then a paid order to 成都 whose freight the first one waived. The
 * regions are ones no test address uses, so other areas' orders keep their freight.
 */

const DAY = 24 * 60 * 60 * 1000;
const SICHUAN = '510000';
const CHONGQING = '500000';
const BEIJING = '110000';

async function shelfGoods(tx: Executor, siteId: number, count: number) {
  return queryRows<{ id: number }>(
    tx,
    sql`select id from products where site_id = ${siteId} and kind = 'physical' and shelf_state = 'on'
          and recycle_state = 'active' order by id limit ${count}`,
  );
}

/** A SKU in stock of goods that pay freight, and how many of it make at least ¥120. */
async function freightPayingSku(tx: Executor, siteId: number) {
  const [row] = await queryRows<{ id: number; price_fen: number; stock: number }>(
    tx,
    sql`select s.id, s.price_fen, s.stock from skus s join products p on p.id = s.product_id
         where p.site_id = ${siteId} and p.kind = 'physical' and p.shelf_state = 'on' and p.recycle_state = 'active'
           and p.freight_template_id is not null and s.price_fen > 0 and s.stock * s.price_fen >= 12000
         order by p.id, s.position limit 1`,
  );
  return row ? { skuId: row.id, quantity: Math.ceil(12_000 / row.price_fen) } : null;
}

export const freeShippingSeed: AreaSeed = async (db, demo) => {
  const now = new Date();
  const day = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  await db.transaction(async (tx) => {
    const goods = await shelfGoods(tx, demo.mallSiteId, 3);
    const base = { MinimumFen: 0, MinimumQuantity: 0, Regions: [], ProductIds: [], Status: 'on' as const };
    const forms: FreeShippingForm[] = [
      {
        ...base,
        Name: '川渝满99包邮',
        StartsAt: day(-10),
        EndsAt: day(50),
        Threshold: 'amount',
        MinimumFen: 9_900,
        RegionScope: 'chosen',
        Regions: [SICHUAN, CHONGQING],
        GoodsScope: 'all',
      },
      {
        ...base,
        Name: '北京满2件包邮',
        StartsAt: day(-3),
        EndsAt: day(27),
        Threshold: 'quantity',
        MinimumQuantity: 2,
        RegionScope: 'chosen',
        Regions: [BEIJING],
        GoodsScope: 'except',
        ProductIds: goods.slice(0, 1).map((row) => row.id),
      },
      {
        ...base,
        Name: '国庆全国包邮',
        StartsAt: day(-40),
        EndsAt: day(-33),
        Threshold: 'amount',
        MinimumFen: 19_900,
        RegionScope: 'all',
        GoodsScope: 'all',
      },
      {
        ...base,
        Name: '新品试用包邮',
        StartsAt: day(5),
        EndsAt: day(35),
        Threshold: 'quantity',
        MinimumQuantity: 1,
        RegionScope: 'all',
        GoodsScope: 'chosen',
        ProductIds: goods.slice(1, 3).map((row) => row.id),
        Status: 'off',
      },
    ];
    for (const form of forms) await saveActivity(tx, demo.mallSiteId, form, now, 'zh');
    await saveActivity(
      tx,
      demo.secondSiteId,
      {
        ...base,
        Name: '官网资料包邮',
        StartsAt: day(-5),
        EndsAt: day(60),
        Threshold: 'quantity',
        MinimumQuantity: 1,
        RegionScope: 'all',
        GoodsScope: 'all',
      },
      now,
      'zh',
    );

    const sku = await freightPayingSku(tx, demo.mallSiteId);
    if (!sku) return;
    const context = { tx, siteId: demo.mallSiteId, now, locale: 'zh' as const };
    const Buyer = { Id: 'demo-free-shipping', Name: '成都会员', Phone: '13900000518' };
    const order = await placeOrder(context, {
      Buyer,
      Source: 'miniProgram',
      DeliveryType: 'express',
      Address: {
        Name: Buyer.Name,
        Phone: Buyer.Phone,
        Province: '四川省',
        City: '成都市',
        District: '武侯区',
        Detail: '天府大道 88 号',
      },
      Lines: [{ SkuId: sku.skuId, Quantity: sku.quantity }],
      BuyerRemark: '',
    });
    await payStorefrontOrder(
      { ...context, now: new Date(now.getTime() + 60_000) },
      {
        OrderNo: order.orderNo,
        BuyerId: Buyer.Id,
        PaymentMethod: 'wechat',
        AmountFen: order.totalFen,
        TransactionNo: '',
      },
    );
  });
};
