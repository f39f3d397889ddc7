import { type SQL, sql } from 'drizzle-orm';
import { type DealMember, dealSelect } from '../../db/member-deal-rows';

/**
 * The distribution area's part of a member's deals, read from the commission ledger of the member
 * as promoter: commission settled or reversed, and withdrawals taking commission out (or giving it
 * back when refused or failed). Moving frozen money to paid changes nothing the member holds, so
 * `withdrawPaid` rows are left out. The balance after is the withdrawable commission.
 */
export function memberCommissionDeals(member: DealMember): SQL[] {
  const from = (reasons: SQL) =>
    sql`from commission_ledger l join promoters p on p.id = l.promoter_id
        where l.site_id = ${member.siteId} and p.member_id = ${member.memberId} and l.reason in (${reasons})
          and l.withdrawable_delta <> 0`;
  const commissions = dealSelect(
    {
      kind: 'commission',
      id: sql`l.id`,
      amountFen: sql`l.withdrawable_delta`,
      balanceAfterFen: sql`l.withdrawable_after`,
      reference: sql`l.order_no`,
      sourceId: sql`(select c.order_id from commissions c where c.id = l.commission_id)`,
      detail: sql`l.reason`,
      at: sql`l.created_at`,
      storeId: sql`null`,
    },
    from(sql`'settle', 'reversal'`),
  );
  const withdrawals = dealSelect(
    {
      kind: 'withdrawal',
      id: sql`l.id`,
      amountFen: sql`l.withdrawable_delta`,
      balanceAfterFen: sql`l.withdrawable_after`,
      reference: sql`coalesce((select w.withdrawal_no from withdrawals w where w.id = l.withdrawal_id), '')`,
      sourceId: sql`l.withdrawal_id`,
      detail: sql`l.reason`,
      at: sql`l.created_at`,
      storeId: sql`null`,
    },
    from(sql`'withdraw', 'withdrawReturn'`),
  );
  return [commissions, withdrawals];
}
