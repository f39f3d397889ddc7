import type { MemberDeal } from '../../../contract/endpoints/member-deals';
import { DistributionPermission } from '../../../contract/machines/distribution';
import { OrderPermission } from '../../../contract/machines/order';

/**
 * Where a deal's number leads: the order of an order, an order refund or a commission; the recharge
 * list found by number for a recharge or its refund; the withdrawal list for a withdrawal. Rows with
 * no source (the shop's adjustments) lead nowhere.
 */
export function dealSourceLink(
  row: Pick<MemberDeal, 'Kind' | 'Detail' | 'Reference' | 'SourceId'>,
): string | null {
  if (row.SourceId === null || row.Reference === '') return null;
  const keyword = encodeURIComponent(row.Reference);
  if (row.Kind === 'recharge' || (row.Kind === 'refund' && row.Detail === 'recharge'))
    return `${OrderPermission.recharge}?keyword=${keyword}`;
  if (row.Kind === 'withdrawal') return `${DistributionPermission.withdrawals}?keyword=${keyword}`;
  if (row.Kind === 'balance') return null;
  return `${OrderPermission.details}?id=${row.SourceId}`;
}
