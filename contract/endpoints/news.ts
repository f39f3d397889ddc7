import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { ARTICLE_STATES, NewsPermission, newsCommentMachine } from '../machines/news';
import { id, queryId, version } from '../scalars';

/**
 * Columns, news articles and their comments (SPEC §2 publicColumn, columnEdit, columnText,
 * imageTextSupervise, imageTextEdit, commentTable; SPEC §7 /DistributorsShopSet/ news, news
 * comments), and the buyer's calls under /storefront/ with the shop's key. Saves carry the
 * `Version` they were based on; a stale one is refused with `StaleVersion: true`.
 */

const BASE = '/DistributorsShopSet';

export const COLUMN_TITLE_MAX = 30;
export const ARTICLE_TITLE_MAX = 60;
export const AUTHOR_MAX = 20;
export const SUMMARY_MAX = 200;
/** Sanitised HTML of a body; a typo guard far above any real article. */
export const BODY_MAX = 100_000;
export const MAX_COLUMNS_PER_SITE = 200;
export const MAX_BULK = 100;
export const COMMENT_MAX = 500;
export const SORT_MAX = 99_999;
/** Storefront comments per client address and shop in one window. */
export const COMMENT_RATE_LIMIT = 5;
export const COMMENT_RATE_WINDOW_MS = 60_000;

const timestamp = z.string();
const image = z.string().trim().max(500);
const sortValue = z.number().int().min(0).max(SORT_MAX);
const ids = z.array(id).min(1).max(MAX_BULK);

// ---- columns ------------------------------------------------------------------------------------

export const columnRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  ParentId: z.number().int().nullable(),
  ParentTitle: z.string(),
  /** 1 for a top-level column, 2 for a column under one. */
  Level: z.number().int(),
  Image: z.string(),
  Summary: z.string(),
  Visible: z.boolean(),
  Sort: z.number().int(),
  ArticleCount: z.number().int(),
  Version: z.number().int(),
  CreatedAt: timestamp,
});
export type ColumnRow = z.infer<typeof columnRowSchema>;

/** Every column of the shop in tree order (each parent followed by its children), paged. */
export const getColumnList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNewsColumnList`,
  permission: NewsPermission.columns,
  input: listQuerySchema.extend({ keyword: z.string().trim().max(COLUMN_TITLE_MAX).optional() }),
  output: pagedSchema(columnRowSchema),
});

export const columnListResource: ListResource = {
  resource: 'newsColumn',
  list: getColumnList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: [],
  defaultSort: '',
};

export const getColumnInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNewsColumnInfo`,
  permission: NewsPermission.columns,
  input: z.strictObject({ id: queryId }),
  output: columnRowSchema.extend({ Body: z.string() }),
});

export const saveColumn = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveNewsColumn`,
  permission: NewsPermission.columnEdit,
  /** Without Id a new column; with Id (and its Version) an update. */
  input: z.strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Title: z.string().trim().min(1).max(COLUMN_TITLE_MAX),
    ParentId: id.nullable(),
    Image: image,
    Summary: z.string().trim().max(SUMMARY_MAX),
    Visible: z.boolean(),
    Sort: sortValue,
  }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** The column's own page (columnText): its rich-text body, sanitised on save. */
export const saveColumnText = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveNewsColumnText`,
  permission: NewsPermission.columnText,
  input: z.strictObject({ Id: id, Version: version, Body: z.string().max(BODY_MAX) }),
  output: z.object({ Version: z.number().int() }),
});

export const setColumnVisible = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetNewsColumnVisible`,
  permission: NewsPermission.columns,
  input: z.strictObject({ Ids: ids, Visible: z.boolean() }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Refused while a column has columns under it or articles in it, naming how many. */
export const delColumns = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelNewsColumn`,
  permission: NewsPermission.columns,
  input: z.strictObject({ Ids: ids }),
  output: z.object({ Deleted: z.number().int() }),
});

// ---- articles -----------------------------------------------------------------------------------

export const ARTICLE_TABS = ['all', ...ARTICLE_STATES] as const;

