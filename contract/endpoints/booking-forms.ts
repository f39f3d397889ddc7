import { z } from 'zod';
import {
  BOOKING_FORM_STATES,
  BOOKING_PRICES,
  BOOKING_SUMMARY_MAX,
  BOOKING_TITLE_MAX,
  CAPACITY_MODES,
  CATEGORY_NAME_MAX,
  MAX_DAYS_AHEAD,
  MAX_FORM_STORES,
  MAX_SEATS,
  MAX_SLOTS,
  SLOT_TIME_PATTERN,
  slotProblems,
} from '../booking';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import { BookingPermission } from '../machines/booking';
import { id, queryId, version } from '../scalars';
import { formDefinitionSchema } from '../smart-form';

/**
 * Booking form categories (SPEC §2 formClassify) and booking forms (formSupervise, editBespeak):
 * smart-form fields plus time slots with seats, a price (free or a deposit good), the stores where
 * it may be booked, a window and a switch. Deleting keeps the row for the links and bookings that
 * name it.
 */
const BASE = '/DistributorsShopMarketing';

export const MAX_BULK_BOOKING_FORMS = 100;

// Categories -----------------------------------------------------------------------------------

export const bookingCategoryRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Sort: z.number().int(),
  /** Forms filed under it, deleted ones aside. */
  Forms: z.number().int(),
  CreatedAt: z.string(),
});
export type BookingCategoryRow = z.infer<typeof bookingCategoryRowSchema>;

export const getBookingCategoryList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakClassifyList`,
  permission: BookingPermission.categories,
  input: listQuerySchema.extend({
    keyword: z.string().trim().max(CATEGORY_NAME_MAX).optional(),
    sort: sortParam(['sort', 'createdAt']).default('-sort'),
  }),
  output: pagedSchema(bookingCategoryRowSchema),
});

export const bookingCategoryListResource: ListResource = {
  resource: 'bookingCategories',
  list: getBookingCategoryList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: ['sort', 'createdAt'],
  defaultSort: '-sort',
};

/** The categories a form may be filed under or a list filtered by, for every booking screen. */
export const getBookingCategoryOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakClassifyOptions`,
  permission: BookingPermission.forms,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(z.object({ Id: z.number().int(), Name: z.string() })) }),
});

export const bookingCategoryFormSchema = z.strictObject({
  Id: id.optional(),
  Name: z.string().trim().min(1).max(CATEGORY_NAME_MAX),
  Sort: z.number().int().min(0).max(9_999),
});

/** Creates or renames a category; names are unique in the shop. */
export const bindBookingCategory = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindBespeakClassify`,
  permission: BookingPermission.categories,
  input: bookingCategoryFormSchema,
  output: z.object({ Id: z.number().int() }),
});

/** Deletes empty categories; one that still files forms is refused, naming how many. */
export const deleteBookingCategory = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelBespeakClassify`,
  permission: BookingPermission.categories,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_BOOKING_FORMS) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

// Forms ----------------------------------------------------------------------------------------

export const BOOKING_FORM_TABS = ['all', ...BOOKING_FORM_STATES] as const;
export const BOOKING_FORM_SORTS = ['sort', 'createdAt', 'bookings'] as const;

export const bookingSlotSchema = z.strictObject({
  Start: z.string().regex(SLOT_TIME_PATTERN),
  End: z.string().regex(SLOT_TIME_PATTERN),
  /** Seats of the slot each day, with `perSlot`; 0 otherwise. */
  Capacity: z.number().int().min(0).max(MAX_SEATS),
});

const storeSchema = z.object({ Id: z.number().int(), Title: z.string() });

export const bookingFormRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  CategoryId: z.number().int().nullable(),
  CategoryName: z.string(),
  Price: z.enum(BOOKING_PRICES),
  /** The deposit good's price; 0 when free. */
  DepositFen: z.number().int(),
  CapacityMode: z.enum(CAPACITY_MODES),
  /** Seats of a day at one store: the day's, or every slot's added up. */
  SeatsPerDay: z.number().int(),
  SlotCount: z.number().int(),
  StoreCount: z.number().int(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  Status: z.enum(['on', 'off']),
  State: z.enum(BOOKING_FORM_STATES),
  /** Bookings made and not cancelled. */
  Bookings: z.number().int(),
  Sort: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
});
export type BookingFormRow = z.infer<typeof bookingFormRowSchema>;

