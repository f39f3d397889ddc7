import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shopInfos } from './tables';

/** What other areas may ask of the shop settings. */

export interface ShopCommentFlags {
  /** Buyers may comment on news articles. */
  commentsOn: boolean;
  /** A new comment waits in the audit queue until approved. */
  auditOn: boolean;
}

/** The shop's news comment switches; a shop that never saved its info allows comments without audit. */
export async function shopCommentFlags(db: Executor, siteId: number): Promise<ShopCommentFlags> {
  const [row] = await db
    .select({ commentsOn: shopInfos.newsComments, auditOn: shopInfos.commentAudit })
    .from(shopInfos)
    .where(eq(shopInfos.siteId, siteId));
  return row ?? { commentsOn: true, auditOn: false };
}

export { insertFreightTemplate, lockShopTemplates } from './freight-templates';
