import { and, asc, desc, eq, ilike } from 'drizzle-orm';
import { blockDefinition } from '../../../components-catalog/registry';
import { getStoreLinkUrlList, type StoreLinkRow } from '../../../contract/endpoints/comm-lookups';
import type { ShopType } from '../../../contract/enums';
import {
  ENTITY_LINK_KINDS,
  LINK_TARGETS,
  type LinkKind,
  linkTargetsFor,
} from '../../../contract/link-targets';
import { parseTemplate } from '../../../contract/template/codec';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { sites } from '../../db/schema';
import { defineRoute } from '../../http/route';
import { productCategories, products } from '../product/tables';
import { type LinkTableKind, LOOKUP_SOURCES } from './lookup-sources';
import { homeTemplateOf } from './page-templates';
import { moduleTemplates } from './tables';

/** One kind's part of the list: how many rows match, and a slice of them. */
interface LinkSource {
  count(): Promise<number>;
  rows(limit: number, offset: number): Promise<StoreLinkRow[]>;
}

const pageOf = (kind: LinkKind) => LINK_TARGETS.find((target) => target.kind === kind)?.page ?? '';

function tableSource(
  db: Executor,
  siteId: number,
  kind: LinkTableKind,
  keyword: string | undefined,
): LinkSource {
  const { table } = LOOKUP_SOURCES[kind];
  const where = and(
    eq(table.siteId, siteId),
    eq(table.deleted, false),
    keyword ? ilike(table.title, containsPattern(keyword)) : undefined,
  );
  return {
    count: () => db.$count(table, where),
    rows: async (limit, offset) => {
      const found = (await db
        .select({ id: table.id, title: table.title })
        .from(table)
        .where(where)
        .orderBy(desc(table.sort), desc(table.id))
        .limit(limit)
        .offset(offset)) as { id: number; title: string }[];
      return found.map((row) => ({
        Title: row.title,
        Kind: kind,
        Id: row.id,
        Path: `${pageOf(kind)}?id=${row.id}`,
      }));
    },
  };
}

function productSource(db: Executor, siteId: number, keyword: string | undefined): LinkSource {
  const where = and(
    eq(products.siteId, siteId),
    eq(products.recycleState, 'active'),
    keyword ? ilike(products.name, containsPattern(keyword)) : undefined,
  );
  return {
    count: () => db.$count(products, where),
    rows: async (limit, offset) =>
      (
        await db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(where)
          .orderBy(desc(products.sort), desc(products.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({
        Title: row.name,
        Kind: 'product',
        Id: row.id,
        Path: `${pageOf('product')}?id=${row.id}`,
      })),
  };
}

function categorySource(db: Executor, siteId: number, keyword: string | undefined): LinkSource {
  const where = and(
    eq(productCategories.siteId, siteId),
    keyword ? ilike(productCategories.name, containsPattern(keyword)) : undefined,
  );
  return {
    count: () => db.$count(productCategories, where),
    rows: async (limit, offset) =>
      (
        await db
          .select({ id: productCategories.id, name: productCategories.name })
          .from(productCategories)
          .where(where)
          .orderBy(asc(productCategories.sort), asc(productCategories.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({
        Title: row.name,
        Kind: 'category',
        Id: row.id,
        Path: `${pageOf('category')}?categoryId=${row.id}`,
      })),
  };
}

/** The pages of the shop's current template, as custom-page links. */
async function templatePages(
  db: Executor,
  siteId: number,
  keyword: string | undefined,
): Promise<StoreLinkRow[]> {
  const [current] = await db
    .select({ data: moduleTemplates.data })
    .from(moduleTemplates)
    .where(homeTemplateOf(siteId));
  if (!current) return [];
  const parsed = parseTemplate(current.data, blockDefinition);
  if (!parsed.ok) return [];
  const needle = keyword?.toLowerCase();
  return parsed.document.pages
    .map((page, index) => ({ page, title: page.settings.title || `${index + 1}` }))
    .filter(({ title }) => !needle || title.toLowerCase().includes(needle))
    .map(({ page, title }) => ({
      Title: title,
      Kind: 'customPage' as const,
      Id: page.id,
      Path: `${pageOf('customPage')}?pageId=${page.id}`,
    }));
}

function listSource(rows: StoreLinkRow[]): LinkSource {
  return {
    count: async () => rows.length,
    rows: async (limit, offset) => rows.slice(offset, offset + limit),
  };
}

/** The rows of [offset, offset + limit) across the sources in order. */
async function pageAcross(sources: LinkSource[], limit: number, offset: number) {
  const counts = await Promise.all(sources.map((source) => source.count()));
  const Data: StoreLinkRow[] = [];
  let skip = offset;
  for (const [index, source] of sources.entries()) {
    const total = counts[index]!;
    if (skip >= total) {
      skip -= total;
      continue;
    }
    if (Data.length >= limit) break;
    Data.push(...(await source.rows(limit - Data.length, skip)));
    skip = 0;
  }
  return { Data, Total: counts.reduce((sum, value) => sum + value, 0) };
}

export const storeLinkRoutes = [
  defineRoute(getStoreLinkUrlList, async ({ db, session, input }) => {
    const [site] = await db
      .select({ shopType: sites.shopType })
      .from(sites)
      .where(eq(sites.id, session.siteId));
    const allowed = new Set(linkTargetsFor((site?.shopType ?? 0) as ShopType).map((target) => target.kind));
    const wanted = (kind: LinkKind) => allowed.has(kind) && (!input.Kind || input.Kind === kind);
    const sources: LinkSource[] = [];
    if (wanted('customPage'))
      sources.push(listSource(await templatePages(db, session.siteId, input.Keyword)));
    for (const kind of ENTITY_LINK_KINDS.filter(wanted)) {
      if (kind === 'product') sources.push(productSource(db, session.siteId, input.Keyword));
      else if (kind === 'category') sources.push(categorySource(db, session.siteId, input.Keyword));
      else sources.push(tableSource(db, session.siteId, kind, input.Keyword));
    }
    return pageAcross(sources, input.pageSize, (input.page - 1) * input.pageSize);
  }),
];
