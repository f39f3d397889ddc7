import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { cancelExchangeOrder, lockExchange } from './exchange';
import { expirePoints } from './expiry';

/**
 * The points area's time-based transitions: unpaid exchange orders are cancelled when the order
 * settings' unpaid time runs out (points, stock back), shipped ones confirmed after the
 * auto-confirm days, and points expire. Each is guarded by the state it leaves, so several
 * instances may run them at once.
 */

// A type rather than an interface, so it fits the area list's `Record<string, number>` of counts.
export type PointsSweepCounts = {
  cancelledExchanges: number;
  confirmedExchanges: number;
  expiredPoints: number;
};

const SYSTEM = { kind: 'system' as const, accountId: null, name: '' };

async function cancelUnpaidExchanges(db: Database, now: Date): Promise<number> {
  const due = await queryRows<{ id: number; site_id: number; pay_due_at: Date | string }>(
    db,
    sql`select id, site_id, pay_due_at from points_exchanges
         where state = 'toPay' and pay_due_at <= ${now.toISOString()}::timestamptz
         order by pay_due_at, id limit 500`,
  );
  let cancelled = 0;
  for (const row of due) {
    cancelled += await db.transaction(async (tx) => {
      const exchange = await lockExchange(tx, row.site_id, { id: row.id });
      // Paid or cancelled since it was read: nothing to do.
      if (exchange.state !== 'toPay') return 0;
      const at = new Date(row.pay_due_at);
      const context = { tx, siteId: row.site_id, actor: SYSTEM, now: at, locale: 'zh' as const };
      await cancelExchangeOrder(context, exchange, 'expire', '');
      return 1;
    });
  }
  return cancelled;
}

async function confirmShippedExchanges(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; site_id: number; confirm_due_at: Date | string }>(
      tx,
      sql`update points_exchanges set state = 'completed', completed_at = confirm_due_at,
                 version = version + 1, updated_at = now()
           where state = 'shipped' and confirm_due_at <= ${now.toISOString()}::timestamptz
           returning id, site_id, confirm_due_at`,
    );
    if (rows.length === 0) return 0;
    await tx.execute(
      sql`insert into points_exchange_log (site_id, exchange_id, event, actor, actor_name, detail, at)
          values ${sql.join(
            rows.map(
              (row) =>
                sql`(${row.site_id}, ${row.id}, 'autoConfirm', 'system', '', '{}'::jsonb,
                     ${new Date(row.confirm_due_at).toISOString()}::timestamptz)`,
            ),
            sql`, `,
          )}`,
    );
    return rows.length;
  });
}

export async function runPointsSweeps(db: Database, now: Date): Promise<PointsSweepCounts> {
  return {
    cancelledExchanges: await cancelUnpaidExchanges(db, now),
    confirmedExchanges: await confirmShippedExchanges(db, now),
    expiredPoints: await expirePoints(db, now),
  };
}
