import { describe, expect, it } from 'vitest';
import {
  type BookableForm,
  bookableDays,
  bookingFormState,
  bookingRefusal,
  depositState,
  seatKey,
  seatsOf,
  slotOpen,
  slotProblems,
  slotStartsAt,
  weekdayOf,
  windowDays,
} from './booking';
import { bookingFormSchema } from './endpoints/booking-forms';

/** 2026-05-04 is a Monday; times are shop time (UTC+8). */
const at = (text: string) => new Date(`${text}+08:00`);

const slot = (Start: string, End: string, Capacity = 5) => ({ Start, End, Capacity });

const form = (changes: Partial<BookableForm> = {}): BookableForm => ({
  Status: 'on',
  StartsAt: at('2026-05-01T00:00:00'),
  EndsAt: at('2026-06-01T00:00:00'),
  Weekdays: [1, 2, 3, 4, 5],
  DaysAhead: 7,
  Slots: [slot('09:00', '10:00'), slot('14:00', '15:30')],
  StoreIds: [],
  ...changes,
});

describe('slots', () => {
  it.each([
    ['two slots in order', [slot('09:00', '10:00'), slot('10:00', '11:00')], 'perSlot', []],
    ['an end at the start', [slot('09:00', '09:00')], 'perSlot', ['0.End']],
    ['an end a minute after the start', [slot('09:00', '09:01')], 'perSlot', []],
    ['an end before the start', [slot('10:00', '09:00')], 'perSlot', ['0.End']],
    [
      'a slot starting a minute before the earlier ends',
      [slot('09:00', '10:00'), slot('09:59', '11:00')],
      'perSlot',
      ['1.Start'],
    ],
    [
      'a slot inside an earlier one',
      [slot('09:00', '12:00'), slot('10:00', '11:00')],
      'perSlot',
      ['1.Start'],
    ],
    ['a slot before an earlier one', [slot('10:00', '11:00'), slot('08:00', '09:00')], 'perSlot', []],
    ['no seats with seats per slot', [slot('09:00', '10:00', 0)], 'perSlot', ['0.Capacity']],
    ['no seats of its own with seats per day', [slot('09:00', '10:00', 0)], 'perDay', []],
    ['one seat', [slot('09:00', '10:00', 1)], 'perSlot', []],
  ] as const)('%s', (_, slots, mode, problems) => {
    expect(slotProblems([...slots], mode).map((problem) => `${problem.index}.${problem.field}`)).toEqual(
      problems,
    );
  });

  it('counts a seat per slot, or one for the whole day', () => {
    expect(seatKey('perSlot', slot('09:00', '10:00'))).toBe('09:00-10:00');
    expect(seatKey('perDay', slot('09:00', '10:00'))).toBe('day');
    expect(seatsOf({ CapacityMode: 'perSlot', DayCapacity: 20 }, slot('09:00', '10:00', 5))).toBe(5);
    expect(seatsOf({ CapacityMode: 'perDay', DayCapacity: 20 }, slot('09:00', '10:00', 5))).toBe(20);
  });

  it('starts a slot at its time of the shop day', () => {
    expect(slotStartsAt('2026-05-04', slot('09:30', '10:00')).toISOString()).toBe('2026-05-04T01:30:00.000Z');
    expect(slotStartsAt('2026-05-04', slot('00:00', '01:00')).toISOString()).toBe('2026-05-03T16:00:00.000Z');
  });
});

