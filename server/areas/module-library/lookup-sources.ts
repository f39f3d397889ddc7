import { and, desc, eq, getTableColumns, ilike, inArray, lte, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { bookingFormState } from '../../../contract/booking';
import type { LookupRow, LookupRowBase } from '../../../contract/endpoints/link-entities';
import type { EntityLinkKind } from '../../../contract/link-targets';
import { timedState } from '../../../contract/timed-state';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { stores } from '../../db/schema';
import { liveRooms } from '../live-rooms/tables';
import { couponValidity } from '../marketing/service';
import {
  bargainEvents,
  bargainGoods,
  bookingForms,
  coupons,
  groupBuyActivities,
  groupBuySkus,
  marketingActivities,
  pointsProducts,
  seckillActivities,
  seckillGoods,
  seckillSkus,
  votes,
} from '../marketing/tables';
import { skus } from '../product/tables';
import { services, technicians } from '../service-shop/tables';
import {
  banquetHalls,
  cases,
  courses,
  dishMenus,
  hotelRooms,
  newsArticles,
  newsColumns,
  quickPayEntries,
} from '../shop-set/tables';

/**
 * Where each entity kind's rows live, for the ModuleLibrary lookups and the publish check's
 * existence check. Goods and categories belong to the product area and are handled apart.
 */

interface EntityTable extends PgTable {
  id: PgColumn;
  siteId: PgColumn;
  title: PgColumn;
  deleted: PgColumn;
  sort: PgColumn;
}

interface BaseColumns {
  id: number;
  title: string;
  image: string;
  status: 'on' | 'off';
  createdAt: Date;
}

export interface LookupSource<K extends EntityLinkKind = EntityLinkKind> {
  table: EntityTable;
  /** Figures read beside the row from the rows under it (an activity's goods and prices). */
  extra?: Record<string, SQL>;
  toRow: (row: BaseColumns & Record<string, unknown>, now: Date) => LookupRow<K>;
  /** Extra filters of the kind's lookup (news by column). */
  filter?: (input: Record<string, unknown>) => SQL | undefined;
  /**
   * Rows whose time is over at `now`, for kinds that end (points goods, activities): flagged by the
   * publish check, and left out of the lookup unless `listsEnded`.
   */
  ended?: (now: Date) => SQL;
  /** Ended rows stay in the lookup with their state (booking forms: a block says "ended"); the publish check still flags them. */
  listsEnded?: boolean;
}

export type LinkTableKind = Exclude<EntityLinkKind, 'product' | 'category'>;

const iso = (value: unknown) => (value as Date).toISOString();

function baseOf(row: BaseColumns): LookupRowBase {
  return {
    Id: row.id,
    Title: row.title,
    Image: row.image,
    Status: row.status,
    CreatedAt: row.createdAt.toISOString(),
  };
}

function source<K extends LinkTableKind, T extends EntityTable>(
  table: T,
  extra: (row: T['$inferSelect']) => Omit<LookupRow<K>, keyof LookupRowBase>,
  filter?: LookupSource<K>['filter'],
  ended?: LookupSource<K>['ended'],
): LookupSource<K> {
  return {
    table,
    toRow: (row) => ({ ...baseOf(row), ...extra(row as T['$inferSelect']) }) as LookupRow<K>,
    ...(filter ? { filter } : {}),
    ...(ended ? { ended } : {}),
  };
}

/** The headline offer of an activity: its cheapest price, the list price of that SKU, its good. */
interface Offer {
  productId: number | null;
  priceFen: number;
  originalPriceFen: number;
}

type OfferColumns = { startsAt: Date; endsAt: Date; status: 'on' | 'off'; offer: Offer | null };

/**
 * A seckill, group-buy or bargain activity with its headline offer read from its goods, and its
 * real state (time and switch) at the moment of the lookup. The subqueries name the outer table in
 * full: drizzle writes a single table's columns unqualified, which the subquery would take as its own.
 */
function offerSource<
  K extends 'seckill' | 'groupBuy' | 'bargain',
  T extends EntityTable & { endsAt: PgColumn },
>(
  table: T,
  extra: Record<string, SQL> & { offer: SQL },
  more: (row: T['$inferSelect'] & Record<string, unknown>) => Record<string, unknown> = () => ({}),
): LookupSource<K> {
  return {
    table,
    extra,
    ended: (now) => lte(table.endsAt, now),
    listsEnded: true,
    toRow: (row, now) => {
      const full = row as unknown as BaseColumns & OfferColumns & T['$inferSelect'];
      return {
        ...baseOf(full),
        ProductId: full.offer?.productId ?? null,
        PriceFen: full.offer?.priceFen ?? 0,
        OriginalPriceFen: full.offer?.originalPriceFen ?? 0,
        ...window(full),
        State: timedState(full, now),
        ...more(full),
      } as unknown as LookupRow<K>;
    },
  };
}

const seckillOffer = sql`(select json_build_object('productId', ss.product_id, 'priceFen', ss.price_fen,
    'originalPriceFen', coalesce(s.price_fen, ss.price_fen))
  from ${seckillSkus} ss join ${seckillGoods} g on g.id = ss.seckill_goods_id and not g.deleted
  left join ${skus} s on s.id = ss.sku_id
  where ss.activity_id = seckill_activities.id order by ss.price_fen, ss.id limit 1)`;
const seckillUnits = sql`(select json_build_object('stock', coalesce(sum(ss.stock), 0), 'sold', coalesce(sum(ss.sold), 0))
  from ${seckillSkus} ss join ${seckillGoods} g on g.id = ss.seckill_goods_id and not g.deleted
  where ss.activity_id = seckill_activities.id)`;
const groupBuyOffer = sql`(select json_build_object('productId', group_buy_activities.product_id,
    'priceFen', gs.price_fen, 'originalPriceFen', coalesce(s.price_fen, gs.price_fen))
  from ${groupBuySkus} gs left join ${skus} s on s.id = gs.sku_id
  where gs.activity_id = group_buy_activities.id order by gs.price_fen, gs.id limit 1)`;
const bargainOffer = sql`(select json_build_object('productId', b.product_id, 'priceFen', b.floor_price_fen,
    'originalPriceFen', coalesce(s.price_fen, b.floor_price_fen))
  from ${bargainGoods} b left join ${skus} s on s.id = b.sku_id
  where b.event_id = bargain_events.id and not b.deleted and b.status = 'on'
  order by b.sort desc, b.id limit 1)`;

const summary = (row: { summary: string }) => ({ Summary: row.summary });
const window = (row: { startsAt: Date; endsAt: Date }) => ({
  StartsAt: iso(row.startsAt),
  EndsAt: iso(row.endsAt),
});

export const LOOKUP_SOURCES: { [K in LinkTableKind]: LookupSource<K> } = {
  activity: source(
    marketingActivities,
    (row) => ({
      ...summary(row),
      ...window(row),
      State: timedState(row, new Date()),
      EntryMode: row.entryMode,
      PointsCost: row.pointsCost,
    }),
    undefined,
    (now) => sql`${marketingActivities.endsAt} <= ${now.toISOString()}::timestamptz`,
  ),
  groupBuy: offerSource(groupBuyActivities, { offer: groupBuyOffer }, (row) => ({
    GroupSize: row.groupSize,
  })),
  seckill: offerSource(seckillActivities, { offer: seckillOffer, units: seckillUnits }, (row) => {
    const units = row.units as { stock: number; sold: number } | null;
    return { Stock: Number(units?.stock ?? 0), Sold: Number(units?.sold ?? 0) };
  }),
  news: source(
    newsArticles,
    (row) => ({
      ...summary(row),
      ColumnId: row.columnId,
      Views: row.views,
      PublishedAt: iso(row.publishedAt),
    }),
    (input) => (typeof input.ColumnId === 'number' ? eq(newsArticles.columnId, input.ColumnId) : undefined),
  ),
  column: source(newsColumns, summary),
  bookingForm: {
    ...source(
      bookingForms,
      (row) => ({
        ...summary(row),
        ...window(row),
        State: bookingFormState(
          { Status: row.status, StartsAt: row.startsAt, EndsAt: row.endsAt },
          new Date(),
        ),
        Price: row.price,
      }),
      undefined,
      (now) => sql`${bookingForms.endsAt} <= ${now.toISOString()}::timestamptz`,
    ),
    listsEnded: true,
  },
  course: source(courses, (row) => ({
    PriceFen: row.priceFen,
    Lessons: row.lessons,
    Students: row.students,
    Teacher: row.teacher,
  })),
  case: source(cases, summary),
  hotel: source(hotelRooms, (row) => ({ PriceFen: row.priceFen, Area: row.area, Bed: row.bed })),
  hall: source(banquetHalls, (row) => ({ PriceFen: row.priceFen, Tables: row.tables })),
  // A coupon has a state instead of the on/off switch: it is "on" while it is on offer.
  coupon: {
    table: coupons,
    toRow: (row) => {
      const coupon = row as unknown as typeof coupons.$inferSelect;
      return {
        ...baseOf({ ...row, status: coupon.state === 'active' ? 'on' : 'off' }),
        CouponType: coupon.discountType,
        Value: coupon.value,
        ThresholdFen: coupon.thresholdFen,
        State: coupon.state,
        ...window(coupon),
        Validity: couponValidity(coupon),
      };
    },
  },
  store: source(stores, (row) => ({
    Address: row.address,
    Tel: row.tel,
    Latlng: row.latlng,
    Hours: row.hours,
  })),
  quickPay: source(quickPayEntries, summary),
  menu: source(dishMenus, summary),
  bargain: offerSource(bargainEvents, { offer: bargainOffer }),
  pointsProduct: source(
    pointsProducts,
    (row) => ({ Points: row.points, PriceFen: row.priceFen, Stock: row.stock }),
    undefined,
    (now) =>
      sql`(${pointsProducts.endsAt} is not null and ${pointsProducts.endsAt} <= ${now.toISOString()}::timestamptz)`,
  ),
  liveRoom: source(liveRooms, (row) => ({ Anchor: row.anchor, ...window(row) })),
  vote: source(votes, (row) => ({
    Options: row.options,
    Votes: row.options.map((_, index) => row.optionVotes[index] ?? 0),
    EndsAt: iso(row.endsAt),
  })),
  technician: source(technicians, (row) => ({
    JobTitle: row.jobTitle,
    Skills: row.skills,
    StoreId: row.storeId,
    Rating: row.rating,
  })),
  service: source(services, (row) => ({
    PriceFen: row.priceFen,
    Minutes: row.minutes,
    TechnicianIds: row.technicianIds,
    BookingFormId: row.bookingFormId,
    Rating: row.rating,
  })),
};

export function parseIds(ids: string | undefined): number[] {
  return ids ? ids.split(',').map(Number) : [];
}

/** A shop's live (not deleted) rows of one kind: searched, filtered and paged. */
export async function lookupRows<K extends LinkTableKind>(
  db: Database,
  siteId: number,
  lookup: LookupSource<K>,
  input: { page: number; pageSize: number; Keyword?: string; Ids?: string } & Record<string, unknown>,
): Promise<{ Data: LookupRow<K>[]; Total: number }> {
  const { table } = lookup;
  const conditions: (SQL | undefined)[] = [eq(table.siteId, siteId), eq(table.deleted, false)];
  if (input.Keyword) conditions.push(ilike(table.title, containsPattern(input.Keyword)));
  const ids = parseIds(input.Ids);
  if (ids.length > 0) conditions.push(inArray(table.id, ids));
  conditions.push(lookup.filter?.(input));
  if (lookup.ended && !lookup.listsEnded) conditions.push(not(lookup.ended(new Date())));
  const where = and(...conditions);
  const rows = (await db
    .select({ ...getTableColumns(table), ...lookup.extra })
    .from(table)
    .where(where)
    .orderBy(desc(table.sort), desc(table.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)) as unknown as (BaseColumns & Record<string, unknown>)[];
  const total = await db.$count(table, where);
  const now = new Date();
  return { Data: rows.map((row) => lookup.toRow(row, now)), Total: total };
}

/** The ids among `ids` that are the shop's and not deleted. */
export async function liveIds(
  db: Database,
  siteId: number,
  table: EntityTable,
  ids: readonly number[],
): Promise<ReadonlySet<number>> {
  const rows = (await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.siteId, siteId), eq(table.deleted, false), inArray(table.id, [...ids])))) as {
    id: number;
  }[];
  return new Set(rows.map((row) => row.id));
}

/** The ids among `ids` that are the shop's and ended (see LookupSource.ended). */
export async function endedIds(
  db: Database,
  siteId: number,
  lookup: LookupSource,
  ids: readonly number[],
): Promise<ReadonlySet<number>> {
  if (!lookup.ended) return new Set();
  const { table } = lookup;
  const rows = (await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.siteId, siteId), inArray(table.id, [...ids]), lookup.ended(new Date())))) as {
    id: number;
  }[];
  return new Set(rows.map((row) => row.id));
}
