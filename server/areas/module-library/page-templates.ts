import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  USER_CENTER_HEADER_STYLES,
  type UserCenterSettings,
} from '../../../contract/endpoints/module-library';
import {
  CATEGORY_PAGE_STYLES,
  type CategoryPageStyle,
  DEFAULT_CATEGORY_PAGE_STYLE,
  type SetShopTemplateInput,
  type ShopTemplateRow,
} from '../../../contract/endpoints/shop-templates';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { categoryPageSettings, moduleTemplates, productTemplates, userCenterSettings } from './tables';
import { defaultUserCenter } from './user-center';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Which template each page kind of a shop uses: the one place that reads and sets it. The home page
 * is the current decoration template; goods details use the default goods-detail template.
 */

/** The shop's home template (its current decoration template): every reader filters by this. */
export function homeTemplateOf(siteId: number): SQL {
  return and(eq(moduleTemplates.siteId, siteId), eq(moduleTemplates.isCurrent, true))!;
}

/** Makes one of the shop's templates its home template (no-op when it already is). */
export async function makeHomeTemplate(
  tx: Transaction,
  session: Session,
  id: number,
  field = 'Id',
): Promise<void> {
  const mine = and(eq(moduleTemplates.id, id), eq(moduleTemplates.siteId, session.siteId));
  const [row] = await tx.select().from(moduleTemplates).where(mine).for('update');
  if (!row) throw new AppError('moduleLibrary.notFound', { id }, { field });
  if (row.isCurrent) return;
  await tx.update(moduleTemplates).set({ isCurrent: false }).where(homeTemplateOf(session.siteId));
  await tx.update(moduleTemplates).set({ isCurrent: true }).where(mine);
  await audit(tx, session, 'moduleLibrary.current', `template:${id}`, { name: row.name });
}

/** Makes one of the shop's goods-detail templates the default (no-op when it already is). */
export async function makeDefaultProductTemplate(
  tx: Transaction,
  session: Session,
  id: number,
  field = 'Id',
): Promise<void> {
  const mine = and(eq(productTemplates.id, id), eq(productTemplates.siteId, session.siteId));
  const [row] = await tx.select().from(productTemplates).where(mine).for('update');
  if (!row) throw new AppError('library.productTemplateNotFound', { id }, { field });
  if (row.isDefault) return;
  await tx
    .update(productTemplates)
    .set({ isDefault: false })
    .where(and(eq(productTemplates.siteId, session.siteId), eq(productTemplates.isDefault, true)));
  await tx.update(productTemplates).set({ isDefault: true }).where(mine);
  await audit(tx, session, 'productTemplate.default', `productTemplate:${id}`, { name: row.name });
}

/** The shop's user centre as saved, or the default one until it is. */
export async function userCenterOf(db: Executor, siteId: number): Promise<UserCenterSettings> {
  const [row] = await db
    .select({ settings: userCenterSettings.settings })
    .from(userCenterSettings)
    .where(eq(userCenterSettings.siteId, siteId));
  return row?.settings ?? defaultUserCenter();
}

/** The layout of the shop's category page, or the default one until it is chosen. */
export async function categoryPageStyleOf(db: Executor, siteId: number): Promise<CategoryPageStyle> {
  const [row] = await db
    .select({ style: categoryPageSettings.style })
    .from(categoryPageSettings)
    .where(eq(categoryPageSettings.siteId, siteId));
  return row?.style ?? DEFAULT_CATEGORY_PAGE_STYLE;
}

/** Every page kind with what it uses and what it may use. */
export async function shopTemplates(db: Executor, siteId: number): Promise<ShopTemplateRow[]> {
  const [homes, goods, userCenter, category] = await Promise.all([
    db
      .select({ id: moduleTemplates.id, name: moduleTemplates.name, current: moduleTemplates.isCurrent })
      .from(moduleTemplates)
      .where(eq(moduleTemplates.siteId, siteId))
      .orderBy(desc(moduleTemplates.isCurrent), desc(moduleTemplates.updatedAt), desc(moduleTemplates.id)),
    db
      .select({ id: productTemplates.id, name: productTemplates.name, current: productTemplates.isDefault })
      .from(productTemplates)
      .where(eq(productTemplates.siteId, siteId))
      .orderBy(desc(productTemplates.isDefault), asc(productTemplates.id)),
    userCenterOf(db, siteId),
    categoryPageStyleOf(db, siteId),
  ]);
  const templates = (rows: { id: number; name: string; current: boolean }[]) => ({
    Value: rows.find((row) => row.current)?.id ?? null,
    Options: rows.map((row) => ({ Value: row.id, Name: row.name })),
  });
  const styles = (values: readonly string[]) => values.map((value) => ({ Value: value, Name: '' }));
  return [
    { Kind: 'home', ...templates(homes) },
    { Kind: 'goodsDetail', ...templates(goods) },
    {
      Kind: 'userCenter',
      Value: userCenter.HeaderStyle,
      Options: styles(USER_CENTER_HEADER_STYLES),
    },
    {
      Kind: 'category',
      Value: category,
      Options: styles(CATEGORY_PAGE_STYLES),
    },
  ];
}

/** Sets what one page kind uses, in the caller's transaction. */
export async function setShopTemplateOf(
  tx: Transaction,
  session: Session,
  input: SetShopTemplateInput,
): Promise<void> {
  switch (input.Kind) {
    case 'home':
      return makeHomeTemplate(tx, session, input.TemplateId, 'TemplateId');
    case 'goodsDetail':
      return makeDefaultProductTemplate(tx, session, input.TemplateId, 'TemplateId');
    case 'userCenter': {
      // The user centre's own editor saves with a version: bump it so its open copy is stale.
      const [row] = await tx
        .select()
        .from(userCenterSettings)
        .where(eq(userCenterSettings.siteId, session.siteId))
        .for('update');
      const before = (row?.settings ?? defaultUserCenter()).HeaderStyle;
      if (row) {
        await tx
          .update(userCenterSettings)
          .set({
            settings: { ...row.settings, HeaderStyle: input.Style },
            version: sql`${userCenterSettings.version} + 1`,
            updatedBy: session.accountId,
            updatedAt: new Date(),
          })
          .where(eq(userCenterSettings.siteId, session.siteId));
      } else {
        await tx.insert(userCenterSettings).values({
          siteId: session.siteId,
          settings: { ...defaultUserCenter(), HeaderStyle: input.Style },
          updatedBy: session.accountId,
        });
      }
      await audit(tx, session, 'shopTemplate.userCenter', `site:${session.siteId}`, {
        before,
        after: input.Style,
      });
      return;
    }
    case 'category': {
      const [before] = await tx
        .select({ style: categoryPageSettings.style })
        .from(categoryPageSettings)
        .where(eq(categoryPageSettings.siteId, session.siteId));
      await tx
        .insert(categoryPageSettings)
        .values({ siteId: session.siteId, style: input.Style, updatedBy: session.accountId })
        .onConflictDoUpdate({
          target: categoryPageSettings.siteId,
          set: { style: input.Style, updatedBy: session.accountId, updatedAt: new Date() },
        });
      await audit(tx, session, 'shopTemplate.category', `site:${session.siteId}`, {
        before: before?.style ?? DEFAULT_CATEGORY_PAGE_STYLE,
        after: input.Style,
      });
      return;
    }
  }
}
