import { sql } from 'drizzle-orm';
import {
  DEFAULT_PARAMETER_SETTING,
  DEFAULT_RECEIPT_SETTING,
  type DeliverySetting,
  type ParameterSetting,
} from '../../../contract/endpoints/orders';
import type { Carrier, OrderType, PaymentMethod } from '../../../contract/machines/order';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { AppError } from '../../http/errors';
import { holding } from '../customer/service';
import type { Operator } from './commands';
import { confirmFacePrint, printFaceSheets } from './face-print';
import {
  type Actor,
  applyRefund,
  approveRefund,
  closeUnpaid,
  flushOrderLog,
  markRefunded,
  type OrderContext,
  type OrderLogRow,
  type OrderRecord,
  payOrder,
  receiveOrder,
  rejectRefund,
  shipOrder,
} from './lifecycle';
import { placeOfflineOrder } from './offline';
import { seedOpeningBalances } from './opening-balances';
import { rechargeCommand } from './recharge';
import {
  payStorefrontRecharge,
  placeOrder,
  placeStorefrontRecharge,
  type StorefrontContext,
} from './service';
import { readDeliverySetting, readParameterSetting } from './settings';
import { runSweeps } from './sweeps';
import { faceConfigs, orderDeliverySettings, orderParameterSettings, receiptSettings } from './tables';

/**
 * The mall demo site's orders: a few hundred over the last 90 days, placed and moved through the
 * same service functions the storefront and the operators use (each step at its own moment), then
 * the sweeps close what was never paid and confirm and complete what is due. Each order is one
 * transaction, so the seed stays quick on PGlite.
 */

const ORDER_COUNT = 200;
/** Orders placed minutes ago and not paid yet, so the "to pay" tab has rows. */
const FRESH_COUNT = 6;
const OFFLINE_COUNT = 20;
const RECHARGE_COUNT = 24;
/** Online orders placed per transaction. */
const GROUP_SIZE = 10;
const ORDER_SEED = 20240601;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const DAY = 24 * HOUR;

/** The shop's riders start from Shenzhen Nanshan. */
const SHOP_LOCATION = { latitude: 22.5405, longitude: 113.9345 };

const DEMO_DELIVERY: DeliverySetting = {
  Express: { Enabled: true },
  SameCity: {
    Enabled: true,
    FeeFen: 600,
    MinOrderFen: 2000,
    RangeKm: 8,
    Latitude: SHOP_LOCATION.latitude,
    Longitude: SHOP_LOCATION.longitude,
  },
  Pickup: {
    Enabled: true,
    Points: [
      {
        Name: '南山旗舰店',
        Address: '深圳市南山区科技园南区高新南一道 8 号',
        Phone: '0755-26000001',
        Hours: '10:00-22:00',
      },
      {
        Name: '福田体验店',
        Address: '深圳市福田区福华三路 100 号',
        Phone: '0755-26000002',
        Hours: '10:00-21:30',
      },
    ],
  },
};

const NAMES = [
  '王小明',
  '李娜',
  '张伟',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄婷',
  '周杰',
  '吴敏',
  '徐鹏',
  '孙丽',
  '马超',
  '朱琳',
  '胡斌',
  '郭倩',
  '何涛',
  '高雪',
  '林峰',
  '罗佳',
];
const PLACES = [
  ['广东省', '深圳市', '南山区'],
  ['广东省', '广州市', '天河区'],
  ['上海市', '上海市', '浦东新区'],
  ['北京市', '北京市', '朝阳区'],
  ['浙江省', '杭州市', '西湖区'],
  ['江苏省', '南京市', '鼓楼区'],
  ['四川省', '成都市', '武侯区'],
  ['湖北省', '武汉市', '洪山区'],
  ['新疆维吾尔自治区', '乌鲁木齐市', '天山区'],
  ['内蒙古自治区', '呼和浩特市', '新城区'],
] as const;
const STREETS = [
  '人民路 18 号 2 栋 301',
  '建设大道 66 号 1 单元 502',
  '中山路 200 号',
  '滨江花园 5 栋 1201',
  '学府路 9 号 3 楼',
];
const REMARKS = ['', '', '', '请尽快发货', '周末送货', '不要放快递柜', '送人的，不要放发票'];
const REFUND_REASONS = ['拍错了 / 不想要了', '尺码不合适', '商品与描述不符', '物流太慢'];
const CARRIERS: readonly Carrier[] = ['ZTO', 'YTO', 'SF', 'YD', 'JT'];

