import { type SQL, sql } from 'drizzle-orm';
import type {
  PostProductCommentInput,
  PostProductCommentReplyInput,
} from '../../../contract/endpoints/buyer-comments';
import { type OrderState, orderMachine, REVIEWABLE_ORDER_STATES } from '../../../contract/machines/order';
import { stateLabelKey } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { ensureMember, grantReviewGrowth } from '../customer/service';
import { notFound } from './errors';
import { isoTime, where } from './product-list';
import { inList } from './sql-helpers';

/**
 * Buyers' reviews of the goods they received, posted through the storefront (and by the demo
 * seed, which plays buyers). The operators' side is comment-routes.ts.
 */

export interface CommentReplyView {
  Id: number;
  Author: 'shop' | 'buyer';
  AuthorName: string;
  Content: string;
  CreatedAt: string;
}

/** The replies of each comment, oldest first (comments without replies are absent). */
export async function repliesOf(db: Executor, commentIds: readonly number[]) {
  const replies = new Map<number, CommentReplyView[]>();
  if (commentIds.length === 0) return replies;
  const rows = await queryRows<{
    id: number;
    comment_id: number;
    author: 'shop' | 'buyer';
    author_name: string;
    content: string;
    created_at: Date | string;
  }>(
    db,
    sql`select id, comment_id, author, author_name, content, created_at from product_comment_replies
         where comment_id in ${inList(commentIds)} order by created_at, id`,
  );
  for (const row of rows) {
    const list = replies.get(row.comment_id) ?? [];
    list.push({
      Id: row.id,
      Author: row.author,
      AuthorName: row.author_name,
      Content: row.content,
      CreatedAt: isoTime(row.created_at),
    });
    replies.set(row.comment_id, list);
  }
  return replies;
}

interface StorefrontCommentRecord extends Record<string, unknown> {
  id: number;
  product_id: number;
  buyer_name: string;
  score: number;
  content: string;
  images: string[];
  created_at: Date | string;
}

