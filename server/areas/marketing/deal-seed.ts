import { sql } from 'drizzle-orm';
import type { Address } from '../../../contract/machines/order';
import type { SeckillSession } from '../../../contract/seckill-sessions';
import type { Database } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { DemoSites } from '../../db/seed';
import { payStorefrontOrder, type StorefrontContext } from '../order/service';
import { addBargainGoods, buy, help, launch, saveBargainEvent, switchBargainEvents } from './bargain';
import { type Goods, readGoods } from './deal-goods';
import { runDealSweeps } from './deal-sweeps';
import { joinTeam, openTeam, saveGroupBuy, switchGroupBuys } from './group-buy';
import { addSeckillGoods, placeSeckillOrder, saveSeckill, switchSeckills } from './seckill';

/**
 * Demo seckill, group buying and bargains for the mall, set up as an operator would and bought as
 * buyers would, through the same service functions (each step at its own moment), then swept: so
 * every list, team and launch screen shows real rows in every state.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const BUYERS = [
  { Id: 'deal-buyer-01', Name: '钱多多', Phone: '13900000101' },
  { Id: 'deal-buyer-02', Name: '孙悟空', Phone: '13900000102' },
  { Id: 'deal-buyer-03', Name: '周芷若', Phone: '13900000103' },
  { Id: 'deal-buyer-04', Name: '郑成功', Phone: '13900000104' },
  { Id: 'deal-buyer-05', Name: '冯小刚', Phone: '13900000105' },
  { Id: 'deal-buyer-06', Name: '褚英', Phone: '13900000106' },
  { Id: 'deal-buyer-07', Name: '卫青', Phone: '13900000107' },
  { Id: 'deal-buyer-08', Name: '蒋欣', Phone: '13900000108' },
];

const ADDRESS: Address = {
  Name: '钱多多',
  Phone: '13900000101',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园南区 18 号',
};

const percentOf = (fen: number, percent: number) => Math.max(1, Math.floor((fen * percent) / 100));

export async function dealSeed(db: Database, demo: DemoSites): Promise<void> {
  const siteId = demo.mallSiteId;
  const operator = { siteId, accountId: demo.adminAccountId, ip: '' };
  const seededAt = Date.now();
  const at = (offset: number) => new Date(seededAt + offset);
  const candidates = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where p.site_id = ${siteId} and p.shelf_state = 'on' and p.recycle_state = 'active'
         and p.kind = 'physical' and p.price_fen >= 500
         and exists (select 1 from skus s where s.product_id = p.id and s.stock >= 60)
       order by p.id desc limit 10`,
  );
  const goodsMap = await readGoods(
    db,
    siteId,
    candidates.map((row) => row.id),
  );
  const goods = [...goodsMap.values()].filter((entry) => entry.skus.some((sku) => sku.stock >= 60));
  if (goods.length < 6) return;
  const pick = (index: number): Goods => goods[index % goods.length]!;
  const picture = (label: string) => demoPicture('#e4393c', label);
  const iso = (offset: number) => at(offset).toISOString();
  const context = (tx: Database, offset: number): StorefrontContext => ({
    tx,
    siteId,
    now: at(offset),
    locale: 'zh',
  });
  const order = (buyer: (typeof BUYERS)[number]) => ({
    Buyer: buyer,
    Source: 'miniProgram' as const,
    DeliveryType: 'express' as const,
    Address: { ...ADDRESS, Name: buyer.Name, Phone: buyer.Phone },
    BuyerRemark: '',
  });
  const pay = (offset: number, orderNo: string, buyerId: string, amountFen: number) =>
    db.transaction((tx) =>
      payStorefrontOrder(context(tx, offset), {
        OrderNo: orderNo,
        BuyerId: buyerId,
        PaymentMethod: 'wechat',
        AmountFen: amountFen,
        TransactionNo: `4200009${orderNo.slice(-10)}`,
      }),
    );

  // ---- seckill -----------------------------------------------------------------------------------
  const seckill = async (
    title: string,
    window: [number, number],
    sessions: SeckillSession[],
    offers: { goods: Goods; percent: number; stock: number; limit: number }[],
  ) => {
    const { Id } = await db.transaction((tx) =>
      saveSeckill(tx, operator, {
        Title: title,
        Image: picture('秒杀'),
        StartsAt: iso(window[0]),
        EndsAt: iso(window[1]),
        Sessions: sessions,
        Sort: 0,
        Status: 'on',
        Rules: '<p>每人限购，先到先得，售完即止。</p>',
      }),
    );
    const added: number[] = [];
    for (const offer of offers) {
      const skus = offer.goods.skus.filter((sku) => sku.stock >= 10).slice(0, 3);
      const saved = await db.transaction((tx) =>
        addSeckillGoods(tx, operator, {
          ActivityId: Id,
          ProductId: offer.goods.id,
          LimitPerMember: offer.limit,
          Sort: 0,
          Skus: skus.map((sku) => ({
            SkuId: sku.id,
            SeckillPriceFen: percentOf(sku.priceFen, offer.percent),
            Stock: offer.stock,
          })),
        }),
      );
      added.push(saved.Id);
    }
    return { Id, goods: added };
  };
  const flash = await seckill(
    '限时秒杀·爆款直降',
    [-2 * DAY, 7 * DAY],
    [],
    [
      { goods: pick(0), percent: 60, stock: 50, limit: 2 },
      { goods: pick(1), percent: 70, stock: 30, limit: 1 },
    ],
  );
  await seckill(
    '整点秒杀·每日10点',
    [-DAY, 14 * DAY],
    [
      { Start: '10:00', End: '12:00' },
      { Start: '20:00', End: '22:00' },
    ],
    [{ goods: pick(2), percent: 55, stock: 20, limit: 1 }],
  );
  await seckill(
    '新品首发秒杀',
    [3 * DAY, 5 * DAY],
    [{ Start: '19:00', End: '21:00' }],
    [{ goods: pick(3), percent: 80, stock: 100, limit: 3 }],
  );
  await seckill(
    '上周末秒杀',
    [-9 * DAY, -7 * DAY],
    [],
    [{ goods: pick(4), percent: 65, stock: 40, limit: 2 }],
  );
  const cleared = await seckill(
    '周末秒杀·清仓特惠',
    [-DAY, 6 * DAY],
    [],
    [{ goods: pick(5), percent: 50, stock: 20, limit: 1 }],
  );
  await db.transaction((tx) =>
    switchSeckills(tx, operator, 'zh', { Ids: [cleared.Id], Action: 'switchOff' }),
  );
  await db.transaction((tx) => switchSeckills(tx, operator, 'zh', { Ids: [cleared.Id], Action: 'delete' }));

  // Buyers take part of the flash sale: most pay, one leaves the order unpaid for now.
  const flashSkus = [
    pick(0).skus.find((sku) => sku.stock >= 10)!,
    pick(1).skus.find((sku) => sku.stock >= 10)!,
  ];
  for (const [index, buyer] of BUYERS.slice(0, 5).entries()) {
    const which = index % 2;
    const placed = await placeSeckillOrder(db, context(db, -DAY + index * HOUR), {
      ...order(buyer),
      SeckillGoodsId: flash.goods[which]!,
      SkuId: flashSkus[which]!.id,
      Quantity: 1,
    });
    if (index < 4) await pay(-DAY + index * HOUR + 60_000, placed.orderNo, buyer.Id, placed.totalFen);
  }

  // ---- group buying ------------------------------------------------------------------------------
  const groupBuy = async (
    title: string,
    product: Goods,
    settings: { size: number; hours: number; virtualFill: boolean; percent: number; status: 'on' | 'off' },
  ) => {
    const skus = product.skus.filter((sku) => sku.stock >= 10).slice(0, 3);
    const { Id } = await db.transaction((tx) =>
      saveGroupBuy(tx, operator, {
        Title: title,
        Image: picture('拼团'),
        StartsAt: iso(-4 * DAY),
        EndsAt: iso(20 * DAY),
        Sort: 0,
        Status: settings.status,
        ProductId: product.id,
        GroupSize: settings.size,
        FillHours: settings.hours,
        VirtualFill: settings.virtualFill,
        LimitPerMember: 3,
        Skus: skus.map((sku) => ({
          SkuId: sku.id,
          GroupPriceFen: percentOf(sku.priceFen, settings.percent),
        })),
      }),
    );
    return { Id, sku: skus[0]! };
  };
  const pair = await groupBuy('两人拼团·立省一半', pick(6), {
    size: 2,
    hours: 24,
    virtualFill: false,
    percent: 55,
    status: 'on',
  });
  const family = await groupBuy('三人团·家庭装', pick(7), {
    size: 3,
    hours: 24,
    virtualFill: true,
    percent: 65,
    status: 'on',
  });
  const paused = await groupBuy('老带新拼团', pick(8), {
    size: 2,
    hours: 48,
    virtualFill: false,
    percent: 75,
    status: 'on',
  });
  await db.transaction((tx) =>
    switchGroupBuys(tx, operator, 'zh', { Ids: [paused.Id], Action: 'switchOff' }),
  );

  const open = async (
    offset: number,
    activity: { Id: number; sku: { id: number } },
    buyer: (typeof BUYERS)[number],
  ) =>
    db.transaction((tx) =>
      openTeam(context(tx, offset), {
        ...order(buyer),
        ActivityId: activity.Id,
        SkuId: activity.sku.id,
        Quantity: 1,
      }),
    );
  const join = async (
    offset: number,
    teamId: number,
    activity: { sku: { id: number } },
    buyer: (typeof BUYERS)[number],
  ) =>
    db.transaction((tx) =>
      joinTeam(context(tx, offset), { ...order(buyer), TeamId: teamId, SkuId: activity.sku.id, Quantity: 1 }),
    );
  // A pair that succeeded: both paid.
  const done = await open(-3 * HOUR, pair, BUYERS[0]!);
  await pay(-3 * HOUR + 60_000, done.Order.OrderNo, BUYERS[0]!.Id, done.Order.TotalFen);
  const second = await join(-2 * HOUR, done.Team.Id, pair, BUYERS[1]!);
  await pay(-2 * HOUR + 60_000, second.Order.OrderNo, BUYERS[1]!.Id, second.Order.TotalFen);
  // A pair still forming: its leader paid and waits.
  const waiting = await open(-HOUR, pair, BUYERS[2]!);
  await pay(-HOUR + 60_000, waiting.Order.OrderNo, BUYERS[2]!.Id, waiting.Order.TotalFen);
  // A family team that ran out of time two days ago with nobody but its leader paid: virtual fill.
  const filled = await open(-3 * DAY, family, BUYERS[3]!);
  await pay(-3 * DAY + 60_000, filled.Order.OrderNo, BUYERS[3]!.Id, filled.Order.TotalFen);
  // A pair that failed: its leader paid, nobody joined in time, the payment went back.
  const lonely = await open(-2 * DAY, pair, BUYERS[4]!);
  await pay(-2 * DAY + 60_000, lonely.Order.OrderNo, BUYERS[4]!.Id, lonely.Order.TotalFen);
  // A family team forming now: two seats taken, one paid.
  const forming = await open(-30 * 60_000, family, BUYERS[5]!);
  await pay(-29 * 60_000, forming.Order.OrderNo, BUYERS[5]!.Id, forming.Order.TotalFen);
  await join(-10 * 60_000, forming.Team.Id, family, BUYERS[6]!);

  // ---- bargains ----------------------------------------------------------------------------------
  const event = async (title: string, window: [number, number]) =>
    (
      await db.transaction((tx) =>
        saveBargainEvent(tx, operator, {
          Title: title,
          Image: picture('砍价'),
          StartsAt: iso(window[0]),
          EndsAt: iso(window[1]),
          Sort: 0,
          Status: 'on',
          Rules: '<p>邀请好友帮砍，砍到底价即可购买；每位好友只能帮砍一次。</p>',
        }),
      )
    ).Id;
  const friends = await event('好友助力砍到底', [-4 * DAY, 10 * DAY]);
  const free = await event('砍价0元领', [-DAY, 5 * DAY]);
  const ended = await event('开业砍价节', [-20 * DAY, -10 * DAY]);
  const stopped = await event('会员日砍价', [-DAY, 3 * DAY]);
  await db.transaction((tx) =>
    switchBargainEvents(tx, operator, 'zh', { Ids: [stopped], Action: 'switchOff' }),
  );
  const bargainSku = (product: Goods) => product.skus.find((sku) => sku.stock >= 10)!;
  const addGoods = (
    eventId: number,
    product: Goods,
    rules: { floor: number; helpers: number; mode: 'random' | 'fixed'; buy: 'floor' | 'any' },
  ) =>
    db.transaction((tx) => {
      const sku = bargainSku(product);
      return addBargainGoods(tx, operator, {
        EventId: eventId,
        SkuId: sku.id,
        FloorPriceFen: percentOf(sku.priceFen, rules.floor),
        FirstCutFen: Math.floor(sku.priceFen / 10),
        CutMode: rules.mode,
        HelpersNeeded: rules.helpers,
        Hours: 24,
        BuyMode: rules.buy,
        LaunchLimit: 2,
        Sort: 0,
      });
    });
  const cup = await addGoods(friends, pick(1), { floor: 30, helpers: 3, mode: 'random', buy: 'floor' });
  const lamp = await addGoods(friends, pick(2), { floor: 50, helpers: 5, mode: 'fixed', buy: 'any' });
  await db.transaction((tx) => {
    const sku = bargainSku(pick(3));
    return addBargainGoods(tx, operator, {
      EventId: free,
      SkuId: sku.id,
      FloorPriceFen: 0,
      FirstCutFen: 0,
      CutMode: 'random',
      HelpersNeeded: 8,
      Hours: 48,
      BuyMode: 'floor',
      LaunchLimit: 1,
      Sort: 0,
    });
  });
  await addGoods(ended, pick(4), { floor: 40, helpers: 4, mode: 'random', buy: 'floor' });
  await addGoods(stopped, pick(5), { floor: 45, helpers: 4, mode: 'fixed', buy: 'floor' });

  const start = async (offset: number, goodsId: number, buyer: (typeof BUYERS)[number]) =>
    db.transaction((tx) => launch(context(tx, offset), { Buyer: buyer, BargainGoodsId: goodsId }));
  const helpOut = async (offset: number, launchId: number, helper: (typeof BUYERS)[number]) =>
    db.transaction((tx) => help(context(tx, offset), { Helper: helper, LaunchId: launchId }));
  // Helped to the floor and bought.
  const won = await start(-5 * HOUR, cup.Id, BUYERS[0]!);
  for (const [index, helper] of BUYERS.slice(1, 4).entries())
    await helpOut(-4 * HOUR + index * 600_000, won.Id, helper);
  const bought = await db.transaction((tx) =>
    buy(context(tx, -3 * HOUR), { ...order(BUYERS[0]!), LaunchId: won.Id }),
  );
  await pay(-3 * HOUR + 60_000, bought.Order.OrderNo, BUYERS[0]!.Id, bought.Order.TotalFen);
  // Still cutting, two friends in.
  const cutting = await start(-2 * HOUR, lamp.Id, BUYERS[4]!);
  await helpOut(-90 * 60_000, cutting.Id, BUYERS[5]!);
  await helpOut(-60 * 60_000, cutting.Id, BUYERS[6]!);
  // Launched three days ago, helped once, never finished: the sweep fails it.
  const late = await start(-3 * DAY, cup.Id, BUYERS[7]!);
  await helpOut(-3 * DAY + HOUR, late.Id, BUYERS[2]!);

  await runDealSweeps(db, new Date(seededAt));
}
