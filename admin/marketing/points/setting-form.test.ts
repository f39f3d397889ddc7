import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS_SETTING, setPointsSetting } from '../../../contract/endpoints/points';
import { settingDraft, settingInput } from './setting-form';

describe('the points settings form', () => {
  it('shows the minimum order in yuan and saves it back in fen with the version read', () => {
    const draft = settingDraft({ ...DEFAULT_POINTS_SETTING, MinOrderFen: 1_050 });
    expect(draft.MinOrder).toBe('10.50');
    const input = settingInput(draft, 4);
    expect(input).toEqual({ ...DEFAULT_POINTS_SETTING, MinOrderFen: 1_050, Version: 4 });
    expect(setPointsSetting.input.safeParse(input).success).toBe(true);
  });

  it.each([['abc'], ['1.234'], ['-5']])(
    'passes %j on for the schema to refuse on MinOrderFen',
    (MinOrder) => {
      const parsed = setPointsSetting.input.safeParse(
        settingInput({ ...settingDraft(DEFAULT_POINTS_SETTING), MinOrder }, 1),
      );
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['MinOrderFen']);
    },
  );

  it.each([
    [0, false],
    [1, true],
    [100, true],
    [101, false],
  ])('takes a maximum share of %i %%: %s', (MaxDeductPercent, valid) => {
    const input = settingInput({ ...settingDraft(DEFAULT_POINTS_SETTING), MaxDeductPercent }, 1);
    expect(setPointsSetting.input.safeParse(input).success).toBe(valid);
  });
});
