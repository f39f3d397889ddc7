import { sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/buyer-comments';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { defineRoute } from '../../http/route';
import { storefrontSite } from '../storefront/service';
import { postBuyerComment, postBuyerFollowUp, storefrontComments } from './buyer-comments';
import { notFound } from './errors';
import { where } from './product-list';

/** The buyer's goods reviews under /storefront/: the shop's key decides the site. */

async function readBuyerComment(db: Executor, siteId: number, id: number) {
  const [comment] = await storefrontComments(db, [sql`site_id = ${siteId}`, sql`id = ${id}`], {
    page: 1,
    pageSize: 1,
  });
  return comment!;
}

export const buyerCommentRoutes = [
  defineRoute(api.postProductComment, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) => {
      const { id, growth } = await postBuyerComment(tx, siteId, input, locale);
      return { Comment: await readBuyerComment(tx, siteId, id), Growth: growth };
    });
  }),

  defineRoute(api.postProductCommentReply, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) => {
      await postBuyerFollowUp(tx, siteId, input);
      return { Comment: await readBuyerComment(tx, siteId, input.CommentId) };
    });
  }),

  defineRoute(api.getProductComments, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const [goods] = await queryRows<{ id: number }>(
      db,
      sql`select id from products where site_id = ${siteId} and id = ${input.ProductId}
            and recycle_state <> 'purged'`,
    );
    if (!goods) throw notFound('product.notFound', input.ProductId, 'ProductId');
    const shown = [sql`site_id = ${siteId}`, sql`product_id = ${input.ProductId}`, sql`state = 'visible'`];
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from product_comments where ${where(shown)}`,
    );
    return { Data: await storefrontComments(db, shown, input), Total: count!.total };
  }),
];
