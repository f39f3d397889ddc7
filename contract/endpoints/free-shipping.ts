import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import {
  FREE_SHIPPING_AMOUNT_MAX_FEN,
  FREE_SHIPPING_GOODS_MAX,
  FREE_SHIPPING_GOODS_SCOPES,
  FREE_SHIPPING_NAME_MAX,
  FREE_SHIPPING_QUANTITY_MAX,
  FREE_SHIPPING_REGION_SCOPES,
  FREE_SHIPPING_REGIONS_MAX,
  FREE_SHIPPING_STATES,
  FREE_SHIPPING_THRESHOLDS,
  freeShippingProblems,
} from '../free-shipping';
import { REGION_CODE_PATTERN } from '../freight';
import { type ListResource, sortParam } from '../list-query';
import { id, queryId, version } from '../scalars';
import { namedRegionSchema } from './freight-templates';

/**
 * Free-shipping activities (SPEC §2 /marketing/deliveryActivities, issue 18 §5): listed by their
 * time-and-switch state, saved under the exclusion rule of contract/free-shipping.ts, switched and
 * deleted. The storefront's freight quote and order creation apply the one that covers a cart.
 */

export const DELIVERY_ACTIVITIES_PERMISSION = '/marketing/deliveryActivities';
const BASE = '/DistributorsShopMarketing';

export const FREE_SHIPPING_TABS = ['all', ...FREE_SHIPPING_STATES] as const;
export const MAX_BULK_FREE_SHIPPING = 100;
export const FREE_SHIPPING_SORTS = ['startsAt', 'createdAt'] as const;

const goodsSchema = z.object({ Id: z.number().int(), Name: z.string(), Image: z.string() });

export const freeShippingRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Threshold: z.enum(FREE_SHIPPING_THRESHOLDS),
  MinimumFen: z.number().int(),
  MinimumQuantity: z.number().int(),
  RegionScope: z.enum(FREE_SHIPPING_REGION_SCOPES),
  Regions: z.array(namedRegionSchema),
  GoodsScope: z.enum(FREE_SHIPPING_GOODS_SCOPES),
  /** How many goods it lists (chosen or excepted). */
  GoodsCount: z.number().int(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  Status: z.enum(['on', 'off']),
  State: z.enum(FREE_SHIPPING_STATES),
  /** Orders placed with its freight waiver. */
  Orders: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
});
export type FreeShippingRow = z.infer<typeof freeShippingRowSchema>;

export const getFreeShippingList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetDeliveryActivityList`,
  permission: DELIVERY_ACTIVITIES_PERMISSION,
  input: listQuerySchema.extend({
    state: z.enum(FREE_SHIPPING_TABS).default('all'),
    /** Name contains it. */
    keyword: z.string().trim().max(FREE_SHIPPING_NAME_MAX).optional(),
    sort: sortParam(FREE_SHIPPING_SORTS).default('-createdAt'),
  }),
  output: pagedSchema(freeShippingRowSchema).extend({
    Counts: tabCountsSchema(FREE_SHIPPING_TABS),
  }),
});

export const freeShippingListResource: ListResource = {
  resource: 'freeShipping',
  list: getFreeShippingList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'state', values: FREE_SHIPPING_TABS, default: 'all' },
  sortFields: FREE_SHIPPING_SORTS,
  defaultSort: '-createdAt',
};

export const freeShippingDetailSchema = freeShippingRowSchema.extend({ Goods: z.array(goodsSchema) });
export type FreeShippingDetail = z.infer<typeof freeShippingDetailSchema>;

export const getFreeShippingInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetDeliveryActivityInfo`,
  permission: DELIVERY_ACTIVITIES_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: freeShippingDetailSchema,
});

const instant = z.iso.datetime({ offset: true });

/**
 * An activity as the form sends it: no `Id` to create, `Id` with the `Version` read to save. The
 * rules the schema cannot say alone carry their catalogue key in `params.key`.
 */
export const freeShippingFormSchema = z
  .strictObject({
    Id: id.optional(),
    /** Required with Id. */
    Version: version.optional(),
    Name: z.string().trim().min(1).max(FREE_SHIPPING_NAME_MAX),
    StartsAt: instant,
    EndsAt: instant,
    Threshold: z.enum(FREE_SHIPPING_THRESHOLDS),
    /** With `amount`; 0 otherwise. */
    MinimumFen: z.number().int().min(0).max(FREE_SHIPPING_AMOUNT_MAX_FEN),
    /** With `quantity`; 0 otherwise. */
    MinimumQuantity: z.number().int().min(0).max(FREE_SHIPPING_QUANTITY_MAX),
    RegionScope: z.enum(FREE_SHIPPING_REGION_SCOPES),
    /** Province and city codes of the area calls; with `chosen` regions. */
    Regions: z.array(z.string().regex(REGION_CODE_PATTERN)).max(FREE_SHIPPING_REGIONS_MAX),
    GoodsScope: z.enum(FREE_SHIPPING_GOODS_SCOPES),
    /** Goods of the catalogue chosen or excepted; with a scope other than `all`. */
    ProductIds: z.array(id).max(FREE_SHIPPING_GOODS_MAX),
    Status: z.enum(['on', 'off']),
  })
  .superRefine((value, context) => {
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    for (const problem of freeShippingProblems(value))
      context.addIssue({ code: 'custom', path: [problem.field], params: { key: problem.key } });
  });
export type FreeShippingForm = z.infer<typeof freeShippingFormSchema>;

/**
 * Creates or saves an activity. Switched on, it may not cover goods and regions another switched-on
 * activity covers at the same time (contract/free-shipping.ts, the exclusion rule): refused on
 * `Regions`, naming the other activity.
 */
export const bindFreeShipping = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindDeliveryActivity`,
  permission: DELIVERY_ACTIVITIES_PERMISSION,
  input: freeShippingFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Switches activities on or off (switching on checks the exclusion rule); those already so are left. */
export const setFreeShippingStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetDeliveryActivityStatus`,
  permission: DELIVERY_ACTIVITIES_PERMISSION,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_FREE_SHIPPING),
    Status: z.enum(['on', 'off']),
  }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Deletes activities: they stop waiving freight at once; orders keep the waiver they were given. */
export const deleteFreeShipping = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelDeliveryActivity`,
  permission: DELIVERY_ACTIVITIES_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_FREE_SHIPPING) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});