/** A small deterministic generator, so every fresh database holds the same demo orders. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (probability: number) => next() < probability;
  return { next, between, pick, chance };
}
type Random = ReturnType<typeof randomSource>;

function trackingNumber(random: Random, carrier: Carrier): string {
  const digits = (count: number) => Array.from({ length: count }, () => random.between(0, 9)).join('');
  return carrier === 'SF' ? `SF${digits(13)}` : carrier === 'JT' ? `JT${digits(13)}` : `7${digits(13)}`;
}

interface SeedSku extends Record<string, unknown> {
  sku_id: number;
  stock: number;
  price_fen: number;
}

interface Buyer {
  Id: string;
  Name: string;
  Phone: string;
}

async function seedSettings(db: Database, siteId: number): Promise<void> {
  const defaults = DEFAULT_PARAMETER_SETTING;
  await db.insert(orderParameterSettings).values({
    siteId,
    unpaidCloseMinutes: defaults.UnpaidCloseMinutes.Normal,
    seckillCloseMinutes: defaults.UnpaidCloseMinutes.Seckill,
    groupBuyCloseMinutes: defaults.UnpaidCloseMinutes.GroupBuy,
    bargainCloseMinutes: defaults.UnpaidCloseMinutes.Bargain,
    autoConfirmDays: defaults.AutoConfirmDays,
    afterSaleDays: defaults.AfterSaleDays,
    autoGoodReviewDays: defaults.AutoGoodReviewDays,
    stockDeduction: defaults.StockDeduction,
    pointsGrant: defaults.PointsGrant,
    invoiceEnabled: true,
  });
  // The pickup points are the shop's open stores, so pickup orders are those stores' orders.
  const openStores = await queryRows<{
    id: number;
    title: string;
    address: string;
    tel: string;
    hours: string;
  }>(
    db,
    sql`select id, title, address, tel, hours from stores
         where site_id = ${siteId} and deleted = false and status = 'on' order by sort desc, id limit 2`,
  );
  const points = openStores.map((store) => ({
    Name: store.title,
    Address: store.address,
    Phone: store.tel,
    Hours: store.hours,
    StoreId: store.id,
  }));
  const setting =
    points.length > 0 ? { ...DEMO_DELIVERY, Pickup: { Enabled: true, Points: points } } : DEMO_DELIVERY;
  await db.insert(orderDeliverySettings).values({ siteId, setting });
  await db.insert(receiptSettings).values({
    siteId,
    setting: { ...DEFAULT_RECEIPT_SETTING, Header: '欢迎光临', Footer: '谢谢惠顾，欢迎再来' },
  });
  const sender = {
    Name: '演示商城',
    Phone: '0755-26000001',
    Province: '广东省',
    City: '深圳市',
    District: '南山区',
    Detail: '科技园南区高新南一道 8 号',
  };
  await db.insert(faceConfigs).values([
    { siteId, name: '中通电子面单', carrier: 'ZTO', paper: '100x180', sender, isDefault: true },
    { siteId, name: '顺丰标快', carrier: 'SF', paper: '76x130', sender },
  ]);
}

interface SeedRun {
  siteId: number;
  skus: SeedSku[];
  buyers: Buyer[];
  operator: Actor;
  now: number;
  settings: { parameter: ParameterSetting; delivery: DeliverySetting };
}

/**
 * Everything the online order number `index` goes through, each step at its moment, skipping steps
 * still in the future. Its choices come from a generator of its own, so running it again (after
 * its group's transaction failed) makes the same order.
 */
