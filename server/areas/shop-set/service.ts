import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newsCommentFlags } from './tables';

/** What other areas may ask of shop settings. */

/**
 * Whether buyers may comment on news, and whether their comments wait for the shop's approval.
 * A shop that never set them has comments on without audit.
 */
export async function shopCommentFlags(
  db: Executor,
  siteId: number,
): Promise<{ commentsOn: boolean; auditOn: boolean }> {
  const [row] = await db.select().from(newsCommentFlags).where(eq(newsCommentFlags.siteId, siteId));
  return { commentsOn: row?.commentsOn ?? true, auditOn: row?.auditOn ?? false };
}
