import type {
  ActivityProductRow,
  BookingFormRow,
  CouponRow,
  CourseRow,
  DataRequest,
  DataSource,
  LiveRoomRow,
  LotteryRow,
  NewsRow,
  PointsProductRow,
  RoomRow,
  ServiceRow,
  StoreRow,
  VoteRow,
} from '../../components-catalog/data-rows';
import { type LookupQuery, type LookupRow, lookupEndpoints } from '../../contract/endpoints/link-entities';
import type { EntityLinkKind } from '../../contract/link-targets';

/**
 * Live rows of the non-goods blocks (coupons, offers, news, stores, verticals), read from the
 * ModuleLibrary lookups and shaped as the block renderers draw them.
 */

function offerRow(row: LookupRow<'seckill' | 'groupBuy' | 'bargain'>): ActivityProductRow {
  return {
    id: row.Id,
    name: row.Title,
    image: row.Image,
    price: row.PriceFen,
    ...(row.OriginalPriceFen > row.PriceFen ? { originalPrice: row.OriginalPriceFen } : {}),
    startsAt: row.StartsAt,
    endsAt: row.EndsAt,
    state: row.State,
  };
}

/** The share of a seckill's units sold, in whole percent. */
function soldPercent(row: LookupRow<'seckill'>): number {
  const total = row.Sold + row.Stock;
  return total === 0 ? 0 : Math.round((row.Sold * 100) / total);
}

function liveState(row: { StartsAt: string; EndsAt: string }, now: number): LiveRoomRow['status'] {
  if (Date.parse(row.StartsAt) > now) return 'upcoming';
  return Date.parse(row.EndsAt) > now ? 'live' : 'ended';
}

interface EntitySource<K extends EntityLinkKind> {
  kind: K;
  toRow: (row: LookupRow<K>, now: number) => unknown;
}

const source = <K extends EntityLinkKind>(kind: K, toRow: EntitySource<K>['toRow']): EntitySource<K> => ({
  kind,
  toRow,
});

export const ENTITY_SOURCES: Partial<Record<DataSource, EntitySource<EntityLinkKind>>> = {
  coupons: source(
    'coupon',
    (row): CouponRow => ({
      id: row.Id,
      name: row.Title,
      type: row.CouponType,
      value: row.Value,
      threshold: row.ThresholdFen,
      ...(row.Validity.kind === 'fixed'
        ? {
            validText: `${row.Validity.from.replaceAll('-', '.')}-${row.Validity.until.replaceAll('-', '.')}`,
          }
        : { validText: '', validDays: row.Validity.days }),
    }),
  ),
  seckill: source('seckill', (row) => ({
    ...offerRow(row),
    stock: row.Stock,
    soldPercent: soldPercent(row),
  })),
  groupBuy: source('groupBuy', (row) => ({ ...offerRow(row), groupSize: row.GroupSize })),
  bargain: source('bargain', offerRow),
  pointsProducts: source(
    'pointsProduct',
    (row): PointsProductRow => ({
      id: row.Id,
      name: row.Title,
      image: row.Image,
      points: row.Points,
      price: row.PriceFen,
    }),
  ),
  news: source(
    'news',
    (row): NewsRow => ({
      id: row.Id,
      title: row.Title,
      image: row.Image,
      summary: row.Summary,
      publishedAt: row.PublishedAt,
      views: row.Views,
    }),
  ),
  stores: source(
    'store',
    (row): StoreRow => ({
      id: row.Id,
      name: row.Title,
      image: row.Image,
      address: row.Address,
      tel: row.Tel,
      hours: row.Hours,
    }),
  ),
  courses: source(
    'course',
    (row): CourseRow => ({
      id: row.Id,
      title: row.Title,
      image: row.Image,
      price: row.PriceFen,
      lessons: row.Lessons,
      students: row.Students,
      teacher: row.Teacher,
    }),
  ),
  rooms: source(
    'hotel',
    (row): RoomRow => ({
      id: row.Id,
      name: row.Title,
      image: row.Image,
      price: row.PriceFen,
      area: row.Area,
      bed: row.Bed,
      tags: [],
    }),
  ),
  liveRooms: source(
    'liveRoom',
    (row, now): LiveRoomRow => ({
      id: row.Id,
      name: row.Title,
      cover: row.Image,
      anchor: row.Anchor,
      status: liveState(row, now),
      startsAt: row.StartsAt,
    }),
  ),
  bookingForms: source(
    'bookingForm',
    (row): BookingFormRow => ({
      id: row.Id,
      title: row.Title,
      image: row.Image,
      summary: row.Summary,
      state: row.State,
      price: row.Price,
    }),
  ),
  votes: source(
    'vote',
    (row): VoteRow => ({
      id: row.Id,
      title: row.Title,
      image: row.Image,
      options: row.Options.map((text, index) => ({ text, votes: row.Votes[index] ?? 0 })),
      endsAt: row.EndsAt,
    }),
  ),
  lotteries: source(
    'activity',
    (row): LotteryRow => ({
      id: row.Id,
      title: row.Title,
      image: row.Image,
      summary: row.Summary,
      state: row.State,
      entryMode: row.EntryMode,
      pointsCost: row.PointsCost,
      startsAt: row.StartsAt,
      endsAt: row.EndsAt,
    }),
  ),
  services: source(
    'service',
    (row): ServiceRow => ({
      id: row.Id,
      name: row.Title,
      image: row.Image,
      price: row.PriceFen,
      minutes: row.Minutes,
      rating: row.Rating / 10,
      subtitle: '',
    }),
  ),
  technicians: source(
    'technician',
    (row): ServiceRow => ({
      id: row.Id,
      name: row.Title,
      image: row.Image,
      price: 0,
      minutes: 0,
      rating: row.Rating / 10,
      subtitle: [row.JobTitle, ...row.Skills].filter(Boolean).join(' · '),
    }),
  ),
} as Partial<Record<DataSource, EntitySource<EntityLinkKind>>>;

