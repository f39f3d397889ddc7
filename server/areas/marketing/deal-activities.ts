import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SwitchAction } from '../../../contract/machines/deals';
import type { StateMachine } from '../../../contract/state-machine';
import { timedState } from '../../../contract/timed-state';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { sanitizeRichText } from '../../rich-text/sanitize';
import { requireAll, staleVersion, switchOutcome } from './deal-rules';

/**
 * The activity row itself (a seckill, a group buy, a bargain event): found among one shop's live
 * rows, created or saved at the version the operator read, its rules page, switched on, off or
 * deleted through its machine, and sorted; every write audited under the kind's name. What each
 * kind keeps of its own (goods, SKUs, what it checks before a save) stays in its file.
 */

interface ActivityTable extends PgTable {
  id: PgColumn;
  siteId: PgColumn;
  deleted: PgColumn;
  version: PgColumn;
}

interface ActivityRecord {
  id: number;
  title: string;
  status: 'on' | 'off';
  startsAt: Date;
  endsAt: Date;
  sort: number;
  version: number;
}

type Operator = Pick<Session, 'siteId' | 'accountId' | 'ip'>;

export interface ActivityKind<T extends ActivityTable, R extends ActivityRecord> {
  table: T;
  /** The audit actions' and error codes' prefix: `seckill`, `groupBuy`, `bargain`. */
  name: string;
  machine: StateMachine;
  /** What the update's audit entry keeps of the row before and after. */
  snapshot: (row: R) => Record<string, unknown>;
}

export interface ActivityWrite {
  Id?: number | undefined;
  Version?: number | undefined;
}

/** What every activity form writes of the row itself; the rules page only when the form sent it. */
export function activityValues(input: {
  Title: string;
  Image: string;
  StartsAt: string;
  EndsAt: string;
  Sort: number;
  Status: 'on' | 'off';
  Rules?: string | undefined;
}) {
  return {
    title: input.Title,
    image: input.Image,
    startsAt: new Date(input.StartsAt),
    endsAt: new Date(input.EndsAt),
    sort: input.Sort,
    status: input.Status,
    ...(input.Rules === undefined ? {} : { rules: sanitizeRichText(input.Rules) }),
  };
}

export function activityStore<
  T extends ActivityTable,
  R extends ActivityRecord = T['$inferSelect'] & ActivityRecord,
>(kind: ActivityKind<T, R>) {
  const { table, name } = kind;
  // Drizzle cannot type a query over a table known only by its shape: the casts stay in here.
  const anyTable = table as unknown as PgTable & ActivityTable;
  const target = (id: number) => `${name}:${id}`;
  const live = (siteId: number) => and(eq(table.siteId, siteId), eq(table.deleted, false))!;

  async function find(db: Executor, siteId: number, id: number, field: string): Promise<R> {
    const [row] = (await db
      .select()
      .from(anyTable)
      .where(and(live(siteId), eq(table.id, id)))) as R[];
    if (!row) throw new AppError(`${name}.notFound`, { id }, { field });
    return row;
  }

  /**
   * Inserts the activity, or updates it at the version the operator read (refused as stale
   * otherwise). `check` runs on the stored row before an update writes.
   */
  async function save(
    tx: Executor,
    session: Operator,
    input: ActivityWrite,
    values: Omit<T['$inferInsert'], 'siteId'>,
    options: { created?: Record<string, unknown>; check?: (current: R) => Promise<void> } = {},
  ): Promise<R> {
    if (input.Id === undefined) {
      const [row] = (await tx
        .insert(anyTable)
        .values({ ...values, siteId: session.siteId } as never)
        .returning()) as unknown as R[];
      await audit(tx, session, `${name}.create`, target(row!.id), { title: row!.title, ...options.created });
      return row!;
    }
    const current = await find(tx, session.siteId, input.Id, 'Id');
    if (input.Version === undefined || current.version !== input.Version) throw staleVersion();
    await options.check?.(current);
    const [row] = (await tx
      .update(anyTable)
      .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
      .where(and(eq(table.id, current.id), eq(table.version, input.Version)))
      .returning()) as R[];
    if (!row) throw staleVersion();
    await audit(tx, session, `${name}.update`, target(row.id), {
      before: kind.snapshot(current),
      after: kind.snapshot(row),
    });
    return row;
  }

  async function saveRules(
    tx: Executor,
    session: Operator,
    input: { Id: number; Version: number; Rules: string },
  ): Promise<{ Version: number }> {
    const current = await find(tx, session.siteId, input.Id, 'Id');
    if (current.version !== input.Version) throw staleVersion();
    const [row] = (await tx
      .update(anyTable)
      .set({
        rules: sanitizeRichText(input.Rules),
        version: sql`${table.version} + 1`,
        updatedAt: new Date(),
      } as never)
      .where(and(eq(table.id, current.id), eq(table.version, input.Version)))
      .returning({ version: table.version })) as { version: number }[];
    if (!row) throw staleVersion();
    await audit(tx, session, `${name}.rules`, target(current.id), { length: input.Rules.length });
    return { Version: row.version };
  }

  async function switchAll(
    tx: Executor,
    session: Operator,
    locale: Locale,
    input: { Ids: number[]; Action: SwitchAction },
  ): Promise<{ Changed: number[] }> {
    const ids = [...new Set(input.Ids)];
    const rows = (await tx
      .select()
      .from(anyTable)
      .where(and(live(session.siteId), inArray(table.id, ids)))
      .for('update')) as R[];
    requireAll(
      ids,
      rows.map((row) => row.id),
    );
    const now = new Date();
    for (const row of rows) {
      const outcome = switchOutcome(
        locale,
        kind.machine,
        { ...row, state: timedState(row, now) },
        input.Action,
      );
      await tx
        .update(anyTable)
        .set({ ...outcome, version: sql`${table.version} + 1`, updatedAt: now } as never)
        .where(eq(table.id, row.id));
      await audit(tx, session, `${name}.${input.Action}`, target(row.id), { title: row.title });
    }
    return { Changed: rows.map((row) => row.id) };
  }

  async function sort(tx: Executor, session: Operator, id: number, sort: number) {
    const record = await find(tx, session.siteId, id, 'Id');
    await tx
      .update(anyTable)
      .set({ sort } as never)
      .where(eq(table.id, record.id));
    await audit(tx, session, `${name}.sort`, target(record.id), { before: record.sort, after: sort });
    return { Sort: sort };
  }

  return { live, find, save, saveRules, switchAll, sort };
}
