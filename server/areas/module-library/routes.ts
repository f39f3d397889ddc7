import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { blockDefinition } from '../../../components-catalog/registry';
import * as library from '../../../contract/endpoints/module-library';
import type { ShopType } from '../../../contract/enums';
import { parseSort } from '../../../contract/list-query';
import { parseTemplate, serializeTemplate } from '../../../contract/template/codec';
import { createTemplate } from '../../../contract/template/create-template';
import {
  describePublishProblem,
  linkedEntities,
  publishCheck,
} from '../../../contract/template/publish-check';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute, hasPermission } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { translate } from '../../i18n/messages';
import { endedEntities, existingEntities } from './entity-existence';
import { insertMyTemplate } from './my-templates';
import { homeTemplateOf, makeHomeTemplate } from './page-templates';
import './goods-existence';
import './messages';
import { pageTemplateRoutes } from './page-template-routes';
import { previewDocument, previewLookups, previewProducts, previewVideos, productRequests } from './preview';
import { productTemplateRoutes } from './product-template-routes';
import { publicTemplateRoutes } from './public-template-routes';
import { studioLookupRoutes } from './studio-lookup-routes';
import { moduleTemplates } from './tables';
import {
  readTemplateData,
  refuseData,
  refusePublish,
  summaryOf,
  type TemplateRow,
  templateCatalogues,
} from './template-data';
import { userCenterRoutes } from './user-center-routes';

const target = (id: number) => `template:${id}`;

function mine(session: Session, id: number) {
  return and(eq(moduleTemplates.id, id), eq(moduleTemplates.siteId, session.siteId));
}

async function findTemplate(db: Database, session: Session, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(moduleTemplates).where(mine(session, id));
  if (!row) throw new AppError('moduleLibrary.notFound', { id }, { field: 'Id' });
  return row;
}

const SORT_COLUMNS = { updatedAt: moduleTemplates.updatedAt, name: moduleTemplates.name } as const;

