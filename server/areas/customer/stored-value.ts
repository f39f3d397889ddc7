import { sql } from 'drizzle-orm';
import { matchRechargeRule } from '../../../contract/member-rules';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { credit, debit, holding, takeUpTo, type WalletActor } from './service';

/**
 * Recharge rules applied to stored-value recharges: the bonus joins the paid amount in the same
 * transaction, each with its own ledger reason, and a refund takes the bonus back first.
 */

interface Moment {
  tx: Executor;
  actor: WalletActor;
  now: Date;
}

interface RechargeFacts {
  siteId: number;
  orderNo: string;
  buyerId: string;
  amountFen: number;
}

interface RuleRecord extends Record<string, unknown> {
  id: number;
  pay_fen: number;
  bonus_fen: number;
  bonus_points: number;
}

/** The enabled rules of a site in their window at `now`. */
export async function activeRechargeRules(db: Executor, siteId: number, now: Date): Promise<RuleRecord[]> {
  return queryRows<RuleRecord>(
    db,
    sql`select id, pay_fen, bonus_fen, bonus_points from recharge_rules
         where site_id = ${siteId} and enabled
           and (starts_at is null or starts_at <= ${now.toISOString()}::timestamptz)
           and (ends_at is null or ends_at > ${now.toISOString()}::timestamptz)
         order by pay_fen, id`,
  );
}

/** Credits the bonus of the rule matching a paid recharge; returns what was given. */
export async function applyRechargeBonus(
  moment: Moment,
  recharge: RechargeFacts,
): Promise<{ bonusFen: number; bonusPoints: number }> {
  const rules = await activeRechargeRules(moment.tx, recharge.siteId, moment.now);
  const rule = matchRechargeRule(
    rules.map((row) => ({ PayFen: row.pay_fen, bonusFen: row.bonus_fen, bonusPoints: row.bonus_points })),
    recharge.amountFen,
  );
  if (!rule) return { bonusFen: 0, bonusPoints: 0 };
  const change = { ...recharge, reason: 'recharge_bonus' as const, ...moment };
  if (rule.bonusFen > 0) await credit(moment.tx, { ...change, currency: 'balance', amount: rule.bonusFen });
  if (rule.bonusPoints > 0)
    await credit(moment.tx, { ...change, currency: 'points', amount: rule.bonusPoints });
  return { bonusFen: rule.bonusFen, bonusPoints: rule.bonusPoints };
}

/** What a recharge's bonus rows credited, by currency. */
async function bonusOf(tx: Executor, recharge: RechargeFacts): Promise<{ balance: number; points: number }> {
  const rows = await queryRows<{ currency: 'balance' | 'points'; total: number }>(
    tx,
    sql`select currency, sum(delta)::int as total from wallet_ledger
         where site_id = ${recharge.siteId} and order_no = ${recharge.orderNo} and buyer_id = ${recharge.buyerId}
           and reason in ('recharge_bonus', 'recharge_bonus_refund')
         group by currency`,
  );
  const total = (currency: string) => rows.find((row) => row.currency === currency)?.total ?? 0;
  return { balance: total('balance'), points: total('points') };
}

/**
 * Before a recharge's paid amount goes back, its bonus does: refused, changing nothing, when the
 * balance no longer holds the amount and the bonus together. Bonus points already spent stay spent,
 * as points of refunded orders do.
 */
export async function takeBackRechargeBonus(moment: Moment, recharge: RechargeFacts): Promise<void> {
  const bonus = await bonusOf(moment.tx, recharge);
  // Without a bonus the paid amount's own guarded debit decides, with its own message.
  if (bonus.balance === 0 && bonus.points === 0) return;
  const needed = recharge.amountFen + bonus.balance;
  const available = await holding(moment.tx, { ...recharge, currency: 'balance' }, true);
  const spent = () =>
    new AppError(
      'storedValue.bonusSpent',
      { subject: recharge.orderNo, available, needed, bonus: bonus.balance },
      { field: 'Action' },
    );
  if (available < needed) throw spent();
  const change = { ...recharge, reason: 'recharge_bonus_refund' as const, ...moment };
  if (bonus.balance > 0)
    await debit(moment.tx, { ...change, currency: 'balance', amount: bonus.balance }, spent);
  if (bonus.points > 0) await takeUpTo(moment.tx, { ...change, currency: 'points', amount: bonus.points });
}
