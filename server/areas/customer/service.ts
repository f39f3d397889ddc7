import { sql } from 'drizzle-orm';
import {
  WALLET_LEDGER_ROWS,
  type Wallet,
  type WalletCurrency,
  type WalletReason,
} from '../../../contract/endpoints/wallet';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AppError } from '../../http/errors';

/**
 * The customer area's public service, and the only code that changes buyer_wallets. Each operation runs in the caller's transaction: an
 * increase is an upsert, a decrease an UPDATE guarded by `amount >= n`, and each writes the
 * wallet_ledger row of the change with the amount after it. Callers take a wallet's row lock after
 * their order's and before the sales summary's (the last lock of any transaction).
 */

export interface WalletActor {
  kind: 'buyer' | 'operator' | 'system';
  accountId: number | null;
  name: string;
}

export interface WalletChange {
  siteId: number;
  buyerId: string;
  currency: WalletCurrency;
  /** Positive; the operation decides the sign. */
  amount: number;
  reason: WalletReason;
  orderNo: string;
  /** The operator's reason of an adjustment. */
  note?: string;
  actor: WalletActor;
  now: Date;
}

const COLUMN: Record<WalletCurrency, ReturnType<typeof sql.raw>> = {
  balance: sql.raw('balance_fen'),
  points: sql.raw('points'),
};

async function writeLedger(tx: Executor, change: WalletChange, delta: number, after: number) {
  await tx.execute(
    sql`insert into wallet_ledger (site_id, buyer_id, currency, delta, after, reason, order_no, note, actor,
                                   account_id, actor_name, created_at)
        values (${change.siteId}, ${change.buyerId}, ${change.currency}, ${delta}, ${after}, ${change.reason},
                ${change.orderNo}, ${change.note ?? ''}, ${change.actor.kind}, ${change.actor.accountId}, ${change.actor.name},
                ${change.now.toISOString()}::timestamptz)`,
  );
}

/** Adds to a wallet, creating it on the buyer's first credit; returns the amount after. */
export async function credit(tx: Executor, change: WalletChange): Promise<number> {
  const column = COLUMN[change.currency];
  const [row] = await queryRows<{ after: number }>(
    tx,
    sql`insert into buyer_wallets (site_id, buyer_id, ${column}, created_at, updated_at)
        values (${change.siteId}, ${change.buyerId}, ${change.amount}, ${change.now.toISOString()}::timestamptz, now())
        on conflict (site_id, buyer_id) do update
          set ${column} = buyer_wallets.${column} + excluded.${column},
              version = buyer_wallets.version + 1, updated_at = now()
        returning ${column} as after`,
  );
  await writeLedger(tx, change, change.amount, row!.after);
  return row!.after;
}

/** What a wallet holds of `currency` (0 without a wallet). */
export async function holding(
  tx: Executor,
  key: Pick<WalletChange, 'siteId' | 'buyerId' | 'currency'>,
  lock = false,
): Promise<number> {
  const [row] = await queryRows<{ amount: number }>(
    tx,
    sql`select ${COLUMN[key.currency]} as amount from buyer_wallets
         where site_id = ${key.siteId} and buyer_id = ${key.buyerId} ${lock ? sql`for update` : sql``}`,
  );
  return row?.amount ?? 0;
}

/**
 * Takes `amount` from a wallet, or throws `short(available)` when it holds less; returns the
 * amount after.
 */
export async function debit(
  tx: Executor,
  change: WalletChange,
  short: (available: number) => AppError,
): Promise<number> {
  const column = COLUMN[change.currency];
  const [row] = await queryRows<{ after: number }>(
    tx,
    sql`update buyer_wallets set ${column} = ${column} - ${change.amount}, version = version + 1, updated_at = now()
         where site_id = ${change.siteId} and buyer_id = ${change.buyerId} and ${column} >= ${change.amount}
         returning ${column} as after`,
  );
  if (!row) throw short(await holding(tx, change));
  await writeLedger(tx, change, -change.amount, row.after);
  return row.after;
}

/** Takes what the wallet holds up to `amount` (points already spent stay spent); returns what was taken. */
export async function takeUpTo(tx: Executor, change: WalletChange): Promise<number> {
  const taken = Math.min(change.amount, await holding(tx, change, true));
  if (taken <= 0) return 0;
  const column = COLUMN[change.currency];
  const [row] = await queryRows<{ after: number }>(
    tx,
    sql`update buyer_wallets set ${column} = ${column} - ${taken}, version = version + 1, updated_at = now()
         where site_id = ${change.siteId} and buyer_id = ${change.buyerId} and ${column} >= ${taken}
         returning ${column} as after`,
  );
  await writeLedger(tx, change, -taken, row!.after);
  return taken;
}

interface LedgerRecord extends Record<string, unknown> {
  id: number;
  currency: WalletCurrency;
  delta: number;
  after: number;
  reason: WalletReason;
  order_no: string;
  note: string;
  actor: WalletActor['kind'];
  actor_name: string;
  created_at: Date | string;
}

/** A buyer's wallet of one site and its latest ledger rows; a buyer without one holds nothing. */
export async function readWallet(db: Executor, siteId: number, buyerId: string): Promise<Wallet> {
  const [[wallet], ledger] = await Promise.all([
    queryRows<{ balance_fen: number; points: number }>(
      db,
      sql`select balance_fen, points from buyer_wallets where site_id = ${siteId} and buyer_id = ${buyerId}`,
    ),
    queryRows<LedgerRecord>(
      db,
      sql`select id, currency, delta, after, reason, order_no, note, actor, actor_name, created_at from wallet_ledger
           where site_id = ${siteId} and buyer_id = ${buyerId} order by id desc limit ${WALLET_LEDGER_ROWS}`,
    ),
  ]);
  return {
    BuyerId: buyerId,
    BalanceFen: wallet?.balance_fen ?? 0,
    Points: wallet?.points ?? 0,
    Ledger: ledger.map((row) => ({
      Id: Number(row.id),
      Currency: row.currency,
      Delta: row.delta,
      After: row.after,
      Reason: row.reason,
      OrderNo: row.order_no,
      Note: row.note,
      Actor: row.actor,
      ActorName: row.actor_name,
      CreatedAt: new Date(row.created_at).toISOString(),
    })),
  };
}

export {
  ensureMemberWithGrade,
  type GradeTerms,
  gradeStageFor,
  gradeStageOf,
  grantOrderGrowth,
  grantReviewGrowth,
  memberWithGradeUpsert,
  type OrderGrowthFacts,
  type ReviewGrowthFacts,
  takeBackOrderGrowth,
} from './grade-pricing';
export { balanceAfter, memberBalanceDeals } from './member-deals';
export { type BuyerTrace, changeGrowth, ensureMember, type GrowthChange, signInMember } from './members';
export { applyRechargeBonus, takeBackRechargeBonus } from './stored-value';
