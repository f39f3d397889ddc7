import { z } from 'zod';
import { CUT_MODES } from '../bargain-cut';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { BUY_MODES, DealPermission, LAUNCH_STATES, SWITCH_ACTIONS } from '../machines/deals';
import { orderMachine } from '../machines/order';
import { fen, id, queryId, version } from '../scalars';
import {
  activityFields,
  activityRowFields,
  countdownListFields,
  countdownListResource,
  dealCountsSchema,
  dealListQuerySchema,
  dealListResource,
  endsAfterStart,
  memberLimit,
  RULES_MAX,
  switchInputSchema,
  switchOutputSchema,
  taxisInputSchema,
} from './deal-common';

/**
 * Bargains (SPEC §2 bargainActivity, editBargain, bargainText, bargainDetails,
 * bargainDefiniteDetails; SPEC §7 /DistributorsShopProduct/ bargain calls). An event holds goods,
 * each one SKU with a floor price, a first cut, a cut mode and the helps it takes to reach the
 * floor; buyers launch bargains on them and friends help cut the price.
 */

const BASE = '/DistributorsShopProduct';

export const MAX_HELPERS_NEEDED = 100;
export const MAX_LAUNCH_HOURS = 720;

export const bargainEventRowSchema = z.object({
  ...activityRowFields,
  GoodsCount: z.number().int(),
  Launches: z.number().int(),
  Successes: z.number().int(),
});
export type BargainEventRow = z.infer<typeof bargainEventRowSchema>;

export const getBargainEventList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEventList`,
  permission: DealPermission.bargain,
  input: dealListQuerySchema,
  output: pagedSchema(bargainEventRowSchema).extend({ Counts: dealCountsSchema }),
});

export const bargainEventListResource: ListResource = dealListResource('bargain', getBargainEventList);

export const bargainEventDetailSchema = bargainEventRowSchema.extend({ Rules: z.string() });

export const getBargainEventInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEventInfo`,
  permission: DealPermission.bargain,
  input: z.strictObject({ id: queryId }),
  output: bargainEventDetailSchema,
});

export const bargainEventFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    ...activityFields,
    /** Left out: the rules stay as they are (the rules page saves them alone). */
    Rules: z.string().max(RULES_MAX).optional(),
  })
  .superRefine(endsAfterStart);
export type BargainEventForm = z.input<typeof bargainEventFormSchema>;

export const bindBargainEventInfo = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindBargainEventInfo`,
  permission: DealPermission.bargainEdit,
  input: bargainEventFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Rules text alone (bargainText), with the version it was read at. */
export const bindBargainRules = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindBargainRules`,
  permission: DealPermission.bargainText,
  input: z.strictObject({ Id: id, Version: version, Rules: z.string().max(RULES_MAX) }),
  output: z.object({ Version: z.number().int() }),
});

export const bindBargainUpdateStateAndDel = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindBargainUpdateStateAndDel`,
  permission: DealPermission.bargain,
  input: switchInputSchema,
  output: switchOutputSchema,
});

export const setBargainEventTaxis = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetBargainEventTaxis`,
  permission: DealPermission.bargain,
  input: taxisInputSchema,
  output: z.object({ Sort: z.number().int() }),
});

// ---- the goods of an event ----------------------------------------------------------------------

export const bargainGoodsRowSchema = z.object({
  Id: z.number().int(),
  EventId: z.number().int(),
  ProductId: z.number().int(),
  SkuId: z.number().int(),
  Name: z.string(),
  SpecText: z.string(),
  Image: z.string(),
  /** The SKU's own price now; a launch starts from it less the first cut. */
  PriceFen: z.number().int(),
  FloorPriceFen: z.number().int(),
  FirstCutFen: z.number().int(),
  CutMode: z.enum(CUT_MODES),
  HelpersNeeded: z.number().int(),
  Hours: z.number().int(),
  BuyMode: z.enum(BUY_MODES),
  LaunchLimit: z.number().int(),
  Status: z.enum(['on', 'off']),
  Sort: z.number().int(),
  Launches: z.number().int(),
  Successes: z.number().int(),
  Version: z.number().int(),
});
export type BargainGoodsRow = z.infer<typeof bargainGoodsRowSchema>;

