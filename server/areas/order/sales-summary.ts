import { sql } from 'drizzle-orm';
import { shopDate } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { type Statement, statement } from '../../db/query';
import { shopDateSql } from '../../db/shop-time-sql';
import type { OrderRecord } from './lifecycle';

/**
 * Keeps order_sales_days and order_buyer_days in step with the orders. Each function runs in the
 * transaction of the transition it counts, after that transition's guarded UPDATE succeeded, so a
 * figure is added exactly when the change commits and never twice.
 */

/** The buyer a payment counts for; walk-in customers without an id count once per order. */
export function payingBuyer(order: Pick<OrderRecord, 'id' | 'buyerId'>): string {
  return order.buyerId === '' ? `order:${order.id}` : order.buyerId;
}

/**
 * An order placed counts on its business day. The day's row is every order's hot row: the statement
 * comes last in a transaction, with the others at its end (runStatements).
 */
export function placedCount(order: Pick<OrderRecord, 'siteId' | 'createdAt'>): Statement {
  return statement(
    sql`insert into order_sales_days (site_id, day, created_orders)
        values (${order.siteId}, ${shopDate(order.createdAt)}, 1)
        on conflict (site_id, day) do update set created_orders = order_sales_days.created_orders + 1`,
  );
}

/**
 * A payment. The buyer's first payment of a day adds a row to their chain of paying days: its
 * previous day is the latest before it, and the next day's row (a payment recorded late) now
 * follows it. A lock per buyer keeps two of their payments on different days from chaining past
 * each other.
 */
export async function countPayment(
  tx: Executor,
  order: Pick<OrderRecord, 'id' | 'siteId' | 'buyerId' | 'paidFen'>,
  paidAt: Date,
): Promise<void> {
  const day = shopDate(paidAt);
  const buyer = payingBuyer(order);
  const ofBuyer = sql`site_id = ${order.siteId} and buyer = ${buyer}`;
  await tx.execute(sql`select pg_advisory_xact_lock(${order.siteId}::int, hashtext(${buyer}))`);
  await tx.execute(
    sql`with first_payment as (
          insert into order_buyer_days (site_id, day, buyer, previous_day)
          values (${order.siteId}, ${day}, ${buyer},
                  (select max(day) from order_buyer_days where ${ofBuyer} and day < ${day}::date))
          on conflict do nothing returning day),
        relinked as (
          update order_buyer_days set previous_day = ${day}::date
           where ${ofBuyer} and exists (select 1 from first_payment)
             and day = (select min(day) from order_buyer_days where ${ofBuyer} and day > ${day}::date))
        insert into order_sales_days (site_id, day, paid_orders, sales_fen)
        values (${order.siteId}, ${day}, 1, ${order.paidFen})
        on conflict (site_id, day) do update set
          paid_orders = order_sales_days.paid_orders + 1,
          sales_fen = order_sales_days.sales_fen + excluded.sales_fen`,
  );
}

export async function countRefund(
  tx: Executor,
  siteId: number,
  amountFen: number,
  refundedAt: Date,
): Promise<void> {
  await tx.execute(
    sql`insert into order_sales_days (site_id, day, refund_fen)
        values (${siteId}, ${shopDate(refundedAt)}, ${amountFen})
        on conflict (site_id, day) do update set refund_fen = order_sales_days.refund_fen + excluded.refund_fen`,
  );
}

/**
 * Recomputes every site's summaries from the orders, as the migrations that added them did. For
 * orders written around the commands (the bench's bulk insert) and for checking the running totals.
 */
export async function rebuildSalesSummaries(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from order_buyer_days`);
    await tx.execute(sql`delete from order_sales_days`);
    await tx.execute(
      sql`insert into order_buyer_days (site_id, day, buyer, previous_day)
          select site_id, day, buyer, lag(day) over (partition by site_id, buyer order by day)
            from (select distinct site_id, ${shopDateSql('paid_at')} as day,
                         case when buyer_id = '' then 'order:' || id else buyer_id end as buyer
                    from orders where paid_at is not null) paying`,
    );
    await tx.execute(
      sql`insert into order_sales_days (site_id, day, created_orders, paid_orders, sales_fen, refund_fen)
          select site_id, day, sum(created), sum(paid), sum(sales), sum(refunds) from (
            select site_id, ${shopDateSql('created_at')} as day, count(*) as created, 0 as paid, 0 as sales, 0 as refunds
              from orders group by 1, 2
            union all
            select site_id, ${shopDateSql('paid_at')}, 0, count(*), sum(paid_fen), 0
              from orders where paid_at is not null group by 1, 2
            union all
            select site_id, ${shopDateSql('refunded_at')}, 0, 0, 0, sum(amount_fen)
              from order_refunds where refunded_at is not null group by 1, 2) figures
          group by 1, 2`,
    );
  });
}
