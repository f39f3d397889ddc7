import { randomBytes } from 'node:crypto';
import type {
  CheckResult,
  NativePrepayResult,
  PaymentAdapter,
  PrepayResult,
  RefundResult,
  TransferResult,
} from './adapter';
import { PaymentProviderError } from './adapter';

/**
 * The provider of a site without WeChat Pay (DESIGN §11): it accepts at once and "calls back" by
 * answering paid (a transfer: paid at once), so the demo and the shop's own tests work with no
 * merchant account; the operator can tell it to refuse, to try the failure path (a transfer then
 * fails). It has no notifications of its own.
 */
export function sandboxProvider(options: { refuses: boolean }): PaymentAdapter {
  const refuse = () => {
    throw new PaymentProviderError('SANDBOX_REFUSED', 'the sandbox was told to refuse payments');
  };
  const transactionNo = () => `SANDBOX${randomBytes(8).toString('hex').toUpperCase()}`;
  return {
    provider: 'sandbox',
    async prepay(): Promise<PrepayResult> {
      if (options.refuses) refuse();
      return { kind: 'paid', transactionNo: transactionNo() };
    },
    async prepayNative(): Promise<NativePrepayResult> {
      if (options.refuses) refuse();
      return { kind: 'paid', transactionNo: transactionNo() };
    },
    async refund(request): Promise<RefundResult> {
      if (options.refuses) refuse();
      return { refundId: `SANDBOX-${request.outRefundNo}`, status: 'SUCCESS' };
    },
    async check(): Promise<CheckResult> {
      return options.refuses
        ? { ok: false, code: 'SANDBOX_REFUSED', message: 'the sandbox was told to refuse payments' }
        : { ok: true, code: '', message: 'sandbox' };
    },
    readPaidNotification() {
      throw new PaymentProviderError('BAD_NOTIFICATION', 'the sandbox sends no notifications');
    },
    async transfer(request): Promise<TransferResult> {
      return options.refuses
        ? { batchId: '', status: 'FAIL', reason: 'SANDBOX_REFUSED' }
        : { batchId: `SANDBOX-${request.outBatchNo}`, status: 'SUCCESS', reason: '' };
    },
    async queryTransfer(request): Promise<TransferResult> {
      return options.refuses
        ? { batchId: '', status: 'FAIL', reason: 'SANDBOX_REFUSED' }
        : { batchId: `SANDBOX-${request.outBatchNo}`, status: 'SUCCESS', reason: '' };
    },
    readTransferNotification() {
      throw new PaymentProviderError('BAD_NOTIFICATION', 'the sandbox sends no notifications');
    },
  };
}
