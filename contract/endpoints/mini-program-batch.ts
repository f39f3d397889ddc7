import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { MINI_PROGRAM_COMMIT_PERMISSION } from '../machines/mini-program-version';
import { id, queryId } from '../scalars';
import { USER_DESC_MAX, USER_VERSION_PATTERN, WECHAT_PROVIDERS } from './mini-program';

/**
 * Batch commits (issue 20 §1): an account that manages several shops (the sites it may switch to)
 * commits one code template as a new version of each shop's mini-program in one go. The batch keeps
 * one item per shop; the outbox commits each with that shop's own authorisation and ext config, and
 * the screen reads the progress until no item is pending.
 */
const BASE = '/SmallRoutine';

/** Shops one batch may hold: each is one call to WeChat, sent by the outbox. */
export const BATCH_SITES_MAX = 50;

export const BATCH_ITEM_STATES = ['pending', 'committed', 'failed'] as const;
export type BatchItemState = (typeof BATCH_ITEM_STATES)[number];

export const batchSiteSchema = z.object({
  SiteId: z.number().int(),
  Name: z.string(),
  /** The authorised mini-program's app id; '' when the shop has not authorised the platform. */
  AppId: z.string(),
  Current: z.boolean(),
});
export type BatchSite = z.infer<typeof batchSiteSchema>;

/** The shops the caller may put in a batch: the sites it may switch to, with their authorisation. */
export const getBatchSites = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBatchSites`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: z.strictObject({}),
  output: z.object({ Provider: z.enum(WECHAT_PROVIDERS), Data: z.array(batchSiteSchema) }),
});

export const commitBatch = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CommitBatch`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: z.strictObject({
    SiteIds: z
      .array(id)
      .min(1)
      .max(BATCH_SITES_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'each shop once'),
    TemplateId: z.number().int().min(0),
    UserVersion: z.string().trim().regex(USER_VERSION_PATTERN),
    UserDesc: z.string().trim().min(1).max(USER_DESC_MAX),
  }),
  output: z.object({ Id: z.number().int() }),
});

export const batchRowSchema = z.object({
  Id: z.number().int(),
  TemplateId: z.number().int(),
  UserVersion: z.string(),
  UserDesc: z.string(),
  Total: z.number().int(),
  Pending: z.number().int(),
  Committed: z.number().int(),
  Failed: z.number().int(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

/** The batches started from this shop, newest first. */
export const getBatchList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBatchList`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: listQuerySchema,
  output: pagedSchema(batchRowSchema),
});

export const batchItemSchema = z.object({
  Id: z.number().int(),
  SiteId: z.number().int(),
  SiteName: z.string(),
  AppId: z.string(),
  Status: z.enum(BATCH_ITEM_STATES),
  /** Why the shop's commit failed, WeChat's errcode explained in the reader's language; '' otherwise. */
  Reason: z.string(),
  /** The code version the commit made in that shop, once made. */
  VersionId: z.number().int().nullable(),
  UpdatedAt: z.string(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const getBatchInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBatchInfo`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: batchRowSchema.extend({ Items: z.array(batchItemSchema) }),
});

/** Queues the failed shops of a batch again; the committed ones are left as they are. */
export const retryBatch = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RetryBatch`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});
