import { describe, expect, it } from 'vitest';
import { LOTTERY_TABS, RECORD_TABS } from '../../../contract/endpoints/lotteries';
import { ENTRY_MODES, OUTCOME_KINDS, PRIZE_KINDS } from '../../../contract/lottery';
import { lotteryRecordMachine } from '../../../contract/machines/lottery';
import { actionLabelKey, stateLabelKey } from '../../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the lucky-draw catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, state, action, entry, kind, outcome, rule and carrier', () => {
    const keys = [
      ...LOTTERY_TABS.map((tab) => `lotteries.tab.${tab}`),
      ...RECORD_TABS.map((tab) => `lotteryRecords.tab.${tab}`),
      ...lotteryRecordMachine.states.map((state) => stateLabelKey(lotteryRecordMachine, state)),
      ...lotteryRecordMachine.actions.map((action) => actionLabelKey(lotteryRecordMachine, action.name)),
      ...ENTRY_MODES.flatMap((mode) => [`lotteries.entry.${mode}`, `lotteries.filter.entryMode.${mode}`]),
      ...PRIZE_KINDS.map((kind) => `lotteries.kind.${kind}`),
      ...OUTCOME_KINDS.map((outcome) => `lotteryRecords.filter.outcome.${outcome}`),
      ...['endsAfterStart', 'pointsCost', 'dailyOverTotal', 'chancesOver', 'prizeTwice', 'prizeGives'].map(
        (rule) => `lottery.rule.${rule}`,
      ),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
