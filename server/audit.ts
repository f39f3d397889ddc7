import type { Session } from './auth/session';
import type { Database } from './db/client';
import { auditLog } from './db/schema';

/**
 * Who writes: the session, which carries the caller's address. The address travels on the session
 * rather than in an AsyncLocalStorage: on Node 20 one live AsyncLocalStorage turns on promise hooks
 * for every promise of every request, a measurable share of a cheap call.
 */
export type AuditCaller = Pick<Session, 'siteId' | 'accountId' | 'ip'>;

/**
 * Appends one audit row for an admin write: who (the session's account), on which site, what action,
 * on what target, with a small before/after summary, and the caller's address. Pass the transaction
 * handle when the write runs in one, so the row commits or rolls back with it. Never put secrets
 * (passwords, tokens) in `summary`. A summary with `before` and `after` keys is shown as the change;
 * any other summary is shown as what the write left.
 */
export async function audit(
  db: Database,
  session: AuditCaller,
  action: string,
  target: string,
  summary: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({
    siteId: session.siteId,
    accountId: session.accountId,
    action,
    target,
    summary,
    ip: session.ip,
  });
}

/**
 * Records a write the server refused (bad input, a rule) outside the refused
 * transaction, so the system log shows attempts as well as changes.
 */
export async function auditRefusal(
  db: Database,
  session: AuditCaller,
  action: string,
  error: string,
): Promise<void> {
  await db.insert(auditLog).values({
    siteId: session.siteId,
    accountId: session.accountId,
    action,
    outcome: 'refused',
    error: error.slice(0, 500),
    ip: session.ip,
  });
}
