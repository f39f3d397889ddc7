import { describe, expect, it } from 'vitest';
import { orderListResource } from '../../../../contract/endpoints/orders';
import { CARRIERS, ORDER_COMMANDS, ORDER_STATES, REFUND_STATES } from '../../../../contract/machines/order';
import { en } from './en';
import { zh } from './zh';

describe('the order supervision catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every filter, option, tab, state and command the screens show', () => {
    const keys = [
      ...orderListResource.filters.flatMap((filter) => [
        `orders.filter.${filter.name}`,
        ...(filter.options ?? []).map((option) => `orders.filter.${filter.name}.${option}`),
      ]),
      ...(orderListResource.tabs?.values ?? [])
        .filter((tab) => !(ORDER_STATES as readonly string[]).includes(tab))
        .map((tab) => `orders.tab.${tab}`),
      ...ORDER_COMMANDS.flatMap((command) =>
        ['command', 'dialog', 'submit', 'done'].map((part) => `orders.${part}.${command}`),
      ),
    ];
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('leave the order and refund states to GetEnumForType', () => {
    const copies = [
      ...ORDER_STATES.flatMap((state) => [`orders.state.${state}`, `orders.tab.${state}`]),
      ...REFUND_STATES.map((state) => `orders.refundState.${state}`),
    ];
    expect(copies.filter((key) => key in en || key in zh)).toEqual([]);
  });

  it('leave the carriers to GetEnumForType', () => {
    expect(
      CARRIERS.map((carrier) => `orders.carrier.${carrier}`).filter((key) => key in en || key in zh),
    ).toEqual([]);
  });
});
