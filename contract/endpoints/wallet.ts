import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { OrderPermission } from '../machines/order';

/**
 * A buyer's wallet: stored value (fen, topped up by stored-value recharge orders, spent by orders
 * paid with PaymentMethod 'balance') and points (granted for paid orders, taken back on refunds).
 * Buyers are the storefront's buyer ids, per site. Every change is a ledger row; the wallet shows
 * the latest ones.
 */

export const WALLET_CURRENCIES = ['balance', 'points'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

export const WALLET_REASONS = [
  'recharge',
  'recharge_refund',
  'order_payment',
  'order_refund',
  'points_grant',
  'points_reversal',
  /** The extra a recharge rule gave (money or points), and its return when the recharge is refunded. */
  'recharge_bonus',
  'recharge_bonus_refund',
  /** An operator's adjustment; the ledger row carries their reason as its note. */
  'adjust',
  /** Points paid towards an order, and given back when it closes or is refunded. */
  'points_deduction',
  'points_deduction_return',
  /** Points spent in the points mall, and given back when the exchange is cancelled. */
  'points_exchange',
  'points_exchange_return',
  /** Points past the end of the year after the one they were earned in (points settings). */
  'points_expiry',
  /** The daily check-in's points. */
  'sign_in',
  /** A promoter's commission withdrawn to their stored value (distribution). */
  'commission_withdrawal',
] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

/**
 * Credits that give back points spent rather than earn new ones: expiry counts them as undoing the
 * spending (the same points come back), so they never restart an expiry year.
 */
export const POINTS_RETURN_REASONS = [
  'points_deduction_return',
  'points_exchange_return',
] as const satisfies readonly WalletReason[];

/** How many ledger rows a wallet read returns, newest first. */
export const WALLET_LEDGER_ROWS = 20;

export const walletLedgerRowSchema = z.object({
  Id: z.number().int(),
  Currency: z.enum(WALLET_CURRENCIES),
  /** Signed: fen for balance, points for points. */
  Delta: z.number().int(),
  After: z.number().int(),
  Reason: z.enum(WALLET_REASONS),
  OrderNo: z.string(),
  /** The operator's reason of an adjustment. */
  Note: z.string(),
  Actor: z.enum(['buyer', 'operator', 'system']),
  ActorName: z.string(),
  CreatedAt: z.string(),
});
export type WalletLedgerRow = z.infer<typeof walletLedgerRowSchema>;

export const walletSchema = z.object({
  BuyerId: z.string(),
  BalanceFen: z.number().int(),
  Points: z.number().int(),
  Ledger: z.array(walletLedgerRowSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletBuyerId = z.string().trim().min(1).max(64);

export const getBuyerWallet = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopOrder/GetBuyerWallet',
  permission: OrderPermission.details,
  input: z.strictObject({ buyerId: walletBuyerId }),
  output: z.object({ Data: walletSchema }),
});
