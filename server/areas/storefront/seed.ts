import { sql } from 'drizzle-orm';
import {
  type PostProductCommentInput,
  postProductCommentReplySchema,
  postProductCommentSchema,
} from '../../../contract/endpoints/buyer-comments';
import { REVIEWABLE_ORDER_STATES } from '../../../contract/machines/order';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { postBuyerComment, postBuyerFollowUp } from '../product/service';

/**
 * What demo buyers do through the storefront once every other area has seeded: a few of them
 * review goods of orders they received, as the mini-program would post it (the same contract
 * check and service), so the goods reviews screen shows buyer reviews with their orders and the
 * growth ledgers show what reviews earned. A late seed: it needs the grades and growth rules.
 */

const REVIEWS: readonly Pick<PostProductCommentInput, 'Score' | 'Content'>[] = [
  { Score: 5, Content: '质量很好，做工精细，和图片一致，物流也快，下次还会再来。' },
  { Score: 4, Content: '整体满意，包装有点简单，不过东西没问题。' },
  { Score: 5, Content: '第二次回购了，家里人都说好用，客服回复也及时。' },
  { Score: 3, Content: '一般般吧，尺寸比想象中小一点，凑合用。' },
  { Score: 5, Content: '性价比很高，朋友推荐来的，果然没让人失望。' },
];

const FOLLOW_UP = '用了两周再来追评：依然很好用，没有任何问题。';

export const storefrontSeed: AreaSeed = async (db, demo) => {
  const states = sql.join(
    REVIEWABLE_ORDER_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  // Received goods not reviewed yet (neither by their buyer nor by default), one order per buyer.
  const candidates = await queryRows<{
    order_no: string;
    buyer_id: string;
    product_id: number;
    image: string;
  }>(
    db,
    sql`select distinct on (o.buyer_id) o.order_no, o.buyer_id, l.product_id, l.image
          from orders o
          join lateral (select product_id, image from order_lines where order_id = o.id order by position limit 1) l
            on true
          join members m on m.site_id = o.site_id and m.open_id = o.buyer_id and m.status = 'active'
          join products p on p.id = l.product_id and p.recycle_state <> 'purged'
         where o.site_id = ${demo.mallSiteId} and o.source <> 'offline' and o.state in (${states})
           and not exists (select 1 from product_comments c
                            where c.site_id = o.site_id and c.order_no = o.order_no and c.product_id = l.product_id)
         order by o.buyer_id, o.id desc`,
  );
  const chosen = candidates.slice(0, REVIEWS.length);
  await db.transaction(async (tx) => {
    for (const [index, candidate] of chosen.entries()) {
      const review = REVIEWS[index]!;
      const input = postProductCommentSchema.parse({
        BuyerId: candidate.buyer_id,
        OrderNo: candidate.order_no,
        ProductId: candidate.product_id,
        ...review,
        // The goods' own picture stands in for the buyer's photo.
        Images: index % 2 === 0 && candidate.image ? [candidate.image] : [],
      });
      const { id } = await postBuyerComment(tx, demo.mallSiteId, input, 'zh');
      if (index === 0) {
        await postBuyerFollowUp(
          tx,
          demo.mallSiteId,
          postProductCommentReplySchema.parse({ BuyerId: input.BuyerId, CommentId: id, Content: FOLLOW_UP }),
        );
      }
    }
  });
};