export const getBargainEventAndProductList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEventAndProductList`,
  permission: DealPermission.bargainEdit,
  input: listQuerySchema.extend({ EventId: queryId }),
  output: pagedSchema(bargainGoodsRowSchema),
});

export const getBargainEventAndProductInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEventAndProductInfo`,
  permission: DealPermission.bargainEdit,
  input: z.strictObject({ id: queryId }),
  output: bargainGoodsRowSchema,
});

/** The rules of a bargain good, checked as one: the floor below the price is checked on save. */
export const bargainGoodsFields = {
  FloorPriceFen: fen,
  FirstCutFen: fen,
  CutMode: z.enum(CUT_MODES),
  HelpersNeeded: z.number().int().min(1).max(MAX_HELPERS_NEEDED),
  Hours: z.number().int().min(1).max(MAX_LAUNCH_HOURS),
  BuyMode: z.enum(BUY_MODES),
  LaunchLimit: memberLimit,
  Sort: taxisInputSchema.shape.Sort,
};

export const bindAddBargainEventAndProduct = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindAddBargainEventAndProduct`,
  permission: DealPermission.bargainEdit,
  input: z.strictObject({ EventId: id, SkuId: id, ...bargainGoodsFields }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const bindBargainEventAndProductInfo = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindBargainEventAndProductInfo`,
  permission: DealPermission.bargainEdit,
  input: z.strictObject({ Id: id, Version: version, ...bargainGoodsFields }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Switches goods of an event on or off, or takes them out of it. */
export const setBargainEventAndProductInfo = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetBargainEventAndProductInfo`,
  permission: DealPermission.bargainEdit,
  input: z.strictObject({ Ids: switchInputSchema.shape.Ids, Action: z.enum(SWITCH_ACTIONS) }),
  output: switchOutputSchema,
});

// ---- launches and helps -------------------------------------------------------------------------

export const LAUNCH_TABS = ['all', ...LAUNCH_STATES] as const;

export const launchRowSchema = z.object({
  Id: z.number().int(),
  EventId: z.number().int(),
  EventTitle: z.string(),
  GoodsId: z.number().int(),
  GoodsName: z.string(),
  SpecText: z.string(),
  Image: z.string(),
  BuyerId: z.string(),
  BuyerName: z.string(),
  State: z.enum(LAUNCH_STATES),
  StartFen: z.number().int(),
  CurrentFen: z.number().int(),
  FloorFen: z.number().int(),
  Helps: z.number().int(),
  HelpersNeeded: z.number().int(),
  ExpiresAt: z.string(),
  EndedAt: z.string().nullable(),
  CreatedAt: z.string(),
  OrderId: z.number().int().nullable(),
  OrderNo: z.string().nullable(),
  OrderState: z.enum(orderMachine.states).nullable(),
});
export type LaunchRow = z.infer<typeof launchRowSchema>;

export const getBargainEventAccountList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEventAccountList`,
  permission: DealPermission.bargainLaunches,
  input: listQuerySchema.extend({
    state: z.enum(LAUNCH_TABS).default('all'),
    EventId: queryId.optional(),
    /** `keyword`: the buyer's name contains it. */
    ...countdownListFields,
  }),
  output: pagedSchema(launchRowSchema).extend({ Counts: tabCountsSchema(LAUNCH_TABS) }),
});

export const launchListResource: ListResource = countdownListResource(
  'launches',
  getBargainEventAccountList,
  LAUNCH_TABS,
  {
    name: 'event',
    param: 'EventId',
  },
);

export const helpRowSchema = z.object({
  Id: z.number().int(),
  HelperId: z.string(),
  HelperName: z.string(),
  CutFen: z.number().int(),
  /** The launch's price after this help. */
  AfterFen: z.number().int(),
  At: z.string(),
});

/** A launch with every help, in the order they came (bargainDefiniteDetails). */
export const getBargainEventAccountInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEventAccountInfo`,
  permission: DealPermission.bargainLaunch,
  input: z.strictObject({ id: queryId }),
  output: launchRowSchema.extend({ HelpRecords: z.array(helpRowSchema) }),
});
