import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { PaymentProviderError } from './adapter';
import { drainOutboxKinds, type OutboxRow } from './outbox-drain';
import { sandboxProvider } from './sandbox-provider';
import { REFUND_KIND } from './service';
import { adapterOf, readSettings } from './settings';

export { MAX_ATTEMPTS, retryDelaySeconds } from './outbox-drain';

/** Sends the refunds that are due (the payment area's rows of the outbox). */
export function drainOutbox(
  db: Database,
  now: Date,
  environment: PaymentEnvironment,
): Promise<{ sent: number; failed: number; retried: number }> {
  return drainOutboxKinds(db, now, { [REFUND_KIND]: (row) => send(db, row, now, environment) });
}

async function send(
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
