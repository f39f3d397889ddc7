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
] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

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
