import { and, desc, eq, ilike, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LookupRow, LookupRowBase } from '../../../contract/endpoints/link-entities';
import type { EntityLinkKind } from '../../../contract/link-targets';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { stores } from '../../db/schema';
import { couponValidity } from '../marketing/service';
import {
  bargainEvents,
  bookingForms,
  coupons,
  groupBuyActivities,
  marketingActivities,
  pointsProducts,
  seckillActivities,
  votes,
} from '../marketing/tables';
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
import { liveRooms } from '../small-routine/tables';

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
  toRow: (row: BaseColumns & Record<string, unknown>) => LookupRow<K>;
  /** Extra filters of the kind's lookup (news by column). */
  filter?: (input: Record<string, unknown>) => SQL | undefined;
  /** Rows whose time is over at `now`, for kinds that end (points goods): left out of the lookup, flagged by the publish check. */
  ended?: (now: Date) => SQL;
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

const summary = (row: { summary: string }) => ({ Summary: row.summary });
const window = (row: { startsAt: Date; endsAt: Date }) => ({
  StartsAt: iso(row.startsAt),
  EndsAt: iso(row.endsAt),
});
const offer = (row: {
  productId: number | null;
  priceFen: number;
  originalPriceFen: number;
  startsAt: Date;
  endsAt: Date;
}) => ({
  ProductId: row.productId,
  PriceFen: row.priceFen,
  OriginalPriceFen: row.originalPriceFen,
  ...window(row),
});

export const LOOKUP_SOURCES: { [K in LinkTableKind]: LookupSource<K> } = {
  activity: source(marketingActivities, (row) => ({ ...summary(row), ...window(row) })),
  groupBuy: source(groupBuyActivities, (row) => ({ ...offer(row), GroupSize: row.groupSize })),
  seckill: source(seckillActivities, (row) => ({ ...offer(row), Stock: row.stock })),
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
  bookingForm: source(bookingForms, summary),
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
  bargain: source(bargainEvents, offer),
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
  if (lookup.ended) conditions.push(not(lookup.ended(new Date())));
  const where = and(...conditions);
  const rows = (await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.sort), desc(table.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)) as unknown as (BaseColumns & Record<string, unknown>)[];
  const total = await db.$count(table, where);
  return { Data: rows.map(lookup.toRow), Total: total };
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
