import { sql } from 'drizzle-orm';
import type { PaymentEnvironment } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { TransferRequest, TransferResult } from './adapter';
import { TRANSFER_KIND } from './outbox-kinds';
import { queuedAdapter, readSettings, wechatReady } from './settings';
import { outbox } from './tables';

/**
 * Payouts to WeChat change, sent from the outbox (DESIGN §11): queued in the transaction that
 * decides to pay, sent by the sweep (or at once by the operator's request, after it commits), never
 * from inside a transaction. The outbox row keeps the provider's answer for the caller to read.
 */

export interface TransferPayout {
  siteId: number;
  /** Unique per attempt: the outbox sends each key once. */
  idempotencyKey: string;
  request: TransferRequest;
}

type TransferPayload = TransferRequest & { provider: string };

/** Queues a payout by the provider the site pays with now: WeChat Pay when configured, else the sandbox. */
export async function enqueueTransfer(tx: Executor, payout: TransferPayout, now: Date): Promise<void> {
  const provider = wechatReady(await readSettings(tx, payout.siteId)) ? 'wechat' : 'sandbox';
  await tx
    .insert(outbox)
    .values({
      siteId: payout.siteId,
      kind: TRANSFER_KIND,
      idempotencyKey: payout.idempotencyKey,
      payload: { ...payout.request, provider } satisfies TransferPayload,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing();
}

/** The outbox's sender of a transfer; its answer becomes the row's result. */
export async function sendTransfer(
  db: Database,
  siteId: number,
  payload: Record<string, unknown>,
  now: Date,
  environment: PaymentEnvironment,
): Promise<Record<string, unknown>> {
  const request = payload as unknown as TransferPayload;
  const adapter = queuedAdapter(await readSettings(db, siteId), request.provider, environment);
  const result = await adapter.transfer(request, now);
  return {
    BatchId: result.batchId,
    Status: result.status,
    Reason: result.reason,
    Provider: adapter.provider,
  };
}

/** Asks the provider how a sent transfer went; null when the key was never queued. */
export async function queryTransfer(
  db: Database,
  siteId: number,
  idempotencyKey: string,
  now: Date,
  environment: PaymentEnvironment,
): Promise<TransferResult | null> {
  const [row] = await queryRows<{ payload: TransferPayload }>(
    db,
    sql`select payload from outbox where site_id = ${siteId} and kind = ${TRANSFER_KIND}
         and idempotency_key = ${idempotencyKey}`,
  );
  if (!row) return null;
  const adapter = queuedAdapter(await readSettings(db, siteId), row.payload.provider, environment);
  return adapter.queryTransfer(row.payload, now);
}
