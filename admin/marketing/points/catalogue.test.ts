import { describe, expect, it } from 'vitest';
import { POINTS_LEDGER_TABS, POINTS_REASONS } from '../../../contract/endpoints/points';
import { EXCHANGE_EVENTS, EXCHANGE_TABS } from '../../../contract/endpoints/points-exchange';
import { POINTS_GOODS_TABS } from '../../../contract/endpoints/points-goods';
import { exchangeMachine } from '../../../contract/machines/points-exchange';
import { TICKET_STATES } from '../../../contract/machines/ticket';
import { POINTS_EXPIRY_RULES, POINTS_GOODS_KINDS } from '../../../contract/points';
import { actionLabelKey, stateLabelKey } from '../../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the points catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, state, action, kind, reason, carrier and step', () => {
    const keys = [
      ...POINTS_GOODS_TABS.map((tab) => `pointsGoods.tab.${tab}`),
      ...EXCHANGE_TABS.map((tab) => `exchanges.tab.${tab}`),
      ...POINTS_LEDGER_TABS.map((tab) => `pointsLedger.tab.${tab}`),
      ...exchangeMachine.states.map((state) => stateLabelKey(exchangeMachine, state)),
      ...exchangeMachine.actions.map((action) => actionLabelKey(exchangeMachine, action.name)),
      ...POINTS_GOODS_KINDS.flatMap((kind) => [
        `points.kind.${kind}`,
        `pointsGoods.filter.kind.${kind}`,
        `exchanges.filter.kind.${kind}`,
      ]),
      ...POINTS_REASONS.map((reason) => `pointsLedger.filter.reason.${reason}`),
      ...POINTS_EXPIRY_RULES.flatMap((rule) => [
        `pointsSetting.expiry.${rule}`,
        `pointsSetting.expiryHelp.${rule}`,
      ]),
      ...EXCHANGE_EVENTS.map((event) => `exchanges.event.${event}`),
      ...TICKET_STATES.map((state) => `exchanges.ticketState.${state}`),
      ...[
        'Points',
        'CashFen',
        'AmountFen',
        'Quantity',
        'Method',
        'Tickets',
        'Carrier',
        'TrackingNo',
        'Reason',
      ].map((fact) => `exchanges.fact.${fact}`),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
