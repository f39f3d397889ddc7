import { describe, expect, it } from 'vitest';
import {
  COUPON_AUDIENCES,
  COUPON_CHANNELS,
  COUPON_KINDS,
  COUPON_SCOPES,
} from '../../../contract/coupon-rules';
import {
  COPY_SOURCES,
  COUPON_TABS,
  OFFLINE_CODE_TABS,
  RULE_EVENTS,
  SEND_STATES,
  SEND_TARGETS,
} from '../../../contract/endpoints/coupons';
import { couponMachine, memberCouponMachine, offlineCodeMachine } from '../../../contract/machines/coupon';
import { actionLabelKey, stateLabelKey } from '../../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the coupon catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name the all tab, every action, kind, scope, audience, event and target', () => {
    const machines = [couponMachine, memberCouponMachine, offlineCodeMachine];
    const keys = [
      'coupons.tab.all',
      'offlineCoupons.tab.all',
      'offlineCodes.tab.all',
      ...machines.flatMap((machine) => machine.actions.map((action) => actionLabelKey(machine, action.name))),
      ...couponMachine.actions
        .filter((action) => action.confirm)
        .flatMap((action) => [`coupons.confirm.${action.name}`, `offlineCoupons.confirm.${action.name}`]),
      'offlineCodes.confirm.void',
      ...COUPON_KINDS.flatMap((kind) => [`coupons.kind.${kind}`, `coupons.filter.kind.${kind}`]),
      ...COUPON_CHANNELS.map((channel) => `coupons.channel.${channel}`),
      ...COUPON_SCOPES.map((scope) => `coupons.scope.${scope}`),
      ...COUPON_AUDIENCES.map((audience) => `coupons.audience.${audience}`),
      ...COPY_SOURCES.map((source) => `coupons.source.${source}`),
      ...RULE_EVENTS.flatMap((event) => [
        `couponRules.event.${event}`,
        `couponRules.eventHelp.${event}`,
        `couponRules.filter.event.${event}`,
      ]),
      ...SEND_TARGETS.map((target) => `couponSends.filter.target.${target}`),
      ...SEND_STATES.map((state) => `couponSends.state.${state}`),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });

  it('leave the states to GetEnumForType: the machines carry their short labels', () => {
    const machines = [couponMachine, memberCouponMachine, offlineCodeMachine];
    const copied = [
      ...COUPON_TABS.flatMap((tab) => [`coupons.tab.${tab}`, `offlineCoupons.tab.${tab}`]),
      ...OFFLINE_CODE_TABS.map((tab) => `offlineCodes.tab.${tab}`),
      ...machines.flatMap((machine) => machine.states.map((state) => stateLabelKey(machine, state))),
    ].filter((key) => !key.endsWith('.all') && (key in en || key in zh));
    expect(copied).toEqual([]);
    for (const machine of machines)
      for (const state of machine.states) {
        expect(machine.labels?.[state]?.zh, `${machine.id}.${state}`).toBeTruthy();
        expect(machine.labels?.[state]?.en, `${machine.id}.${state}`).toMatch(/^[A-Z]/);
      }
  });
});
