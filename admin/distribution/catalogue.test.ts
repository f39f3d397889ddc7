import { describe, expect, it } from 'vitest';
import { COMMISSION_ORDER_TABS, COMMISSION_STATES } from '../../contract/endpoints/commissions';
import {
  APPLICATION_TABS,
  PROMOTER_TABS,
  TEAM_LEVELS,
  WECHAT_TABS,
} from '../../contract/endpoints/promoters';
import { WITHDRAWAL_TABS } from '../../contract/endpoints/withdrawals';
import {
  applicationMachine,
  promoterMachine,
  WITHDRAWAL_CHANNELS,
  withdrawalMachine,
} from '../../contract/machines/distribution';
import { actionLabelKey, stateLabelKey } from '../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the distribution catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, state, action and channel', () => {
    const keys = [
      ...[withdrawalMachine, promoterMachine, applicationMachine].flatMap((machine) => [
        ...machine.states.map((state) => stateLabelKey(machine, state)),
        ...machine.actions.map((action) => actionLabelKey(machine, action.name)),
      ]),
      ...WITHDRAWAL_TABS.map((tab) => `withdrawals.tab.${tab}`),
      ...WITHDRAWAL_CHANNELS.map((channel) => `withdrawals.filter.channel.${channel}`),
      ...PROMOTER_TABS.map((tab) => `promoters.tab.${tab}`),
      ...APPLICATION_TABS.map((tab) => `applications.tab.${tab}`),
      ...TEAM_LEVELS.map((level) => `team.tab.${level}`),
      ...WECHAT_TABS.map((tab) => `wechatAccounts.tab.${tab}`),
      ...COMMISSION_ORDER_TABS.map((tab) => `commissionOrders.tab.${tab}`),
      ...COMMISSION_STATES.map((state) => `orderCommission.state.${state}`),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
