import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { PaymentProviderError } from './adapter';
import { type DrainCounts, drainOutboxKinds, type OutboxRow } from './outbox-drain';
import { sandboxProvider } from './sandbox-provider';
import { REFUND_KIND } from './service';
import { adapterOf, readSettings } from './settings';

export { MAX_ATTEMPTS, retryDelaySeconds } from './outbox-drain';

/** The payment area's sweep: refunds waiting in the outbox go to the provider that took the money. */
export function drainOutbox(db: Database, now: Date, environment: PaymentEnvironment): Promise<DrainCounts> {
  return drainOutboxKinds(db, now, {
    [REFUND_KIND]: { send: (row) => sendRefund(db, row, now, environment) },
  });
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
