import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_PARAMETER_SETTING } from '../../../contract/endpoints/orders';
import { type OrderType, REVIEWABLE_ORDER_STATES } from '../../../contract/machines/order';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { activityClosed } from './activity-hooks';
import { idList, type OrderRecord } from './lifecycle';
import { returnOrderPoints } from './order-points';
import { grantCompletedOrders } from './order-wallet';
import { orderStockLines, returnStock } from './stock';

/**
 * Time-based order transitions (DESIGN §3): unpaid orders close, shipped orders are confirmed as
 * received, received orders complete when their after-sale window ends, received goods get a
 * default good review. Each sweep takes due rows in batches with FOR UPDATE SKIP LOCKED (another
 * instance sweeping at the same moment takes other rows, an operator holding a row is left alone)
 * and changes them with an UPDATE guarded by the state it expects, so running a sweep twice, or on
 * several instances at once, changes each order once. The transition is dated at the moment it
 * fell due, not when the sweep noticed it.
 */

// A type rather than an interface, so it fits the area list's `Record<string, number>` of counts.
export type OrderSweepCounts = {
  closedOrders: number;
  confirmedOrders: number;
  completedOrders: number;
  reviewedOrders: number;
  closedRecharges: number;
};

/** A default review, as Chinese shops word it; stored as buyer content, not shown to operators as UI text. */
export const AUTO_REVIEW_CONTENT = '此用户没有填写评价，系统默认好评';

const ACTIVE_REFUND = sql`refund_state not in ('requested', 'approved')`;

const SYSTEM = { kind: 'system' as const, accountId: null, name: '' };

interface Due extends Record<string, unknown> {
  id: number;
  site_id: number;
  order_no: string;
  type: OrderType;
  buyer_id: string;
  due: Date;
  stock_deducted: boolean;
}

/** Locks up to `limit` due rows of orders matching `condition`, oldest due first. */
function lockDue(tx: Executor, dueColumn: SQL, condition: SQL, limit: number): Promise<Due[]> {
  return queryRows<Due>(
    tx,
    sql`select id, site_id, order_no, type, buyer_id, ${dueColumn} as due, stock_deducted from orders
         where ${condition} order by ${dueColumn}, id limit ${limit} for update skip locked`,
  );
}