/** A page of comments matching `conditions` as the mini-program shows them, newest first. */
export async function storefrontComments(
  db: Executor,
  conditions: readonly SQL[],
  page: { page: number; pageSize: number },
) {
  const records = await queryRows<StorefrontCommentRecord>(
    db,
    sql`select id, product_id, buyer_name, score, content, images, created_at from product_comments
         where ${where(conditions)} order by created_at desc, id desc
         limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
  const replies = await repliesOf(
    db,
    records.map((record) => record.id),
  );
  return records.map((record) => ({
    Id: record.id,
    ProductId: record.product_id,
    BuyerName: record.buyer_name,
    Score: record.score,
    Content: record.content,
    Images: record.images,
    CreatedAt: isoTime(record.created_at),
    Replies: replies.get(record.id) ?? [],
  }));
}

/**
 * How a buyer is named under their review, as the default reviews and the shops' seeded ones are:
 * the first character and **, so neither a nickname nor a receiver's real name shows in full.
 */
export function maskedBuyerName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first === undefined ? '***' : `${first}**`;
}

/**
 * The buyer reviews goods of their own received or completed order; the review shows at once (the
 * shop hides what it must) and earns the member the shop's growth per review. Returns the review's
 * id and the growth granted.
 */
export async function postBuyerComment(
  tx: Executor,
  siteId: number,
  input: PostProductCommentInput,
  locale: Locale,
  now = new Date(),
): Promise<{ id: number; growth: number }> {
  // Walk-in orders are the cashier's, not the buyer's storefront orders.
  const [order] = await queryRows<{ id: number; state: OrderState; buyer_name: string }>(
    tx,
    sql`select id, state, buyer_name from orders
         where site_id = ${siteId} and order_no = ${input.OrderNo} and buyer_id = ${input.BuyerId}
           and source <> 'offline'`,
  );
  if (!order) {
    throw new AppError('product.reviewOrderNotFound', { orderNo: input.OrderNo }, { field: 'OrderNo' });
  }
  if (!REVIEWABLE_ORDER_STATES.includes(order.state)) {
    throw new AppError(
      'product.reviewOrderUnfinished',
      { orderNo: input.OrderNo, state: translate(locale, stateLabelKey(orderMachine, order.state)) },
      { field: 'OrderNo' },
    );
  }
  const [line] = await queryRows<{ name: string | null; purged: boolean | null }>(
    tx,
    sql`select p.name, p.recycle_state = 'purged' as purged from order_lines l
          left join products p on p.id = l.product_id and p.site_id = l.site_id
         where l.order_id = ${order.id} and l.product_id = ${input.ProductId} limit 1`,
  );
  if (!line) {
    throw new AppError(
      'product.reviewGoodsNotInOrder',
      { id: input.ProductId, orderNo: input.OrderNo },
      { field: 'ProductId' },
    );
  }
  if (line.name === null || line.purged) throw notFound('product.notFound', input.ProductId, 'ProductId');
  const memberId = await ensureMember(tx, {
    siteId,
    openId: input.BuyerId,
    nickname: '',
    mobile: '',
    source: 'miniProgram',
    now,
    field: 'BuyerId',
  });
  const [member] = await queryRows<{ nickname: string }>(
    tx,
    sql`select nickname from members where id = ${memberId}`,
  );
  const buyerName = maskedBuyerName(member!.nickname || order.buyer_name);
  const at = now.toISOString();
  // The unique index on (site, order, goods) decides between parallel posts of one review: the
  // later insert waits for the first to commit, then inserts nothing.
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into product_comments (site_id, product_id, buyer_id, order_no, buyer_name, score, content, images,
                                      created_at, updated_at)
        values (${siteId}, ${input.ProductId}, ${input.BuyerId}, ${input.OrderNo}, ${buyerName}, ${input.Score},
                ${input.Content}, ${JSON.stringify(input.Images)}::jsonb, ${at}::timestamptz, ${at}::timestamptz)
        on conflict (site_id, order_no, product_id) do nothing
        returning id`,
  );
  if (!created) {
    throw new AppError(
      'product.reviewExists',
      { name: line.name, orderNo: input.OrderNo },
      { field: 'ProductId' },
    );
  }
  const growth = await grantReviewGrowth(tx, {
    siteId,
    memberId,
    orderNo: input.OrderNo,
    goodsName: line.name,
    now,
  });
  return { id: created.id, growth };
}

/** The buyer's one follow-up (追评) under their own review, which the shop has not deleted. */
export async function postBuyerFollowUp(
  tx: Executor,
  siteId: number,
  input: PostProductCommentReplyInput,
  now = new Date(),
): Promise<void> {
  // The row lock makes parallel follow-ups of one review wait, so the check below sees the first.
  const [comment] = await queryRows<{ id: number; buyer_name: string }>(
    tx,
    sql`select id, buyer_name from product_comments
         where id = ${input.CommentId} and site_id = ${siteId} and buyer_id = ${input.BuyerId}
           and state <> 'deleted' for update`,
  );
  if (!comment) throw notFound('product.reviewNotFound', input.CommentId, 'CommentId');
  // Refuses a member the shop has disabled.
  await ensureMember(tx, {
    siteId,
    openId: input.BuyerId,
    nickname: '',
    mobile: '',
    source: 'miniProgram',
    now,
    field: 'BuyerId',
  });
  const [earlier] = await queryRows<{ id: number }>(
    tx,
    sql`select id from product_comment_replies where comment_id = ${comment.id} and author = 'buyer' limit 1`,
  );
  if (earlier) throw new AppError('product.reviewFollowedUp', {}, { field: 'CommentId' });
  const at = now.toISOString();
  await tx.execute(
    sql`insert into product_comment_replies (site_id, comment_id, author, author_name, content, created_at)
        values (${siteId}, ${comment.id}, 'buyer', ${comment.buyer_name}, ${input.Content}, ${at}::timestamptz)`,
  );
  await tx.execute(
    sql`update product_comments set reply_count = reply_count + 1, updated_at = now() where id = ${comment.id}`,
  );
}
