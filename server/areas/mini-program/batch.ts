import { sql } from 'drizzle-orm';
import type { WechatProvider } from '../../../contract/endpoints/mini-program';
import type { BatchItem, BatchItemState, BatchRow } from '../../../contract/endpoints/mini-program-batch';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { drainOutboxKinds, enqueueOutbox, type OutboxRow } from '../payment/service';
import { WechatError } from '../wechat-platform/service';
import type { MiniProgramAdapter } from './adapter';
import {
  codeExtJson,
  drainMiniProgramSteps,
  insertCommit,
  miniProgramAdapter,
  ownReason,
  reasonText,
  refusalReason,
  requireAuthorized,
} from './service';

/**
 * Batch commits (issue 20 §1). Each shop of a batch is one outbox row: its sender checks the shop's
 * authorisation and ext config, then makes the shop's version and queues its commit, which the
 * version's own step sends with the shop's authorizer token. The item settles when that commit does
 * (see settleBatchItem in service.ts), so a batch's progress is its versions' commits.
 */
export const BATCH_KIND = 'miniProgram.batchCommit';

export interface NewBatch {
  siteId: number;
  accountId: number;
  provider: WechatProvider;
  templateId: number;
  userVersion: string;
  userDesc: string;
  apiBase: string;
  siteIds: number[];
}

const itemKey = (itemId: number, attempt: number) => `${BATCH_KIND}:${itemId}:${attempt}`;

