import { sql } from 'drizzle-orm';
import type { DistributionSetting } from '../../../contract/endpoints/distribution';
import { DAY_MS } from '../../../contract/shop-time';
import { paymentEnvironment } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { signInMember } from '../customer/service';
import { applyStorefrontRefund, payStorefrontOrder, placeOrder, refundRequested } from '../order/service';
import { sendOutboxRow } from '../payment/service';
import { reconcilePayouts } from './payouts';
import {
  type Actor,
  applyToPromote,
  approveApplications,
  bindWechatAccount,
  movePromoters,
  promoterOfMember,
  rejectApplication,
  setGrade,
} from './promoters';
import { addGoodsRule, addGrade, writeDistributionSetting } from './settings';
import { settleDueCommission } from './settlement';
import {
  applyForWithdrawal,
  approveWithdrawal,
  lockWithdrawal,
  markFailed,
  rejectWithdrawal,
  startPayout,
  type WithdrawalContext,
} from './withdrawals';

/**
 * Demo distribution for the mall, made through the services buyers and operators use: the rules,
 * two grades and goods rules; promoters at two levels (张三, then 李四 under him, then 林悦 under
 * 李四, later frozen) with applications pending and rejected; their invited members' orders of the
 * last two months, paid, refunded in part and in whole, settled by the sweep (one refunded after
 * settling, so a reversal shows); and withdrawals in every state through every channel. The
 * official site leaves distribution off.
 */

const RULES: DistributionSetting = {
  Enabled: true,
  Levels: 2,
  Joining: 'review',
  JoinSpendingFen: 0,
  SelfPurchase: true,
  Level1Rate: 1_000,
  Level2Rate: 500,
  SettleMoment: 'completion',
  FreezeDays: 3,
  WithdrawMinFen: 1_000,
  WithdrawFeeRate: 60,
  WithdrawChannels: ['balance', 'wechat', 'bank'],
  DailyLimitFen: 500_000,
};

const OPERATOR: Actor = { kind: 'operator', accountId: null, name: 'admin' };
const BUYER: Actor = { kind: 'buyer', accountId: null, name: '' };

/** New members of the demo: who invited them (an open id), and when they signed up. */
const FANS = [
  { openId: 'demo-fan-001', nickname: '许晴', mobile: '13600000001', inviter: 'demo-buyer-001', daysAgo: 50 },
  { openId: 'demo-fan-002', nickname: '马骏', mobile: '13600000002', inviter: 'demo-buyer-001', daysAgo: 40 },
  { openId: 'demo-fan-003', nickname: '何雨', mobile: '13600000003', inviter: 'demo-buyer-002', daysAgo: 45 },
  {
    openId: 'demo-promoter-003',
    nickname: '林悦',
    mobile: '13600000004',
    inviter: 'demo-buyer-002',
    daysAgo: 44,
  },
  {
    openId: 'demo-fan-004',
    nickname: '宋佳',
    mobile: '13600000005',
    inviter: 'demo-promoter-003',
    daysAgo: 30,
  },
] as const;

interface Site {
  db: Database;
  siteId: number;
  now: Date;
}

const ago = (site: Site, days: number) => new Date(site.now.getTime() - days * DAY_MS);

async function memberNo(tx: Executor, siteId: number, openId: string): Promise<string> {
  const [row] = await queryRows<{ member_no: string }>(
    tx,
    sql`select member_no from members where site_id = ${siteId} and open_id = ${openId}`,
  );
  return row!.member_no;
}

