import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { COMPLAINT_PERMISSION, COMPLAINT_STATES } from '../machines/complaint';
import { id, queryId } from '../scalars';
import { mediaUrlSchema } from './goods';

/**
 * Complaints and suggestions (SPEC §2 /customer/complainAdvise): buyers file them from the
 * storefront about an order, a store or the shop; operators assign, reply and close them under
 * /DistributorsShopAccount/. Every change is a timeline row.
 */
const BASE = '/DistributorsShopAccount';
const STOREFRONT = '/storefront';

export const COMPLAINT_KINDS = ['complaint', 'suggestion'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
/** What a complaint is about: an order (by number), a store (by id) or the shop at large. */
export const COMPLAINT_SUBJECTS = ['order', 'store', 'shop'] as const;
export type ComplaintSubject = (typeof COMPLAINT_SUBJECTS)[number];
export const COMPLAINT_TABS = ['all', ...COMPLAINT_STATES] as const;
export const COMPLAINT_TEXT_MAX = 500;
export const COMPLAINT_REPLY_MAX = 500;
export const MAX_COMPLAINT_IMAGES = 6;
export const COMPLAINT_TIMELINE_EVENTS = ['filed', 'assign', 'reply', 'close'] as const;

const timelineRowSchema = z.object({
  Event: z.enum(COMPLAINT_TIMELINE_EVENTS),
  ActorName: z.string(),
  Note: z.string(),
  CreatedAt: z.string(),
});

export const complaintRowSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(COMPLAINT_KINDS),
  Subject: z.enum(COMPLAINT_SUBJECTS),
  OrderNo: z.string(),
  StoreId: z.number().int().nullable(),
  StoreName: z.string(),
  MemberNo: z.string(),
  MemberName: z.string(),
  Contact: z.string(),
  Content: z.string(),
  Images: z.array(z.string()),
  Status: z.enum(COMPLAINT_STATES),
  AssigneeId: z.number().int().nullable(),
  AssigneeName: z.string(),
  Reply: z.string(),
  RepliedAt: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ComplaintRow = z.infer<typeof complaintRowSchema>;

export const complaintListQuerySchema = listQuerySchema
  .extend({
    status: z.enum(COMPLAINT_TABS).default('all'),
    kind: z.enum(COMPLAINT_KINDS).optional(),
    /** Member, contact, order number or content contains it. */
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

export const getComplaintList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetComplaintList`,
  permission: COMPLAINT_PERMISSION,
  input: complaintListQuerySchema,
  output: pagedSchema(complaintRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(COMPLAINT_TABS.map((tab) => [tab, z.number().int()])) as {
        [Tab in (typeof COMPLAINT_TABS)[number]]: z.ZodNumber;
      },
    ),
  }),
});

export const complaintListResource: ListResource = {
  resource: 'complaints',
  list: getComplaintList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: COMPLAINT_KINDS },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'status', values: COMPLAINT_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const complaintDetailSchema = complaintRowSchema.extend({ Timeline: z.array(timelineRowSchema) });
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const getComplaintInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetComplaintInfo`,
  permission: COMPLAINT_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: complaintDetailSchema,
});

/** The accounts of the shop a complaint may be assigned to. */
export const getComplaintAssignees = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetComplaintAssignees`,
  permission: COMPLAINT_PERMISSION,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(z.object({ Id: z.number().int(), Name: z.string() })) }),
});

export const assignComplaint = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AssignComplaint`,
  permission: COMPLAINT_PERMISSION,
  input: z.strictObject({ Id: id, AssigneeId: id }),
  output: complaintDetailSchema,
});

export const replyComplaintSchema = z.strictObject({
  Id: id,
  Reply: z.string().trim().min(1).max(COMPLAINT_REPLY_MAX),
});

/** Saves the reply the buyer reads; the complaint becomes resolved. */
export const replyComplaint = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ReplyComplaint`,
  permission: COMPLAINT_PERMISSION,
  input: replyComplaintSchema,
  output: complaintDetailSchema,
});

/** Closes several complaints; `Unchanged` are those already closed. */
export const closeComplaints = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CloseComplaints`,
  permission: COMPLAINT_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});

const buyerId = z.string().trim().min(1).max(64);

export const fileComplaintSchema = z
  .strictObject({
    BuyerId: buyerId,
    Kind: z.enum(COMPLAINT_KINDS),
    Subject: z.enum(COMPLAINT_SUBJECTS).default('shop'),
    OrderNo: z.string().trim().max(32).default(''),
    StoreId: id.optional(),
    Content: z.string().trim().min(1).max(COMPLAINT_TEXT_MAX),
    /** URLs the upload call returned. */
    Images: z.array(mediaUrlSchema).max(MAX_COMPLAINT_IMAGES).default([]),
    Contact: z.string().trim().max(64).default(''),
  })
  .superRefine((value, context) => {
    if (value.Subject === 'order' && value.OrderNo === '') {
      context.addIssue({ code: 'custom', path: ['OrderNo'], message: 'the order complained about' });
    }
    if (value.Subject === 'store' && value.StoreId === undefined) {
      context.addIssue({ code: 'custom', path: ['StoreId'], message: 'the store complained about' });
    }
  });
export type FileComplaintInput = z.infer<typeof fileComplaintSchema>;

const buyerComplaintSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(COMPLAINT_KINDS),
  Subject: z.enum(COMPLAINT_SUBJECTS),
  OrderNo: z.string(),
  StoreName: z.string(),
  Content: z.string(),
  Images: z.array(z.string()),
  Status: z.enum(COMPLAINT_STATES),
  Reply: z.string(),
  RepliedAt: z.string().nullable(),
  CreatedAt: z.string(),
});

/** The buyer files a complaint or suggestion about one of their orders, a store or the shop. */
export const fileComplaint = defineEndpoint({
  method: 'POST',
  path: `${STOREFRONT}/FileComplaint`,
  permission: 'public',
  input: fileComplaintSchema,
  output: buyerComplaintSchema,
});

/** The buyer's own complaints, newest first, with the shop's replies. */
export const getMyComplaints = defineEndpoint({
  method: 'POST',
  path: `${STOREFRONT}/GetMyComplaints`,
  permission: 'public',
  input: z.strictObject({ BuyerId: buyerId }),
  output: z.object({ Data: z.array(buyerComplaintSchema) }),
});
