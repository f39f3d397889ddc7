import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTRIBUTION_SETTING, setDistributionSetting } from '../../contract/endpoints/distribution';
import { settingDraft, settingInput, settingIssueMessage } from './setting-form';

const draft = settingDraft({
  ...DEFAULT_DISTRIBUTION_SETTING,
  Level1Rate: 1_250,
  WithdrawChannels: ['wechat', 'balance'],
});

describe('the promotion settings draft', () => {
  it('shows rates in percent, amounts in yuan and each channel as a checkbox', () => {
    expect(draft.Setting).toMatchObject({
      Level1Percent: '12.50',
      WithdrawMin: '1.00',
      Levels: '1',
      Channels: { balance: true, wechat: true, bank: false },
    });
  });

  it('gives back what it was made from, channels in the contract’s order', () => {
    expect(settingInput(draft, 3)).toEqual({
      Setting: {
        ...DEFAULT_DISTRIBUTION_SETTING,
        Level1Rate: 1_250,
        WithdrawChannels: ['balance', 'wechat'],
      },
      Version: 3,
    });
  });

  it.each([
    ['100', 10_000, true],
    ['100.00', 10_000, true],
    ['100.01', 10_001, false],
    ['0', 0, true],
    [' 12.5 ', 1_250, true],
    ['12.555', Number.NaN, false],
    ['-1', Number.NaN, false],
    ['abc', Number.NaN, false],
  ])('reads the level 1 rate %j as %d parts (valid %s)', (text, parts, valid) => {
    const input = settingInput({ Setting: { ...draft.Setting, Level1Percent: text } }, 0);
    expect(input.Setting.Level1Rate).toBe(parts);
    expect(setDistributionSetting.input.safeParse(input).success).toBe(valid);
  });

  it('refuses no channel at all, on the first channel’s box', () => {
    const none = { ...draft.Setting, Channels: { balance: false, wechat: false, bank: false } };
    const result = setDistributionSetting.input.safeParse(settingInput({ Setting: none }, 0));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['Setting', 'WithdrawChannels']);
  });

  it('says a rate over the whole is above 100%, and leaves other limits to the engine', () => {
    expect(settingIssueMessage({ code: 'too_big', maximum: 10_000 })).toEqual({
      id: 'distribution.rule.rateOverWhole',
    });
    expect(settingIssueMessage({ code: 'too_big', maximum: 365 }).id).toBe('engine.form.max');
  });
});
