import { type SQL, sql } from 'drizzle-orm';
import { type DealMember, dealSelect } from '../../db/member-deal-rows';
import { balanceAfter } from '../customer/service';

/**
 * The order area's part of a member's deals: paid orders, paid recharge orders, and the money given
 * back for either. Refunds of an order belong to the order's store, like the order.
 */
export function memberOrderDeals(member: DealMember): SQL[] {
  const orders = dealSelect(
    {
      kind: 'order',
      id: sql`o.id`,
      amountFen: sql`-o.paid_fen`,
      balanceAfterFen: balanceAfter(member, sql`o.order_no`, ['order_payment'], sql`o.paid_at`),
      reference: sql`o.order_no`,
      sourceId: sql`o.id`,
      detail: sql`coalesce(o.payment_method, '')`,
      at: sql`o.paid_at`,
      storeId: sql`o.store_id`,
    },
    sql`from orders o
        where o.site_id = ${member.siteId} and o.buyer_id = ${member.openId} and o.paid_at is not null
          and o.paid_fen > 0`,
  );
  const orderRefunds = dealSelect(
    {
      kind: 'refund',
      id: sql`r.id`,
      amountFen: sql`r.amount_fen`,
      balanceAfterFen: balanceAfter(member, sql`o.order_no`, ['order_refund'], sql`r.refunded_at`),
      reference: sql`o.order_no`,
      sourceId: sql`o.id`,
      detail: sql`'order'`,
      at: sql`r.refunded_at`,
      storeId: sql`o.store_id`,
    },
    sql`from order_refunds r join orders o on o.id = r.order_id
        where r.site_id = ${member.siteId} and o.buyer_id = ${member.openId} and r.state = 'refunded'
          and r.amount_fen > 0`,
  );
  // A stored-value recharge brings stored value to the member; a data top-up is something bought.
  const recharges = dealSelect(
    {
      kind: 'recharge',
      id: sql`c.id`,
      amountFen: sql`case when c.kind = 'storedValue' then c.amount_fen else -c.amount_fen end`,
      balanceAfterFen: balanceAfter(member, sql`c.order_no`, ['recharge', 'order_payment'], sql`c.paid_at`),
      reference: sql`c.order_no`,
      sourceId: sql`c.id`,
      detail: sql`c.kind`,
      at: sql`c.paid_at`,
      storeId: sql`null`,
    },
    sql`from recharge_orders c
        where c.site_id = ${member.siteId} and c.buyer_id = ${member.openId} and c.paid_at is not null`,
  );
  const rechargeRefunds = dealSelect(
    {
      kind: 'refund',
      // Recharge refunds share the refund kind with order refunds: their ids take the negative side.
      id: sql`-c.id`,
      amountFen: sql`case when c.kind = 'storedValue' then -c.amount_fen else c.amount_fen end`,
      balanceAfterFen: balanceAfter(
        member,
        sql`c.order_no`,
        ['recharge_refund', 'order_refund'],
        sql`c.refunded_at`,
      ),
      reference: sql`c.order_no`,
      sourceId: sql`c.id`,
      detail: sql`'recharge'`,
      at: sql`c.refunded_at`,
      storeId: sql`null`,
    },
    sql`from recharge_orders c
        where c.site_id = ${member.siteId} and c.buyer_id = ${member.openId} and c.refunded_at is not null
          and c.paid_at is not null`,
  );
  return [orders, orderRefunds, recharges, rechargeRefunds];
}
