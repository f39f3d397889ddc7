import { describe, expect, it } from 'vitest';
import { type BookingFormDetail, bookingFormSchema } from '../../../contract/endpoints/booking-forms';
import { type BookingFormDraft, bookingFormDraft, bookingFormInput, newField } from './form-draft';

const detail: BookingFormDetail = {
  Id: 7,
  Title: '美甲预约',
  Image: '',
  CategoryId: 3,
  CategoryName: '美容',
  Price: 'deposit',
  DepositFen: 2000,
  CapacityMode: 'perSlot',
  SeatsPerDay: 4,
  SlotCount: 2,
  StoreCount: 1,
  StartsAt: '2026-05-01T01:00:00.000Z',
  EndsAt: '2026-06-01T01:00:00.000Z',
  Status: 'off',
  State: 'off',
  Bookings: 0,
  Sort: 5,
  Version: 4,
  CreatedAt: '2026-04-01T00:00:00.000Z',
  Summary: '到店美甲',
  Fields: { fields: [{ ...newField('text', []), label: '称呼', required: true }] },
  Slots: [
    { Start: '09:00', End: '10:00', Capacity: 2 },
    { Start: '10:00', End: '11:00', Capacity: 2 },
  ],
  DayCapacity: 0,
  Weekdays: [6, 7],
  DaysAhead: 14,
  DepositSkuId: 11,
  DepositName: '定金券',
  StoreIds: [2],
  Stores: [{ Id: 2, Title: '静安店' }],
};

const blank = bookingFormDraft(null, new Date('2026-05-01T01:20:00Z'));
const typed = (patch: Partial<BookingFormDraft>): BookingFormDraft => ({ ...blank, Title: '预约', ...patch });

describe('booking form draft and input', () => {
  it('gives back what it read, as the save call takes it, with the id and version read', () => {
    const input = bookingFormInput(bookingFormDraft(detail), detail);
    expect(input).toMatchObject({
      Id: 7,
      Version: 4,
      CategoryId: 3,
      DepositSkuId: 11,
      StoreIds: [2],
      Weekdays: [6, 7],
      Slots: detail.Slots,
      Status: 'off',
      StartsAt: '2026-05-01T09:00:00+08:00',
      EndsAt: '2026-06-01T09:00:00+08:00',
    });
    expect(bookingFormSchema.safeParse(input).success).toBe(true);
  });

  it('starts a new form at the next whole hour of the shop clock, saved without id', () => {
    expect(blank.StartsAt).toBe('2026-05-01T10:00');
    const input = bookingFormInput(typed({}));
    expect(input.Id).toBeUndefined();
    expect(bookingFormSchema.safeParse(input).success).toBe(true);
  });

  it.each<[string, Partial<BookingFormDraft>, Partial<ReturnType<typeof bookingFormInput>>]>([
    ['no category', { CategoryId: '' }, { CategoryId: null }],
    ['a category, spaces around', { CategoryId: ' 3 ' }, { CategoryId: 3 }],
    [
      'a free form drops the deposit chosen before',
      { Price: 'free', DepositSkuId: '11' },
      { DepositSkuId: null },
    ],
    ['a deposit keeps its goods', { Price: 'deposit', DepositSkuId: '11' }, { DepositSkuId: 11 }],
    ['a deposit with none chosen', { Price: 'deposit', DepositSkuId: '' }, { DepositSkuId: null }],
    [
      'per day sends no slot seats',
      { CapacityMode: 'perDay', DayCapacity: 5, Slots: [{ Start: '09:00', End: '10:00', Capacity: 3 }] },
      { DayCapacity: 5, Slots: [{ Start: '09:00', End: '10:00', Capacity: 0 }] },
    ],
    [
      'per slot sends no day seats',
      { CapacityMode: 'perSlot', DayCapacity: 5, Slots: [{ Start: '09:00', End: '10:00', Capacity: 3 }] },
      { DayCapacity: 0, Slots: [{ Start: '09:00', End: '10:00', Capacity: 3 }] },
    ],
    ['weekdays in order', { Weekdays: [7, 1, 3] }, { Weekdays: [1, 3, 7] }],
    [
      'a wall-clock time gets the shop offset',
      { EndsAt: '2026-06-01T23:59' },
      { EndsAt: '2026-06-01T23:59:00+08:00' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(bookingFormInput(typed(patch))).toMatchObject(expected);
  });

  it.each<[string, Partial<BookingFormDraft>, string]>([
    ['a category that is no id', { CategoryId: '3a' }, 'CategoryId'],
    ['a time that is no date', { StartsAt: 'tomorrow' }, 'StartsAt'],
    ['a deposit with none chosen', { Price: 'deposit', DepositSkuId: '' }, 'DepositSkuId'],
    ['per day with no seats', { CapacityMode: 'perDay', DayCapacity: 0 }, 'DayCapacity'],
    ['a slot ending as it starts', { Slots: [{ Start: '09:00', End: '09:00', Capacity: 1 }] }, 'Slots.0.End'],
  ])('refuses %s on its field', (_name, patch, path) => {
    const result = bookingFormSchema.safeParse(bookingFormInput(typed(patch)));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('names a new field with an id no other field has', () => {
    const taken = [{ ...newField('text', []), id: 'field2' }];
    expect(newField('phone', taken)).toMatchObject({ id: 'field3', type: 'phone', required: false });
    expect(newField('text', [])).toMatchObject({ id: 'field1' });
  });
});
