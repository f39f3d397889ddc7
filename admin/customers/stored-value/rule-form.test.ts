import { describe, expect, it } from 'vitest';
import { rechargeRuleFormSchema } from '../../../contract/endpoints/stored-value';
import { NEW_RULE, ruleDraft, ruleInput } from './rule-form';

describe('ruleInput', () => {
  it('reads yuan as fen, with symbols and separators around', () => {
    const input = ruleInput({ ...NEW_RULE, Pay: ' ¥1,000 ', Bonus: '88.5' });
    expect(input).toMatchObject({ PayFen: 100_000, BonusFen: 8_850, StartsAt: null, EndsAt: null });
    expect(rechargeRuleFormSchema.safeParse(input).success).toBe(true);
  });

  it('passes what is no amount or no day to the schema, which refuses it on its field', () => {
    const input = ruleInput({ ...NEW_RULE, Pay: '12.345', Bonus: '1', StartDay: '2024-13-01' });
    const parsed = rechargeRuleFormSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['PayFen', 'StartsAt']);
  });

  it('includes both days of the window in shop time, and round-trips a rule', () => {
    const input = ruleInput(
      { ...NEW_RULE, Pay: '100', Bonus: '10', StartDay: '2024-05-01', EndDay: '2024-05-31' },
      { Id: 3, Version: 2 },
    );
    expect(input).toMatchObject({
      Id: 3,
      Version: 2,
      StartsAt: '2024-04-30T16:00:00.000Z',
      EndsAt: '2024-05-31T16:00:00.000Z',
    });
    const draft = ruleDraft({
      Id: 3,
      PayFen: input.PayFen,
      BonusFen: input.BonusFen,
      BonusPoints: 0,
      Enabled: true,
      StartsAt: input.StartsAt,
      EndsAt: input.EndsAt,
      Version: 2,
      UpdatedAt: '',
    });
    expect(draft).toEqual({
      Pay: '100.00',
      Bonus: '10.00',
      BonusPoints: 0,
      Enabled: true,
      StartDay: '2024-05-01',
      EndDay: '2024-05-31',
    });
  });
});
