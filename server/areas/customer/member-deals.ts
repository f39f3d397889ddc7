import { type SQL, sql } from 'drizzle-orm';
import type { WalletReason } from '../../../contract/endpoints/wallet';
import { type DealMember, dealSelect } from '../../db/member-deal-rows';

/**
 * The wallet's part of a member's deals. Stored-value rows written for an order, a recharge or
 * their refunds are shown on those rows (as the balance after them), so the balance kind keeps the
 * other stored-value changes only.
 */
const SHOWN_ON_OTHER_KINDS = [
  'recharge',
  'recharge_refund',
  'order_payment',
  'order_refund',
] as const satisfies readonly WalletReason[];

function reasonList(reasons: readonly WalletReason[]): SQL {
  return sql.join(
    reasons.map((reason) => sql`${reason}`),
    sql`, `,
  );
}

/**
 * The stored value after the member's wallet row for `orderNo` with one of `reasons`, the one
 * nearest to `at` when an order has several (partial refunds); null when the money did not move
 * stored value (paid by WeChat, cash…).
 */
export function balanceAfter(
  member: DealMember,
  orderNo: SQL,
  reasons: readonly WalletReason[],
  at: SQL,
): SQL {
  return sql`(select l.after from wallet_ledger l
               where l.site_id = ${member.siteId} and l.buyer_id = ${member.openId} and l.currency = 'balance'
                 and l.order_no = ${orderNo} and l.reason in (${reasonList(reasons)})
               order by abs(extract(epoch from l.created_at - ${at})), l.id limit 1)`;
}

/** The member's other stored-value changes: the shop's adjustments, recharge bonuses, prizes, commission withdrawn. */
export function memberBalanceDeals(member: DealMember): SQL {
  return dealSelect(
    {
      kind: 'balance',
      id: sql`l.id`,
      amountFen: sql`l.delta`,
      balanceAfterFen: sql`l.after`,
      reference: sql`l.order_no`,
      sourceId: sql`null`,
      detail: sql`l.reason`,
      at: sql`l.created_at`,
      storeId: sql`null`,
    },
    sql`from wallet_ledger l
        where l.site_id = ${member.siteId} and l.buyer_id = ${member.openId} and l.currency = 'balance'
          and l.reason not in (${reasonList(SHOWN_ON_OTHER_KINDS)})`,
  );
}
