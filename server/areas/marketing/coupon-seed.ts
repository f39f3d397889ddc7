import { sql } from 'drizzle-orm';
import type { CouponForm } from '../../../contract/endpoints/coupons';
import { addDays, DAY_MS, shopDate } from '../../../contract/shop-time';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { DemoSites } from '../../db/seed';
import { cancelStorefrontOrder, payStorefrontOrder, placeOrder } from '../order/service';
import type { Verifier } from '../ticket/service';
import { claimCoupon } from './claims';
import { applyCouponAction, insertCoupon, readCopy, revokeCopy } from './coupon-routes';
import { buildBatch, writeOffOfflineCode } from './offline-codes';
import { runCouponRules } from './rules';
import { createSend, runCouponSends } from './send-jobs';
import { expireCopies } from './sweeps';

/**
 * Demo coupons of both shops, made, switched, claimed, used, sent and written off through the same
 * functions the screens and the storefront call, so every coupon screen shows real rows: each kind
 * and state, claimed, used, returned, expired and revoked copies, a send record with a failure, the
 * issuing rules, and an offline batch with codes written off at a store.
 */

const BASE: Omit<CouponForm, 'Title' | 'Kind' | 'Value' | 'StartsOn' | 'EndsOn' | 'Validity'> = {
  Description: '',
  Channel: 'online',
  CapFen: null,
  ThresholdFen: 0,
  Scope: 'all',
  ScopeIds: [],
  WithActivity: false,
  TotalQuantity: null,
  PerMemberLimit: 1,
  PerDayLimit: null,
  Audience: 'all',
  AudienceGradeIds: [],
  StoreIds: [],
};

interface Clock {
  now: Date;
  today: string;
  /** The instant `days` before now. */
  ago(days: number): Date;
}

function coupon(
  clock: Clock,
  change: Partial<CouponForm> & Pick<CouponForm, 'Title' | 'Kind' | 'Value'>,
): CouponForm {
  return {
    ...BASE,
    StartsOn: addDays(clock.today, -20),
    EndsOn: addDays(clock.today, 30),
    Validity: { kind: 'fixed', from: addDays(clock.today, -20), until: addDays(clock.today, 45) },
    ...change,
  };
}

async function create(tx: Executor, siteId: number, form: CouponForm, clock: Clock, activate = true) {
  const { id } = await insertCoupon(tx, siteId, form, clock.ago(21));
  if (activate) await applyCouponAction(tx, siteId, [id], 'activate', 'zh', clock.ago(21));
  return id;
}

/** An on-shelf physical SKU with stock, and how many make at least `minimumFen`. */
async function skuFor(tx: Executor, siteId: number, minimumFen: number) {
  const [sku] = await queryRows<{ id: number; price_fen: number }>(
    tx,
    sql`select s.id, s.price_fen from skus s join products p on p.id = s.product_id
         where p.site_id = ${siteId} and p.shelf_state = 'on' and p.recycle_state = 'active' and p.kind = 'physical'
           and s.price_fen between 3000 and 30000 and s.stock >= 20
         order by p.id, s.id limit 1`,
  );
  return sku ? { skuId: sku.id, quantity: Math.ceil(minimumFen / sku.price_fen) } : null;
}

const ADDRESS = {
  Name: '张三',
  Phone: '13800000001',
  Province: '上海市',
  City: '上海市',
  District: '浦东新区',
  Detail: '世纪大道 100 号',
};

