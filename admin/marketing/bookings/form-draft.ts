import { WEEKDAYS } from '../../../contract/booking';
import type { BookingFormDetail, BookingFormInput } from '../../../contract/endpoints/booking-forms';
import { DAY_MS } from '../../../contract/shop-time';
import type { FieldType, FormField } from '../../../contract/smart-form';
import { wallClock, wallClockInstant } from '../../core/wall-clock';

/**
 * The booking form as the editor types it: the save call's names (so the server's refusals land on
 * their fields), with the choices a select holds as text ('' for none) and times as wall clock.
 */
export interface BookingFormDraft {
  Title: string;
  Image: string;
  Summary: string;
  CategoryId: string;
  Fields: { fields: FormField[] };
  CapacityMode: BookingFormInput['CapacityMode'];
  DayCapacity: number;
  Slots: BookingFormInput['Slots'];
  Weekdays: number[];
  DaysAhead: number;
  Price: BookingFormInput['Price'];
  DepositSkuId: string;
  StoreIds: number[];
  StartsAt: string;
  EndsAt: string;
  Sort: number;
  Status: 'on' | 'off';
}

/** A new form runs from the next whole hour for thirty days, one slot of ten seats, free, every weekday. */
export function bookingFormDraft(detail: BookingFormDetail | null, now = new Date()): BookingFormDraft {
  if (detail)
    return {
      Title: detail.Title,
      Image: detail.Image,
      Summary: detail.Summary,
      CategoryId: detail.CategoryId === null ? '' : String(detail.CategoryId),
      Fields: { fields: detail.Fields.fields },
      CapacityMode: detail.CapacityMode,
      DayCapacity: detail.DayCapacity,
      Slots: detail.Slots,
      Weekdays: detail.Weekdays,
      DaysAhead: detail.DaysAhead,
      Price: detail.Price,
      DepositSkuId: detail.DepositSkuId === null ? '' : String(detail.DepositSkuId),
      StoreIds: detail.StoreIds,
      StartsAt: wallClock(detail.StartsAt),
      EndsAt: wallClock(detail.EndsAt),
      Sort: detail.Sort,
      Status: detail.Status,
    };
  const hour = 60 * 60 * 1000;
  const start = new Date(Math.ceil(now.getTime() / hour) * hour);
  return {
    Title: '',
    Image: '',
    Summary: '',
    CategoryId: '',
    Fields: { fields: [] },
    CapacityMode: 'perSlot',
    DayCapacity: 0,
    Slots: [{ Start: '09:00', End: '10:00', Capacity: 10 }],
    Weekdays: [...WEEKDAYS],
    DaysAhead: 7,
    Price: 'free',
    DepositSkuId: '',
    StoreIds: [],
    StartsAt: wallClock(start),
    EndsAt: wallClock(new Date(start.getTime() + 30 * DAY_MS)),
    Sort: 0,
    Status: 'on',
  };
}

/** A choice typed as text: '' is none; anything else must be a whole id, or the schema refuses NaN. */
function chosenId(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The save call's input. Seats the other capacity mode would use are sent as 0, and a free form
 * names no deposit goods, so a switched mode or price never carries a hidden leftover.
 */
export function bookingFormInput(
  draft: BookingFormDraft,
  saved?: { Id: number; Version: number },
): BookingFormInput {
  const perDay = draft.CapacityMode === 'perDay';
  return {
    ...(saved ? { Id: saved.Id, Version: saved.Version } : {}),
    Title: draft.Title,
    Image: draft.Image,
    Summary: draft.Summary,
    CategoryId: chosenId(draft.CategoryId),
    Fields: { fields: draft.Fields.fields },
    CapacityMode: draft.CapacityMode,
    DayCapacity: perDay ? draft.DayCapacity : 0,
    Slots: draft.Slots.map((slot) => ({ ...slot, Capacity: perDay ? 0 : slot.Capacity })),
    Weekdays: [...draft.Weekdays].sort((a, b) => a - b),
    DaysAhead: draft.DaysAhead,
    Price: draft.Price,
    DepositSkuId: draft.Price === 'deposit' ? chosenId(draft.DepositSkuId) : null,
    StoreIds: draft.StoreIds,
    StartsAt: wallClockInstant(draft.StartsAt),
    EndsAt: wallClockInstant(draft.EndsAt),
    Sort: draft.Sort,
    Status: draft.Status,
  };
}

/** A blank field of the given type, its id unused by the form's others (answers are keyed by it). */
export function newField(type: FieldType, taken: readonly FormField[]): FormField {
  const ids = new Set(taken.map((field) => field.id));
  let n = taken.length + 1;
  while (ids.has(`field${n}`)) n += 1;
  return {
    id: `field${n}`,
    type,
    label: '',
    placeholder: '',
    required: false,
    options: [],
    min: null,
    max: null,
    maxImages: 1,
    minDate: null,
    maxDate: null,
    agreement: '',
  };
}
