import { describe, expect, it } from 'vitest';
import {
  BOOKING_FORM_STATES,
  BOOKING_PRICES,
  CAPACITY_MODES,
  DEPOSIT_STATES,
} from '../../../contract/booking';
import { BOOKING_FORM_TABS } from '../../../contract/endpoints/booking-forms';
import { BOOKING_EVENTS, BOOKING_TABS } from '../../../contract/endpoints/bookings';
import { bookingMachine } from '../../../contract/machines/booking';
import { TICKET_STATES } from '../../../contract/machines/ticket';
import { FIELD_TYPES } from '../../../contract/smart-form';
import { actionLabelKey, stateLabelKey } from '../../../contract/state-machine';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the booking catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, state, action, deposit state, step, actor, ticket state, field type, capacity mode and price', () => {
    const keys = [
      ...BOOKING_TABS.map((tab) => `bookings.tab.${tab}`),
      ...BOOKING_FORM_TABS.map((tab) => `bookingForms.tab.${tab}`),
      ...BOOKING_FORM_STATES.map((state) => `bookingForms.tab.${state}`),
      ...bookingMachine.states.map((state) => stateLabelKey(bookingMachine, state)),
      ...bookingMachine.actions.map((action) => actionLabelKey(bookingMachine, action.name)),
      ...bookingMachine.actions
        .filter((action) => action.confirm && !action.form && !action.automatic)
        .map((action) => `bookings.confirm.${action.name}`),
      ...DEPOSIT_STATES.map((state) => `bookings.deposit.${state}`),
      ...BOOKING_EVENTS.map((event) => `bookings.event.${event}`),
      ...['buyer', 'operator', 'system'].map((actor) => `bookings.actor.${actor}`),
      ...TICKET_STATES.map((state) => `bookings.ticketState.${state}`),
      ...FIELD_TYPES.map((type) => `bookingForm.fieldType.${type}`),
      ...CAPACITY_MODES.map((mode) => `bookingForm.capacityMode.${mode}`),
      ...BOOKING_PRICES.map((price) => `bookingForm.price.${price}`),
    ];
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