async function seedMall(db: Database, siteId: number, clock: Clock, adminAccountId: number): Promise<void> {
  const ids = await db.transaction(async (tx) => {
    const [category] = await queryRows<{ id: number }>(
      tx,
      sql`select id from product_categories where site_id = ${siteId} and parent_id is null order by sort, id limit 1`,
    );
    const goods = await queryRows<{ id: number }>(
      tx,
      sql`select id from products where site_id = ${siteId} and recycle_state = 'active' order by id limit 2`,
    );
    const grades = await queryRows<{ id: number }>(
      tx,
      sql`select id from member_grades where site_id = ${siteId} and not is_default order by level`,
    );
    const created = {
      newcomer: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '新人专享券',
          Kind: 'amount',
          Value: 1000,
          ThresholdFen: 9900,
          Audience: 'newMembers',
          TotalQuantity: 1000,
          Validity: { kind: 'relative', days: 7, fromTomorrow: false },
          Description: '新会员专享，领取后 7 天内有效',
        }),
        clock,
      ),
      full199: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '满199减30',
          Kind: 'amount',
          Value: 3000,
          ThresholdFen: 19900,
          TotalQuantity: 500,
          PerMemberLimit: 2,
          PerDayLimit: 1,
        }),
        clock,
      ),
      discount: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '全场8.5折券',
          Kind: 'discount',
          Value: 85,
          CapFen: 5000,
          PerMemberLimit: 3,
          Validity: { kind: 'relative', days: 3, fromTomorrow: false },
        }),
        clock,
      ),
      memberFive: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '会员无门槛5元券',
          Kind: 'amount',
          Value: 500,
          TotalQuantity: 200,
          ...(grades.length > 0
            ? { Audience: 'grades', AudienceGradeIds: grades.map((grade) => grade.id) }
            : {}),
        }),
        clock,
      ),
      freeShipping: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '满59包邮券',
          Kind: 'freeShipping',
          Value: 0,
          ThresholdFen: 5900,
          PerMemberLimit: 5,
        }),
        clock,
      ),
      digital: category
        ? await create(
            tx,
            siteId,
            coupon(clock, {
              Title: '分类专享满300减50',
              Kind: 'amount',
              Value: 5000,
              ThresholdFen: 30000,
              Scope: 'categories',
              ScopeIds: [category.id],
              WithActivity: true,
            }),
            clock,
          )
        : null,
      festival: await create(
        tx,
        siteId,
        coupon(clock, { Title: '春节限定券', Kind: 'amount', Value: 2000, ThresholdFen: 15900 }),
        clock,
      ),
      chosenGoods: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '指定商品9折券',
          Kind: 'discount',
          Value: 90,
          Scope: 'goods',
          ScopeIds: goods.map((good) => good.id),
        }),
        clock,
        false,
      ),
      preheat: await create(
        tx,
        siteId,
        coupon(clock, { Title: '双十一预热券', Kind: 'amount', Value: 2000, ThresholdFen: 29900 }),
        clock,
        false,
      ),
      store: await create(
        tx,
        siteId,
        coupon(clock, {
          Title: '门店体验10元券',
          Kind: 'amount',
          Value: 1000,
          Channel: 'offline',
          TotalQuantity: 1000,
          Description: '到店出示券码，收银台核销',
        }),
        clock,
      ),
    };
    await applyCouponAction(tx, siteId, [created.festival], 'end', 'zh', clock.ago(2));
    await tx.execute(sql`update coupons set deleted = true where id = ${created.preheat}`);

    // Rules: new members (since some weeks ago) get the newcomer coupon, first paid orders free
    // shipping; the rules run once the claims and orders below are in.
    await tx.execute(
      sql`insert into coupon_rules (site_id, event, coupon_id, copies, enabled, since)
          values (${siteId}, 'newMember', ${created.newcomer}, 1, true, ${clock.ago(25).toISOString()}::timestamptz),
                 (${siteId}, 'firstOrder', ${created.freeShipping}, 1, true, ${clock.now.toISOString()}::timestamptz),
                 (${siteId}, 'birthday', ${created.discount}, 1, false, ${clock.now.toISOString()}::timestamptz)`,
    );
    return created;
  });

  // Claims through the storefront's function, on different days (one per member and day). The
  // two buyers who then order hold no grade discount: the shop's grades do not stack with coupons.
  // They are not demo-buyer-001, who has taken the two copies a member may hold.
  const shoppers = await queryRows<{ open_id: string; nickname: string; mobile: string }>(
    db,
    sql`select m.open_id, m.nickname, m.mobile from members m left join member_grades g on g.id = m.grade_id
         where m.site_id = ${siteId} and m.status = 'active' and m.open_id like 'demo-buyer-%'
           and m.open_id <> 'demo-buyer-001' and coalesce(g.discount_percent, 100) = 100
         order by m.id limit 2`,
  );
  await db.transaction(async (tx) => {
    await claimCoupon(tx, siteId, 'demo-buyer-001', ids.full199, clock.ago(6));
    await claimCoupon(tx, siteId, 'demo-buyer-001', ids.full199, clock.ago(5));
    for (const [index, shopper] of shoppers.entries())
      await claimCoupon(tx, siteId, shopper.open_id, ids.full199, clock.ago(4 - index));
    await claimCoupon(tx, siteId, 'demo-member-001', ids.newcomer, clock.ago(1));
    await claimCoupon(tx, siteId, 'demo-buyer-003', ids.freeShipping, clock.ago(2));
    // The discount lasts three days: the one claimed ten days ago has expired, the other is revoked.
    await claimCoupon(tx, siteId, 'demo-buyer-004', ids.discount, clock.ago(10));
    const revoked = await claimCoupon(tx, siteId, 'demo-buyer-005', ids.discount, clock.ago(1));
    await revokeCopy(tx, siteId, await readCopy(tx, siteId, 'zh', revoked.Id), '误领，已与顾客沟通', 'zh');
    await claimCoupon(tx, siteId, 'demo-buyer-002', ids.discount, clock.ago(1));
    await expireCopies(tx, clock.now);
  });

  // Orders: one pays with its coupon, one is cancelled and gives its coupon back.
  await db.transaction(async (tx) => {
    const sku = await skuFor(tx, siteId, 19_900);
    if (!sku) return;
    const context = (days: number) => ({ tx, siteId, now: clock.ago(days), locale: 'zh' as const });
    for (const [index, shopper] of shoppers.entries()) {
      const [copy] = await queryRows<{ id: number }>(
        tx,
        sql`select mc.id from member_coupons mc join members m on m.id = mc.member_id
             where mc.coupon_id = ${ids.full199} and mc.state = 'unused' and m.open_id = ${shopper.open_id}`,
      );
      const buyer = { Id: shopper.open_id, Name: shopper.nickname, Phone: shopper.mobile };
      const order = await placeOrder(context(2 - index), {
        Buyer: buyer,
        Source: 'miniProgram',
        DeliveryType: 'express',
        Address: { ...ADDRESS, Name: buyer.Name, Phone: buyer.Phone },
        Lines: [{ SkuId: sku.skuId, Quantity: sku.quantity }],
        BuyerRemark: '',
        MemberCouponId: copy!.id,
      });
      if (index === 0) {
        await payStorefrontOrder(context(2 - index), {
          OrderNo: order.orderNo,
          BuyerId: buyer.Id,
          PaymentMethod: 'wechat',
          AmountFen: order.totalFen,
          TransactionNo: `4200CPN${order.id}`,
        });
      } else {
        await cancelStorefrontOrder(context(1 - index), {
          OrderNo: order.orderNo,
          BuyerId: buyer.Id,
          Reason: '换个时间再买',
        });
      }
    }
  });

  // A send to the VIP tag, and one to chosen members where the disabled one fails; then the
  // members' coupon is paused.
  await db.transaction(async (tx) => {
    const chosen = await queryRows<{ id: number }>(
      tx,
      sql`select id from members where site_id = ${siteId} and open_id in ('demo-buyer-006', 'demo-member-002')`,
    );
    const sender = { siteId, accountId: adminAccountId, accountName: 'admin' };
    await createSend(
      tx,
      {
        ...sender,
        couponId: ids.memberFive,
        copies: 1,
        target: { Kind: 'tag', Tag: 'VIP' },
        requestKey: 'demo-send-vip',
      },
      'zh',
      clock.ago(3),
    );
    await createSend(
      tx,
      {
        ...sender,
        couponId: ids.freeShipping,
        copies: 2,
        target: { Kind: 'members', MemberIds: chosen.map((row) => row.id) },
        requestKey: 'demo-send-chosen',
      },
      'zh',
      clock.ago(2),
    );
  });
  await runCouponSends(db, clock.ago(2));
  await runCouponRules(db, clock.now);
  await db.transaction((tx) => applyCouponAction(tx, siteId, [ids.memberFive], 'pause', 'zh', clock.ago(1)));

  // The store coupon: a batch of codes, two written off at the first store by its store account.
  await db.transaction(async (tx) => {
    const [store] = await queryRows<{ id: number; account_id: number | null; user_name: string | null }>(
      tx,
      sql`select s.id, a.id as account_id, a.user_name from stores s
            left join accounts a on a.store_id = s.id and a.kind = 'store'
           where s.site_id = ${siteId} and not s.deleted order by s.sort desc, s.id limit 1`,
    );
    const batch = await buildBatch(
      tx,
      { siteId, accountId: adminAccountId, accountName: 'admin' },
      { couponId: ids.store, quantity: 20, note: '开业活动印刷' },
      'zh',
      clock.ago(7),
    );
    if (!store) return;
    const verifier: Verifier = {
      kind: 'account',
      memberId: null,
      accountId: store.account_id,
      name: store.user_name ?? 'admin',
    };
    const codes = await queryRows<{ code: string }>(
      tx,
      sql`select code from offline_coupon_codes where batch_id = ${batch.batchId} order by id limit 3`,
    );
    for (const [index, row] of codes.slice(0, 2).entries())
      await writeOffOfflineCode(tx, siteId, row.code, store.id, verifier, clock.ago(5 - index), 'zh');
    await tx.execute(
      sql`update offline_coupon_codes set state = 'voided', ended_at = ${clock.ago(1).toISOString()}::timestamptz
           where batch_id = ${batch.batchId} and code = ${codes[2]?.code ?? ''}`,
    );
  });
}

async function seedSecond(db: Database, siteId: number, clock: Clock): Promise<void> {
  const ids = await db.transaction(async (tx) => ({
    booking: await create(
      tx,
      siteId,
      coupon(clock, {
        Title: '官网预约立减券',
        Kind: 'amount',
        Value: 5000,
        ThresholdFen: 50000,
        TotalQuantity: 100,
      }),
      clock,
    ),
    consult: await create(
      tx,
      siteId,
      coupon(clock, {
        Title: '咨询礼包9折券',
        Kind: 'discount',
        Value: 90,
        Validity: { kind: 'relative', days: 30, fromTomorrow: true },
      }),
      clock,
    ),
  }));
  await db.transaction((tx) => claimCoupon(tx, siteId, 'site2-member-001', ids.booking, clock.ago(2)));
}

export async function couponSeed(db: Database, demo: DemoSites): Promise<void> {
  const now = new Date();
  const clock: Clock = { now, today: shopDate(now), ago: (days) => new Date(now.getTime() - days * DAY_MS) };
  await seedMall(db, demo.mallSiteId, clock, demo.adminAccountId);
  await seedSecond(db, demo.secondSiteId, clock);
}
