import { z } from 'zod';
import { BOOKING_PRICES } from '../booking';
import { COUPON_KINDS } from '../coupon-rules';
import { defineEndpoint, type EndpointDefinition } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { ENTITY_LINK_KINDS, type EntityLinkKind } from '../link-targets';
import { ENTRY_MODES } from '../lottery';
import { COUPON_STATES } from '../machines/coupon';
import { queryId } from '../scalars';
import { TIMED_STATES } from '../timed-state';
import { validitySchema } from './coupons';
import { EDIT_TEMPLATE_PERMISSION } from './module-library';

/**
 * The ModuleLibrary lookups of SPEC §7: a shop's live rows of each entity a decorated block can link
 * to or draw, for the studio's link picker and its blocks. Rows are the shop's own and never deleted
 * ones, ordered as the owning module sorts them (sort, then newest); `Keyword` searches the title and
 * `Ids` fetches the rows a block chose by hand.
 */

export const MAX_LOOKUP_IDS = 100;

export const lookupQuerySchema = listQuerySchema.omit({ sort: true }).extend({
  Keyword: z.string().trim().max(40).optional(),
  /** Comma-separated ids, e.g. `3,1,2`. */
  Ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/)
    .refine((value) => value.split(',').length <= MAX_LOOKUP_IDS)
    .optional(),
});
export type LookupQuery = z.input<typeof lookupQuerySchema>;

const int = () => z.number().int();
const instant = () => z.string();

const base = z.object({
  Id: int(),
  Title: z.string(),
  Image: z.string(),
  /** `off`: disabled by the shop; a link to it still works but shows nothing to buy. */
  Status: z.enum(['on', 'off']),
  CreatedAt: instant(),
});
export type LookupRowBase = z.infer<typeof base>;

const summary = { Summary: z.string() };
const window = { StartsAt: instant(), EndsAt: instant() };
/**
 * An activity's headline offer (its cheapest price and that SKU's list price) and its real state:
 * time and the shop's switch (contract/timed-state.ts).
 */
const offer = {
  ProductId: int().nullable(),
  PriceFen: int(),
  OriginalPriceFen: int(),
  ...window,
  State: z.enum(TIMED_STATES),
};

export const lookupRowSchemas = {
  product: base.extend({ Subtitle: z.string(), PriceFen: int(), MarketPriceFen: int(), Sales: int() }),
  category: base.extend({ ParentId: int().nullable() }),
  /** A lucky draw: its window, its real state (time and the shop's switch) and how it is entered. */
  activity: base.extend({
    ...summary,
    ...window,
    State: z.enum(TIMED_STATES),
    EntryMode: z.enum(ENTRY_MODES),
    PointsCost: int(),
  }),
  groupBuy: base.extend({ ...offer, GroupSize: int() }),
  /** Stock: seckill units left; Sold: taken by orders not closed. */
  seckill: base.extend({ ...offer, Stock: int(), Sold: int() }),
  news: base.extend({ ...summary, ColumnId: int().nullable(), Views: int(), PublishedAt: instant() }),
  column: base.extend(summary),
  /** A booking form's window and its real state (time and the shop's switch); Price: free or a deposit. */
  bookingForm: base.extend({
    ...summary,
    ...window,
    State: z.enum(TIMED_STATES),
    Price: z.enum(BOOKING_PRICES),
  }),
  course: base.extend({ PriceFen: int(), Lessons: int(), Students: int(), Teacher: z.string() }),
  case: base.extend(summary),
  hotel: base.extend({ PriceFen: int(), Area: z.string(), Bed: z.string() }),
  hall: base.extend({ PriceFen: int(), Tables: int() }),
  coupon: base.extend({
    /** `amount`: Value is fen off; `discount`: Value is the percent paid (85 = 8.5折); `freeShipping`: 0. */
    CouponType: z.enum(COUPON_KINDS),
    Value: int(),
    ThresholdFen: int(),
    /** `Status` is `on` while it is active; an ended coupon is flagged by the publish check. */
    State: z.enum(COUPON_STATES),
    /** The claim window. */
    ...window,
    Validity: validitySchema,
  }),
  store: base.extend({ Address: z.string(), Tel: z.string(), Latlng: z.string(), Hours: z.string() }),
  quickPay: base.extend(summary),
  menu: base.extend(summary),
  bargain: base.extend(offer),
  pointsProduct: base.extend({ Points: int(), PriceFen: int(), Stock: int() }),
  liveRoom: base.extend({ Anchor: z.string(), ...window }),
  /** `Votes[i]`: ballots cast for `Options[i]`. */
  vote: base.extend({ Options: z.array(z.string()), Votes: z.array(int()), EndsAt: instant() }),
  /** `Rating`: tenths of a star, 0–50. */
  technician: base.extend({
    JobTitle: z.string(),
    Skills: z.array(z.string()),
    StoreId: int().nullable(),
    Rating: int(),
  }),
  service: base.extend({
    PriceFen: int(),
    Minutes: int(),
    TechnicianIds: z.array(int()),
    BookingFormId: int().nullable(),
    Rating: int(),
  }),
} satisfies Record<EntityLinkKind, z.ZodType>;

export type LookupRow<K extends EntityLinkKind> = z.infer<(typeof lookupRowSchemas)[K]>;

/** The SPEC §7 lookup names. */
const PATHS: Record<EntityLinkKind, string> = {
  product: 'GetProductList',
  category: 'GetProductTypeList',
  activity: 'GetActivityList',
  groupBuy: 'GetGroupBuyList',
  seckill: 'GetSeckillList',
  news: 'GetNewsList',
  column: 'GetColumnList',
  bookingForm: 'GetReservationList',
  course: 'GetCourseList',
  case: 'GetCaseList',
  hotel: 'GetHotelList',
  hall: 'GetHallList',
  coupon: 'GetCouponList',
  store: 'GetStoreList',
  quickPay: 'GetQuickPayList',
  menu: 'GetCateringMenuList',
  bargain: 'GetCutPriceList',
  pointsProduct: 'GetIntegralProductList',
  liveRoom: 'GetLiveRoomList',
  vote: 'GetVoteList',
  technician: 'GetTechnicianList',
  service: 'GetServiceList',
};

/** News can also be listed by column, as the news-list block does. */
const INPUTS = {
  news: lookupQuerySchema.extend({ ColumnId: queryId.optional() }),
} as const;

export type LookupPage<K extends EntityLinkKind> = { Data: LookupRow<K>[]; Total: number };

type LookupEndpoints = {
  [K in EntityLinkKind]: EndpointDefinition<
    K extends keyof typeof INPUTS ? (typeof INPUTS)[K] : typeof lookupQuerySchema,
    z.ZodType<LookupPage<K>, LookupPage<K>>
  >;
};

function lookup<K extends EntityLinkKind>(kind: K) {
  return defineEndpoint({
    method: 'GET',
    path: `/ModuleLibrary/${PATHS[kind]}`,
    // The picker serves whoever may edit templates, without needing each module's own menu.
    permission: EDIT_TEMPLATE_PERMISSION,
    input: kind in INPUTS ? INPUTS[kind as keyof typeof INPUTS] : lookupQuerySchema,
    output: pagedSchema(lookupRowSchemas[kind]),
  });
}

export const lookupEndpoints = Object.fromEntries(
  ENTITY_LINK_KINDS.map((kind) => [kind, lookup(kind)]),
) as unknown as LookupEndpoints;