describe('days', () => {
  it.each([
    ['2026-05-04', 1],
    ['2026-05-09', 6],
    ['2026-05-10', 7],
  ])('%s is weekday %i', (day, weekday) => expect(weekdayOf(day)).toBe(weekday));

  it('offers today and the next days up to DaysAhead, on open weekdays only', () => {
    // Friday: Friday, then the next Monday to Thursday (Saturday and Sunday closed).
    expect(bookableDays(form(), at('2026-05-08T10:00:00'))).toEqual([
      '2026-05-08',
      '2026-05-11',
      '2026-05-12',
      '2026-05-13',
      '2026-05-14',
    ]);
  });

  it.each([
    ['one day ahead: today only', { DaysAhead: 1 }, '2026-05-04T23:59:00', ['2026-05-04']],
    ['the shop day, not the UTC one', { DaysAhead: 1 }, '2026-05-05T00:30:00', ['2026-05-05']],
    [
      'a window ending at midnight stops before that day',
      { EndsAt: at('2026-05-06T00:00:00') },
      '2026-05-04T08:00:00',
      ['2026-05-04', '2026-05-05'],
    ],
    [
      'a window ending a minute into a day keeps it',
      { EndsAt: at('2026-05-06T00:01:00') },
      '2026-05-04T08:00:00',
      ['2026-05-04', '2026-05-05', '2026-05-06'],
    ],
    ['weekends only', { Weekdays: [6, 7] }, '2026-05-04T08:00:00', ['2026-05-09', '2026-05-10']],
  ] as const)('%s', (_, changes, now, days) => {
    expect(bookableDays(form(changes as Partial<BookableForm>), at(now))).toEqual(days);
  });

  it('names the first and last day of a window', () => {
    expect(windowDays(form())).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(windowDays({ StartsAt: at('2026-05-01T09:00:00'), EndsAt: at('2026-05-01T18:00:00') })).toEqual({
      from: '2026-05-01',
      to: '2026-05-01',
    });
  });
});

describe('the state of a form', () => {
  it.each([
    ['before its start', '2026-04-30T23:59:59', 'on', 'notStarted'],
    ['at its start', '2026-05-01T00:00:00', 'on', 'running'],
    ['at its end', '2026-06-01T00:00:00', 'on', 'ended'],
    ['switched off', '2026-05-10T00:00:00', 'off', 'off'],
  ] as const)('%s', (_, now, Status, state) => {
    expect(bookingFormState(form({ Status }), at(now))).toBe(state);
  });
});

describe('why a booking is refused', () => {
  const monday = at('2026-05-04T08:00:00');
  const request = (changes: Partial<Parameters<typeof bookingRefusal>[1]> = {}) => ({
    day: '2026-05-04',
    slot: { Start: '09:00', End: '10:00' },
    storeId: null,
    ...changes,
  });

  it.each([
    ['a slot of an open day', form(), request(), monday, null],
    ['a form switched off', form({ Status: 'off' }), request(), monday, 'off'],
    ['a form not started', form({ StartsAt: at('2026-05-05T00:00:00') }), request(), monday, 'notStarted'],
    ['a form ended', form({ EndsAt: at('2026-05-04T07:59:59') }), request(), monday, 'ended'],
    ['a closed weekday', form(), request({ day: '2026-05-09' }), monday, 'dayClosed'],
    ['a day past DaysAhead', form({ DaysAhead: 2 }), request({ day: '2026-05-06' }), monday, 'dayClosed'],
    ['the last day of DaysAhead', form({ DaysAhead: 3 }), request({ day: '2026-05-06' }), monday, null],
    ['a day gone', form(), request({ day: '2026-05-01' }), monday, 'dayClosed'],
    [
      'a slot the form does not have',
      form(),
      request({ slot: { Start: '09:00', End: '09:30' } }),
      monday,
      'unknownSlot',
    ],
    ['a slot begun a minute ago', form(), request(), at('2026-05-04T09:01:00'), 'slotPassed'],
    ['a slot beginning now', form(), request(), at('2026-05-04T09:00:00'), 'slotPassed'],
    ['a slot beginning in a minute', form(), request(), at('2026-05-04T08:59:00'), null],
    [
      'a slot beginning at the window’s end',
      form({ EndsAt: at('2026-05-04T14:00:00') }),
      request({ slot: { Start: '14:00', End: '15:30' } }),
      monday,
      'slotPassed',
    ],
    ['no store when the form books at stores', form({ StoreIds: [3] }), request(), monday, 'storeRequired'],
    [
      'a store the form does not offer',
      form({ StoreIds: [3] }),
      request({ storeId: 4 }),
      monday,
      'storeNotOffered',
    ],
    ['a store for a form without stores', form(), request({ storeId: 4 }), monday, 'storeNotOffered'],
    ['a store the form offers', form({ StoreIds: [3, 4] }), request({ storeId: 4 }), monday, null],
  ] as const)('%s', (_, bookable, wanted, now, key) => {
    expect(bookingRefusal(bookable, wanted, now)?.key ?? null).toBe(key);
  });

  it('says which day and slot it refused', () => {
    expect(bookingRefusal(form(), request({ day: '2026-05-09' }), monday)).toEqual({
      key: 'dayClosed',
      day: '2026-05-09',
    });
    expect(bookingRefusal(form(), request({ slot: { Start: '11:00', End: '12:00' } }), monday)).toEqual({
      key: 'unknownSlot',
      slot: '11:00-12:00',
    });
  });

  it('keeps a slot open until it begins, and inside the window', () => {
    const nine = slot('09:00', '10:00');
    expect(slotOpen(form(), '2026-05-04', nine, at('2026-05-04T08:59:59'))).toBe(true);
    expect(slotOpen(form(), '2026-05-04', nine, at('2026-05-04T09:00:00'))).toBe(false);
    expect(slotOpen(form({ EndsAt: at('2026-05-04T09:00:01') }), '2026-05-04', nine, monday)).toBe(true);
    expect(slotOpen(form({ EndsAt: at('2026-05-04T09:00:00') }), '2026-05-04', nine, monday)).toBe(false);
  });
});

