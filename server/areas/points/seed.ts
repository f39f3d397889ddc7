import { sql } from 'drizzle-orm';
import type { PointsSetting } from '../../../contract/endpoints/points';
import type { PointsGoodsForm } from '../../../contract/endpoints/points-goods';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { credit, type WalletActor } from '../customer/service';
import { cancelStorefrontOrder, payStorefrontOrder, placeOrder } from '../order/service';
import {
  cancelExchangeOrder,
  confirmExchange,
  type ExchangeContext,
  type ExchangeRecord,
  exchangeGoods,
  payExchange,
  shipExchange,
} from './exchange';
import { expirePoints } from './expiry';
import { savePointsGoods } from './goods';
import { grantSignInPoints } from './service';
import { writePointsSetting } from './settings';

/**
 * Demo points, made through the services buyers and operators use: for the mall, the rules, points
 * goods in every state, points from check-ins and the shop's campaigns (some two years old, which
 * the expiry sweep then takes), orders paid partly with points (one cancelled, its points given
 * back), and exchange orders in every state; for the official site, its rules and goods only, so
 * its wallets stay as the other areas' demo data left them.
 */

const DAY = 24 * 60 * 60 * 1000;

interface SeedSite {
  siteId: number;
  operator: WalletActor & { accountId: number };
  now: Date;
}

const RULES: Record<'mall' | 'second', PointsSetting> = {
  mall: {
    DeductionEnabled: true,
    DeductPointsPerYuan: 100,
    MaxDeductPercent: 30,
    MinOrderFen: 1000,
    Expiry: 'yearEnd',
    SignInPoints: 5,
  },
  second: {
    DeductionEnabled: false,
    DeductPointsPerYuan: 100,
    MaxDeductPercent: 50,
    MinOrderFen: 0,
    Expiry: 'never',
    SignInPoints: 2,
  },
};

