import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { translate } from '../../i18n/messages';
import { closeActivityOrder, refundActivityOrder } from '../order/service';
import { endTeam } from './group-buy';
import { launchResultMessage } from './result-messages';
import { returnAbandonedReservations } from './seckill';

/**
 * The time-based transitions of group buying and bargains (DESIGN §11 "expiries are guarded
 * sweeps"): teams whose time ran out end (filled virtually when allowed, else failed), the orders of
 * ended teams are settled one by one (closed when unpaid, refunded when the team failed), and
 * bargain launches whose hours ran out fail. Each step locks its rows with SKIP LOCKED and changes
 * them with statements guarded by the state they expect, so several instances may sweep at once.
 * Seckill reservations whose order never came are given back (seckill.ts).
 */

export type DealSweepCounts = {
  endedTeams: number;
  settledOrders: number;
  failedLaunches: number;
  returnedReservations: number;
};

const BATCH = 100;

/** Teams due: ended in their own short transactions, dated when they fell due. */
export async function endDueTeams(db: Database, now: Date): Promise<number> {
  let ended = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await queryRows<{ id: number; expires_at: Date; virtual_fill: boolean; paid: number }>(
        tx,
        sql`select t.id, t.expires_at, a.virtual_fill, t.paid from group_buy_teams t
              join group_buy_activities a on a.id = t.activity_id
             where t.state = 'forming' and t.expires_at <= ${now.toISOString()}::timestamptz
             order by t.expires_at, t.id limit ${BATCH} for update of t skip locked`,
      );
      let changed = 0;
      for (const team of due) {
        const outcome = team.virtual_fill && team.paid > 0 ? 'success' : 'failed';
        if (await endTeam(tx, team.id, outcome, new Date(team.expires_at))) changed += 1;
      }
      return { locked: due.length, changed };
    });
    ended += batch.changed;
    if (batch.locked < BATCH) return ended;
  }
}

interface Unsettled extends Record<string, unknown> {
  member_id: number;
  site_id: number;
  order_id: number;
  member_state: 'joined' | 'paid';
  team_state: 'success' | 'failed';
}

/**
 * Seats of ended teams not settled yet: an unpaid order closes (the team no longer waits for it),
 * a paid order of a failed team is refunded in full through the refund flow. Each order in its own
 * transaction, locked by the order area as every order change is; the order's close marks the seat
 * (registrations.ts). A seat whose order had nothing left to change is marked here.
 */
export async function settleEndedTeams(db: Database, now: Date, teamId?: number): Promise<number> {
  let settled = 0;
  const seen = new Set<number>();
  for (;;) {
    const rows = await queryRows<Unsettled>(
      db,
      sql`select m.id as member_id, m.site_id, m.order_id, m.state as member_state, t.state as team_state
            from group_buy_members m join group_buy_teams t on t.id = m.team_id
           where t.state <> 'forming' ${teamId === undefined ? sql`` : sql`and t.id = ${teamId}`}
             and (m.state = 'joined' or (m.state = 'paid' and t.state = 'failed'))
           order by m.id limit ${BATCH}`,
    );
    const fresh = rows.filter((row) => !seen.has(row.member_id));
    if (fresh.length === 0) return settled;
    for (const row of fresh) {
      seen.add(row.member_id);
      await db.transaction(async (tx) => {
        const context = { tx, siteId: row.site_id, now, locale: 'zh' as const };
        const reason = translate('zh', `groupBuy.closeReason.${row.team_state}`);
        const changed =
          (await closeActivityOrder(context, row.order_id, reason)) ??
          (row.team_state === 'failed' ? await refundActivityOrder(context, row.order_id, reason) : null);
        if (!changed) await markSeatSettled(tx, row.member_id, row.member_state);
      });
      settled += 1;
    }
  }
}

/** Guarded by the state the seat was read in: a seat paid meanwhile in a team that succeeded stays paid. */
async function markSeatSettled(tx: Executor, memberId: number, read: 'joined' | 'paid'): Promise<void> {
  await tx.execute(
    sql`update group_buy_members set state = ${read === 'joined' ? 'left' : 'refunded'}
         where id = ${memberId} and state = ${read}`,
  );
}

/** Launches still cutting when their hours ran out fail; one with an order waiting waits for it. */
export async function failDueLaunches(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; expires_at: Date }>(
      tx,
      sql`update bargain_launches set state = 'failed', ended_at = expires_at, version = version + 1
         where id in (select id from bargain_launches
                       where state = 'cutting' and order_id is null and expires_at <= ${now.toISOString()}::timestamptz
                       order by expires_at, id limit 1000 for update skip locked)
           and state = 'cutting' and order_id is null
        returning id, expires_at`,
    );
    for (const row of rows) await launchResultMessage(tx, row.id, new Date(row.expires_at));
    return rows.length;
  });
}

export async function runDealSweeps(db: Database, now = new Date()): Promise<DealSweepCounts> {
  const endedTeams = await endDueTeams(db, now);
  const settledOrders = await settleEndedTeams(db, now);
  let failedLaunches = 0;
  for (;;) {
    const failed = await failDueLaunches(db, now);
    failedLaunches += failed;
    if (failed < 1000) break;
  }
  const returnedReservations = await returnAbandonedReservations(db, now);
  return { endedTeams, settledOrders, failedLaunches, returnedReservations };
}