async function seedOnlineOrder(
  tx: Executor,
  logBuffer: OrderLogRow[],
  run: SeedRun,
  index: number,
): Promise<void> {
  const { siteId, skus, operator, now, settings } = run;
  const random = randomSource(ORDER_SEED + index);
  const buyer = random.pick(run.buyers);
  const fresh = index >= ORDER_COUNT;
  const ageDays = fresh ? 0 : random.chance(0.3) ? random.next() * 7 : random.next() * 89;
  const createdAt = new Date(now - ageDays * DAY - random.between(fresh ? 2 : 0, fresh ? 20 : 59) * MINUTE);
  const roll = random.next();
  const type: OrderType =
    roll < 0.82 ? 'normal' : roll < 0.9 ? 'seckill' : roll < 0.95 ? 'groupBuy' : 'bargain';
  const deliveryRoll = random.next();
  let deliveryType: 'express' | 'sameCity' | 'pickup' =
    deliveryRoll < 0.76 ? 'express' : deliveryRoll < 0.88 ? 'sameCity' : 'pickup';
  const lineCount = random.chance(0.75) ? 1 : random.between(2, 3);
  const chosen = new Map<number, number>();
  while (chosen.size < lineCount) {
    const sku = random.pick(skus);
    const quantity = random.chance(0.7) ? 1 : random.between(2, 3);
    if (!chosen.has(sku.sku_id) && sku.stock >= quantity) chosen.set(sku.sku_id, quantity);
  }
  let goodsFen = 0;
  for (const [skuId, quantity] of chosen) {
    const sku = skus.find((candidate) => candidate.sku_id === skuId)!;
    sku.stock -= quantity;
    goodsFen += sku.price_fen * quantity;
  }
  // Same-city delivery has a minimum order; smaller baskets go by express.
  if (deliveryType === 'sameCity' && goodsFen < settings.delivery.SameCity.MinOrderFen)
    deliveryType = 'express';
  const place = random.pick(PLACES);
  const address =
    deliveryType === 'pickup'
      ? undefined
      : deliveryType === 'sameCity'
        ? {
            Name: buyer.Name,
            Phone: buyer.Phone,
            Province: '广东省',
            City: '深圳市',
            District: '南山区',
            Detail: random.pick(STREETS),
            Latitude: SHOP_LOCATION.latitude + (random.next() - 0.5) * 0.05,
            Longitude: SHOP_LOCATION.longitude + (random.next() - 0.5) * 0.05,
          }
        : {
            Name: buyer.Name,
            Phone: buyer.Phone,
            Province: place[0],
            City: place[1],
            District: place[2],
            Detail: random.pick(STREETS),
          };

  const at = (moment: Date) => moment.getTime() <= now;
  const storefront: StorefrontContext = { tx, siteId, now: createdAt, locale: 'zh', logBuffer };
  let order: OrderRecord = await placeOrder(
    storefront,
    {
      Buyer: buyer,
      Source: random.chance(0.85) ? 'miniProgram' : 'h5',
      DeliveryType: deliveryType,
      Address: address,
      PickupPoint: deliveryType === 'pickup' ? random.between(0, 1) : undefined,
      Lines: [...chosen].map(([SkuId, Quantity]) => ({ SkuId, Quantity })),
      BuyerRemark: random.pick(REMARKS),
    },
    { type, settings },
  );
  const buyerActor: Actor = { kind: 'buyer', accountId: null, name: buyer.Name };
  const context = (actor: Actor, moment: Date): OrderContext => ({
    tx,
    siteId,
    actor,
    locale: 'zh',
    now: moment,
    logBuffer,
  });
  const fate = random.next();
  if (fresh || fate < 0.12) return; // never paid: the sweep closes it when due
  if (fate < 0.17) {
    const cancelAt = new Date(createdAt.getTime() + random.between(1, 4) * MINUTE);
    if (at(cancelAt)) {
      await closeUnpaid(context(buyerActor, cancelAt), order, 'cancel', '不想要了');
    }
    return;
  }
  const paidAt = new Date(createdAt.getTime() + random.between(1, 4) * MINUTE);
  if (!at(paidAt)) return;
  const wanted: PaymentMethod = random.chance(0.75) ? 'wechat' : random.chance(0.6) ? 'alipay' : 'balance';
  // Only buyers whose stored value covers the order pay from it.
  const covered =
    wanted === 'balance' &&
    (await holding(tx, { siteId, buyerId: buyer.Id, currency: 'balance' })) >= order.totalFen;
  const method: PaymentMethod = wanted === 'balance' && !covered ? 'wechat' : wanted;
  order = await payOrder(context(buyerActor, paidAt), order, {
    method,
    amountFen: order.totalFen,
    transactionNo: `42000${random.between(100_000_000, 999_999_999)}`,
  });
  const refundRoll = random.next();

  // Some buyers ask for their money back before the goods leave.
  if (refundRoll < 0.07) {
    const askedAt = new Date(paidAt.getTime() + random.between(10, 600) * MINUTE);
    if (!at(askedAt)) return;
    order = await applyRefund(
      context(buyerActor, askedAt),
      order,
      order.paidFen,
      random.pick(REFUND_REASONS),
    );
    const decidedAt = new Date(askedAt.getTime() + random.between(1, 20) * HOUR);
    if (!at(decidedAt) || random.chance(0.25)) return;
    if (random.chance(0.2)) {
      await rejectRefund(context(operator, decidedAt), order, '商品已打包，无法取消');
      return;
    }
    order = await approveRefund(context(operator, decidedAt), order, order.paidFen, '');
    const refundedAt = new Date(decidedAt.getTime() + random.between(1, 6) * HOUR);
    if (at(refundedAt) && random.chance(0.85)) await markRefunded(context(operator, refundedAt), order);
    return;
  }

  if (deliveryType === 'pickup') {
    const pickedAt = new Date(paidAt.getTime() + random.between(2, 48) * HOUR);
    if (at(pickedAt))
      order = await receiveOrder(context(operator, pickedAt), order, 'verifyPickup', settings.parameter);
    return;
  }
  const shippedAt = new Date(paidAt.getTime() + random.between(2, 36) * HOUR);
  if (!at(shippedAt) || ageDays < 0.4) return;
  const carrier: Carrier = deliveryType === 'sameCity' ? 'self' : random.pick(CARRIERS);
  ({ order } = await shipOrder(
    context(operator, shippedAt),
    order,
    { carrier, trackingNo: carrier === 'self' ? '' : trackingNumber(random, carrier) },
    settings.parameter,
  ));
  // Most buyers never confirm: the sweep does it after the auto-confirm days.
  const confirmedAt = new Date(shippedAt.getTime() + random.between(1, 5) * DAY);
  if (random.chance(0.4) && at(confirmedAt)) {
    order = await receiveOrder(context(buyerActor, confirmedAt), order, 'confirmReceipt', settings.parameter);
  }
  // A few ask for a partial refund after receipt, within the after-sale window.
  const afterSaleAt = new Date((order.receivedAt ?? shippedAt).getTime() + random.between(1, 3) * DAY);
  if (order.state === 'received' && random.chance(0.12) && at(afterSaleAt)) {
    const amount = Math.max(1, Math.round(order.paidFen * 0.3));
    order = await applyRefund(context(buyerActor, afterSaleAt), order, amount, '商品与描述不符');
    const decidedAt = new Date(afterSaleAt.getTime() + random.between(2, 30) * HOUR);
    if (at(decidedAt)) {
      order = await approveRefund(context(operator, decidedAt), order, amount, '同意部分退款');
      const refundedAt = new Date(decidedAt.getTime() + HOUR);
      if (at(refundedAt)) await markRefunded(context(operator, refundedAt), order);
    }
  }
}