async function productIds(tx: Executor, siteId: number, kind: 'physical' | 'virtual', count: number) {
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from products
         where site_id = ${siteId} and kind = ${kind} and recycle_state = 'active' and shelf_state = 'on'
         order by id limit ${count}`,
  );
  return rows;
}

/** The shop's points goods, one or more in every state; returns them by a short name. */
async function seedGoods(tx: Executor, site: SeedSite): Promise<Map<string, number>> {
  const physical = await productIds(tx, site.siteId, 'physical', 5);
  const [virtual] = await productIds(tx, site.siteId, 'virtual', 1);
  const day = (days: number) => new Date(site.now.getTime() + days * DAY).toISOString();
  const base = { Image: '', Description: '', Sort: 0, Status: 'on' as const, PerMemberLimit: 0, PriceFen: 0 };
  const goods: [string, Omit<PointsGoodsForm, 'ProductId'> & { product: { id: number } | undefined }][] = [
    [
      'cup',
      {
        ...base,
        Title: '品牌保温杯',
        Kind: 'physical',
        product: physical[0],
        Points: 2000,
        Stock: 100,
        PerMemberLimit: 2,
        StartsAt: day(-30),
        EndsAt: null,
        Sort: 30,
        Description: '304 不锈钢，保温 12 小时',
      },
    ],
    [
      'bag',
      {
        ...base,
        Title: '定制帆布袋',
        Kind: 'physical',
        product: physical[1],
        Points: 800,
        PriceFen: 990,
        Stock: 200,
        StartsAt: day(-20),
        EndsAt: day(40),
        Sort: 20,
      },
    ],
    [
      'voucher',
      {
        ...base,
        Title: '到店体验券',
        Kind: 'virtual',
        product: virtual,
        Points: 1000,
        Stock: 500,
        PerMemberLimit: 5,
        StartsAt: day(-15),
        EndsAt: day(60),
        Sort: 10,
      },
    ],
    [
      'gift',
      {
        ...base,
        Title: '中秋礼盒',
        Kind: 'physical',
        product: physical[2],
        Points: 3000,
        Stock: 20,
        StartsAt: day(-60),
        EndsAt: day(-5),
      },
    ],
    [
      'calendar',
      {
        ...base,
        Title: '新年台历',
        Kind: 'physical',
        product: physical[3],
        Points: 500,
        Stock: 300,
        StartsAt: day(7),
        EndsAt: day(37),
      },
    ],
    [
      'badge',
      {
        ...base,
        Title: '限量徽章',
        Kind: 'physical',
        product: physical[4],
        Points: 300,
        Stock: 0,
        StartsAt: day(-10),
        EndsAt: null,
        Status: 'off',
      },
    ],
  ];
  const ids = new Map<string, number>();
  for (const [name, { product, ...form }] of goods) {
    if (!product) continue;
    const saved = await savePointsGoods(
      tx,
      { ...site.operator, siteId: site.siteId },
      { ...form, ProductId: product.id },
      site.now,
    );
    if ('id' in saved) ids.set(name, saved.id);
  }
  return ids;
}

/** Members of the shop who have bought, the demo's most active first. */
async function activeMembers(tx: Executor, siteId: number) {
  return queryRows<{ open_id: string; nickname: string; mobile: string }>(
    tx,
    sql`select m.open_id, m.nickname, m.mobile from members m
         where m.site_id = ${siteId} and m.status = 'active' and m.mobile <> ''
           and exists (select 1 from orders o where o.site_id = m.site_id and o.buyer_id = m.open_id)
         order by (select count(*) from orders o where o.site_id = m.site_id and o.buyer_id = m.open_id) desc, m.id
         limit 8`,
  );
}

/** Check-in points for the demo check-ins, and the shop's campaign points over the past months. */
async function seedEarnings(tx: Executor, site: SeedSite, buyers: readonly string[]) {
  const checkIns = await queryRows<{ open_id: string; day: string; created_at: Date | string }>(
    tx,
    sql`select m.open_id, c.day::text as day, c.created_at from member_check_ins c join members m on m.id = c.member_id
         where c.site_id = ${site.siteId} order by c.created_at, c.member_id`,
  );
  for (const checkIn of checkIns) {
    await grantSignInPoints(tx, {
      siteId: site.siteId,
      buyerId: checkIn.open_id,
      day: checkIn.day,
      now: new Date(checkIn.created_at),
    });
  }
  const campaigns = [
    { daysAgo: 2 * 365 + 30, points: 5000, note: '老会员积分迁入' },
    { daysAgo: 150, points: 3000, note: '会员日活动奖励' },
    { daysAgo: 95, points: 2000, note: '店庆抽奖奖励' },
    { daysAgo: 40, points: 1500, note: '评价晒单奖励' },
    { daysAgo: 8, points: 2500, note: '新品试用奖励' },
  ];
  for (const [index, buyerId] of buyers.entries()) {
    for (const campaign of campaigns.slice(index % 2)) {
      await credit(tx, {
        siteId: site.siteId,
        buyerId,
        currency: 'points',
        amount: campaign.points + index * 100,
        reason: 'adjust',
        orderNo: '',
        note: campaign.note,
        actor: site.operator,
        now: new Date(site.now.getTime() - campaign.daysAgo * DAY),
      });
    }
  }
}

/** Two orders paid partly with points: one paid, one cancelled (its points come back). */
async function seedOrdersWithPoints(
  tx: Executor,
  site: SeedSite,
  buyers: readonly { open_id: string; nickname: string; mobile: string }[],
) {
  const [sku] = await queryRows<{ id: number }>(
    tx,
    sql`select s.id from skus s join products p on p.id = s.product_id
         where s.site_id = ${site.siteId} and p.kind = 'physical' and p.shelf_state = 'on' and p.recycle_state = 'active'
           and s.stock >= 5 and s.price_fen >= 5000
         order by s.id limit 1`,
  );
  if (!sku) return;
  for (const [index, buyer] of buyers.slice(0, 2).entries()) {
    const at = new Date(site.now.getTime() - (3 - index) * DAY);
    const context = { tx, siteId: site.siteId, now: at, locale: 'zh' as const };
    const Buyer = { Id: buyer.open_id, Name: buyer.nickname || '会员', Phone: buyer.mobile };
    const order = await placeOrder(context, {
      Buyer,
      Source: 'miniProgram',
      DeliveryType: 'express',
      Address: {
        Name: Buyer.Name,
        Phone: Buyer.Phone,
        Province: '广东省',
        City: '深圳市',
        District: '南山区',
        Detail: '科技园路 1 号',
      },
      Lines: [{ SkuId: sku.id, Quantity: 1 }],
      BuyerRemark: '',
      Points: 1000,
    });
    if (index === 0) {
      await payStorefrontOrder(
        { ...context, now: new Date(at.getTime() + 5 * 60 * 1000) },
        {
          OrderNo: order.orderNo,
          BuyerId: Buyer.Id,
          PaymentMethod: 'wechat',
          AmountFen: order.totalFen,
          TransactionNo: '',
        },
      );
    } else {
      await cancelStorefrontOrder(
        { ...context, now: new Date(at.getTime() + 10 * 60 * 1000) },
        { OrderNo: order.orderNo, BuyerId: Buyer.Id, Reason: '积分用错了' },
      );
    }
  }
}

/** Exchange orders in every state. */
async function seedExchanges(
  tx: Executor,
  site: SeedSite,
  goods: ReadonlyMap<string, number>,
  buyers: readonly { open_id: string; nickname: string; mobile: string }[],
) {
  const buyerContext = (name: string, daysAgo: number): ExchangeContext => ({
    tx,
    siteId: site.siteId,
    actor: { kind: 'buyer', accountId: null, name },
    now: new Date(site.now.getTime() - daysAgo * DAY),
    locale: 'zh',
  });
  const operatorContext = (daysAgo: number): ExchangeContext => ({
    ...buyerContext('', daysAgo),
    actor: site.operator,
  });
  const exchange = async (buyerIndex: number, name: string, daysAgo: number, quantity = 1) => {
    const buyer = buyers[buyerIndex % buyers.length]!;
    const goodsId = goods.get(name);
    if (goodsId === undefined) return null;
    const Name = buyer.nickname || '会员';
    return exchangeGoods(buyerContext(Name, daysAgo), {
      buyer: { id: buyer.open_id, name: Name, phone: buyer.mobile },
      goodsId,
      quantity,
      address: {
        Name,
        Phone: buyer.mobile,
        Province: '广东省',
        City: '深圳市',
        District: '福田区',
        Detail: '福华三路 100 号',
      },
      remark: '',
    });
  };
  const done: (ExchangeRecord | null)[] = [];
  const completed = await exchange(0, 'cup', 12);
  if (completed) {
    const shipped = await shipExchange(operatorContext(11), completed, {
      carrier: 'SF',
      trackingNo: 'SF1403829471625',
    });
    done.push(await confirmExchange(buyerContext(completed.buyerName, 9), shipped));
  }
  const shipped = await exchange(1, 'cup', 4);
  if (shipped)
    done.push(
      await shipExchange(operatorContext(3), shipped, { carrier: 'ZTO', trackingNo: '75318620094417' }),
    );
  done.push(await exchange(2, 'bag', 2, 2));
  const paid = await exchange(3, 'bag', 1);
  if (paid) {
    done.push(
      await payExchange(buyerContext(paid.buyerName, 1), paid, {
        method: 'wechat',
        amountFen: paid.cashFen,
        transactionNo: `4200000${paid.id}`,
      }),
    );
  }
  done.push(await exchange(4, 'voucher', 6, 2));
  const cancelled = await exchange(5, 'cup', 7);
  if (cancelled)
    done.push(await cancelExchangeOrder(operatorContext(6), cancelled, 'cancel', '该地址暂不支持配送'));
  // Waiting to be paid: made now, so it is still payable when the demo starts.
  done.push(
    await exchangeGoods(
      { ...buyerContext('', 0), now: site.now },
      {
        buyer: {
          id: buyers[6 % buyers.length]!.open_id,
          name: buyers[6 % buyers.length]!.nickname || '会员',
          phone: buyers[6 % buyers.length]!.mobile,
        },
        goodsId: goods.get('bag')!,
        quantity: 1,
        address: {
          Name: '收货人',
          Phone: buyers[6 % buyers.length]!.mobile,
          Province: '浙江省',
          City: '杭州市',
          District: '西湖区',
          Detail: '文三路 90 号',
        },
        remark: '周末送货',
      },
    ),
  );
  return done;
}

async function seedSite(tx: Executor, site: SeedSite, rules: PointsSetting, full: boolean) {
  await writePointsSetting(tx, site.siteId, rules, 0);
  const goods = await seedGoods(tx, site);
  if (!full) return;
  const buyers = await activeMembers(tx, site.siteId);
  if (buyers.length === 0) return;
  await seedEarnings(
    tx,
    site,
    buyers.map((buyer) => buyer.open_id),
  );
  await seedOrdersWithPoints(tx, site, buyers);
  await seedExchanges(tx, site, goods, buyers);
}

export const pointsSeed: AreaSeed = async (db, demo) => {
  const now = new Date();
  const owners = await queryRows<{ id: number; site_id: number; user_name: string }>(
    db,
    sql`select id, site_id, user_name from accounts where kind = 'main' and site_id in (${demo.mallSiteId}, ${demo.secondSiteId})
         order by id`,
  );
  for (const [siteId, rules, full] of [
    [demo.mallSiteId, RULES.mall, true],
    [demo.secondSiteId, RULES.second, false],
  ] as const) {
    const owner = owners.find((account) => account.site_id === siteId)!;
    const operator = { kind: 'operator' as const, accountId: owner.id, name: owner.user_name };
    await db.transaction((tx) => seedSite(tx, { siteId, operator, now }, rules, full));
  }
  // Points earned two years ago and never spent go now, as the sweep takes them on a live server.
  await expirePoints(db, now);
};
