import { randomInt } from 'node:crypto';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import { type DealKind, deleteBlocker, type SwitchAction } from '../../../contract/machines/deals';
import { actionLabelKey, can, type StateMachine, stateLabelKey } from '../../../contract/state-machine';
import type { TimedState } from '../../../contract/timed-state';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import './deal-messages';

/** What the seckill, group-buy and bargain modules share on the server. */

export function staleVersion(): AppError {
  return new AppError('common.staleVersion', {}, { field: STALE_VERSION_FIELD, showType: ShowType.dialog });
}

/** "{subject} cannot be {action}: it is {state}", in the caller's language. */
export function illegalTransition(
  locale: Locale,
  machine: StateMachine,
  subject: string,
  state: string,
  action: string,
  field = 'Action',
): AppError {
  return new AppError(
    'deals.illegalTransition',
    {
      subject,
      state: translate(locale, stateLabelKey(machine, state)),
      action: translate(locale, actionLabelKey(machine, action)),
    },
    { field },
  );
}

interface TimedColumns {
  status: PgColumn;
  startsAt: PgColumn;
  endsAt: PgColumn;
}

/** The SQL of a timed state (contract/timed-state.ts) on an activity table, for tabs and counts. */
export function timedCondition(table: TimedColumns, state: TimedState, now: Date): SQL {
  const on = eq(table.status, 'on');
  switch (state) {
    case 'off':
      return eq(table.status, 'off');
    case 'notStarted':
      return and(on, gt(table.startsAt, now))!;
    case 'running':
      return and(on, lte(table.startsAt, now), gt(table.endsAt, now))!;
    case 'ended':
      return and(on, lte(table.endsAt, now))!;
  }
}

/**
 * What a switch action does to an activity row: the status it leaves (or `deleted`), refused when
 * the switch machine does not allow it or the activity is running and would be deleted.
 */
export function switchOutcome(
  locale: Locale,
  machine: StateMachine,
  row: { title: string; status: 'on' | 'off'; state: TimedState },
  action: SwitchAction,
): { status: 'on' | 'off' } | { deleted: true } {
  if (!can(machine, row.status, action))
    throw illegalTransition(locale, machine, row.title, row.status, action);
  if (action === 'delete') {
    if (deleteBlocker(row.state))
      throw new AppError('deals.deleteRunning', { title: row.title }, { field: 'Ids' });
    return { deleted: true };
  }
  return { status: action === 'switchOn' ? 'on' : 'off' };
}

/** Refuses ids that are not among the rows found, naming them. */
export function requireAll(wanted: readonly number[], found: Iterable<number>, field = 'Ids'): void {
  const present = new Set(found);
  const missing = wanted.filter((id) => !present.has(id));
  if (missing.length > 0) throw new AppError('deals.notFound', { ids: missing.join(', ') }, { field });
}

/**
 * Takes `amount` of a member's limit (seckill units, group-buy seats, bargain launches) with one
 * guarded statement: refused when it would pass `limit` (0: no limit, nothing counted).
 */
export async function takeMemberQuota(
  tx: Executor,
  key: { siteId: number; kind: DealKind; refId: number; buyerId: string },
  amount: number,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return true;
  if (amount > limit) return false;
  const rows = await queryRows<{ used: number }>(
    tx,
    sql`insert into deal_member_quotas (site_id, kind, ref_id, buyer_id, used)
        values (${key.siteId}, ${key.kind}, ${key.refId}, ${key.buyerId}, ${amount})
        on conflict (kind, ref_id, buyer_id) do update set used = deal_member_quotas.used + excluded.used
         where deal_member_quotas.used + excluded.used <= ${limit}
        returning used`,
  );
  return rows.length > 0;
}

/** Gives back what an order or seat took of a member's limit (never below zero). */
export async function giveMemberQuota(
  tx: Executor,
  key: { kind: DealKind; refId: number; buyerId: string },
  amount: number,
): Promise<void> {
  await tx.execute(
    sql`update deal_member_quotas set used = greatest(0, used - ${amount})
         where kind = ${key.kind} and ref_id = ${key.refId} and buyer_id = ${key.buyerId}`,
  );
}

/** A buyer's name as others see it: the first character, then two stars. */
export function maskName(name: string): string {
  return name ? `${Array.from(name)[0]}**` : '***';
}

/** A whole number drawn uniformly from `min` to `max` with crypto randomness. */
export function cryptoDraw(min: number, max: number): number {
  return randomInt(min, max + 1);
}

/** An instant as ISO text, or null. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Whether a database error is a unique-index violation (two requests racing for one row). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || cause === '23505';
}
