import { asc, count, eq } from 'drizzle-orm';
import { blockDefinition } from '../../../components-catalog/registry';
import * as library from '../../../contract/endpoints/module-library';
import { SHOP_TYPES } from '../../../contract/enums';
import { parseTemplate, serializeTemplate } from '../../../contract/template/codec';
import type { TemplateDocument } from '../../../contract/template-document';
import type { Database } from '../../db/client';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { translate } from '../../i18n/messages';
import './library-messages';
import { insertMyTemplate } from './my-templates';
import { previewDocument, previewProducts, productRequests } from './preview';
import { publicTemplates } from './tables';
import { readTemplateData, refuseData } from './template-data';

type PublicRow = typeof publicTemplates.$inferSelect;

async function findPublic(db: Database, id: number): Promise<PublicRow> {
  const [row] = await db.select().from(publicTemplates).where(eq(publicTemplates.id, id));
  if (!row) throw new AppError('library.publicNotFound', { id }, { field: 'Id' });
  return row;
}

function documentOf(row: PublicRow): TemplateDocument {
  const parsed = parseTemplate(row.data, blockDefinition);
  if (!parsed.ok) throw new AppError('library.publicUnreadable', {}, { field: 'Id' });
  return parsed.document;
}

/** The colour a card shows: the home page's navigation bar, else its background. */
export function themeColour(document: TemplateDocument): string {
  const home = document.pages.find((page) => page.id === document.homePageId) ?? document.pages[0];
  const barId = home?.fixed.navigationBar;
  const bar = barId && Object.hasOwn(document.blocks, barId) ? document.blocks[barId] : undefined;
  const colour = bar?.props.backgroundColor;
  return typeof colour === 'string' && colour ? colour : (home?.settings.backgroundColor ?? '');
}

async function siteShopType(db: Database, siteId: number): Promise<number> {
  const [site] = await db.select({ shopType: sites.shopType }).from(sites).where(eq(sites.id, siteId));
  return site!.shopType;
}

export const publicTemplateRoutes = [
  defineRoute(library.getIndustryTypeList, async ({ db, session, locale }) => {
    const counts = await db
      .select({ shopType: publicTemplates.shopType, value: count() })
      .from(publicTemplates)
      .groupBy(publicTemplates.shopType);
    const byType = new Map(counts.map((row) => [row.shopType, row.value]));
    return {
      Data: SHOP_TYPES.map((shopType) => ({
        ShopType: shopType,
        Name: translate(locale, `library.shopType.${shopType}`),
        Count: byType.get(shopType) ?? 0,
      })),
      SiteShopType: await siteShopType(db, session.siteId),
    };
  }),

  defineRoute(library.getPublicTemplateList, async ({ input, db }) => {
    const where = input.ShopType === undefined ? undefined : eq(publicTemplates.shopType, input.ShopType);
    const rows = await db
      .select()
      .from(publicTemplates)
      .where(where)
      .orderBy(asc(publicTemplates.shopType), asc(publicTemplates.sort), asc(publicTemplates.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(publicTemplates).where(where);
    return {
      Data: rows.map((row) => {
        const document = documentOf(row);
        return {
          Id: row.id,
          ShopType: row.shopType,
          Name: row.name,
          Description: row.description,
          PageCount: document.pages.length,
          ThemeColour: themeColour(document),
        };
      }),
      Total: total?.value ?? 0,
    };
  }),

  defineRoute(library.getPublicTemplatePreview, async ({ input, db, session }) => {
    const row = await findPublic(db, input.Id);
    const whole = documentOf(row);
    const document = previewDocument(whole, input.PageId);
    if (!document) throw new AppError('moduleLibrary.previewNoPage', {}, { field: 'PageId' });
    const products = await Promise.all(
      productRequests(document).map(async ({ blockId, request }) => ({
        BlockId: blockId,
        Rows: await previewProducts(db, session.siteId, request),
      })),
    );
    return {
      Name: row.name,
      ShopType: row.shopType,
      Pages: whole.pages.map((page) => ({ Id: page.id, Title: page.settings.title })),
      Data: serializeTemplate(document),
      Products: products,
    };
  }),

  defineRoute(library.usePublicTemplate, async ({ input, db, session, locale, reply }) => {
    const row = await findPublic(db, input.Id);
    const shopType = await siteShopType(db, session.siteId);
    if (row.shopType !== shopType) {
      const type = translate(locale, `library.shopType.${row.shopType}`);
      throw new AppError('library.publicWrongType', { type }, { field: 'Id' });
    }
    const read = readTemplateData(row.data, session.siteId, locale);
    if (!read.ok) return refuseData(reply, locale, read.errors);
    const created = await insertMyTemplate(db, {
      siteId: session.siteId,
      shopType,
      name: input.Name,
      data: read.json,
      session,
      origin: { publicTemplate: row.id },
    });
    return { Id: created.id, Version: created.version };
  }),
];
