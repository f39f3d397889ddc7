import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { id, queryId } from '../scalars';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_SCORE_MAX,
  commentReplySchema,
  MAX_COMMENT_IMAGES,
  mediaUrlSchema,
} from './goods';

/**
 * The buyer's side of goods comments (reviews), under /storefront/ with the shop's key: a buyer
 * reviews goods of their own order once it is received (contract/machines/order.ts
 * REVIEWABLE_ORDER_STATES), one review per order and goods, and may add one follow-up under it
 * (追评); the mini-program lists the reviews a goods page shows. A review earns the member the
 * shop's growth per review (the preferential settings); the operators moderate and reply on
 * /goods/goodsComment.
 */
const STOREFRONT = '/storefront';
const buyerId = z.string().trim().min(1).max(64);

export const postProductCommentSchema = z.strictObject({
  BuyerId: buyerId,
  OrderNo: z.string().trim().min(1).max(32),
  ProductId: id,
  Score: z.number().int().min(1).max(COMMENT_SCORE_MAX),
  Content: z.string().trim().min(1).max(COMMENT_CONTENT_MAX),
  /** URLs the upload call returned. */
  Images: z.array(mediaUrlSchema).max(MAX_COMMENT_IMAGES).default([]),
});
export type PostProductCommentInput = z.infer<typeof postProductCommentSchema>;

export const storefrontProductCommentSchema = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  /** The member's nickname (or the receiver's name) masked: its first character and **. */
  BuyerName: z.string(),
  Score: z.number().int(),
  Content: z.string(),
  Images: z.array(z.string()),
  CreatedAt: z.string(),
  /** The shop's replies and the buyer's follow-up, oldest first. */
  Replies: z.array(commentReplySchema),
});

/**
 * Reviews goods of the buyer's own received or completed order. A second review of the same goods
 * of the same order is refused. `Growth` is what the review earned the member (0 when the shop
 * grants none).
 */
export const postProductComment = defineEndpoint({
  method: 'POST',
  path: `${STOREFRONT}/PostProductComment`,
  permission: 'public',
  input: postProductCommentSchema,
  output: z.object({ Comment: storefrontProductCommentSchema, Growth: z.number().int() }),
});

export const postProductCommentReplySchema = z.strictObject({
  BuyerId: buyerId,
  CommentId: id,
  Content: z.string().trim().min(1).max(COMMENT_CONTENT_MAX),
});
export type PostProductCommentReplyInput = z.infer<typeof postProductCommentReplySchema>;

/** The buyer's one follow-up under their own review (a second is refused). */
export const postProductCommentReply = defineEndpoint({
  method: 'POST',
  path: `${STOREFRONT}/PostProductCommentReply`,
  permission: 'public',
  input: postProductCommentReplySchema,
  output: z.object({ Comment: storefrontProductCommentSchema }),
});

/** The reviews a goods page shows (not hidden or deleted by the shop), newest first, with replies. */
export const getProductComments = defineEndpoint({
  method: 'GET',
  path: `${STOREFRONT}/GetProductComments`,
  permission: 'public',
  input: listQuerySchema.extend({ ProductId: queryId }),
  output: pagedSchema(storefrontProductCommentSchema),
});