/** Orders are placed a group per transaction; a group a rule refuses is placed again order by order. */
async function seedOnlineOrders(db: Database, run: SeedRun): Promise<void> {
  const place = (indexes: number[]) =>
    db.transaction(async (tx) => {
      const logBuffer: OrderLogRow[] = [];
      for (const index of indexes) await seedOnlineOrder(tx, logBuffer, run, index);
      await flushOrderLog(tx, logBuffer);
    });
  const indexes = Array.from({ length: ORDER_COUNT + FRESH_COUNT }, (_, index) => index);
  for (let start = 0; start < indexes.length; start += GROUP_SIZE) {
    const group = indexes.slice(start, start + GROUP_SIZE);
    try {
      await place(group);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const index of group) {
        try {
          await place([index]);
        } catch (single) {
          // A demo order a rule refuses (say a popular SKU ran out) is simply not placed.
          if (!(single instanceof AppError)) throw single;
        }
      }
    }
  }
}

export const orderSeed: AreaSeed = async (db, demo) => {
  const siteId = demo.mallSiteId;
  const random = randomSource(ORDER_SEED - 1);
  const now = Date.now();
  await seedSettings(db, siteId);
  const settings = {
    parameter: (await readParameterSetting(db, siteId)).value,
    delivery: (await readDeliverySetting(db, siteId)).value,
  };
  const [admin] = await queryRows<{ id: number; user_name: string }>(
    db,
    sql`select id, user_name from accounts where id = ${demo.adminAccountId}`,
  );
  const operator: Actor = { kind: 'operator', accountId: admin!.id, name: admin!.user_name };
  const session: Operator = { siteId, accountId: admin!.id, userName: admin!.user_name, ip: '' };
  const [storeAccount] = await queryRows<{ id: number; user_name: string; store_id: number | null }>(
    db,
    sql`select id, user_name, store_id from accounts where site_id = ${siteId} and is_store and store_id is not null
         order by id limit 1`,
  );
  const pickupStores = settings.delivery.Pickup.Points.flatMap((point) =>
    point.StoreId === undefined ? [] : [point.StoreId],
  );
  // A third of the walk-in orders are taken at the store account's counter, a third at another
  // store by the main account, the rest without a store.
  const counter = (index: number): { cashier: Operator; storeId?: number } => {
    if (index % 3 === 0 && storeAccount) {
      return {
        cashier: {
          siteId,
          accountId: storeAccount.id,
          ip: '',
          userName: storeAccount.user_name,
          isStore: true,
          storeId: storeAccount.store_id,
        },
      };
    }
    const other = pickupStores.find((id) => id !== storeAccount?.store_id);
    return index % 3 === 1 && other !== undefined
      ? { cashier: session, storeId: other }
      : { cashier: session };
  };
  const skus = await queryRows<SeedSku>(
    db,
    sql`select s.id as sku_id, s.stock, s.price_fen from skus s join products p on p.id = s.product_id
         where s.site_id = ${siteId} and p.shelf_state = 'on' and p.recycle_state = 'active' and s.stock >= 30
         order by s.id limit 80`,
  );
  const buyers: Buyer[] = Array.from({ length: 60 }, (_, index) => ({
    Id: `demo-buyer-${String(index + 1).padStart(3, '0')}`,
    Name: NAMES[index % NAMES.length]!,
    Phone: `138${String(10_000_000 + index * 7919).slice(0, 8)}`,
  }));

  await seedOpeningBalances(db, siteId, buyers, now - 90 * DAY);
  await seedOnlineOrders(db, { siteId, skus, buyers, operator, now, settings });

  for (let index = 0; index < OFFLINE_COUNT; index += 1) {
    const moment = new Date(now - random.next() * 60 * DAY);
    const sku = random.pick(skus);
    if (sku.stock < 2) continue;
    sku.stock -= 1;
    const { cashier, storeId } = counter(index);
    await db.transaction((tx) =>
      placeOfflineOrder(
        tx,
        cashier,
        {
          Buyer: random.chance(0.5)
            ? { Name: random.pick(NAMES), Phone: random.pick(buyers).Phone }
            : { Name: '', Phone: '' },
          Lines: [{ SkuId: sku.sku_id, Quantity: 1 }],
          DiscountFen: random.chance(0.3) ? 500 : 0,
          PaymentMethod: random.chance(0.9) ? random.pick(['cash', 'card', 'transfer'] as const) : undefined,
          Remark: '',
          StoreId: storeId,
        },
        'zh',
        moment,
      ),
    );
  }

  for (let index = 0; index < RECHARGE_COUNT; index += 1) {
    const moment = new Date(now - random.next() * 80 * DAY);
    const buyer = random.pick(buyers);
    await db.transaction(async (tx) => {
      const context = { tx, siteId, now: moment, locale: 'zh' as const };
      const recharge = await placeStorefrontRecharge(
        context,
        random.chance(0.6)
          ? { Kind: 'storedValue', Buyer: buyer, AmountFen: random.pick([5000, 10000, 20000, 50000]) }
          : {
              Kind: 'data',
              Buyer: buyer,
              PackageCode: random.pick(['D500M', 'D1G', 'D3G', 'D10G']),
              Phone: buyer.Phone,
            },
      );
      if (random.chance(0.15)) return;
      const paidAt = new Date(moment.getTime() + 2 * MINUTE);
      const paid = await payStorefrontRecharge(
        { ...context, now: paidAt },
        {
          OrderNo: recharge.orderNo,
          BuyerId: buyer.Id,
          PaymentMethod: 'wechat',
          AmountFen: recharge.amountFen,
          TransactionNo: '',
        },
      );
      if (paid.kind === 'data' && random.chance(0.8)) {
        await rechargeCommand(
          tx,
          siteId,
          { Action: 'fulfil', Id: paid.id, Version: paid.version },
          new Date(paidAt.getTime() + HOUR),
          'zh',
          operator,
        );
      } else if (random.chance(0.1)) {
        await rechargeCommand(
          tx,
          siteId,
          { Action: 'refund', Id: paid.id, Version: paid.version, Reason: '充错号码' },
          new Date(paidAt.getTime() + HOUR),
          'zh',
          operator,
        );
      }
    });
  }

  await runSweeps(db, new Date(now));

  // Face sheets: a confirmed batch and a batch still waiting, so faceSupervise has rows.
  const waiting = await queryRows<{ id: number }>(
    db,
    sql`select id from orders where site_id = ${siteId} and state = 'toShip' and delivery_type = 'express'
          and refund_state = 'none' order by id limit 5`,
  );
  const [zto] = await queryRows<{ id: number }>(
    db,
    sql`select id from face_configs where site_id = ${siteId} and carrier = 'ZTO'`,
  );
  if (waiting.length >= 5 && zto) {
    const sheets = (ids: { id: number }[]) =>
      ids.map(({ id }) => ({ Id: id, TrackingNo: trackingNumber(random, 'ZTO') }));
    const confirmed = await printFaceSheets(db, session, 'zh', {
      FaceConfigId: zto.id,
      Orders: sheets(waiting.slice(0, 2)),
    });
    await confirmFacePrint(db, session, 'zh', confirmed.BatchNo);
    await printFaceSheets(db, session, 'zh', { FaceConfigId: zto.id, Orders: sheets(waiting.slice(2, 5)) });
  }
};