export const getBookingFormList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakFormList`,
  permission: BookingPermission.forms,
  input: listQuerySchema.extend({
    state: z.enum(BOOKING_FORM_TABS).default('all'),
    /** Title contains it. */
    keyword: z.string().trim().max(BOOKING_TITLE_MAX).optional(),
    categoryId: queryId.optional(),
    sort: sortParam(BOOKING_FORM_SORTS).default('-sort'),
  }),
  output: pagedSchema(bookingFormRowSchema).extend({
    Counts: tabCountsSchema(BOOKING_FORM_TABS),
  }),
});

export const bookingFormListResource: ListResource = {
  resource: 'bookingForms',
  list: getBookingFormList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'category', kind: 'entity', params: ['categoryId'] },
  ],
  tabs: { param: 'state', values: BOOKING_FORM_TABS, default: 'all' },
  sortFields: BOOKING_FORM_SORTS,
  defaultSort: '-sort',
};

/** What the editor offers: categories, the shop's stores, and the virtual goods' SKUs a deposit may be. */
export const getBookingFormChoices = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakFormChoices`,
  permission: BookingPermission.edit,
  input: z.strictObject({}),
  output: z.object({
    Categories: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
    Stores: z.array(storeSchema),
    /** SKUs of virtual goods on the shelf, named with their specs. */
    DepositSkus: z.array(z.object({ SkuId: z.number().int(), Name: z.string(), PriceFen: z.number().int() })),
  }),
});

export const bookingFormDetailSchema = bookingFormRowSchema.extend({
  Summary: z.string(),
  Fields: formDefinitionSchema,
  Slots: z.array(bookingSlotSchema),
  DayCapacity: z.number().int(),
  Weekdays: z.array(z.number().int()),
  DaysAhead: z.number().int(),
  DepositSkuId: z.number().int().nullable(),
  /** The deposit good and its specs, as the catalogue names them. */
  DepositName: z.string(),
  StoreIds: z.array(z.number().int()),
  Stores: z.array(storeSchema),
});
export type BookingFormDetail = z.infer<typeof bookingFormDetailSchema>;

export const getBookingFormInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBespeakFormInfo`,
  permission: BookingPermission.edit,
  input: z.strictObject({ id: queryId }),
  output: bookingFormDetailSchema,
});

const instant = z.iso.datetime({ offset: true });

/**
 * A booking form as the editor sends it: no `Id` to create, `Id` with the `Version` read to save.
 * Rules across fields carry their catalogue key in `params.key`.
 */
export const bookingFormSchema = z
  .strictObject({
    Id: id.optional(),
    /** Required with Id. */
    Version: version.optional(),
    Title: z.string().trim().min(1).max(BOOKING_TITLE_MAX),
    /** An image library URL, or none. */
    Image: z.string().trim().max(500),
    Summary: z.string().trim().max(BOOKING_SUMMARY_MAX),
    CategoryId: id.nullable(),
    /** What the buyer fills in, as the smart-form builder makes it. */
    Fields: formDefinitionSchema,
    CapacityMode: z.enum(CAPACITY_MODES),
    /** Seats of a day at a store, with `perDay`; 0 otherwise. */
    DayCapacity: z.number().int().min(0).max(MAX_SEATS),
    Slots: z.array(bookingSlotSchema).min(1).max(MAX_SLOTS),
    Weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    DaysAhead: z.number().int().min(1).max(MAX_DAYS_AHEAD),
    Price: z.enum(BOOKING_PRICES),
    /** With a deposit: a SKU of a virtual good of the catalogue, whose price is the deposit. */
    DepositSkuId: id.nullable(),
    /** Stores where it may be booked, each with its own seats; empty: it books no store. */
    StoreIds: z.array(id).max(MAX_FORM_STORES),
    StartsAt: instant,
    EndsAt: instant,
    Sort: z.number().int().min(0).max(9_999),
    Status: z.enum(['on', 'off']),
  })
  .superRefine((value, context) => {
    const rule = (path: (string | number)[], key: string) =>
      context.addIssue({ code: 'custom', path, params: { key } });
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    if (Date.parse(value.EndsAt) <= Date.parse(value.StartsAt))
      rule(['EndsAt'], 'booking.rule.endsAfterStart');
    if (value.CapacityMode === 'perDay' && value.DayCapacity < 1)
      rule(['DayCapacity'], 'booking.rule.dayCapacity');
    if (value.Price === 'deposit' && value.DepositSkuId === null)
      rule(['DepositSkuId'], 'booking.rule.depositRequired');
    if (new Set(value.Weekdays).size !== value.Weekdays.length)
      rule(['Weekdays'], 'booking.rule.weekdaysRepeated');
    if (new Set(value.StoreIds).size !== value.StoreIds.length)
      rule(['StoreIds'], 'booking.rule.storesRepeated');
    for (const problem of slotProblems(value.Slots, value.CapacityMode))
      rule(['Slots', problem.index, problem.field], problem.key);
  });
export type BookingFormInput = z.infer<typeof bookingFormSchema>;

/**
 * Creates or saves a booking form. Seats already taken stay taken: lowering a slot's seats below its
 * bookings refuses further bookings, never cancels any.
 */
export const bindBookingForm = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindBespeakForm`,
  permission: BookingPermission.edit,
  input: bookingFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const setBookingFormStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetBespeakFormStatus`,
  permission: BookingPermission.forms,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_BOOKING_FORMS),
    Status: z.enum(['on', 'off']),
  }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Deletes forms: they leave the storefront and the lists, their bookings stay, the publish check flags links. */
export const deleteBookingForm = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelBespeakForm`,
  permission: BookingPermission.forms,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_BOOKING_FORMS) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});