async function logSystem(
  tx: Executor,
  rows: readonly Due[],
  action: string,
  from: string,
  to: string,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into order_log (site_id, order_id, action, from_state, to_state, actor, actor_name, detail, at)
        values ${sql.join(
          rows.map(
            (row) =>
              sql`(${row.site_id}, ${row.id}, ${action}, ${from}, ${to}, 'system', '', '{}'::jsonb,
                   ${new Date(row.due).toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}`,
  );
}

/** Repeats `sweepBatch` until a batch comes back short; returns how many rows changed. */
async function drain(
  db: Database,
  sweepBatch: (tx: Executor) => Promise<{ locked: number; changed: number }>,
  limit: number,
) {
  let total = 0;
  for (;;) {
    const { locked, changed } = await db.transaction((tx) => sweepBatch(tx));
    total += changed;
    if (locked < limit) return total;
  }
}

/**
 * Points the closed orders paid with go back, buyers' wallets in one order (so two sweeps never
 * wait on each other's) and before the goods' stock, as every transition locks them.
 */
async function returnClosedOrdersPoints(tx: Executor, rows: readonly Due[]): Promise<void> {
  if (rows.length === 0) return;
  const orders = await queryRows<
    Pick<OrderRecord, 'siteId' | 'orderNo' | 'buyerId' | 'paidFen' | 'refundedFen'>
  >(
    tx,
    sql`select site_id as "siteId", order_no as "orderNo", buyer_id as "buyerId", paid_fen as "paidFen",
               refunded_fen as "refundedFen"
          from orders where id in ${idList(rows.map((row) => row.id))}
           and exists (select 1 from wallet_ledger l where l.site_id = orders.site_id and l.order_no = orders.order_no
                        and l.reason = 'points_deduction')
         order by site_id, buyer_id, id`,
  );
  for (const order of orders) {
    const due = rows.find((row) => row.order_no === order.orderNo && row.site_id === order.siteId)!;
    await returnOrderPoints({ tx, actor: SYSTEM, now: new Date(due.due) }, order, { closing: true });
  }
}

export function closeUnpaidOrders(db: Database, now: Date, limit = 200): Promise<number> {
  const due = sql`state = 'toPay' and pay_due_at <= ${now.toISOString()}::timestamptz`;
  return drain(
    db,
    async (tx) => {
      const rows = await lockDue(tx, sql`pay_due_at`, due, limit);
      if (rows.length === 0) return { locked: 0, changed: 0 };
      const closed = await queryRows<{ id: number }>(
        tx,
        sql`update orders set state = 'closed', closed_at = pay_due_at, stock_deducted = false,
                   version = version + 1, updated_at = now()
             where id in ${idList(rows.map((row) => row.id))} and state = 'toPay' returning id`,
      );
      const changed = rows.filter((row) => closed.some((entry) => entry.id === row.id));
      await returnClosedOrdersPoints(tx, changed);
      const withStock = changed.filter((row) => row.stock_deducted);
      const lines = await orderStockLines(
        tx,
        withStock.map((row) => row.id),
      );
      for (const row of withStock) {
        await returnStock(
          tx,
          row.site_id,
          lines.get(row.id) ?? [],
          row.order_no,
          { accountId: null, name: '' },
          new Date(row.due),
        );
      }
      await logSystem(tx, changed, 'expire', 'toPay', 'closed');
      for (const row of changed.filter((entry) => entry.type !== 'normal')) {
        const order = {
          id: row.id,
          siteId: row.site_id,
          orderNo: row.order_no,
          type: row.type,
          buyerId: row.buyer_id,
        };
        await activityClosed({ tx, order, at: new Date(row.due), stockReturned: true });
      }
      return { locked: rows.length, changed: changed.length };
    },
    limit,
  );
}

function settingDays(column: 'after_sale_days' | 'auto_good_review_days', fallback: number): SQL {
  return sql`make_interval(days => coalesce((select s.${sql.raw(column)} from order_parameter_settings s
    where s.site_id = orders.site_id), ${fallback}))`;
}

export function autoConfirmOrders(db: Database, now: Date, limit = 200): Promise<number> {
  const due = sql`state = 'shipped' and confirm_due_at <= ${now.toISOString()}::timestamptz and ${ACTIVE_REFUND}`;
  return drain(
    db,
    async (tx) => {
      const rows = await lockDue(tx, sql`confirm_due_at`, due, limit);
      if (rows.length === 0) return { locked: 0, changed: 0 };
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update orders set state = 'received', received_at = confirm_due_at,
                   complete_due_at = confirm_due_at + ${settingDays('after_sale_days', DEFAULT_PARAMETER_SETTING.AfterSaleDays)},
                   review_due_at = confirm_due_at + ${settingDays('auto_good_review_days', DEFAULT_PARAMETER_SETTING.AutoGoodReviewDays)},
                   version = version + 1, updated_at = now()
             where id in ${idList(rows.map((row) => row.id))} and state = 'shipped' and ${ACTIVE_REFUND}
             returning id`,
      );
      const logged = rows.filter((row) => changed.some((entry) => entry.id === row.id));
      await logSystem(tx, logged, 'autoConfirm', 'shipped', 'received');
      return { locked: rows.length, changed: logged.length };
    },
    limit,
  );
}

export function completeOrders(db: Database, now: Date, limit = 200): Promise<number> {
  const due = sql`state = 'received' and complete_due_at <= ${now.toISOString()}::timestamptz and ${ACTIVE_REFUND}`;
  return drain(
    db,
    async (tx) => {
      const rows = await lockDue(tx, sql`complete_due_at`, due, limit);
      if (rows.length === 0) return { locked: 0, changed: 0 };
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update orders set state = 'completed', completed_at = complete_due_at, version = version + 1, updated_at = now()
             where id in ${idList(rows.map((row) => row.id))} and state = 'received' and ${ACTIVE_REFUND}
             returning id`,
      );
      const logged = rows.filter((row) => changed.some((entry) => entry.id === row.id));
      await grantCompletedOrders(
        tx,
        logged.map((row) => row.id),
      );
      await logSystem(tx, logged, 'complete', 'received', 'completed');
      return { locked: rows.length, changed: logged.length };
    },
    limit,
  );
}

/**
 * Received goods the buyer did not review get a five-star default review, one per goods of the
 * order, in the buyer's name and order: the buyer may add a follow-up under it but not review those
 * goods again. A default review earns no growth; the buyer wrote nothing.
 */
export function reviewOrders(db: Database, now: Date, limit = 200): Promise<number> {
  const reviewable = sql.join(
    REVIEWABLE_ORDER_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const due = sql`reviewed_at is null and review_due_at is not null and review_due_at <= ${now.toISOString()}::timestamptz
    and state in (${reviewable})`;
  return drain(
    db,
    async (tx) => {
      const rows = await lockDue(tx, sql`review_due_at`, due, limit);
      if (rows.length === 0) return { locked: 0, changed: 0 };
      const ids = idList(rows.map((row) => row.id));
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update orders set reviewed_at = review_due_at, updated_at = now()
             where id in ${ids} and reviewed_at is null returning id`,
      );
      const reviewed =
        changed.length === 0
          ? []
          : await queryRows<{ order_no: string }>(
              tx,
              sql`insert into product_comments (site_id, product_id, buyer_id, order_no, buyer_name, score, content,
                                                created_at, updated_at)
                  select distinct on (l.order_id, l.product_id) o.site_id, l.product_id, o.buyer_id, o.order_no,
                         case when o.buyer_name = '' then '***' else left(o.buyer_name, 1) || '**' end,
                         5, ${AUTO_REVIEW_CONTENT}, o.review_due_at, o.review_due_at
                    from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
                   where l.order_id in ${idList(changed.map((row) => row.id))} and p.recycle_state <> 'purged'
                   order by l.order_id, l.product_id
                  on conflict (site_id, order_no, product_id) do nothing
                  returning order_no`,
            );
      // Orders whose every goods the buyer reviewed are marked done without a log line.
      const logged = rows.filter((row) => reviewed.some((entry) => entry.order_no === row.order_no));
      const states = await queryRows<{ id: number; state: string }>(
        tx,
        sql`select id, state from orders where id in ${ids}`,
      );
      for (const state of new Set(states.map((row) => row.state))) {
        const group = logged.filter((row) =>
          states.some((entry) => entry.id === row.id && entry.state === state),
        );
        await logSystem(tx, group, 'autoReview', state, state);
      }
      return { locked: rows.length, changed: logged.length };
    },
    limit,
  );
}

export function closeUnpaidRecharges(db: Database, now: Date, limit = 200): Promise<number> {
  return drain(
    db,
    async (tx) => {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`select id from recharge_orders where state = 'toPay' and pay_due_at <= ${now.toISOString()}::timestamptz
             order by pay_due_at, id limit ${limit} for update skip locked`,
      );
      if (rows.length === 0) return { locked: 0, changed: 0 };
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update recharge_orders set state = 'closed', closed_at = pay_due_at, version = version + 1, updated_at = now()
             where id in ${idList(rows.map((row) => row.id))} and state = 'toPay' returning id`,
      );
      return { locked: rows.length, changed: changed.length };
    },
    limit,
  );
}

/** Every sweep once, in the order a day's events happen. */
export async function runSweeps(db: Database, now = new Date()): Promise<OrderSweepCounts> {
  const closedOrders = await closeUnpaidOrders(db, now);
  const confirmedOrders = await autoConfirmOrders(db, now);
  const completedOrders = await completeOrders(db, now);
  const reviewedOrders = await reviewOrders(db, now);
  const closedRecharges = await closeUnpaidRecharges(db, now);
  return { closedOrders, confirmedOrders, completedOrders, reviewedOrders, closedRecharges };
}
