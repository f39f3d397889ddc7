import { type SQL, sql } from 'drizzle-orm';
import * as goods from '../../../contract/endpoints/goods';
import { parseSort } from '../../../contract/list-query';
import { type CommentState, commentMachine } from '../../../contract/machines/goods';
import { transitionOutcome } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { repliesOf } from './buyer-comments';
import { illegalTransition, notFound, requireVersion, staleVersion, uniqueIds } from './errors';
import { contains, isoTime, where } from './product-list';
import { inList, missingIds } from './sql-helpers';
import { commentReplies, productComments } from './tables';

interface CommentRecord extends Record<string, unknown> {
  id: number;
  product_id: number;
  product_name: string;
  product_image: string | null;
  buyer_name: string;
  order_no: string | null;
  score: number;
  content: string;
  images: string[];
  state: CommentState;
  shop_replied: boolean;
  reply_count: number;
  created_at: Date | string;
  version: number;
}

const COMMENT_COLUMNS = sql`m.id, m.product_id, p.name as product_name, p.gallery->>0 as product_image, m.buyer_name,
  m.order_no, m.score, m.content, m.images, m.state, m.shop_replied, m.reply_count, m.created_at, m.version`;
const COMMENT_FROM = sql`product_comments m join products p on p.id = m.product_id`;

function toCommentRow(record: CommentRecord) {
  return {
    Id: record.id,
    ProductId: record.product_id,
    ProductName: record.product_name,
    ProductImage: record.product_image ?? '',
    BuyerName: record.buyer_name,
    OrderNo: record.order_no ?? '',
    Score: record.score,
    Content: record.content,
    Images: record.images,
    State: record.state,
    Replied: record.shop_replied,
    ReplyCount: record.reply_count,
    CreatedAt: isoTime(record.created_at),
    Version: record.version,
  };
}

/** Comments of the site that still exist (not deleted, goods not purged). */
function liveComments(siteId: number): SQL[] {
  return [sql`m.site_id = ${siteId}`, sql`m.state <> 'deleted'`, sql`p.recycle_state <> 'purged'`];
}

async function readComment(db: Executor, siteId: number, id: number, field: string) {
  const [record] = await queryRows<CommentRecord>(
    db,
    sql`select ${COMMENT_COLUMNS} from ${COMMENT_FROM} where ${where([...liveComments(siteId), sql`m.id = ${id}`])}`,
  );
  if (!record) throw notFound('product.commentNotFound', id, field);
  return record;
}

async function readReplies(db: Executor, commentId: number) {
  return (await repliesOf(db, [commentId])).get(commentId) ?? [];
}

const SORT_COLUMNS: Record<(typeof goods.COMMENT_SORT_FIELDS)[number], SQL> = {
  createdAt: sql`m.created_at`,
  score: sql`m.score`,
};

const commentTarget = (id: number) => `comment:${id}`;

