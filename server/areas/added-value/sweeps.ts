import {
  type PaymentEnvironment,
  paymentEnvironment,
  type SmsProviderConfig,
  smsEnvironment,
} from '../../config';
import type { Database } from '../../db/client';
import { expirePurchases, issueSandboxInvoices } from './purchases';
import { drainSms, pollReviews, smsProviderOf } from './sms-outbox';
import { SmsProviderError } from './sms-provider';

export interface AddedValueEnvironment {
  sms: SmsProviderConfig | undefined;
  payment: PaymentEnvironment;
}

/**
 * The added-value area's sweep: messages and applications go to the provider from the outbox, the
 * provider's review verdicts are read, unpaid purchases whose code lapsed close, and in the sandbox
 * the platform's invoicing issues what was asked. Each step is guarded and safe from several instances.
 */
export async function runAddedValueSweeps(
  db: Database,
  now: Date,
  environment: AddedValueEnvironment = { sms: smsEnvironment(), payment: paymentEnvironment() },
): Promise<Record<string, number>> {
  const provider = smsProviderOf(environment.sms);
  const drained = await drainSms(db, now, provider);
  let reviewed = 0;
  try {
    reviewed = await pollReviews(db, now, provider);
  } catch (error) {
    // The provider did not answer: the verdicts are read at the next sweep.
    if (!(error instanceof SmsProviderError)) throw error;
  }
  return {
    sent: drained.sent,
    failed: drained.failed,
    retried: drained.retried,
    reviewed,
    expiredPurchases: await expirePurchases(db, now),
    issuedInvoices: environment.payment.platformMerchant ? 0 : await issueSandboxInvoices(db, now),
  };
}
