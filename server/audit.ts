import { AsyncLocalStorage } from 'node:async_hooks';
import type { Session } from './auth/session';
import type { Database } from './db/client';
import { auditLog } from './db/schema';

/** The request an audit row is written for; set by registerRoute so no area has to pass it. */
interface AuditRequest {
  ip: string;
}

const currentRequest = new AsyncLocalStorage<AuditRequest>();

/** Runs a route handler with its caller's address at hand for every audit row it writes. */
export function withAuditRequest<T>(request: AuditRequest, run: () => Promise<T>): Promise<T> {
  return currentRequest.run(request, run);
}

/**
 * Appends one audit row for an admin write: who (the session's account), on which site, what action,
 * on what target, with a small before/after summary, and the caller's address. Pass the transaction
 * handle when the write runs in one, so the row commits or rolls back with it. Never put secrets
 * (passwords, tokens) in `summary`. A summary with `before` and `after` keys is shown as the change;
 * any other summary is shown as what the write left.
 */
export async function audit(
  db: Database,
  session: Pick<Session, 'siteId' | 'accountId'>,
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
    ip: currentRequest.getStore()?.ip ?? '',
  });
}

/**
 * Records a write the server refused (bad input, a rule) outside the refused
 * transaction, so the system log shows attempts as well as changes.
 */
export async function auditRefusal(
  db: Database,
  session: Pick<Session, 'siteId' | 'accountId'>,
  action: string,
  error: string,
): Promise<void> {
  await db.insert(auditLog).values({
    siteId: session.siteId,
    accountId: session.accountId,
    action,
    outcome: 'refused',
    error: error.slice(0, 500),
    ip: currentRequest.getStore()?.ip ?? '',
  });
}
