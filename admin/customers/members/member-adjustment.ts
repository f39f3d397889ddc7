import {
  MAX_ADJUSTMENT,
  type MemberAdjustKind,
  type MemberAdjustment,
  memberAdjustmentSchema,
} from '../../../contract/endpoints/members';

export interface AdjustmentProblem {
  field: 'Delta' | 'Reason';
  key: string;
}

/**
 * The adjustment typed in the dialog as the call's input: balance in yuan (two decimals at most,
 * sent as fen), points and growth as whole numbers, signed; the reason required.
 */
export function adjustmentInput(
  id: number,
  kind: MemberAdjustKind,
  amount: string,
  reason: string,
): { ok: true; input: MemberAdjustment } | { ok: false; problems: AdjustmentProblem[] } {
  const problems: AdjustmentProblem[] = [];
  const text = amount.trim();
  const pattern = kind === 'balance' ? /^[+-]?\d+(\.\d{1,2})?$/ : /^[+-]?\d+$/;
  let delta = 0;
  if (!pattern.test(text)) {
    problems.push({
      field: 'Delta',
      key: kind === 'balance' ? 'members.adjust.badYuan' : 'members.adjust.badWhole',
    });
  } else {
    delta = kind === 'balance' ? Math.round(Number(text) * 100) : Number(text);
    if (delta === 0) problems.push({ field: 'Delta', key: 'members.adjust.zero' });
    else if (Math.abs(delta) > MAX_ADJUSTMENT)
      problems.push({ field: 'Delta', key: 'members.adjust.tooLarge' });
  }
  if (reason.trim() === '') problems.push({ field: 'Reason', key: 'members.adjust.reasonRequired' });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    input: memberAdjustmentSchema.parse({ Id: id, Kind: kind, Delta: delta, Reason: reason }),
  };
}
