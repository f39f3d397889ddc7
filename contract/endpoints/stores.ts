import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryBoolean, sortParam } from '../list-query';
import { id, queryId, version } from '../scalars';
import {
  hoursProblem,
  LATITUDE_LIMIT,
  LONGITUDE_LIMIT,
  STORE_PHONE_PATTERN,
  TIME_PATTERN,
  WEEKDAYS,
} from '../store-rules';

/**
 * A shop's stores (SPEC §2 moreShopSupervise, moreShopEdit; SPEC §7 /DistributorsShopSet/ stores):
 * where pickup orders are collected and walk-in orders taken, with the store accounts that work
 * there. A store account sees and edits its own store only; adding, removing, switching stores on or
 * off and binding accounts are the shop's.
 */
const BASE = '/DistributorsShopSet';

export const STORE_LIST_PERMISSION = '/shop/moreShopSupervise';
export const STORE_EDIT_PERMISSION = '/shop/moreShopEdit';

export const STORE_STATUSES = ['on', 'off'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_TABS = ['all', ...STORE_STATUSES] as const;
export const STORE_NAME_MAX = 40;
export const STORE_CONTACT_MAX = 20;
export const STORE_ADDRESS_MAX = 100;
export const MAX_BULK_STORES = 100;
/** Order numbers a refusal or the disable dialog names; the rest are counted. */
export const PENDING_ORDERS_SHOWN = 20;

const areaCode = z.string().regex(/^\d{6}$/, 'six digits');

export const storeAreaSchema = z.object({
  ProvinceCode: z.string(),
  CityCode: z.string(),
  DistrictCode: z.string(),
  Province: z.string(),
  City: z.string(),
  District: z.string(),
});
export type StoreArea = z.infer<typeof storeAreaSchema>;

export const storeRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Logo: z.string(),
  Contact: z.string(),
  Phone: z.string(),
  Area: storeAreaSchema.nullable(),
  Address: z.string(),
  Lat: z.number().nullable(),
  Lng: z.number().nullable(),
  OpenTime: z.string(),
  CloseTime: z.string(),
  Weekdays: z.array(z.number().int()),
  Pickup: z.boolean(),
  Status: z.enum(STORE_STATUSES),
  Sort: z.number().int(),
  /** Store accounts bound to it. */
  AccountCount: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
});
export type StoreRow = z.infer<typeof storeRowSchema>;

export const storeListQuerySchema = listQuerySchema.extend({
  status: z.enum(STORE_TABS).default('all'),
  /** Name, contact, phone or address contains it. */
  keyword: z.string().trim().max(40).optional(),
  sort: sortParam(['sort', 'createdAt']).default('-sort'),
});

export const getStoreList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetStoreList`,
  permission: STORE_LIST_PERMISSION,
  input: storeListQuerySchema,
  output: pagedSchema(storeRowSchema).extend({
    Counts: z.object({ all: z.number().int(), on: z.number().int(), off: z.number().int() }),
  }),
});

export const storeListResource: ListResource = {
  resource: 'stores',
  list: getStoreList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'status', values: STORE_TABS, default: 'all' },
  sortFields: ['sort', 'createdAt'],
  defaultSort: '-sort',
};

export const getStoreInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetStoreInfo`,
  permission: STORE_EDIT_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: storeRowSchema,
});

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullable();

/**
 * A store as the form sends it. The area is three codes of the /Comm area calls or none; the map
 * point is both coordinates or neither; hours may run past midnight but never start and end at once.
 * Cross-field rules carry their catalogue key in `params.key` and no message of their own, so the
 * form and the server both say them in the operator's language.
 */
