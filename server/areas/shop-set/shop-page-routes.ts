import { blockDefinition } from '../../../components-catalog/registry';
import * as api from '../../../contract/endpoints/shop-pages';
import { parseTemplate } from '../../../contract/template/codec';
import { FIXED_SLOTS, type TemplateDocument, type TemplatePage } from '../../../contract/template-document';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { homeTemplateOf } from '../module-library/service';
import { moduleTemplates } from '../module-library/tables';
import { storefrontSite } from '../storefront/service';
import './store-messages';

interface PublishedPage {
  document: TemplateDocument;
  page: TemplatePage;
  publishedAt: string | null;
}

/**
 * A page of the shop's current template as last published (its home page without an id); null
 * while the shop has published nothing. Drafts are never read.
 */
async function publishedPage(
  db: Executor,
  siteId: number,
  pageId: string | undefined,
): Promise<PublishedPage | null> {
  const [current] = await db
    .select({ data: moduleTemplates.publishedData, at: moduleTemplates.publishedAt })
    .from(moduleTemplates)
    .where(homeTemplateOf(siteId));
  if (!current?.data) return null;
  const parsed = parseTemplate(current.data, blockDefinition);
  // The publish check parsed this copy before it was taken; a failure here is the server's fault.
  if (!parsed.ok) throw new Error(`published template of site ${siteId}: ${parsed.errors[0]?.code}`);
  const { document } = parsed;
  const id = pageId ?? document.homePageId;
  const page = document.pages.find((entry) => entry.id === id);
  if (!page) throw new AppError('shopPages.pageNotFound', { id }, { field: 'PageId' });
  return { document, page, publishedAt: current.at?.toISOString() ?? null };
}

export const shopPageRoutes = [
  defineRoute(api.getStorefrontFixedParts, async ({ input, db, request }) => {
    const published = await publishedPage(db, await storefrontSite(db, request), input.PageId);
    if (!published) return { PageId: null, PublishedAt: null, Parts: [] };
    const { document, page } = published;
    const parts = FIXED_SLOTS.flatMap((slot) => {
      const block = page.fixed[slot] ? document.blocks[page.fixed[slot]] : undefined;
      return block && !block.hidden ? [{ Slot: slot, Type: block.type, Props: block.props }] : [];
    });
    return { PageId: page.id, PublishedAt: published.publishedAt, Parts: parts };
  }),

  defineRoute(api.getStorefrontPage, async ({ input, db, request }) => {
    const published = await publishedPage(db, await storefrontSite(db, request), input.PageId);
    if (!published) return { PageId: null, IsHome: false, PublishedAt: null, Settings: null, Blocks: [] };
    const { document, page } = published;
    const blocks = page.blockIds.flatMap((id) => {
      const block = document.blocks[id];
      return block && !block.hidden ? [{ Id: block.id, Type: block.type, Props: block.props }] : [];
    });
    return {
      PageId: page.id,
      IsHome: page.id === document.homePageId,
      PublishedAt: published.publishedAt,
      Settings: page.settings,
      Blocks: blocks,
    };
  }),
];
