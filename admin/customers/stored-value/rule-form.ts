import type { RechargeRuleRow } from '../../../contract/endpoints/stored-value';
import { isShopDay, shopDate, shopDayEnd, shopDayStart } from '../../../contract/shop-time';
import { fenToYuanText, yuanToFen } from '../../core/list-state';

/** The recharge rule form's draft: money typed in yuan, the window as shop days (both ends included). */
export interface RuleDraft {
  Pay: string;
  Bonus: string;
  BonusPoints: number;
  Enabled: boolean;
  StartDay: string;
  EndDay: string;
}

export const NEW_RULE: RuleDraft = {
  Pay: '',
  Bonus: '0.00',
  BonusPoints: 0,
  Enabled: true,
  StartDay: '',
  EndDay: '',
};

/** Form field names of the save call's fields, so server errors land on what was typed. */
export const RULE_RENAMES = {
  PayFen: 'Pay',
  BonusFen: 'Bonus',
  StartsAt: 'StartDay',
  EndsAt: 'EndDay',
} as const;

export function ruleDraft(row: RechargeRuleRow): RuleDraft {
  return {
    Pay: fenToYuanText(row.PayFen),
    Bonus: fenToYuanText(row.BonusFen),
    BonusPoints: row.BonusPoints,
    Enabled: row.Enabled,
    StartDay: row.StartsAt ? shopDate(new Date(row.StartsAt)) : '',
    // The stored end is the exclusive start of the day after the last one.
    EndDay: row.EndsAt ? shopDate(new Date(Date.parse(row.EndsAt) - 1)) : '',
  };
}

/**
 * The save call's input. Text that is no amount or no day is passed on as it is (NaN, the text),
 * so the contract's schema refuses it on its field.
 */
export function ruleInput(draft: RuleDraft, record?: { Id: number; Version: number }) {
  const day = (text: string, end: boolean) => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    if (!isShopDay(trimmed)) return trimmed;
    return (end ? shopDayEnd(trimmed) : shopDayStart(trimmed)).toISOString();
  };
  return {
    PayFen: yuanToFen(draft.Pay) ?? Number.NaN,
    BonusFen: yuanToFen(draft.Bonus) ?? Number.NaN,
    BonusPoints: draft.BonusPoints,
    Enabled: draft.Enabled,
    StartsAt: day(draft.StartDay, false),
    EndsAt: day(draft.EndDay, true),
    ...(record ? { Id: record.Id, Version: record.Version } : {}),
  };
}