export const articleRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Image: z.string(),
  ColumnId: z.number().int().nullable(),
  ColumnTitle: z.string(),
  Summary: z.string(),
  Hot: z.boolean(),
  Banner: z.boolean(),
  Sort: z.number().int(),
  Status: z.enum(['on', 'off']),
  State: z.enum(ARTICLE_STATES),
  PublishedAt: timestamp,
  Views: z.number().int(),
  CommentCount: z.number().int(),
  Version: z.number().int(),
});
export type ArticleRow = z.infer<typeof articleRowSchema>;

export const articleListQuerySchema = listQuerySchema
  .extend({
    state: z.enum(ARTICLE_TABS).default('all'),
    /** Title or author contains it. */
    keyword: z.string().trim().max(ARTICLE_TITLE_MAX).optional(),
    ColumnId: queryId.optional(),
    publishedFrom: queryDate.optional(),
    publishedTo: queryDate.optional(),
    sort: sortParam(['sort', 'publishedAt', 'views']).default('-publishedAt'),
  })
  .superRefine((value, context) => {
    for (const problem of rangeProblems(value, [['publishedFrom', 'publishedTo']])) {
      context.addIssue({ code: 'custom', path: [problem.field], message: 'publishedFrom after publishedTo' });
    }
  });

export const getArticleList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNewsList`,
  permission: NewsPermission.articles,
  input: articleListQuerySchema,
  output: pagedSchema(articleRowSchema).extend({
    Counts: z.object({
      all: z.number().int(),
      published: z.number().int(),
      scheduled: z.number().int(),
      off: z.number().int(),
    }),
  }),
});

export const articleListResource: ListResource = {
  resource: 'news',
  list: getArticleList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'column', kind: 'entity', params: ['ColumnId'] },
    { name: 'published', kind: 'dateRange', params: ['publishedFrom', 'publishedTo'] },
  ],
  tabs: { param: 'state', values: ARTICLE_TABS, default: 'all' },
  sortFields: ['sort', 'publishedAt', 'views'],
  defaultSort: '-publishedAt',
};

export const getArticleInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNewsInfo`,
  permission: NewsPermission.articles,
  input: z.strictObject({ id: queryId }),
  output: articleRowSchema.extend({ Body: z.string() }),
});

export const saveArticle = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveNews`,
  permission: NewsPermission.articleEdit,
  /** A publish time in the future schedules the article; the body is sanitised on save. */
  input: z.strictObject({
    Id: id.optional(),
    Version: version.optional(),
    ColumnId: id.nullable(),
    Title: z.string().trim().min(1).max(ARTICLE_TITLE_MAX),
    Author: z.string().trim().max(AUTHOR_MAX),
    Image: image,
    Summary: z.string().trim().max(SUMMARY_MAX),
    Body: z.string().max(BODY_MAX),
    Hot: z.boolean(),
    Banner: z.boolean(),
    Sort: sortValue,
    Status: z.enum(['on', 'off']),
    PublishedAt: z.iso.datetime({ offset: true }),
  }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const setArticleStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetNewsStatus`,
  permission: NewsPermission.articles,
  input: z.strictObject({ Ids: ids, Status: z.enum(['on', 'off']) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Soft delete: links of decorated pages keep the id, and the publish check names it deleted. */
export const delArticles = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelNews`,
  permission: NewsPermission.articles,
  input: z.strictObject({ Ids: ids }),
  output: z.object({ Deleted: z.number().int() }),
});

// ---- comments -----------------------------------------------------------------------------------

export const COMMENT_TABS = ['all', ...newsCommentMachine.states] as const;
const commentState = z.enum(newsCommentMachine.states);

export const commentRowSchema = z.object({
  Id: z.number().int(),
  ArticleId: z.number().int(),
  ArticleTitle: z.string(),
  MemberName: z.string(),
  Content: z.string(),
  State: commentState,
  ReplyCount: z.number().int(),
  CreatedAt: timestamp,
});
export type CommentRow = z.infer<typeof commentRowSchema>;

export const commentListQuerySchema = listQuerySchema
  .extend({
    state: z.enum(COMMENT_TABS).default('all'),
    /** Member name or content contains it. */
    keyword: z.string().trim().max(64).optional(),
    ArticleId: queryId.optional(),
    createdFrom: queryDate.optional(),
    createdTo: queryDate.optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  })
  .superRefine((value, context) => {
    for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
      context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
    }
  });

export const getCommentList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNewsCommentList`,
  permission: NewsPermission.comments,
  input: commentListQuerySchema,
  output: pagedSchema(commentRowSchema).extend({
    Counts: z.object({
      all: z.number().int(),
      pending: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
      hidden: z.number().int(),
    }),
    /** The shop's flags, so the screen can say when comments are off or held for audit. */
    CommentsOn: z.boolean(),
    AuditOn: z.boolean(),
  }),
});

