import { count, eq, sql } from 'drizzle-orm';
import { MAX_TEMPLATES_PER_SITE } from '../../../contract/endpoints/module-library';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { moduleTemplates } from './tables';

export interface NewTemplate {
  siteId: number;
  shopType: number;
  name: string;
  /** Wire JSON already read by the codec for this site. */
  data: string;
  /** Who adds it; null for the seed. */
  session: Session | null;
  /** What the audit log records about where it came from. */
  origin: Record<string, unknown>;
}

/**
 * Adds a template to a shop within its limit; the shop's first template becomes its current one.
 */
export async function insertMyTemplate(db: Database, template: NewTemplate) {
  return db.transaction(async (tx) => {
    // One shop adding templates at once must not slip past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(4301, ${template.siteId}::int)`);
    const [existing] = await tx
      .select({
        total: count(),
        current: sql<number>`count(*) filter (where ${moduleTemplates.isCurrent})`.mapWith(Number),
      })
      .from(moduleTemplates)
      .where(eq(moduleTemplates.siteId, template.siteId));
    if ((existing?.total ?? 0) >= MAX_TEMPLATES_PER_SITE) {
      throw new AppError('moduleLibrary.tooMany', { max: MAX_TEMPLATES_PER_SITE });
    }
    const accountId = template.session?.accountId ?? null;
    const [row] = await tx
      .insert(moduleTemplates)
      .values({
        siteId: template.siteId,
        shopType: template.shopType,
        name: template.name,
        data: template.data,
        isCurrent: (existing?.current ?? 0) === 0,
        createdBy: accountId,
        updatedBy: accountId,
      })
      .returning();
    if (template.session)
      await audit(tx, template.session, 'moduleLibrary.add', `template:${row!.id}`, {
        name: template.name,
        ...template.origin,
      });
    return row!;
  });
}
