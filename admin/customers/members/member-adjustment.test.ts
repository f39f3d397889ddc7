import { describe, expect, it } from 'vitest';
import { ADJUST_REASON_MAX, MAX_ADJUSTMENT } from '../../../contract/endpoints/members';
import { adjustmentInput } from './member-adjustment';

const fields = (result: ReturnType<typeof adjustmentInput>) =>
  result.ok ? [] : result.problems.map((problem) => `${problem.field}:${problem.key}`);

describe('adjustmentInput', () => {
  it('sends balance in fen from yuan with up to two decimals, signed', () => {
    expect(adjustmentInput(7, 'balance', ' 12.5 ', ' 补偿 ')).toEqual({
      ok: true,
      input: { Id: 7, Kind: 'balance', Delta: 1250, Reason: '补偿' },
    });
    expect(adjustmentInput(7, 'balance', '-0.01', 'r')).toMatchObject({ input: { Delta: -1 } });
    expect(fields(adjustmentInput(7, 'balance', '1.001', 'r'))).toEqual(['Delta:members.adjust.badYuan']);
  });

  it('takes points and growth as whole numbers only', () => {
    expect(adjustmentInput(7, 'points', '+300', 'r')).toMatchObject({
      input: { Kind: 'points', Delta: 300 },
    });
    expect(adjustmentInput(7, 'growth', '-5', 'r')).toMatchObject({ input: { Kind: 'growth', Delta: -5 } });
    expect(fields(adjustmentInput(7, 'points', '1.5', 'r'))).toEqual(['Delta:members.adjust.badWhole']);
    expect(fields(adjustmentInput(7, 'points', 'abc', 'r'))).toEqual(['Delta:members.adjust.badWhole']);
  });

  it('refuses zero, more than the limit and a blank reason; the limit itself passes', () => {
    expect(fields(adjustmentInput(7, 'points', '0', ' '))).toEqual([
      'Delta:members.adjust.zero',
      'Reason:members.adjust.reasonRequired',
    ]);
    expect(fields(adjustmentInput(7, 'points', String(MAX_ADJUSTMENT + 1), 'r'))).toEqual([
      'Delta:members.adjust.tooLarge',
    ]);
    expect(adjustmentInput(7, 'points', String(-MAX_ADJUSTMENT), 'x'.repeat(ADJUST_REASON_MAX)).ok).toBe(
      true,
    );
  });
});