export const commentListResource: ListResource = {
  resource: 'newsComment',
  list: getCommentList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'article', kind: 'entity', params: ['ArticleId'] },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'state', values: COMMENT_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const replySchema = z.object({
  Id: z.number().int(),
  Author: z.enum(['shop', 'member']),
  AuthorName: z.string(),
  Content: z.string(),
  State: commentState,
  CreatedAt: timestamp,
});

export const getCommentInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNewsCommentInfo`,
  permission: NewsPermission.comments,
  input: z.strictObject({ id: queryId }),
  output: commentRowSchema.extend({ Replies: z.array(replySchema) }),
});

/** Approve, reject, hide or show several comments; rows already there are `Unchanged`. */
export const setCommentState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetNewsCommentState`,
  permission: NewsPermission.comments,
  input: z.strictObject({
    Ids: ids,
    Action: z.enum(newsCommentMachine.actions.map((action) => action.name) as [string, ...string[]]),
  }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});

/** The shop's reply under a comment, shown at once. */
export const replyToComment = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ReplyNewsComment`,
  permission: NewsPermission.comments,
  input: z.strictObject({ CommentId: id, Content: z.string().trim().min(1).max(COMMENT_MAX) }),
  output: z.object({ Id: z.number().int() }),
});

// ---- storefront ---------------------------------------------------------------------------------

const SHOP = '/storefront';

export const storefrontArticleSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Image: z.string(),
  ColumnId: z.number().int().nullable(),
  Summary: z.string(),
  Hot: z.boolean(),
  Banner: z.boolean(),
  Views: z.number().int(),
  PublishedAt: timestamp,
});

/** Published articles of visible columns (or of none), by sort then newest. */
export const getStorefrontNews = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetNewsList`,
  permission: 'public',
  input: listQuerySchema.extend({ ColumnId: queryId.optional() }),
  output: pagedSchema(storefrontArticleSchema),
});

/** One published article with its body; each read counts one view. */
export const readStorefrontNews = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetNewsInfo`,
  permission: 'public',
  input: z.strictObject({ Id: queryId }),
  output: storefrontArticleSchema.extend({ Body: z.string(), CommentsOn: z.boolean() }),
});

export const storefrontCommentSchema = z.object({
  Id: z.number().int(),
  MemberName: z.string(),
  Content: z.string(),
  CreatedAt: timestamp,
  Replies: z.array(
    z.object({
      Id: z.number().int(),
      Author: z.enum(['shop', 'member']),
      AuthorName: z.string(),
      Content: z.string(),
      CreatedAt: timestamp,
    }),
  ),
});

/** Approved comments of a published article with their approved replies, newest first. */
export const getStorefrontComments = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetNewsCommentList`,
  permission: 'public',
  input: listQuerySchema.extend({ ArticleId: queryId }),
  output: pagedSchema(storefrontCommentSchema),
});

/**
 * A buyer's comment, or reply under a comment (`ParentId`). Refused when the shop has comments
 * off; held as pending when the shop audits comments; limited per client address.
 */
export const postStorefrontComment = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/PostNewsComment`,
  permission: 'public',
  input: z.strictObject({
    ArticleId: id,
    ParentId: id.optional(),
    BuyerId: z.string().trim().min(1).max(64),
    MemberName: z.string().trim().min(1).max(AUTHOR_MAX),
    Content: z.string().trim().min(1).max(COMMENT_MAX),
  }),
  output: z.object({ Id: z.number().int(), State: commentState }),
});
