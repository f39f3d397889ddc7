import { z } from 'zod';
import { BOOKING_PRICES, CAPACITY_MODES, DEPOSIT_STATES, MAX_SLOT_DAYS, SLOT_TIME_PATTERN } from '../booking';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { BOOKING_STATES, BookingPermission, cancelBookingForm } from '../machines/booking';
import { REASON_MAX } from '../machines/order';
import { exportFormat, id, queryId } from '../scalars';
import { FIELD_TYPES, formDefinitionSchema } from '../smart-form';
import { bookingSlotSchema } from './booking-forms';
import { buyerSchema, storefrontOrderSchema } from './storefront';

/**
 * Bookings (SPEC §2 bespeakOrderSupervise, bespeakOrderDetails): listed by state with counts,
 * confirmed, completed, cancelled (a paid deposit refunded in full) and exported; and the buyer's
 * side under /storefront/ with the shop's key: forms, slots with the seats left, book, my bookings,
 * cancel. A store account sees and acts on its store's bookings only.
 */
const BASE = '/DistributorsShopMarketing';
const SHOP = '/storefront';

/** Booking numbers start with this (预约), then the shop day and the row id. */
export const BOOKING_NO_PREFIX = 'YY';
export const BOOKING_TABS = ['all', ...BOOKING_STATES] as const;
export const MAX_BULK_BOOKINGS = 100;
export const BOOKING_REMARK_MAX = 200;

const day = z.iso.date();

export const bookingRowSchema = z.object({
  Id: z.number().int(),
  BookingNo: z.string(),
  FormId: z.number().int(),
  FormTitle: z.string(),
  MemberId: z.number().int(),
  MemberNo: z.string(),
  /** The booker's name and mobile as given when booking. */
  Name: z.string(),
  Phone: z.string(),
  StoreId: z.number().int().nullable(),
  StoreTitle: z.string(),
  Day: z.string(),
  Start: z.string(),
  End: z.string(),
  State: z.enum(BOOKING_STATES),
  Deposit: z.enum(DEPOSIT_STATES),
  DepositFen: z.number().int(),
  OrderNo: z.string().nullable(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;

const listFilterFields = {
  state: z.enum(BOOKING_TABS).default('all'),
  /** Booking number, name or mobile contains it. */
  keyword: z.string().trim().max(64).optional(),
  formId: queryId.optional(),
  storeId: queryId.optional(),
  /** The booked day, from and to (shop days). */
  dayFrom: queryDate.optional(),
  dayTo: queryDate.optional(),
  sort: sortParam(['createdAt', 'day']).default('-createdAt'),
};

function refineList(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['dayFrom', 'dayTo']]))
    context.addIssue({ code: 'custom', path: [problem.field], message: 'dayFrom after dayTo' });
}

export const getBookingList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakOrderList`,
  permission: BookingPermission.bookings,
  input: listQuerySchema.extend(listFilterFields).superRefine(refineList),
  output: pagedSchema(bookingRowSchema).extend({
    Counts: tabCountsSchema(BOOKING_TABS),
  }),
});

/** The list with the same filters as a file; at most EXPORT_MAX_ROWS rows. */
export const exportBookingList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportBespeakOrderList`,
  permission: BookingPermission.bookings,
  input: z.strictObject({ ...listFilterFields, format: exportFormat }).superRefine(refineList),
  output: z.object({}),
  binary: true,
});

export const bookingListResource: ListResource = {
  resource: 'bookings',
  list: getBookingList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'form', kind: 'entity', params: ['formId'] },
    { name: 'store', kind: 'entity', params: ['storeId'] },
    { name: 'day', kind: 'dateRange', params: ['dayFrom', 'dayTo'] },
  ],
  tabs: { param: 'state', values: BOOKING_TABS, default: 'all' },
  sortFields: ['createdAt', 'day'],
  defaultSort: '-createdAt',
  export: exportBookingList,
};

/**
 * The forms and stores a bookings list may be narrowed to: every form, deleted ones included (their
 * bookings stay), and the shop's stores (a store account's own only).
 */
export const getBookingFilterOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakOrderFilters`,
  permission: BookingPermission.bookings,
  input: z.strictObject({}),
  output: z.object({
    Forms: z.array(z.object({ Id: z.number().int(), Title: z.string() })),
    Stores: z.array(z.object({ Id: z.number().int(), Title: z.string() })),
  }),
});

export const BOOKING_EVENTS = ['book', 'confirm', 'complete', 'cancel', 'withdraw', 'expire'] as const;

export const bookingDetailSchema = bookingRowSchema.extend({
  /** Each answer under its field's label, in the form's order (as it stood when booked). */
  Answers: z.array(
    z.object({
      FieldId: z.string(),
      Label: z.string(),
      Type: z.enum(FIELD_TYPES),
      /** The answer as text; images are listed in Images. */
      Text: z.string(),
      Images: z.array(z.string()),
    }),
  ),
  BuyerRemark: z.string(),
  CancelReason: z.string(),
  ConfirmedAt: z.string().nullable(),
  DoneAt: z.string().nullable(),
  CancelledAt: z.string().nullable(),
  /** The deposit's electronic tickets, once paid. */
  Tickets: z.array(z.object({ Code: z.string(), State: z.string(), ValidUntil: z.string() })),
  Log: z.array(
    z.object({
      Event: z.enum(BOOKING_EVENTS),
      Actor: z.enum(['buyer', 'operator', 'system']),
      ActorName: z.string(),
      Reason: z.string(),
      At: z.string(),
    }),
  ),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const getBookingInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakOrderInfo`,
  permission: BookingPermission.details,
  input: z.strictObject({ id: queryId }),
  output: bookingDetailSchema,
});

