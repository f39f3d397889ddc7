import { describe, expect, it } from 'vitest';
import {
  DATA_CARRIERS,
  DATA_PACKAGE_STATUSES,
  DATA_PACKAGE_TABS,
} from '../../contract/endpoints/data-recharge';
import {
  PLATFORM_PAY_PROVIDERS,
  PURCHASE_KINDS,
  RECHARGE_RECORD_TABS,
} from '../../contract/endpoints/recharge-records';
import { SEND_TABS, SMS_PROVIDERS, TEMPLATE_TABS } from '../../contract/endpoints/sms';
import {
  invoiceMachine,
  purchaseMachine,
  reviewMachine,
  sendMachine,
} from '../../contract/machines/added-value';
import { SMS_SCENES } from '../../contract/sms';
import { actionLabelKey, stateLabelKey } from '../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the added-value catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, filter option, state, action, scene, carrier and provider', () => {
    const machines = [reviewMachine, sendMachine, purchaseMachine, invoiceMachine];
    const keys = [
      ...machines.flatMap((machine) => [
        ...machine.states.map((state) => stateLabelKey(machine, state)),
        ...machine.actions.map((action) => actionLabelKey(machine, action.name)),
      ]),
      ...TEMPLATE_TABS.map((tab) => `smsTemplates.tab.${tab}`),
      ...SEND_TABS.map((tab) => `smsSends.tab.${tab}`),
      ...RECHARGE_RECORD_TABS.map((tab) => `rechargeRecords.tab.${tab}`),
      ...DATA_PACKAGE_TABS.map((tab) => `dataPackages.tab.${tab}`),
      ...SMS_SCENES.flatMap((scene) => [
        `sms.scene.${scene}`,
        `smsTemplates.filter.scene.${scene}`,
        `smsSends.filter.scene.${scene}`,
      ]),
      ...PURCHASE_KINDS.flatMap((kind) => [
        `rechargeRecords.kind.${kind}`,
        `rechargeRecords.filter.kind.${kind}`,
      ]),
      ...DATA_CARRIERS.map((carrier) => `dataPackages.carrier.${carrier}`),
      ...DATA_PACKAGE_STATUSES.map((status) => `dataPackages.filter.status.${status}`),
      ...SMS_PROVIDERS.map((provider) => `sms.provider.${provider}`),
      ...PLATFORM_PAY_PROVIDERS.map((provider) => `pay.provider.${provider}`),
      ...purchaseMachine.actions
        .filter((action) => action.confirm)
        .map((action) => `rechargeRecords.confirm.${action.name}`),
      ...invoiceMachine.actions
        .filter((action) => action.confirm)
        .map((action) => `rechargeRecords.confirm.${action.name}`),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