export const moduleLibraryRoutes = [
  defineRoute(library.getTemplateData, async ({ input, db, session }) => {
    let row: TemplateRow | undefined;
    if (input.Id !== undefined) row = await findTemplate(db, session, input.Id);
    else {
      [row] = await db.select().from(moduleTemplates).where(homeTemplateOf(session.siteId));
      if (!row) throw new AppError('moduleLibrary.noCurrent');
    }
    return { ...summaryOf(row), Data: row.data };
  }),

  defineRoute(library.getMyTemplateList, async ({ input, db, session }) => {
    const conditions = [eq(moduleTemplates.siteId, session.siteId)];
    if (input.Name) conditions.push(ilike(moduleTemplates.name, containsPattern(input.Name)));
    const where = and(...conditions);
    const order = parseSort(input.sort);
    const column = SORT_COLUMNS[order.field];
    const rows = await db
      .select()
      .from(moduleTemplates)
      .where(where)
      .orderBy(order.descending ? desc(column) : asc(column), desc(moduleTemplates.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(moduleTemplates).where(where);
    return { Data: rows.map(summaryOf), Total: total?.value ?? 0 };
  }),

  defineRoute(library.addMyTemplate, async ({ input, db, session, locale, reply }) => {
    const [site] = await db
      .select({ shopType: sites.shopType })
      .from(sites)
      .where(eq(sites.id, session.siteId));
    let data: string;
    if (input.CopyFromId !== undefined) {
      const source = await findTemplate(db, session, input.CopyFromId);
      data = source.data;
    } else if (input.Data !== undefined) {
      const read = readTemplateData(input.Data, session.siteId, locale);
      if (!read.ok) return refuseData(reply, locale, read.errors);
      data = read.json;
    } else {
      data = serializeTemplate(createTemplate(session.siteId, translate(locale, 'moduleLibrary.homePage')));
    }
    const created = await insertMyTemplate(db, {
      siteId: session.siteId,
      shopType: site!.shopType,
      name: input.Name,
      data,
      session,
      origin: { copyOf: input.CopyFromId ?? null },
    });
    return { Id: created.id, Version: created.version };
  }),

  defineRoute(library.setMyTemplate, async ({ input, db, session }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(moduleTemplates).where(mine(session, input.Id)).for('update');
      if (!row) throw new AppError('moduleLibrary.notFound', { id: input.Id }, { field: 'Id' });
      if (input.Name !== undefined && input.Name !== row.name) {
        await tx
          .update(moduleTemplates)
          .set({ name: input.Name, updatedBy: session.accountId })
          .where(mine(session, input.Id));
      }
      if (input.IsCurrent) await makeHomeTemplate(tx, session, input.Id);
      await audit(tx, session, 'moduleLibrary.set', target(input.Id), {
        before: { name: row.name, isCurrent: row.isCurrent },
        after: { name: input.Name ?? row.name, isCurrent: input.IsCurrent ?? row.isCurrent },
      });
    });
    return {};
  }),

  defineRoute(library.delMyTemplate, async ({ input, db, session }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(moduleTemplates).where(mine(session, input.Id)).for('update');
      if (!row) throw new AppError('moduleLibrary.notFound', { id: input.Id }, { field: 'Id' });
      if (row.isCurrent) throw new AppError('moduleLibrary.deleteCurrent', {}, { field: 'Id' });
      await tx.delete(moduleTemplates).where(mine(session, input.Id));
      await audit(tx, session, 'moduleLibrary.delete', target(input.Id), {
        name: row.name,
        version: row.version,
      });
    });
    return {};
  }),

  defineRoute(library.saveModule, async ({ input, db, session, locale, reply }) => {
    const read = readTemplateData(input.Data, session.siteId, locale);
    if (!read.ok) return refuseData(reply, locale, read.errors);
    // Guarded write: only the version the editor started from may be replaced.
    const [saved] = await db
      .update(moduleTemplates)
      .set({
        data: read.json,
        version: sql`${moduleTemplates.version} + 1`,
        updatedAt: new Date(),
        updatedBy: session.accountId,
      })
      .where(and(mine(session, input.Id), eq(moduleTemplates.version, input.Version)))
      .returning({ version: moduleTemplates.version });
    if (!saved) {
      const current = await findTemplate(db, session, input.Id);
      return refuseStale(reply, {
        locale,
        message: 'moduleLibrary.staleSave',
        yours: input.Version,
        current: current.version,
      });
    }
    await audit(db, session, 'moduleLibrary.save', target(input.Id), {
      from: input.Version,
      to: saved.version,
      pages: read.document.pages.length,
      blocks: Object.keys(read.document.blocks).length,
    });
    return { Version: saved.version, Warnings: read.warnings };
  }),

  defineRoute(library.publishModule, async ({ input, db, session, locale, reply }) => {
    const row = await findTemplate(db, session, input.Id);
    if (row.version !== input.Version)
      return refuseStale(reply, {
        locale,
        message: 'moduleLibrary.staleSave',
        yours: input.Version,
        current: row.version,
      });
    const read = readTemplateData(row.data, session.siteId, locale);
    if (!read.ok) return refuseData(reply, locale, read.errors);
    const linked = linkedEntities(read.document, blockDefinition);
    const [existing, ended] = await Promise.all([
      existingEntities(db, session.siteId, linked),
      endedEntities(db, session.siteId, linked),
    ]);
    const problems = publishCheck(
      read.document,
      row.shopType as ShopType,
      existing,
      blockDefinition,
      ended,
    ).map((problem) => ({
      PageId: problem.pageId,
      BlockId: problem.blockId,
      BlockType: problem.blockType,
      Kind: problem.kind,
      Path: problem.path,
      Message: describePublishProblem(problem, locale, templateCatalogues[locale]),
    }));
    if (problems.length > 0) return refusePublish(reply, locale, problems);
    const [published] = await db
      .update(moduleTemplates)
      .set({ publishedData: row.data, publishedVersion: row.version, publishedAt: new Date() })
      .where(and(mine(session, input.Id), eq(moduleTemplates.version, input.Version)))
      .returning({ publishedAt: moduleTemplates.publishedAt });
    if (!published?.publishedAt) {
      const current = await findTemplate(db, session, input.Id);
      return refuseStale(reply, {
        locale,
        message: 'moduleLibrary.staleSave',
        yours: input.Version,
        current: current.version,
      });
    }
    await audit(db, session, 'moduleLibrary.publish', target(input.Id), { version: row.version });
    return { PublishedAt: published.publishedAt.toISOString(), Version: row.version };
  }),

  defineRoute(library.getPreviewData, async ({ input, db, session, config }) => {
    const [site] = await db
      .select({ name: sites.name, shopType: sites.shopType, expiresAt: sites.expiresAt })
      .from(sites)
      .where(eq(sites.id, input.SiteId));
    if (!site) throw new AppError('moduleLibrary.previewNoSite', { id: input.SiteId }, { field: 'SiteId' });
    if (site.expiresAt && site.expiresAt.getTime() <= Date.now())
      throw new AppError('moduleLibrary.previewExpired', {}, { field: 'SiteId' });
    const ofSite = eq(moduleTemplates.siteId, input.SiteId);
    let row: TemplateRow | undefined;
    if (input.TemplateId !== undefined) {
      // Templates that are not live yet are the shop's own business: only its editors preview them.
      const editor =
        session &&
        session.siteId === input.SiteId &&
        !session.siteExpired &&
        hasPermission(session, library.EDIT_TEMPLATE_PERMISSION);
      if (!editor) throw new AppError('moduleLibrary.previewLoginRequired', {}, { field: 'TemplateId' });
      [row] = await db
        .select()
        .from(moduleTemplates)
        .where(and(ofSite, eq(moduleTemplates.id, input.TemplateId)));
      if (!row)
        throw new AppError('moduleLibrary.notFound', { id: input.TemplateId }, { field: 'TemplateId' });
    } else {
      [row] = await db.select().from(moduleTemplates).where(homeTemplateOf(input.SiteId));
      if (!row) throw new AppError('moduleLibrary.previewNoTemplate', {}, { field: 'SiteId' });
    }
    const parsed = parseTemplate(row.data, blockDefinition);
    if (!parsed.ok) throw new AppError('moduleLibrary.previewUnreadable', {}, { field: 'SiteId' });
    const document = previewDocument(parsed.document, input.PageId);
    if (!document) throw new AppError('moduleLibrary.previewNoPage', {}, { field: 'PageId' });
    const productRows = await Promise.all(
      productRequests(document).map(async ({ blockId, request }) => ({
        BlockId: blockId,
        Rows: await previewProducts(db, input.SiteId, request),
      })),
    );
    return {
      SiteName: site.name,
      ShopType: site.shopType,
      TemplateName: row.name,
      Version: row.version,
      UpdatedAt: row.updatedAt.toISOString(),
      Data: serializeTemplate(document),
      Products: productRows,
      Lookups: await previewLookups(db, input.SiteId, document),
      Videos: await previewVideos(config.tencentVideoUrl, document),
    };
  }),
  ...publicTemplateRoutes,
  ...userCenterRoutes,
  ...productTemplateRoutes,
  ...studioLookupRoutes,
  ...pageTemplateRoutes,
];
