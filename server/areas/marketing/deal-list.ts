import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DealTab } from '../../../contract/endpoints/deal-common';
import { parseSort } from '../../../contract/list-query';
import { type TIMED_STATES, timedState } from '../../../contract/timed-state';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { timedCondition } from './deal-rules';

/** The activity lists of seckill, group buying and bargains: one shop's live rows by state tab. */

interface ActivityTable extends PgTable {
  id: PgColumn;
  siteId: PgColumn;
  deleted: PgColumn;
  title: PgColumn;
  status: PgColumn;
  startsAt: PgColumn;
  endsAt: PgColumn;
  sort: PgColumn;
  createdAt: PgColumn;
}

export interface DealListInput {
  page: number;
  pageSize: number;
  state: DealTab;
  keyword?: string | undefined;
  sort: string;
}

/** A page of activity rows with the count of every tab for the same search. */
export async function listActivityRows<T extends ActivityTable>(
  db: Executor,
  table: T,
  siteId: number,
  input: DealListInput,
  now: Date,
): Promise<{ rows: T['$inferSelect'][]; counts: Record<DealTab, number> }> {
  const filters: SQL[] = [eq(table.siteId, siteId), eq(table.deleted, false)];
  if (input.keyword) filters.push(ilike(table.title, containsPattern(input.keyword)));
  const where =
    input.state === 'all' ? and(...filters) : and(...filters, timedCondition(table, input.state, now));
  const order = parseSort(input.sort as 'sort' | 'startsAt' | 'createdAt');
  const column = { sort: table.sort, startsAt: table.startsAt, createdAt: table.createdAt }[order.field];
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(order.descending ? desc(column) : asc(column), desc(table.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)) as T['$inferSelect'][];
  const tally = (state: (typeof TIMED_STATES)[number]) =>
    sql<number>`count(*) filter (where ${timedCondition(table, state, now)})`.mapWith(Number);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      notStarted: tally('notStarted'),
      running: tally('running'),
      ended: tally('ended'),
      off: tally('off'),
    })
    .from(table as PgTable)
    .where(and(...filters));
  return { rows, counts: counts ?? { all: 0, notStarted: 0, running: 0, ended: 0, off: 0 } };
}

interface ActivityRecord {
  id: number;
  title: string;
  image: string;
  status: 'on' | 'off';
  startsAt: Date;
  endsAt: Date;
  sort: number;
  version: number;
  createdAt: Date;
}

/** The columns every activity row shows, whatever its kind adds. */
export function activityColumns(record: ActivityRecord, now: Date) {
  return {
    Id: record.id,
    Title: record.title,
    Image: record.image,
    StartsAt: record.startsAt.toISOString(),
    EndsAt: record.endsAt.toISOString(),
    Status: record.status,
    State: timedState(record, now),
    Sort: record.sort,
    Version: record.version,
    CreatedAt: record.createdAt.toISOString(),
  };
}

/** A list's answer: the page of rows as the kind draws them, with every tab's count. */
export async function activityPage<T extends ActivityTable, Row>(
  db: Executor,
  table: T,
  siteId: number,
  input: DealListInput,
  toRows: (records: T['$inferSelect'][], now: Date) => Promise<Row[]>,
) {
  const now = new Date();
  const { rows, counts } = await listActivityRows(db, table, siteId, input, now);
  return { Data: await toRows(rows, now), Total: counts[input.state], Counts: counts };
}
