import { sql } from 'drizzle-orm';
import type { TicketSettings } from '../../../contract/goods-kind';
import { DAY_MS } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { ensureMember } from '../customer/service';
import { applyStorefrontRefund, payStorefrontOrder, placeOrder, refundRequested } from '../order/service';
import { expireTickets, intArray, type Verifier, writeOffCode } from './service';

/**
 * Demo tickets in every state for both demo shops: virtual goods, paid orders of them through the
 * order service (so tickets come from payments as they would), then write-offs by verifiers, a
 * refund, an operator's invalidation and the expiry sweep.
 */

interface DemoGood {
  name: string;
  priceFen: number;
  colour: string;
  ticket: Omit<TicketSettings, 'StoreIds'>;
  /** Usable at the site's first store only. */
  firstStoreOnly?: boolean;
}

const GOODS: readonly DemoGood[] = [
  {
    name: '双人下午茶套餐券',
    priceFen: 16800,
    colour: '#ff7043',
    ticket: { Mode: 'days', Days: 60, From: null, Until: null },
  },
  {
    name: '洗车服务次卡',
    priceFen: 3900,
    colour: '#42a5f5',
    ticket: { Mode: 'days', Days: 90, From: null, Until: null },
    firstStoreOnly: true,
  },
  {
    name: '周末亲子乐园门票',
    priceFen: 12000,
    colour: '#66bb6a',
    ticket: { Mode: 'days', Days: 2, From: null, Until: null },
  },
];

const BUYERS = [
  { Id: 'demo-ticket-buyer-1', Name: '林晓', Phone: '13800138101' },
  { Id: 'demo-ticket-buyer-2', Name: '周航', Phone: '13800138102' },
  { Id: 'demo-ticket-buyer-3', Name: '陈一鸣', Phone: '13800138103' },
];

const VERIFIER = { Id: 'demo-ticket-verifier', Name: '店员小王', Phone: '13800138199' };

async function createGoods(tx: Executor, siteId: number, storeIds: number[]): Promise<number[]> {
  const skuIds: number[] = [];
  for (const [index, good] of GOODS.entries()) {
    const settings: TicketSettings = {
      ...good.ticket,
      StoreIds: good.firstStoreOnly ? storeIds.slice(0, 1) : [],
    };
    const [product] = await queryRows<{ id: number }>(
      tx,
      sql`insert into products (site_id, name, code, gallery, price_fen, max_price_fen, market_price_fen, shelf_state,
                                audit_state, kind, ticket_settings, total_stock, sku_count, sort)
          values (${siteId}, ${good.name}, ${`VT-${index + 1}`}, ${JSON.stringify([demoPicture(good.colour, '券')])}::jsonb,
                  ${good.priceFen}, ${good.priceFen}, ${good.priceFen + 2000}, 'on', 'approved', 'virtual',
                  ${JSON.stringify(settings)}::jsonb, 500, 1, ${50 - index})
          returning id`,
    );
    const [sku] = await queryRows<{ id: number }>(
      tx,
      sql`insert into skus (site_id, product_id, price_fen, stock, code)
          values (${siteId}, ${product!.id}, ${good.priceFen}, 500, ${`VT-${index + 1}`}) returning id`,
    );
    // The first stock is a ledger row, as for SKUs created through the API.
    await tx.execute(
      sql`insert into stock_log (site_id, product_id, sku_id, kind, delta, after, reason)
          values (${siteId}, ${product!.id}, ${sku!.id}, 'initial', 500, 500, '')`,
    );
    skuIds.push(sku!.id);
  }
  return skuIds;
}