describe('the deposit, from its order', () => {
  it.each([
    ['no order: free', null, 'none'],
    ['waiting for payment', { state: 'toPay', refundState: 'none', refundedFen: 0 }, 'toPay'],
    ['paid, tickets delivered', { state: 'received', refundState: 'none', refundedFen: 0 }, 'paid'],
    ['paid, refund asked', { state: 'received', refundState: 'requested', refundedFen: 0 }, 'refunding'],
    ['paid, refund approved', { state: 'received', refundState: 'approved', refundedFen: 0 }, 'refunding'],
    ['paid, refund refused', { state: 'received', refundState: 'rejected', refundedFen: 0 }, 'paid'],
    ['refunded and closed', { state: 'closed', refundState: 'refunded', refundedFen: 5_000 }, 'refunded'],
    ['closed unpaid', { state: 'closed', refundState: 'none', refundedFen: 0 }, 'closed'],
  ] as const)('%s', (_, order, state) => {
    expect(depositState(order)).toBe(state);
  });
});

describe('the form schema', () => {
  const valid = {
    Title: '到店体验预约',
    Image: '',
    Summary: '',
    CategoryId: null,
    Fields: { fields: [] },
    CapacityMode: 'perSlot',
    DayCapacity: 0,
    Slots: [slot('09:00', '10:00')],
    Weekdays: [1, 2, 3],
    DaysAhead: 7,
    Price: 'free',
    DepositSkuId: null,
    StoreIds: [],
    StartsAt: '2026-05-01T00:00:00+08:00',
    EndsAt: '2026-06-01T00:00:00+08:00',
    Sort: 0,
    Status: 'on',
  };
  const refused = (changes: Record<string, unknown>) => {
    const result = bookingFormSchema.safeParse({ ...valid, ...changes });
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it.each([
    ['a valid form', {}, []],
    ['a title with spaces around', { Title: '  到店  ' }, []],
    ['an end at the start', { EndsAt: '2026-05-01T00:00:00+08:00' }, ['EndsAt']],
    ['seats per day without seats', { CapacityMode: 'perDay', DayCapacity: 0 }, ['DayCapacity']],
    [
      'seats per day with one',
      { CapacityMode: 'perDay', DayCapacity: 1, Slots: [slot('09:00', '10:00', 0)] },
      [],
    ],
    ['a deposit without its good', { Price: 'deposit' }, ['DepositSkuId']],
    ['a deposit with its good', { Price: 'deposit', DepositSkuId: 3 }, []],
    ['a weekday twice', { Weekdays: [1, 1] }, ['Weekdays']],
    ['weekday 8', { Weekdays: [8] }, ['Weekdays.0']],
    ['no weekday', { Weekdays: [] }, ['Weekdays']],
    ['no slot', { Slots: [] }, ['Slots']],
    ['a slot time 24:00', { Slots: [slot('23:00', '24:00')] }, ['Slots.0.End']],
    ['a slot ending first', { Slots: [slot('10:00', '09:00')] }, ['Slots.0.End']],
    ['a store twice', { StoreIds: [2, 2] }, ['StoreIds']],
    ['0 days ahead', { DaysAhead: 0 }, ['DaysAhead']],
    ['91 days ahead', { DaysAhead: 91 }, ['DaysAhead']],
    ['90 days ahead', { DaysAhead: 90 }, []],
    ['an id without its version', { Id: 3 }, ['Version']],
  ])('%s', (_, changes, paths) => {
    expect(refused(changes)).toEqual(paths);
  });
});
