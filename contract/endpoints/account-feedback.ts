import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { queryId } from '../scalars';

/**
 * Members' feedback (SPEC §2 feedbackList / feedbackDetails, calls under /DistributorsShopAccount/):
 * what a member sent from the mini-program and the shop's reply. A row is new until handled.
 */
const BASE = '/DistributorsShopAccount';

export const FEEDBACK_LIST_PERMISSION = '/shop/decorateShop/feedbackList';
export const FEEDBACK_DETAILS_PERMISSION = '/shop/decorateShop/feedbackDetails';

export const FEEDBACK_STATUSES = ['new', 'handled'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_TABS = ['all', ...FEEDBACK_STATUSES] as const;
export const FEEDBACK_REPLY_MAX = 500;
export const MAX_BULK_FEEDBACK = 100;

const timestamp = z.string();

export const feedbackRowSchema = z.object({
  Id: z.number().int(),
  MemberName: z.string(),
  Phone: z.string(),
  Content: z.string(),
  Images: z.array(z.string()),
  Status: z.enum(FEEDBACK_STATUSES),
  Reply: z.string(),
  HandledByName: z.string(),
  HandledAt: timestamp.nullable(),
  CreatedAt: timestamp,
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

export const feedbackListQuerySchema = listQuerySchema
  .extend({
    status: z.enum(FEEDBACK_TABS).default('all'),
    /** Member name, phone or content contains it. */
    keyword: z.string().trim().max(64).optional(),
    createdFrom: queryDate.optional(),
    createdTo: queryDate.optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  })
  .superRefine((value, context) => {
    for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
      context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
    }
  });

export const getFeedbackList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFeedbackList`,
  permission: FEEDBACK_LIST_PERMISSION,
  input: feedbackListQuerySchema,
  output: pagedSchema(feedbackRowSchema).extend({
    /** Rows per status tab for the same filters. */
    Counts: z.object({ all: z.number().int(), new: z.number().int(), handled: z.number().int() }),
  }),
});

export const feedbackListResource: ListResource = {
  resource: 'feedback',
  list: getFeedbackList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'status', values: FEEDBACK_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const getFeedbackInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFeedbackInfo`,
  permission: FEEDBACK_DETAILS_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: feedbackRowSchema,
});

/** Saves the shop's reply; with MarkHandled the feedback becomes handled by the caller. */
export const setFeedbackReply = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFeedbackReply`,
  permission: FEEDBACK_DETAILS_PERMISSION,
  input: z.strictObject({
    Id: queryId,
    Reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX),
    MarkHandled: z.boolean().default(true),
  }),
  output: feedbackRowSchema,
});

/** Marks several feedback rows handled or back to new; `Changed` are those whose status moved. */
export const setFeedbackState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFeedbackState`,
  permission: FEEDBACK_LIST_PERMISSION,
  input: z.strictObject({
    Ids: z.array(queryId).min(1).max(MAX_BULK_FEEDBACK),
    Status: z.enum(FEEDBACK_STATUSES),
  }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});
