import { and, eq } from 'drizzle-orm';
import { blockDefinition } from '../../../components-catalog/registry';
import * as api from '../../../contract/endpoints/shop-pages';
import { parseTemplate } from '../../../contract/template/codec';
import { FIXED_SLOTS } from '../../../contract/template-document';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { moduleTemplates } from '../module-library/tables';
import { storefrontSite } from '../storefront/service';
import './store-messages';

export const shopPageRoutes = [
  defineRoute(api.getStorefrontFixedParts, async ({ input, db, request }) => {
    const siteId = await storefrontSite(db, request);
    const [current] = await db
      .select({ data: moduleTemplates.publishedData, at: moduleTemplates.publishedAt })
      .from(moduleTemplates)
      .where(and(eq(moduleTemplates.siteId, siteId), eq(moduleTemplates.isCurrent, true)));
    if (!current?.data) return { PageId: null, PublishedAt: null, Parts: [] };
    const parsed = parseTemplate(current.data, blockDefinition);
    // The publish check parsed this copy before it was taken; a failure here is the server's fault.
    if (!parsed.ok) throw new Error(`published template of site ${siteId}: ${parsed.errors[0]?.code}`);
    const { document } = parsed;
    const pageId = input.PageId ?? document.homePageId;
    const page = document.pages.find((entry) => entry.id === pageId);
    if (!page) throw new AppError('shopPages.pageNotFound', { id: pageId }, { field: 'PageId' });
    const parts = FIXED_SLOTS.flatMap((slot) => {
      const block = page.fixed[slot] ? document.blocks[page.fixed[slot]] : undefined;
      return block && !block.hidden ? [{ Slot: slot, Type: block.type, Props: block.props }] : [];
    });
    return { PageId: page.id, PublishedAt: current.at?.toISOString() ?? null, Parts: parts };
  }),
];