async function memberId(tx: Executor, siteId: number, openId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from members where site_id = ${siteId} and open_id = ${openId}`,
  );
  return row!.id;
}

/** A member applies through the storefront and an operator approves; returns the promoter id. */
async function promote(site: Site, openId: string, daysAgo: number): Promise<number> {
  return site.db.transaction(async (tx) => {
    const application = await applyToPromote(tx, site.siteId, openId, ago(site, daysAgo));
    await approveApplications(tx, site.siteId, [application.id], OPERATOR, 'zh', ago(site, daysAgo - 0.2));
    const promoter = await promoterOfMember(tx, site.siteId, await memberId(tx, site.siteId, openId));
    return promoter!.id;
  });
}

interface Skus {
  virtual: { id: number; priceFen: number }[];
  physical: { id: number; productId: number }[];
}

async function skus(tx: Executor, siteId: number): Promise<Skus> {
  const virtual = await queryRows<{ id: number; price_fen: number }>(
    tx,
    sql`select s.id, s.price_fen from skus s join products p on p.id = s.product_id
         where s.site_id = ${siteId} and p.kind = 'virtual' and p.shelf_state = 'on' and s.stock >= 20
         order by s.price_fen desc, s.id`,
  );
  const physical = await queryRows<{ id: number; product_id: number }>(
    tx,
    sql`select distinct on (p.id) s.id, s.product_id from skus s join products p on p.id = s.product_id
         where s.site_id = ${siteId} and p.kind = 'physical' and p.shelf_state = 'on' and p.recycle_state = 'active'
           and s.stock >= 20 and s.price_fen >= 3000
         order by p.id, s.id limit 3`,
  );
  return {
    virtual: virtual.map((row) => ({ id: row.id, priceFen: row.price_fen })),
    physical: physical.map((row) => ({ id: row.id, productId: row.product_id })),
  };
}

/** A buyer's paid order of `skuId` at `at`; virtual goods are received at once (their tickets). */
async function paidOrder(
  site: Site,
  buyer: { openId: string; name: string; phone: string },
  line: { skuId: number; quantity: number; virtual: boolean },
  at: Date,
): Promise<{ orderNo: string; totalFen: number }> {
  return site.db.transaction(async (tx) => {
    const context = { tx, siteId: site.siteId, now: at, locale: 'zh' as const };
    const Buyer = { Id: buyer.openId, Name: buyer.name, Phone: buyer.phone };
    const order = await placeOrder(context, {
      Buyer,
      Source: 'miniProgram',
      DeliveryType: line.virtual ? 'virtual' : 'express',
      Address: line.virtual
        ? undefined
        : {
            Name: buyer.name,
            Phone: buyer.phone,
            Province: '浙江省',
            City: '杭州市',
            District: '西湖区',
            Detail: '文三路 100 号',
          },
      Lines: [{ SkuId: line.skuId, Quantity: line.quantity }],
      BuyerRemark: '',
    });
    await payStorefrontOrder(context, {
      OrderNo: order.orderNo,
      BuyerId: buyer.openId,
      PaymentMethod: 'wechat',
      AmountFen: order.totalFen,
      TransactionNo: `4200DIST${order.orderNo}`,
    });
    return { orderNo: order.orderNo, totalFen: order.totalFen };
  });
}

/** The buyer asks for `amountFen` back and the operator refunds it, at `at`. */
async function refund(site: Site, buyerId: string, orderNo: string, amountFen: number, at: Date) {
  await site.db.transaction(async (tx) => {
    const context = { tx, siteId: site.siteId, now: at, locale: 'zh' as const };
    await applyStorefrontRefund(context, {
      OrderNo: orderNo,
      BuyerId: buyerId,
      AmountFen: amountFen,
      Reason: '不想要了',
    });
    await refundRequested(context, orderNo, OPERATOR);
  });
}

function context(tx: Executor, site: Site, actor: Actor, at: Date): WithdrawalContext {
  return { tx, siteId: site.siteId, actor, locale: 'zh', now: at };
}

/** A promoter applies to withdraw; returns the withdrawal's id. */
async function withdraw(
  site: Site,
  buyerId: string,
  amountFen: number,
  channel: 'balance' | 'wechat' | 'bank',
  at: Date,
): Promise<number> {
  return site.db.transaction(async (tx) => {
    const withdrawal = await applyForWithdrawal(context(tx, site, BUYER, at), {
      BuyerId: buyerId,
      AmountFen: amountFen,
      Channel: channel,
      Bank:
        channel === 'bank'
          ? { BankName: '招商银行', AccountName: '张三', AccountNo: '6225880112345678' }
          : undefined,
    });
    return withdrawal.id;
  });
}

/** The operator approves and starts paying; a WeChat change payout is then sent and answered. */
async function approveAndPay(site: Site, id: number, at: Date, pay = true): Promise<void> {
  const key = await site.db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, site.siteId, { id });
    await approveWithdrawal(context(tx, site, OPERATOR, at), withdrawal);
    if (!pay) return null;
    const approved = await lockWithdrawal(tx, site.siteId, { id });
    const started = await startPayout(
      context(tx, site, OPERATOR, at),
      approved,
      'pay',
      'http://127.0.0.1/api/storefront/WechatTransferNotify',
    );
    return started.transferKey;
  });
  if (key) {
    await sendOutboxRow(site.db, key, at, paymentEnvironment());
    await reconcilePayouts(site.db, at, paymentEnvironment(), { siteId: site.siteId, ids: [id] });
  }
}

async function seedMall(site: Site): Promise<void> {
  const { db, siteId } = site;
  const catalogue = await db.transaction(async (tx) => {
    await writeDistributionSetting(tx, siteId, RULES, 0);
    const gold = await addGrade(tx, siteId, { Name: '金牌推广员', Level1Rate: 1_500, Level2Rate: 600 });
    await addGrade(tx, siteId, { Name: '银牌推广员', Level1Rate: 1_200, Level2Rate: 500 });
    const found = await skus(tx, siteId);
    const [fixed, excluded] = found.physical;
    if (fixed)
      await addGoodsRule(tx, siteId, { ProductId: fixed.productId, Mode: 'fixed', Level1: 500, Level2: 200 });
    if (excluded)
      await addGoodsRule(tx, siteId, {
        ProductId: excluded.productId,
        Mode: 'excluded',
        Level1: 0,
        Level2: 0,
      });
    return { gold, skus: found };
  });
  const tea = catalogue.skus.virtual[0];
  const wash = catalogue.skus.virtual.at(-1) ?? tea;
  const parcel = catalogue.skus.physical[0];
  if (!tea || !wash) return;

  // Promoters at two levels: 张三 (gold), 李四 invited by him, 林悦 invited by 李四.
  const zhang = await promote(site, 'demo-buyer-001', 58);
  await db.transaction((tx) => setGrade(tx, siteId, [zhang], catalogue.gold));
  await promote(site, 'demo-buyer-002', 55);
  for (const fan of FANS) {
    await db.transaction(async (tx) =>
      signInMember(
        tx,
        siteId,
        {
          OpenId: fan.openId,
          Source: 'miniProgram',
          Nickname: fan.nickname,
          Avatar: '',
          Mobile: fan.mobile,
          Gender: 'unknown',
          InviterMemberNo: await memberNo(tx, siteId, fan.inviter),
        },
        ago(site, fan.daysAgo),
      ),
    );
  }
  const lin = await promote(site, 'demo-promoter-003', 42);

  // Applications: 王芳 waits for review; 刘洋 was turned down.
  await db.transaction((tx) => applyToPromote(tx, siteId, 'demo-buyer-003', ago(site, 2)));
  await db.transaction(async (tx) => {
    const application = await applyToPromote(tx, siteId, 'demo-buyer-006', ago(site, 18));
    await rejectApplication(
      tx,
      siteId,
      application.id,
      '近期无消费记录，暂不通过',
      OPERATOR,
      'zh',
      ago(site, 17),
    );
  });

  const buyer = (openId: string, name: string, phone: string) => ({ openId, name, phone });
  const xu = buyer('demo-fan-001', '许晴', '13600000001');
  const ma = buyer('demo-fan-002', '马骏', '13600000002');
  const he = buyer('demo-fan-003', '何雨', '13600000003');
  const li = buyer('demo-buyer-002', '李四', '13800000002');
  const song = buyer('demo-fan-004', '宋佳', '13600000005');
  const chen = buyer('demo-buyer-005', '陈静', '13800000005');
  const virtual = (sku: { id: number }, quantity = 1) => ({ skuId: sku.id, quantity, virtual: true });

  // Orders of the invited, settled by the sweep three days after the tickets were issued.
  await paidOrder(site, xu, virtual(tea), ago(site, 40));
  await paidOrder(site, xu, virtual(tea, 2), ago(site, 35));
  await paidOrder(site, he, virtual(tea), ago(site, 33));
  await paidOrder(site, li, virtual(wash, 2), ago(site, 30));
  await paidOrder(site, song, virtual(wash), ago(site, 28));
  const halfBack = await paidOrder(site, he, virtual(wash, 2), ago(site, 26));
  await refund(site, he.openId, halfBack.orderNo, wash.priceFen, ago(site, 25));
  const allBack = await paidOrder(site, xu, virtual(wash), ago(site, 24));
  await refund(site, xu.openId, allBack.orderNo, allBack.totalFen, ago(site, 23));
  const laterBack = await paidOrder(site, ma, virtual(tea), ago(site, 22));
  await settleDueCommission(db, ago(site, 18));
  // Refunded after its commission settled: the ledger takes it back.
  await refund(site, ma.openId, laterBack.orderNo, laterBack.totalFen, ago(site, 17));
  await db.transaction((tx) => movePromoters(tx, siteId, [lin], 'freeze', 'zh'));

  // Recent orders, still pending: a parcel not received yet and tickets inside the freeze days.
  if (parcel) await paidOrder(site, ma, { skuId: parcel.id, quantity: 2, virtual: false }, ago(site, 2));
  await paidOrder(site, chen, virtual(tea), ago(site, 1));
  await settleDueCommission(db, site.now);

  // Withdrawals in every state, through every channel.
  await db.transaction((tx) =>
    bindWechatAccount(
      tx,
      siteId,
      { BuyerId: 'demo-buyer-001', OpenId: 'oDemoZhangSan0001', RealName: '张三' },
      ago(site, 16),
    ),
  );
  const paidToWechat = await withdraw(site, 'demo-buyer-001', 2_000, 'wechat', ago(site, 15));
  await approveAndPay(site, paidToWechat, ago(site, 14));
  const paidToBalance = await withdraw(site, 'demo-buyer-002', 1_000, 'balance', ago(site, 12));
  await approveAndPay(site, paidToBalance, ago(site, 12));
  const bankFailed = await withdraw(site, 'demo-buyer-001', 1_500, 'bank', ago(site, 10));
  await approveAndPay(site, bankFailed, ago(site, 9));
  await db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, siteId, { id: bankFailed });
    await markFailed(
      context(tx, site, OPERATOR, ago(site, 8)),
      withdrawal,
      '户名与卡号不符，请核对后重新申请',
    );
  });
  const bankPaying = await withdraw(site, 'demo-buyer-001', 1_200, 'bank', ago(site, 5));
  await approveAndPay(site, bankPaying, ago(site, 4));
  const rejected = await withdraw(site, 'demo-buyer-002', 1_000, 'balance', ago(site, 4));
  await db.transaction(async (tx) => {
    const withdrawal = await lockWithdrawal(tx, siteId, { id: rejected });
    await rejectWithdrawal(context(tx, site, OPERATOR, ago(site, 3)), withdrawal, '请先完成实名认证');
  });
  const approved = await withdraw(site, 'demo-buyer-001', 1_000, 'wechat', ago(site, 2));
  await approveAndPay(site, approved, ago(site, 1), false);
  await withdraw(site, 'demo-buyer-001', 1_000, 'wechat', ago(site, 0.5));
}

export const distributionSeed: AreaSeed = async (db, demo) => {
  await seedMall({ db, siteId: demo.mallSiteId, now: new Date() });
};