export const saveStoreSchema = z
  .strictObject({
    /** Absent: a new store. */
    Id: id.optional(),
    /** The version the edit was based on; required with Id. */
    Version: version.optional(),
    Name: z.string().trim().min(1).max(STORE_NAME_MAX),
    Logo: z.string().trim().max(1000),
    Contact: z.string().trim().max(STORE_CONTACT_MAX),
    Phone: z.string().trim().regex(STORE_PHONE_PATTERN, 'a mainland mobile or a landline with area code'),
    ProvinceCode: areaCode.or(z.literal('')),
    CityCode: areaCode.or(z.literal('')),
    DistrictCode: areaCode.or(z.literal('')),
    Address: z.string().trim().min(1).max(STORE_ADDRESS_MAX),
    Lat: coordinate(LATITUDE_LIMIT),
    Lng: coordinate(LONGITUDE_LIMIT),
    OpenTime: z.string().regex(TIME_PATTERN, 'HH:MM'),
    CloseTime: z.string().regex(TIME_PATTERN, 'HH:MM'),
    Weekdays: z
      .array(
        z
          .number()
          .int()
          .min(WEEKDAYS[0])
          .max(WEEKDAYS[WEEKDAYS.length - 1]!),
      )
      .min(1)
      .max(WEEKDAYS.length),
    Pickup: z.boolean(),
    Sort: z.number().int().min(0).max(9999),
  })
  .superRefine((value, context) => {
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    if ((value.Lat === null) !== (value.Lng === null)) {
      const missing = value.Lat === null ? 'Lat' : 'Lng';
      context.addIssue({
        code: 'custom',
        path: [missing],
        params: { key: 'stores.rule.bothCoordinates' },
      });
    }
    const codes = [value.ProvinceCode, value.CityCode, value.DistrictCode];
    const firstBlank = codes.indexOf('');
    if (firstBlank >= 0 && codes.some((code) => code !== '')) {
      context.addIssue({
        code: 'custom',
        path: [['ProvinceCode', 'CityCode', 'DistrictCode'][firstBlank]!],
        params: { key: 'stores.rule.wholeArea' },
      });
    }
    if (hoursProblem(value.OpenTime, value.CloseTime) === 'same')
      context.addIssue({
        code: 'custom',
        path: ['CloseTime'],
        params: { key: 'stores.rule.sameHours' },
      });
  });

export const saveStore = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetStoreInfo`,
  permission: STORE_EDIT_PERMISSION,
  input: saveStoreSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const pendingPickupSchema = z.object({
  StoreId: z.number().int(),
  StoreName: z.string(),
  /** Up to PENDING_ORDERS_SHOWN order numbers, oldest first. */
  OrderNos: z.array(z.string()),
  Total: z.number().int(),
});
export type PendingPickups = z.infer<typeof pendingPickupSchema>;

/** Pickup orders the stores still have to hand over: what disabling them would leave waiting. */
export const getStorePendingPickups = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetStorePendingPickups`,
  permission: STORE_LIST_PERMISSION,
  input: z.strictObject({
    Ids: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'ids separated by commas')
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .pipe(z.array(id).max(MAX_BULK_STORES)),
  }),
  output: z.object({ Stores: z.array(pendingPickupSchema) }),
});

/**
 * Switches stores on or off. Switching off a store with pickup orders to hand over is refused
 * (Errcode -1, the orders in `Pending`) unless `Confirmed`: the operator has seen them.
 */
export const setStoreStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetStoreState`,
  permission: STORE_LIST_PERMISSION,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_STORES),
    Status: z.enum(STORE_STATUSES),
    Confirmed: z.boolean().default(false),
  }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});

/**
 * Removes stores from the shop. Their orders keep naming them and the studio's links to them are
 * flagged at publish. Refused while a store has store accounts bound or pickup orders to hand over.
 */
export const delStore = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelStore`,
  permission: STORE_LIST_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_STORES) }),
  output: z.object({ Deleted: z.number().int() }),
});

export const storeAccountSchema = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  StoreName: z.string(),
  Disabled: z.boolean(),
});
export type StoreAccount = z.infer<typeof storeAccountSchema>;

/** The store accounts bound to a store, and those of the shop bound to none (which may be bound). */
export const getStoreAccounts = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetStoreAccounts`,
  permission: STORE_EDIT_PERMISSION,
  input: z.strictObject({ StoreId: queryId }),
  output: z.object({ Bound: z.array(storeAccountSchema), Free: z.array(storeAccountSchema) }),
});

/** Binds an existing store account of the shop to a store (moving it from another, if any). */
export const bindStoreAccount = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindStoreAccount`,
  permission: STORE_EDIT_PERMISSION,
  input: z.strictObject({ StoreId: id, AccountId: id }),
  output: z.object({}),
});

/** Unbinds a store account: it then sees no store's orders until bound again. */
export const unbindStoreAccount = defineEndpoint({
  method: 'POST',
  path: `${BASE}/UnbindStoreAccount`,
  permission: STORE_EDIT_PERMISSION,
  input: z.strictObject({ StoreId: id, AccountId: id }),
  output: z.object({}),
});

export const storefrontStoreSchema = storeRowSchema.pick({
  Id: true,
  Name: true,
  Logo: true,
  Phone: true,
  Area: true,
  Address: true,
  Lat: true,
  Lng: true,
  OpenTime: true,
  CloseTime: true,
  Weekdays: true,
  Pickup: true,
});

/**
 * The shop's open stores as its mini-program shows them (store list, pickup-point picker), with the
 * shop's X-Storefront-Key. Switched-off and deleted stores are left out; `Pickup=true` keeps the
 * pickup points only.
 */
export const getStorefrontStores = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetStores',
  permission: 'public',
  input: z.strictObject({ Pickup: queryBoolean.optional() }),
  output: z.object({ Stores: z.array(storefrontStoreSchema) }),
});
