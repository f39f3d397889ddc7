import { and, asc, desc, eq, gte, ilike, like, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as systemLog from '../../../contract/endpoints/system-log';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopStamp } from '../../../contract/shop-time';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern, escapeLike } from '../../db/query';
import { accounts, auditLog } from '../../db/schema';
import { pagedBatches, sendExport } from '../../export/send-export';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import './messages';

/**
 * The system log: audit rows of the caller's site, read-only. Only a main account reads other
 * operators' rows; everyone else reads their own, whatever filter they send.
 */

type Filters = Omit<z.infer<typeof systemLog.systemLogQuerySchema>, 'page' | 'pageSize' | 'sort'>;

function conditions(session: Session, input: Filters): SQL[] {
  const where: SQL[] = [eq(auditLog.siteId, session.siteId)];
  if (session.kind !== 'main') where.push(eq(auditLog.accountId, session.accountId));
  if (input.operatorId) where.push(eq(auditLog.accountId, input.operatorId));
  if (input.area) where.push(like(auditLog.action, `${escapeLike(input.area)}.%`));
  if (input.action) where.push(ilike(auditLog.action, containsPattern(input.action)));
  if (input.outcome) where.push(eq(auditLog.outcome, input.outcome));
  if (input.atFrom) where.push(gte(auditLog.at, dateBound(input.atFrom, false)));
  if (input.atTo) where.push(lt(auditLog.at, dateBound(input.atTo, true)));
  return where;
}

type LogRecord = {
  id: number;
  accountId: number | null;
  userName: string | null;
  action: string;
  target: string;
  summary: Record<string, unknown>;
  outcome: 'success' | 'refused';
  error: string;
  ip: string;
  at: Date;
};

function logRow(record: LogRecord): systemLog.SystemLogRow {
  const summary = record.summary ?? {};
  const change = 'before' in summary || 'after' in summary;
  const dot = record.action.indexOf('.');
  return {
    Id: Number(record.id),
    OperatorId: record.accountId,
    OperatorName: record.userName ?? '',
    // Refused writes name the endpoint path (`/Area/Call`); their area is its first segment.
    Area: dot > 0 ? record.action.slice(0, dot) : (record.action.split('/')[1] ?? ''),
    Action: record.action,
    Target: record.target,
    Before: change ? (summary.before ?? null) : null,
    After: change ? (summary.after ?? null) : Object.keys(summary).length > 0 ? summary : null,
    Outcome: record.outcome,
    Error: record.error,
    Ip: record.ip,
    At: new Date(record.at).toISOString(),
  };
}

function readPage(db: Database, where: SQL[], descending: boolean, offset: number, limit: number) {
  return db
    .select({
      id: auditLog.id,
      accountId: auditLog.accountId,
      userName: accounts.userName,
      action: auditLog.action,
      target: auditLog.target,
      summary: auditLog.summary,
      outcome: auditLog.outcome,
      error: auditLog.error,
      ip: auditLog.ip,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
    .where(and(...where))
    .orderBy(
      descending ? desc(auditLog.at) : asc(auditLog.at),
      descending ? desc(auditLog.id) : asc(auditLog.id),
    )
    .limit(limit)
    .offset(offset);
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function exportColumns(locale: Locale) {
  const header = (name: string) => translate(locale, `systemLog.column.${name}` as never);
  return [
    { header: header('at'), width: 20, value: (row: systemLog.SystemLogRow) => row.At },
    { header: header('operator'), width: 14, value: (row: systemLog.SystemLogRow) => row.OperatorName },
    { header: header('action'), width: 24, value: (row: systemLog.SystemLogRow) => row.Action },
    { header: header('target'), width: 20, value: (row: systemLog.SystemLogRow) => row.Target },
    { header: header('before'), width: 40, value: (row: systemLog.SystemLogRow) => json(row.Before) },
    { header: header('after'), width: 40, value: (row: systemLog.SystemLogRow) => json(row.After) },
    {
      header: header('outcome'),
      width: 10,
      value: (row: systemLog.SystemLogRow) => translate(locale, `systemLog.outcome.${row.Outcome}` as never),
    },
    { header: header('error'), width: 30, value: (row: systemLog.SystemLogRow) => row.Error },
    { header: header('ip'), width: 16, value: (row: systemLog.SystemLogRow) => row.Ip },
  ];
}

export const systemLogRoutes = [
  defineRoute(systemLog.getSystemLogList, async ({ db, session, input }) => {
    const where = conditions(session, input);
    const order = parseSort(input.sort);
    const [rows, [total]] = await Promise.all([
      readPage(db, where, order.descending, (input.page - 1) * input.pageSize, input.pageSize),
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(auditLog)
        .where(and(...where)),
    ]);
    return { Data: rows.map(logRow), Total: total?.total ?? 0 };
  }),

  defineRoute(systemLog.exportSystemLog, async ({ db, session, input, locale, reply }) => {
    const where = conditions(session, input);
    const stamp = shopStamp(new Date());
    sendExport(reply, {
      format: input.format,
      fileName: `${translate(locale, 'systemLog.export.fileName')}-${stamp}`,
      asciiName: `system-log-${stamp}`,
      sheetName: translate(locale, 'systemLog.export.sheet'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        async (offset, limit) => (await readPage(db, where, true, offset, limit)).map(logRow),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(systemLog.getSystemLogOptions, async ({ db, session }) => {
    const mine = session.kind === 'main' ? sql`` : sql`and l.account_id = ${session.accountId}`;
    const [operators, areas] = await Promise.all([
      db.execute(
        sql`select distinct a.id, a.user_name from audit_log l join accounts a on a.id = l.account_id
             where l.site_id = ${session.siteId} ${mine} order by a.user_name`,
      ),
      db.execute(
        sql`select distinct split_part(action, '.', 1) as area from audit_log l
             where l.site_id = ${session.siteId} ${mine} and position('.' in action) > 0 order by area`,
      ),
    ]);
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    return {
      Operators: rows<{ id: number; user_name: string }>(operators).map((row) => ({
        Id: row.id,
        Name: row.user_name,
      })),
      Areas: rows<{ area: string }>(areas).map((row) => row.area),
    };
  }),
];
