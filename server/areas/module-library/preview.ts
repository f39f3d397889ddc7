import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DataRequest, ENTITY_DATA_SOURCES } from '../../../components-catalog/data-rows';
import { blockDefinition } from '../../../components-catalog/registry';
import { txVideoId } from '../../../contract/endpoints/comm-lookups';
import type { getPreviewData } from '../../../contract/endpoints/module-library';
import {
  FIXED_SLOTS,
  type PageId,
  type TemplateDocument,
  type TemplatePage,
} from '../../../contract/template-document';
import type { Database } from '../../db/client';
import { resolveVideo, VideoError } from '../comm/service';
import { products } from '../product/tables';
import { LOOKUP_SOURCES, type LookupSource, lookupRows } from './lookup-sources';

type PreviewProduct = ReturnType<typeof getPreviewData.output.parse>['Products'][number]['Rows'][number];

/** Most rows one product block may show, as the goods list's page size. */
export const PREVIEW_ROWS_MAX = 100;

/**
 * The one page a preview shows, as a template of its own: hidden blocks, other pages and their
 * blocks are left out, so a public caller gets only what the phone draws. Null for an unknown page.
 */
export function previewDocument(
  document: TemplateDocument,
  pageId: PageId | undefined,
): TemplateDocument | null {
  const page = document.pages.find((entry) => entry.id === (pageId ?? document.homePageId));
  if (!page) return null;
  const visible = (id: string | undefined): id is string =>
    id !== undefined && Object.hasOwn(document.blocks, id) && !document.blocks[id]!.hidden;
  const fixed: TemplatePage['fixed'] = {};
  for (const slot of FIXED_SLOTS) {
    const id = page.fixed[slot];
    if (visible(id)) fixed[slot] = id;
  }
  const blockIds = page.blockIds.filter(visible);
  const kept = [...Object.values(fixed), ...blockIds];
  return {
    siteId: document.siteId,
    wxOpenType: document.wxOpenType,
    homePageId: page.id,
    pages: [{ ...page, fixed, blockIds }],
    blocks: Object.fromEntries(kept.map((id) => [id, document.blocks[id]!])),
  };
}

/** Each block of the page whose renderer shows goods, with the rows it asks for. */
export function productRequests(document: TemplateDocument): { blockId: string; request: DataRequest }[] {
  const found: { blockId: string; request: DataRequest }[] = [];
  for (const [blockId, block] of Object.entries(document.blocks)) {
    const request = blockDefinition(block.type)?.data?.(block.props) ?? null;
    if (request?.source === 'products') found.push({ blockId, request });
  }
  return found;
}

const RULE_ORDER: Record<string, SQL[]> = {
  newest: [desc(products.createdAt)],
  bestSelling: [desc(sql`${products.salesBase} + ${products.soldCount}`)],
  priceAsc: [asc(products.priceFen)],
  priceDesc: [desc(products.priceFen)],
};

/** On-shelf goods of the site for one block: the chosen ones in the designer's order, or by its rule. */
export async function previewProducts(
  db: Database,
  siteId: number,
  request: DataRequest,
): Promise<PreviewProduct[]> {
  // Only what a shopper may see: on the shelf and not in the recycle bin.
  const conditions: SQL[] = [
    eq(products.siteId, siteId),
    eq(products.shelfState, 'on'),
    eq(products.recycleState, 'active'),
  ];
  const manual = request.ids.length > 0;
  if (manual) conditions.push(inArray(products.id, request.ids.slice(0, PREVIEW_ROWS_MAX)));
  else if (typeof request.filter?.categoryId === 'number')
    conditions.push(eq(products.categoryId, request.filter.categoryId));
  const rule = typeof request.filter?.rule === 'string' ? request.filter.rule : '';
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(...(RULE_ORDER[rule] ?? [desc(products.sort)]), desc(products.id))
    .limit(manual ? PREVIEW_ROWS_MAX : Math.min(Math.max(request.limit, 1), PREVIEW_ROWS_MAX));
  const mapped = rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    Subtitle: row.subtitle,
    Image: row.gallery[0] ?? '',
    PriceFen: row.priceFen,
    MarketPriceFen: row.marketPriceFen,
    Sales: row.salesBase + row.soldCount,
  }));
  if (!manual) return mapped;
  const byId = new Map(mapped.map((row) => [row.Id, row]));
  return request.ids.flatMap((productId) => (byId.has(productId) ? [byId.get(productId)!] : []));
}

/**
 * The switched-on rows each entity block of the page asks for (services, coupons, news…), read as
 * the studio reads them; the preview shapes them with the studio's own entityRows.
 */
export async function previewLookups(
  db: Database,
  siteId: number,
  document: TemplateDocument,
): Promise<{ BlockId: string; Rows: Record<string, unknown>[] }[]> {
  const found: { BlockId: string; Rows: Record<string, unknown>[] }[] = [];
  for (const [blockId, block] of Object.entries(document.blocks)) {
    const request = blockDefinition(block.type)?.data?.(block.props) ?? null;
    const kind = request
      ? ENTITY_DATA_SOURCES[request.source as keyof typeof ENTITY_DATA_SOURCES]
      : undefined;
    if (!request || !kind) continue;
    const manual = request.ids.length > 0;
    const columnId = request.filter?.columnId;
    const page = await lookupRows(db, siteId, LOOKUP_SOURCES[kind] as LookupSource, {
      page: 1,
      pageSize:
        manual || request.filter?.state === 'ongoing'
          ? PREVIEW_ROWS_MAX
          : Math.min(Math.max(request.limit, 1), PREVIEW_ROWS_MAX),
      ...(manual ? { Ids: request.ids.slice(0, PREVIEW_ROWS_MAX).join(',') } : {}),
      ...(typeof columnId === 'number' ? { ColumnId: columnId } : {}),
    });
    found.push({ BlockId: blockId, Rows: page.Data.filter((row) => row.Status === 'on') });
  }
  return found;
}

/** The playable address of each video block with a Tencent Video link; one that does not resolve is left out. */
export async function previewVideos(
  baseUrl: string | undefined,
  document: TemplateDocument,
): Promise<{ BlockId: string; Url: string; Title: string; Sandbox: boolean }[]> {
  const found: { BlockId: string; Url: string; Title: string; Sandbox: boolean }[] = [];
  for (const [blockId, block] of Object.entries(document.blocks)) {
    const request = blockDefinition(block.type)?.data?.(block.props) ?? null;
    const vid = request?.source === 'video' ? txVideoId(String(request.filter?.link ?? '')) : null;
    if (!vid) continue;
    try {
      const video = await resolveVideo(baseUrl, vid);
      found.push({ BlockId: blockId, Url: video.url, Title: video.title, Sandbox: video.sandbox });
    } catch (error) {
      if (!(error instanceof VideoError)) throw error;
    }
  }
  return found;
}
