import { RATE_SCALE } from '../../contract/commission';
import type { DistributionSetting } from '../../contract/endpoints/distribution';
import { WITHDRAWAL_CHANNELS, type WithdrawalChannel } from '../../contract/machines/distribution';
import { type IssueLike, issueMessage, type MessageRef } from '../core/form-binding';
import { fenToYuanText, yuanToFen } from '../core/list-state';

/**
 * The promotion settings form's draft: amounts typed in yuan, rates in percent with two decimals
 * (a rate is parts of ten thousand, so "12.5" is 1250), the levels as a select's text and each
 * channel as its own checkbox; nested under `Setting` as the save call's input is.
 */
export interface SettingDraft {
  Setting: SettingFields;
}

export interface SettingFields {
  Enabled: boolean;
  Levels: '1' | '2';
  Joining: DistributionSetting['Joining'];
  JoinSpending: string;
  SelfPurchase: boolean;
  Level1Percent: string;
  Level2Percent: string;
  SettleMoment: DistributionSetting['SettleMoment'];
  FreezeDays: number;
  WithdrawMin: string;
  WithdrawFeePercent: string;
  Channels: Record<WithdrawalChannel, boolean>;
  DailyLimit: string;
}

/** Where the server's field errors land on the draft (the last segment of `Setting.<field>`). */
export const SETTING_RENAMES = {
  JoinSpendingFen: 'JoinSpending',
  Level1Rate: 'Level1Percent',
  Level2Rate: 'Level2Percent',
  WithdrawMinFen: 'WithdrawMin',
  WithdrawFeeRate: 'WithdrawFeePercent',
  WithdrawChannels: 'Channels.balance',
  DailyLimitFen: 'DailyLimit',
} as const;

export function settingDraft(setting: DistributionSetting): SettingDraft {
  return {
    Setting: {
      Enabled: setting.Enabled,
      Levels: setting.Levels === 2 ? '2' : '1',
      Joining: setting.Joining,
      JoinSpending: fenToYuanText(setting.JoinSpendingFen),
      SelfPurchase: setting.SelfPurchase,
      Level1Percent: fenToYuanText(setting.Level1Rate),
      Level2Percent: fenToYuanText(setting.Level2Rate),
      SettleMoment: setting.SettleMoment,
      FreezeDays: setting.FreezeDays,
      WithdrawMin: fenToYuanText(setting.WithdrawMinFen),
      WithdrawFeePercent: fenToYuanText(setting.WithdrawFeeRate),
      Channels: Object.fromEntries(
        WITHDRAWAL_CHANNELS.map((channel) => [channel, setting.WithdrawChannels.includes(channel)]),
      ) as Record<WithdrawalChannel, boolean>,
      DailyLimit: fenToYuanText(setting.DailyLimitFen),
    },
  };
}

/** Text that is no amount or rate is passed on as NaN for the schema to refuse on its field. */
const parts = (text: string) => yuanToFen(text) ?? Number.NaN;

/** The save call's input. With one level, the second level's rate is sent as typed: it is kept for later. */
export function settingInput({ Setting: draft }: SettingDraft, version: number) {
  return {
    Setting: {
      Enabled: draft.Enabled,
      Levels: draft.Levels === '2' ? 2 : 1,
      Joining: draft.Joining,
      JoinSpendingFen: parts(draft.JoinSpending),
      SelfPurchase: draft.SelfPurchase,
      Level1Rate: parts(draft.Level1Percent),
      Level2Rate: parts(draft.Level2Percent),
      SettleMoment: draft.SettleMoment,
      FreezeDays: draft.FreezeDays,
      WithdrawMinFen: parts(draft.WithdrawMin),
      WithdrawFeeRate: parts(draft.WithdrawFeePercent),
      WithdrawChannels: WITHDRAWAL_CHANNELS.filter((channel) => draft.Channels[channel]),
      DailyLimitFen: parts(draft.DailyLimit),
    },
    Version: version,
  };
}

/** A rate over the whole reads as "above 100%", not as the ten thousand parts the schema counts. */
export function settingIssueMessage(issue: IssueLike): MessageRef {
  if (issue.code === 'too_big' && Number(issue.maximum) === RATE_SCALE)
    return { id: 'distribution.rule.rateOverWhole' };
  return issueMessage(issue);
}
