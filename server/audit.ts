import type { Session } from './auth/session';
import type { Database } from './db/client';
import { auditLog } from './db/schema';

/**
 * Appends one audit row for an admin write: who (the session's account), on which site, what action,
 * on what target, with a small before/after summary. Pass the transaction handle when the write runs
 * in one, so the row commits or rolls back with it. Never put secrets (passwords, tokens) in `summary`.
 */
export async function audit(
  db: Database,
  session: Pick<Session, 'siteId' | 'accountId'>,
  action: string,
  target: string,
  summary: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ siteId: session.siteId, accountId: session.accountId, action, target, summary });
}