/** Offers and draws a block shows "while ongoing": running now (switched on, started and not over). */
const ONGOING_SOURCES: readonly DataSource[] = ['seckill', 'groupBuy', 'bargain', 'lotteries'];

/** The lookup query answering a block's data request. */
export function entityQuery(request: DataRequest): LookupQuery & { ColumnId?: number } {
  if (request.ids.length > 0) return { page: 1, pageSize: 100, Ids: request.ids.slice(0, 100).join(',') };
  const columnId = request.filter?.columnId;
  const ongoing = request.filter?.state === 'ongoing' && ONGOING_SOURCES.includes(request.source);
  return {
    page: 1,
    // Ongoing offers are picked from a full page, as some of the first rows may be over.
    pageSize: ongoing ? 100 : Math.min(Math.max(request.limit, 1), 100),
    ...(request.source === 'news' && typeof columnId === 'number' ? { ColumnId: columnId } : {}),
  };
}

/** Lookup rows as the block draws them: chosen rows in the designer's order, else the first `limit`. */
export function entityRows(
  request: DataRequest,
  rows: readonly (LookupRow<EntityLinkKind> & { State?: string })[],
  now = Date.now(),
): unknown[] {
  const entity = ENTITY_SOURCES[request.source];
  if (!entity) return [];
  if (request.ids.length > 0) {
    const byId = new Map(rows.map((row) => [row.Id, row]));
    return request.ids.flatMap((id) => (byId.has(id) ? [entity.toRow(byId.get(id)!, now)] : []));
  }
  // The server says each offer's state (time and switch) at the moment it answered.
  const shown =
    request.filter?.state === 'ongoing' && ONGOING_SOURCES.includes(request.source)
      ? rows.filter((row) => row.State === 'running')
      : rows;
  return shown.slice(0, request.limit).map((row) => entity.toRow(row, now));
}

export function entityEndpoint(request: DataRequest) {
  const entity = ENTITY_SOURCES[request.source];
  return entity ? lookupEndpoints[entity.kind] : null;
}
