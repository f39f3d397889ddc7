/** The kinds of outbox rows the payment area sends, each with its payload's sender. */
export const REFUND_KIND = 'payment.refund';
/** A payout to WeChat change (distribution's withdrawals). */
export const TRANSFER_KIND = 'payment.transfer';
