import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import { NOTICE_STATES } from '../notice-state';
import { id, queryId } from '../scalars';
import { EDIT_TEMPLATE_PERMISSION } from './module-library';

/**
 * Shop notices (SPEC §2 noticeSupervise, /DistributorsShopSet/ "notices"): a title and text shown
 * on the mini-program as a popup or a scrolling line between a start and an end. The state is
 * derived from time and the switch (contract/notice-state.ts); the studio's notice block reads the
 * running ones through GetRunningNotices.
 */

export const NOTICE_PERMISSION = '/shop/noticeSupervise';
const BASE = '/DistributorsShopSet';

export const NOTICE_MODES = ['popup', 'scroll'] as const;
export type NoticeMode = (typeof NOTICE_MODES)[number];
export const NOTICE_TABS = ['all', ...NOTICE_STATES] as const;
export const NOTICE_TITLE_MAX = 40;
export const NOTICE_CONTENT_MAX = 500;
export const NOTICE_SORT_MAX = 9999;
export const MAX_BULK_NOTICES = 100;

export const noticeRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Content: z.string(),
  Mode: z.enum(NOTICE_MODES),
  StartsAt: z.string(),
  EndsAt: z.string(),
  Sort: z.number().int(),
  Status: z.enum(['on', 'off']),
  State: z.enum(NOTICE_STATES),
  Version: z.number().int(),
  CreatedAt: z.string(),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;

export const getNoticeList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNoticeList`,
  permission: NOTICE_PERMISSION,
  input: listQuerySchema.extend({
    state: z.enum(NOTICE_TABS).default('all'),
    /** Title or content contains it. */
    keyword: z.string().trim().max(40).optional(),
    mode: z.enum(NOTICE_MODES).optional(),
    sort: sortParam(['sort', 'startsAt', 'createdAt']).default('sort'),
  }),
  output: pagedSchema(noticeRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(NOTICE_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof NOTICE_TABS)[number],
        z.ZodNumber
      >,
    ),
  }),
});

export const noticeListResource: ListResource = {
  resource: 'notices',
  list: getNoticeList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'mode', kind: 'select', params: ['mode'], options: NOTICE_MODES },
  ],
  tabs: { param: 'state', values: NOTICE_TABS, default: 'all' },
  sortFields: ['sort', 'startsAt', 'createdAt'],
  defaultSort: 'sort',
};

export const getNoticeInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetNoticeInfo`,
  permission: NOTICE_PERMISSION,
  input: z.strictObject({ Id: queryId }),
  output: noticeRowSchema,
});

const instant = z.iso.datetime({ offset: true });

/** The fields an operator edits. */
export const noticeFieldsSchema = z.strictObject({
  Title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
  Content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX),
  Mode: z.enum(NOTICE_MODES),
  StartsAt: instant,
  EndsAt: instant,
  Sort: z.number().int().min(0).max(NOTICE_SORT_MAX),
  Status: z.enum(['on', 'off']),
});

/** The end must come after the start. */
function endAfterStart(value: { StartsAt: string; EndsAt: string }, issues: z.RefinementCtx) {
  if (Date.parse(value.EndsAt) <= Date.parse(value.StartsAt)) {
    issues.addIssue({
      code: 'custom',
      path: ['EndsAt'],
      // No message: the browser and the server each say the key in the reader's language.
      params: { key: 'notices.rule.endAfterStart' },
    });
  }
}

/** Adds a notice without `Id`, saves one with `Id` and the `Version` it was read at. */
export const bindNoticeInfo = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindNoticeInfo`,
  permission: NOTICE_PERMISSION,
  input: noticeFieldsSchema
    .extend({ Id: id.optional(), Version: z.number().int().min(1).optional() })
    .superRefine(endAfterStart),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

const ids = z.array(id).min(1).max(MAX_BULK_NOTICES);

export const bindNoticeState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindNoticeState`,
  permission: NOTICE_PERMISSION,
  input: z.strictObject({ Ids: ids, Status: z.enum(['on', 'off']) }),
  output: z.object({ Changed: z.number().int() }),
});

export const delNotice = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelNotice`,
  permission: NOTICE_PERMISSION,
  input: z.strictObject({ Ids: ids }),
  output: z.object({ Deleted: z.number().int() }),
});

/** The shop's running notices (switched on, started, not ended), by sort: what the studio's notice block shows. */
export const getRunningNotices = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetRunningNoticeList',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ limit: z.coerce.number().int().min(1).max(20).default(5) }),
  output: z.object({
    Data: z.array(noticeRowSchema.pick({ Id: true, Title: true, Content: true, Mode: true, EndsAt: true })),
  }),
});