const bulkIds = z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_BOOKINGS) });

/** Confirms new bookings whose deposit is paid (or who owe none); those confirmed already are left. */
export const confirmBookings = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ConfirmBespeakOrder`,
  permission: BookingPermission.bookings,
  input: bulkIds,
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Marks confirmed bookings done (the buyer came); those done already are left. */
export const completeBookings = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CompleteBespeakOrder`,
  permission: BookingPermission.bookings,
  input: bulkIds,
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/**
 * Cancels a booking: its seat goes back, an unpaid deposit order closes and a paid deposit is
 * refunded in full through the order's refund flow (refused when its ticket was used).
 */
export const cancelBooking = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CancelBespeakOrder`,
  permission: BookingPermission.bookings,
  input: cancelBookingForm.extend({ Id: id }),
  output: z.object({ Booking: bookingRowSchema }),
});

// ---------------------------------------------------------------------------------------------
// The buyer's side (storefront key)

const buyerId = z.string().trim().min(1).max(64);
const bookingNo = z.string().trim().min(1).max(32);

export const storefrontBookingFormSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  Summary: z.string(),
  CategoryId: z.number().int().nullable(),
  CategoryName: z.string(),
  Price: z.enum(BOOKING_PRICES),
  DepositFen: z.number().int(),
  StartsAt: z.string(),
  EndsAt: z.string(),
});

/** The shop's forms open to booking now, with their categories. */
export const getStorefrontBookingForms = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetBookingForms`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ categoryId: queryId.optional() }),
  output: pagedSchema(storefrontBookingFormSchema).extend({
    Categories: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  }),
});

export const getStorefrontBookingForm = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetBookingForm`,
  permission: 'public',
  input: z.strictObject({ id: queryId }),
  output: z.object({
    Form: storefrontBookingFormSchema.extend({
      Fields: formDefinitionSchema,
      CapacityMode: z.enum(CAPACITY_MODES),
      Slots: z.array(bookingSlotSchema.pick({ Start: true, End: true })),
      Weekdays: z.array(z.number().int()),
      DaysAhead: z.number().int(),
      Stores: z.array(z.object({ Id: z.number().int(), Title: z.string(), Address: z.string() })),
      /** The days open to booking now. */
      Days: z.array(z.string()),
    }),
  }),
});

/** Each bookable day from `from` for `days` days, with every slot's seats and what is left of them. */
export const getStorefrontBookingSlots = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetBookingSlots`,
  permission: 'public',
  input: z.strictObject({
    formId: queryId,
    /** Required when the form books at stores. */
    storeId: queryId.optional(),
    /** The first day asked for; today when absent. */
    from: day.optional(),
    days: z.coerce.number().int().min(1).max(MAX_SLOT_DAYS).default(7),
  }),
  output: z.object({
    Days: z.array(
      z.object({
        Day: z.string(),
        Slots: z.array(
          z.object({
            Start: z.string(),
            End: z.string(),
            Capacity: z.number().int(),
            /** Seats left (shared by the day's slots with a capacity per day). */
            Left: z.number().int(),
            /** Not begun and inside the form's window: bookable when seats are left. */
            Open: z.boolean(),
          }),
        ),
      }),
    ),
  }),
});

export const storefrontBookingSchema = z.object({
  BookingNo: z.string(),
  FormId: z.number().int(),
  FormTitle: z.string(),
  StoreId: z.number().int().nullable(),
  StoreTitle: z.string(),
  Day: z.string(),
  Start: z.string(),
  End: z.string(),
  State: z.enum(BOOKING_STATES),
  Deposit: z.enum(DEPOSIT_STATES),
  DepositFen: z.number().int(),
  OrderNo: z.string().nullable(),
  /** The deposit's tickets to show at the store. */
  TicketCodes: z.array(z.string()),
  CancelReason: z.string(),
  CreatedAt: z.string(),
});
export type StorefrontBooking = z.infer<typeof storefrontBookingSchema>;

/**
 * Books a slot: the answers are checked by the form's fields (each refusal names its field), a seat
 * is taken by a guarded statement (a full slot is refused), and with a deposit an order of the
 * deposit good is placed for the buyer to pay with PayOrder; paying it issues the ticket.
 */
export const book = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/Book`,
  permission: 'public',
  input: z.strictObject({
    Buyer: buyerSchema,
    FormId: id,
    StoreId: id.optional(),
    Day: day,
    Start: z.string().regex(SLOT_TIME_PATTERN),
    End: z.string().regex(SLOT_TIME_PATTERN),
    /** Answers keyed by the form's field ids. */
    Answers: z.record(z.string(), z.unknown()).default({}),
    Remark: z.string().trim().max(BOOKING_REMARK_MAX).default(''),
  }),
  output: z.object({ Booking: storefrontBookingSchema, Order: storefrontOrderSchema.nullable() }),
});

export const getMyBookings = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetMyBookings`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ buyerId, state: z.enum(BOOKING_STATES).optional() }),
  output: pagedSchema(storefrontBookingSchema),
});

/**
 * The buyer cancels a booking not done yet: the seat goes back, an unpaid deposit order is
 * cancelled, a paid deposit is asked back through the order's refund request.
 */
export const withdrawBooking = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/CancelBooking`,
  permission: 'public',
  input: z.strictObject({
    BookingNo: bookingNo,
    BuyerId: buyerId,
    Reason: z.string().trim().max(REASON_MAX).default(''),
  }),
  output: z.object({ Booking: storefrontBookingSchema }),
});