export const commentRoutes = [
  defineRoute(goods.getComments, async ({ db, session, input }) => {
    const conditions = liveComments(session.siteId);
    if (input.productId !== undefined) conditions.push(sql`m.product_id = ${input.productId}`);
    if (input.keyword) {
      const keyword = input.keyword;
      conditions.push(
        sql`(${contains(sql`m.buyer_name`, keyword)} or ${contains(sql`m.content`, keyword)} or ${contains(sql`p.name`, keyword)})`,
      );
    }
    if (input.score !== undefined) conditions.push(sql`m.score = ${input.score}`);
    if (input.hasImages !== undefined) {
      conditions.push(
        input.hasImages ? sql`jsonb_array_length(m.images) > 0` : sql`jsonb_array_length(m.images) = 0`,
      );
    }
    if (input.replied !== undefined) conditions.push(sql`m.shop_replied = ${input.replied}`);
    if (input.state !== undefined) conditions.push(sql`m.state = ${input.state}`);
    const { field, descending } = parseSort(input.sort);
    const direction = descending ? sql`desc` : sql`asc`;
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${COMMENT_FROM} where ${where(conditions)}`,
    );
    const records = await queryRows<CommentRecord>(
      db,
      sql`select ${COMMENT_COLUMNS} from ${COMMENT_FROM} where ${where(conditions)}
           order by ${SORT_COLUMNS[field]} ${direction}, m.id ${direction}
           limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    return { Data: records.map(toCommentRow), Total: count!.total };
  }),

  defineRoute(goods.getCommentInfo, async ({ db, session, input }) => {
    const record = await readComment(db, session.siteId, input.id, 'id');
    return { ...toCommentRow(record), Replies: await readReplies(db, record.id) };
  }),

  defineRoute(goods.getCommentReplies, async ({ db, session, input }) => {
    const record = await readComment(db, session.siteId, input.commentId, 'commentId');
    return { Data: await readReplies(db, record.id) };
  }),

  defineRoute(goods.replyToComment, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      await readComment(tx, session.siteId, input.CommentId, 'CommentId');
      const [reply] = await tx
        .insert(commentReplies)
        .values({
          siteId: session.siteId,
          commentId: input.CommentId,
          author: 'shop',
          authorName: session.userName,
          accountId: session.accountId,
          content: input.Content,
        })
        .returning({ id: commentReplies.id });
      await tx.execute(sql`update product_comments set reply_count = reply_count + 1, shop_replied = true
        where id = ${input.CommentId}`);
      await audit(tx, session, 'comment.reply', commentTarget(input.CommentId), { content: input.Content });
      return { Id: reply!.id };
    }),
  ),

  defineRoute(goods.changeCommentState, async ({ db, session, locale, input }) => {
    const ids = uniqueIds(input.Ids);
    return db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; state: CommentState; buyer_name: string }>(
        tx,
        sql`select id, state, buyer_name from product_comments
             where site_id = ${session.siteId} and state <> 'deleted' and id in ${inList(ids)} order by id for update`,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const changed: number[] = [];
      const unchanged: number[] = [];
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) throw notFound('product.commentNotFound', id, 'Ids');
        const outcome = transitionOutcome(commentMachine, row.state, input.Action);
        if (outcome === 'illegal') {
          throw illegalTransition(
            locale,
            row.buyer_name,
            { machine: commentMachine, value: row.state },
            { machine: commentMachine, name: input.Action },
          );
        }
        (outcome === 'change' ? changed : unchanged).push(id);
      }
      // Deleting a buyer's review leaves the growth it earned: the buyer earned it by writing it.
      if (changed.length > 0) {
        const target = commentMachine.actions.find((action) => action.name === input.Action)!.to;
        await tx.execute(sql`update product_comments set state = ${target}, updated_at = now()
          where id in ${inList(changed)}`);
        for (const id of changed) await audit(tx, session, `comment.${input.Action}`, commentTarget(id));
      }
      return { Changed: changed, Unchanged: unchanged };
    });
  }),

  defineRoute(goods.saveComment, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const [missing] = await missingIds(
        tx,
        'products',
        session.siteId,
        [input.ProductId],
        sql`recycle_state = 'active'`,
      );
      if (missing !== undefined) throw notFound('product.notFound', missing, 'ProductId');
      const state = input.Visible ? 'visible' : 'hidden';
      if (input.Id === undefined) {
        const [created] = await tx
          .insert(productComments)
          .values({
            siteId: session.siteId,
            productId: input.ProductId,
            buyerName: input.BuyerName,
            score: input.Score,
            content: input.Content,
            images: input.Images,
            state,
            addedByShop: true,
          })
          .returning({ id: productComments.id, version: productComments.version });
        await audit(tx, session, 'comment.create', commentTarget(created!.id), {
          productId: input.ProductId,
        });
        return { Id: created!.id, Version: created!.version };
      }
      const expected = requireVersion(input.Version);
      const [current] = await queryRows<{ version: number; added_by_shop: boolean }>(
        tx,
        sql`select version, added_by_shop from product_comments
             where id = ${input.Id} and site_id = ${session.siteId} and state <> 'deleted' for update`,
      );
      if (!current) throw notFound('product.commentNotFound', input.Id);
      if (!current.added_by_shop) throw new AppError('product.commentNotEditable', {}, { field: 'Content' });
      if (current.version !== expected) throw staleVersion();
      const [updated] = await queryRows<{ version: number }>(
        tx,
        sql`update product_comments set product_id = ${input.ProductId}, buyer_name = ${input.BuyerName},
              score = ${input.Score}, content = ${input.Content}, images = ${JSON.stringify(input.Images)}::jsonb,
              state = ${state}, version = version + 1, updated_at = now()
            where id = ${input.Id} returning version`,
      );
      await audit(tx, session, 'comment.update', commentTarget(input.Id), { productId: input.ProductId });
      return { Id: input.Id, Version: updated!.version };
    }),
  ),
];
