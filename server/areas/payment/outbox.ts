import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { PaymentProviderError } from './adapter';
import { type DrainCounts, drainOutboxKinds, type OutboxRow } from './outbox-drain';
import { REFUND_KIND, TRANSFER_KIND } from './outbox-kinds';
import { sandboxProvider } from './sandbox-provider';
import { adapterOf, readSettings } from './settings';
import { sendTransfer } from './transfers';

export { MAX_ATTEMPTS, retryDelaySeconds } from './outbox-drain';

/** What the payment area sends: refunds to the provider that took the money, payouts to WeChat change. */
function handlers(db: Database, now: Date, environment: PaymentEnvironment) {
  return {
    [REFUND_KIND]: { send: (row: OutboxRow) => sendRefund(db, row, now, environment) },
    [TRANSFER_KIND]: {
      send: (row: OutboxRow) => sendTransfer(db, row.site_id, row.payload, now, environment),
    },
  };
}

/** The payment area's sweep. */
export function drainOutbox(db: Database, now: Date, environment: PaymentEnvironment): Promise<DrainCounts> {
  return drainOutboxKinds(db, now, handlers(db, now, environment));
}

/**
 * Sends one row now, when it is due and no one else holds it (an operator waiting on its answer);
 * otherwise the sweep sends it. False when nothing was sent.
 */
export async function sendOutboxRow(
  db: Database,
  idempotencyKey: string,
  now: Date,
  environment: PaymentEnvironment,
): Promise<boolean> {
  const counts = await drainOutboxKinds(db, now, handlers(db, now, environment), 1, idempotencyKey);
  return counts.sent === 1;
}

async function sendRefund(
  db: Database,
  row: OutboxRow,
  now: Date,
  environment: PaymentEnvironment,
): Promise<Record<string, unknown>> {
  const payload = row.payload as {
    orderNo: string;
    outRefundNo: string;
    refundFen: number;
    totalFen: number;
    reason: string;
    provider: string;
  };
  const settings = await readSettings(db, row.site_id);
  const adapter =
    payload.provider === 'wechat'
      ? adapterOf(settings, environment)
      : sandboxProvider({ refuses: settings?.sandboxRefuses ?? false });
  if (adapter.provider !== payload.provider) {
    throw new PaymentProviderError('NOT_CONFIGURED', 'WeChat Pay is no longer configured for this shop');
  }
  const refund = await adapter.refund(payload, now);
  return { RefundId: refund.refundId, Status: refund.status, Provider: adapter.provider };
}