async function seedSite(tx: Executor, siteId: number, now: Date, soldDaysAgo: number): Promise<void> {
  const stores = await queryRows<{ id: number }>(
    tx,
    sql`select id from stores where site_id = ${siteId} and deleted = false order by sort desc, id`,
  );
  if (stores.length === 0) return;
  const storeIds = stores.map((store) => store.id);
  const skuIds = await createGoods(tx, siteId, storeIds);
  const context = (at: Date) => ({ tx, siteId, now: at, locale: 'zh' as const });

  // Verifiers: a member at the first store (the storefront's scanner) and the store account.
  const verifierMemberId = await ensureMember(tx, {
    siteId,
    openId: VERIFIER.Id,
    nickname: VERIFIER.Name,
    mobile: VERIFIER.Phone,
    source: 'miniProgram',
    now: new Date(now.getTime() - (soldDaysAgo + 40) * DAY_MS),
  });
  await tx.execute(
    sql`insert into ticket_verifiers (site_id, kind, member_id, store_id)
        values (${siteId}, 'member', ${verifierMemberId}, ${storeIds[0]!})`,
  );
  await tx.execute(
    sql`insert into ticket_verifiers (site_id, kind, account_id, store_id)
        select ${siteId}, 'account', id, store_id from accounts
         where site_id = ${siteId} and kind = 'store' and store_id = any(${intArray(storeIds)})`,
  );
  const verifier: Verifier = {
    kind: 'member',
    memberId: verifierMemberId,
    accountId: null,
    name: VERIFIER.Name,
  };

  const orders: { orderNo: string; buyerId: string; paidAt: Date }[] = [];
  for (const [index, buyer] of BUYERS.entries()) {
    for (const [goodIndex, skuId] of skuIds.entries()) {
      const paidAt = new Date(
        now.getTime() - (soldDaysAgo + (goodIndex === 2 ? 5 : 20 - index * 3)) * DAY_MS,
      );
      const order = await placeOrder(context(paidAt), {
        Buyer: buyer,
        Source: index === 2 ? 'h5' : 'miniProgram',
        DeliveryType: 'virtual',
        Lines: [{ SkuId: skuId, Quantity: goodIndex === 0 ? 1 : 2 }],
        BuyerRemark: '',
      });
      await payStorefrontOrder(context(paidAt), {
        OrderNo: order.orderNo,
        BuyerId: buyer.Id,
        PaymentMethod: 'wechat',
        AmountFen: order.totalFen,
        TransactionNo: `42000${siteId}${index}${goodIndex}`,
      });
      orders.push({ orderNo: order.orderNo, buyerId: buyer.Id, paidAt });
    }
  }

  // Used: the first buyer's tea set and one car wash, written off at the first store.
  const used = await queryRows<{ code: string; created_at: Date | string }>(
    tx,
    sql`select t.code, t.created_at from tickets t join members m on m.id = t.member_id
         where t.site_id = ${siteId} and m.open_id in (${BUYERS[0]!.Id}, ${BUYERS[1]!.Id}) and t.goods_name <> ${GOODS[2]!.name}
         order by t.id limit 3`,
  );
  for (const [index, ticket] of used.entries()) {
    const at = new Date(new Date(ticket.created_at).getTime() + (index + 1) * DAY_MS);
    await writeOffCode(tx, siteId, ticket.code, storeIds[0]!, verifier, at, 'zh');
  }

  // Refunded: the third buyer asks for the tea set back.
  const refunded = orders.find((order) => order.buyerId === BUYERS[2]!.Id)!;
  const refundAt = new Date(refunded.paidAt.getTime() + DAY_MS);
  await applyStorefrontRefund(context(refundAt), {
    OrderNo: refunded.orderNo,
    BuyerId: refunded.buyerId,
    AmountFen: GOODS[0]!.priceFen,
    Reason: '行程有变',
  });
  await refundRequested(context(refundAt), refunded.orderNo, {
    kind: 'operator',
    accountId: null,
    name: 'admin',
  });

  // Expired: the two-day park tickets paid five days ago, and one invalidated by an operator.
  await tx.execute(
    sql`update tickets set state = 'expired', end_reason = '顾客遗失，已补发', ended_at = ${now.toISOString()}::timestamptz,
               version = version + 1
         where id = (select id from tickets where site_id = ${siteId} and state = 'unused' and goods_name = ${GOODS[1]!.name}
                      order by id desc limit 1)`,
  );
  await expireTickets(tx, now);
}

export const ticketSeed: AreaSeed = async (db, demo) => {
  const now = new Date();
  await db.transaction(async (tx) => {
    await seedSite(tx, demo.mallSiteId, now, 0);
    // The official site sold its vouchers two months ago, so its recent sales reports hold only
    // what is sold there from now on (the order reports' API test starts from an empty range).
    await seedSite(tx, demo.secondSiteId, now, 60);
  });
};