/** The batch and one pending item per shop, each queued, in the caller's transaction. */
export async function insertBatch(tx: Executor, batch: NewBatch): Promise<number> {
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into mini_program_batches (site_id, account_id, provider, template_id, user_version, user_desc, api_base)
        values (${batch.siteId}, ${batch.accountId}, ${batch.provider}, ${batch.templateId}, ${batch.userVersion},
                ${batch.userDesc}, ${batch.apiBase})
        returning id`,
  );
  const batchId = created!.id;
  for (const siteId of batch.siteIds) {
    const [item] = await queryRows<{ id: number }>(
      tx,
      sql`insert into mini_program_batch_items (batch_id, site_id) values (${batchId}, ${siteId}) returning id`,
    );
    await enqueueItem(tx, item!.id, siteId, 1);
  }
  return batchId;
}

function enqueueItem(tx: Executor, itemId: number, siteId: number, attempt: number) {
  return enqueueOutbox(tx, {
    siteId,
    kind: BATCH_KIND,
    idempotencyKey: itemKey(itemId, attempt),
    payload: { itemId, attempt },
  });
}

/** Queues the failed items of a batch again; how many were queued. */
export async function requeueFailed(tx: Executor, batchId: number): Promise<number> {
  const items = await queryRows<{ id: number; site_id: number; attempt: number }>(
    tx,
    sql`update mini_program_batch_items
           set status = 'pending', attempt = attempt + 1, version_id = null, reason = '', updated_at = now()
         where batch_id = ${batchId} and status = 'failed'
     returning id, site_id, attempt`,
  );
  for (const item of items) await enqueueItem(tx, item.id, item.site_id, item.attempt);
  return items.length;
}

interface QueuedItem extends Record<string, unknown> {
  id: number;
  site_id: number;
  status: BatchItemState;
  attempt: number;
  version_id: number | null;
  provider: WechatProvider;
  template_id: number;
  user_version: string;
  user_desc: string;
  api_base: string;
  account_id: number;
  user_name: string;
}

/** Another sender made this item's version first (a row sent again after a long pause). */
class AlreadyMade extends Error {}

function failItem(db: Executor, itemId: number, attempt: number, reason: string) {
  return db.execute(
    sql`update mini_program_batch_items set status = 'failed', reason = ${reason}, updated_at = now()
         where id = ${itemId} and attempt = ${attempt} and status = 'pending'`,
  );
}

async function sendItem(db: Database, adapter: MiniProgramAdapter, row: OutboxRow) {
  const payload = row.payload as { itemId: number; attempt: number };
  const [item] = await queryRows<QueuedItem>(
    db,
    sql`select i.id, i.site_id, i.status, i.attempt, i.version_id, b.provider, b.template_id, b.user_version,
               b.user_desc, b.api_base, b.account_id, a.user_name
          from mini_program_batch_items i
          join mini_program_batches b on b.id = i.batch_id
          join accounts a on a.id = b.account_id
         where i.id = ${payload.itemId} and i.site_id = ${row.site_id}`,
  );
  if (!item || item.attempt !== payload.attempt || item.status !== 'pending' || item.version_id !== null)
    return { skipped: true };
  const fail = async (reason: string) => {
    await failItem(db, item.id, item.attempt, reason);
    return { reason };
  };
  if (adapter.provider !== item.provider)
    return fail(
      refusalReason(new WechatError(61003, `the platform is now ${adapter.provider}, not ${item.provider}`)),
    );
  let appId: string;
  let extJson: string;
  try {
    appId = await requireAuthorized(db, item.site_id, item.provider);
    extJson = await codeExtJson(db, item.site_id, appId, item.api_base);
  } catch (error) {
    if (error instanceof AppError) return fail(ownReason(error));
    throw error;
  }
  try {
    const versionId = await db.transaction(async (tx) => {
      const made = await insertCommit(
        tx,
        {
          siteId: item.site_id,
          provider: item.provider,
          appId,
          templateId: item.template_id,
          userVersion: item.user_version,
          userDesc: item.user_desc,
          extJson,
        },
        { accountId: item.account_id, name: item.user_name },
      );
      const [claimed] = await queryRows<{ id: number }>(
        tx,
        sql`update mini_program_batch_items set version_id = ${made}, updated_at = now()
             where id = ${item.id} and attempt = ${item.attempt} and status = 'pending' and version_id is null
         returning id`,
      );
      if (!claimed) throw new AlreadyMade();
      return made;
    });
    return { versionId };
  } catch (error) {
    if (error instanceof AlreadyMade) return { skipped: true };
    throw error;
  }
}

/** The sweep's part: makes the versions of queued batch items (their commits are steps, sent after). */
export function drainBatchCommits(db: Database, now: Date, config: Config) {
  const adapter = miniProgramAdapter(db, config);
  return drainOutboxKinds(db, now, {
    [BATCH_KIND]: {
      send: (row) => sendItem(db, adapter, row),
      failed: async (tx, row, error) => {
        const payload = row.payload as { itemId: number; attempt: number };
        await failItem(tx, payload.itemId, payload.attempt, error);
      },
    },
  });
}

/** Rounds of sending after a batch is queued; what is left after them waits for the sweep. */
const SEND_ROUNDS = 10;

/**
 * Sends a batch just queued, after the answer went back: the screen reads the progress meanwhile.
 * Each round makes the due items' versions, then sends their commits.
 */
export async function sendBatches(db: Database, config: Config): Promise<void> {
  for (let round = 0; round < SEND_ROUNDS; round += 1) {
    const made = await drainBatchCommits(db, new Date(), config);
    const sent = await drainMiniProgramSteps(db, new Date(), config);
    if (made.sent + made.failed + sent.sent + sent.failed === 0) return;
  }
}

interface BatchRecord extends Record<string, unknown> {
  id: number;
  template_id: number;
  user_version: string;
  user_desc: string;
  total: number;
  pending: number;
  committed: number;
  failed: number;
  created_by: string;
  created_at: string | Date;
}

const BATCH_COLUMNS = sql`b.id, b.template_id, b.user_version, b.user_desc, a.user_name as created_by, b.created_at,
  (select count(*)::int from mini_program_batch_items i where i.batch_id = b.id) as total,
  (select count(*)::int from mini_program_batch_items i where i.batch_id = b.id and i.status = 'pending') as pending,
  (select count(*)::int from mini_program_batch_items i where i.batch_id = b.id and i.status = 'committed') as committed,
  (select count(*)::int from mini_program_batch_items i where i.batch_id = b.id and i.status = 'failed') as failed`;

function batchRow(row: BatchRecord): BatchRow {
  return {
    Id: row.id,
    TemplateId: row.template_id,
    UserVersion: row.user_version,
    UserDesc: row.user_desc,
    Total: row.total,
    Pending: row.pending,
    Committed: row.committed,
    Failed: row.failed,
    CreatedBy: row.created_by,
    CreatedAt: new Date(row.created_at).toISOString(),
  };
}

export async function batchPage(db: Executor, siteId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    queryRows<BatchRecord>(
      db,
      sql`select ${BATCH_COLUMNS} from mini_program_batches b join accounts a on a.id = b.account_id
           where b.site_id = ${siteId} order by b.created_at desc, b.id desc
           limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from mini_program_batches where site_id = ${siteId}`,
    ),
  ]);
  return { Data: rows.map(batchRow), Total: total?.count ?? 0 };
}

/** A batch of the shop with its items, or null when the shop has no such batch. */
export async function batchDetail(db: Executor, siteId: number, batchId: number, locale: Locale) {
  const [batch] = await queryRows<BatchRecord & { provider: WechatProvider }>(
    db,
    sql`select ${BATCH_COLUMNS}, b.provider from mini_program_batches b join accounts a on a.id = b.account_id
         where b.site_id = ${siteId} and b.id = ${batchId}`,
  );
  if (!batch) return null;
  const items = await queryRows<{
    id: number;
    site_id: number;
    site_name: string;
    app_id: string | null;
    status: BatchItemState;
    reason: string;
    version_id: number | null;
    updated_at: string | Date;
  }>(
    db,
    sql`select i.id, i.site_id, s.name as site_name, coalesce(v.app_id, w.app_id) as app_id, i.status, i.reason,
               i.version_id, i.updated_at
          from mini_program_batch_items i
          join sites s on s.id = i.site_id
          left join mini_program_versions v on v.id = i.version_id
          left join wechat_authorizers w on w.site_id = i.site_id and w.provider = ${batch.provider}
         where i.batch_id = ${batch.id} order by i.id`,
  );
  return {
    ...batchRow(batch),
    Items: items.map(
      (item): BatchItem => ({
        Id: item.id,
        SiteId: item.site_id,
        SiteName: item.site_name,
        AppId: item.app_id ?? '',
        Status: item.status,
        Reason: reasonText(locale, item.reason),
        VersionId: item.version_id,
        UpdatedAt: new Date(item.updated_at).toISOString(),
      }),
    ),
  };
}
