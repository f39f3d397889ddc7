import { sql } from 'drizzle-orm';
import type { FreeShippingDetail, FreeShippingForm } from '../../../contract/endpoints/free-shipping';
import {
  exclusionConflict,
  type FreeShippingActivity,
  freeShippingState,
} from '../../../contract/free-shipping';
import type { Executor } from '../../db/client';
import { intArray, queryRows, textArray } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { regionName } from '../comm/service';
import './messages';

/**
 * Free-shipping activities as operators make them: saved and switched on under the exclusion rule,
 * checked with every other activity of the shop under the shop's lock, so two saves at once cannot
 * both slip past it.
 */

export interface ActivityRecord extends Record<string, unknown> {
  id: number;
  name: string;
  threshold: FreeShippingActivity['Threshold'];
  minimum_fen: number;
  minimum_quantity: number;
  region_scope: FreeShippingActivity['RegionScope'];
  regions: string[];
  goods_scope: FreeShippingActivity['GoodsScope'];
  product_ids: number[];
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'on' | 'off';
  version: number;
  created_at: Date | string;
}

export const ACTIVITY_COLUMNS = sql`a.id, a.name, a.threshold, a.minimum_fen, a.minimum_quantity, a.region_scope,
  a.regions, a.goods_scope, a.product_ids, a.starts_at, a.ends_at, a.status, a.version, a.created_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function activityOf(record: ActivityRecord): FreeShippingActivity {
  return {
    Id: record.id,
    Name: record.name,
    Status: record.status,
    StartsAt: iso(record.starts_at),
    EndsAt: iso(record.ends_at),
    Threshold: record.threshold,
    MinimumFen: record.minimum_fen,
    MinimumQuantity: record.minimum_quantity,
    RegionScope: record.region_scope,
    Regions: record.regions,
    GoodsScope: record.goods_scope,
    ProductIds: record.product_ids,
  };
}

export function namedRegions(codes: readonly string[]) {
  return codes.map((code) => ({ Code: code, Name: regionName(code) ?? code }));
}

export function rowOf(record: ActivityRecord, orders: number, now: Date) {
  const activity = activityOf(record);
  return {
    Id: activity.Id,
    Name: activity.Name,
    Threshold: activity.Threshold,
    MinimumFen: activity.MinimumFen,
    MinimumQuantity: activity.MinimumQuantity,
    RegionScope: activity.RegionScope,
    Regions: namedRegions(activity.Regions),
    GoodsScope: activity.GoodsScope,
    GoodsCount: activity.GoodsScope === 'all' ? 0 : activity.ProductIds.length,
    StartsAt: iso(activity.StartsAt),
    EndsAt: iso(activity.EndsAt),
    Status: activity.Status,
    State: freeShippingState(activity, now),
    Orders: orders,
    Version: record.version,
    CreatedAt: iso(record.created_at),
  };
}

/** Orders placed with each activity's waiver, among `ids`. */
export async function waivedOrders(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; orders: number }>(
    db,
    sql`select (breakdown->'freeShippingActivity'->>'id')::int as id, count(*)::int as orders
          from orders
         where site_id = ${siteId} and breakdown ? 'freeShippingActivity'
           and (breakdown->'freeShippingActivity'->>'id')::int = any(${intArray(ids)})
         group by 1`,
  );
  return new Map(rows.map((row) => [row.id, row.orders]));
}

export async function readActivity(
  db: Executor,
  siteId: number,
  id: number,
  now: Date,
): Promise<FreeShippingDetail> {
  const [record] = await queryRows<ActivityRecord>(
    db,
    sql`select ${ACTIVITY_COLUMNS} from free_shipping_activities a
         where a.id = ${id} and a.site_id = ${siteId} and not a.deleted`,
  );
  if (!record) throw new AppError('freeShipping.notFound', { id }, { field: 'Id' });
  const [orders, goods] = await Promise.all([
    waivedOrders(db, siteId, [id]),
    record.goods_scope === 'all'
      ? Promise.resolve([])
      : queryRows<{ id: number; name: string; image: string | null }>(
          db,
          sql`select id, name, gallery->>0 as image from products
               where site_id = ${siteId} and id = any(${intArray(record.product_ids)}) order by id`,
        ),
  ]);
  return {
    ...rowOf(record, orders.get(id) ?? 0, now),
    Goods: goods.map((row) => ({ Id: row.id, Name: row.name, Image: row.image ?? '' })),
  };
}

/** Every switched-on activity of the shop but `exceptId`, for the exclusion rule. */
async function switchedOn(tx: Executor, siteId: number, exceptIds: readonly number[]) {
  const records = await queryRows<ActivityRecord>(
    tx,
    sql`select ${ACTIVITY_COLUMNS} from free_shipping_activities a
         where a.site_id = ${siteId} and not a.deleted and a.status = 'on'
           and not (a.id = any(${intArray(exceptIds)}))
         order by a.id`,
  );
  return records.map(activityOf);
}

/** Refuses an activity the exclusion rule forbids beside those already switched on. */
function requireNoOverlap(
  candidate: Omit<FreeShippingActivity, 'Id' | 'Name'> & { Id?: number },
  others: readonly FreeShippingActivity[],
  locale: Locale,
): void {
  const conflict = exclusionConflict(candidate, others);
  if (!conflict) return;
  const region =
    conflict.region === null
      ? translate(locale, 'freeShipping.everywhere')
      : (regionName(conflict.region) ?? conflict.region);
  throw new AppError(
    'freeShipping.overlaps',
    { other: conflict.otherName, region },
    { field: conflict.field },
  );
}

/** Serialises every write of a shop's activities, so the exclusion rule sees what the other wrote. */
async function lockShop(tx: Executor, siteId: number): Promise<void> {
  await tx.execute(sql`select id from sites where id = ${siteId} for update`);
}

async function requireGoods(tx: Executor, siteId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from products where site_id = ${siteId} and recycle_state <> 'purged' and id = any(${intArray(ids)})`,
  );
  const known = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined)
    throw new AppError('freeShipping.productNotFound', { id: missing }, { field: 'ProductIds' });
}

export type SaveOutcome = { id: number; version: number } | { stale: number };

/** Creates or saves an activity; a save over another version answers that version instead. */
export async function saveActivity(
  tx: Executor,
  siteId: number,
  form: FreeShippingForm,
  now: Date,
  locale: Locale,
): Promise<SaveOutcome> {
  const unknown = form.Regions.find((code) => regionName(code) === null);
  if (unknown !== undefined)
    throw new AppError('freeShipping.unknownRegion', { code: unknown }, { field: 'Regions' });
  // Lists kept only where the scope reads them, without repeats.
  const regions = form.RegionScope === 'chosen' ? [...new Set(form.Regions)] : [];
  const productIds = form.GoodsScope === 'all' ? [] : [...new Set(form.ProductIds)];
  await requireGoods(tx, siteId, productIds);
  await lockShop(tx, siteId);
  if (form.Id !== undefined) {
    const [current] = await queryRows<{ version: number }>(
      tx,
      sql`select version from free_shipping_activities
           where id = ${form.Id} and site_id = ${siteId} and not deleted for update`,
    );
    if (!current) throw new AppError('freeShipping.notFound', { id: form.Id }, { field: 'Id' });
    if (current.version !== form.Version) return { stale: current.version };
  }
  const candidate = {
    ...(form.Id !== undefined ? { Id: form.Id } : {}),
    Status: form.Status,
    StartsAt: form.StartsAt,
    EndsAt: form.EndsAt,
    Threshold: form.Threshold,
    MinimumFen: form.Threshold === 'amount' ? form.MinimumFen : 0,
    MinimumQuantity: form.Threshold === 'quantity' ? form.MinimumQuantity : 0,
    RegionScope: form.RegionScope,
    Regions: regions,
    GoodsScope: form.GoodsScope,
    ProductIds: productIds,
  };
  requireNoOverlap(candidate, await switchedOn(tx, siteId, form.Id ? [form.Id] : []), locale);
  const values = sql`${form.Name}, ${candidate.Threshold}, ${candidate.MinimumFen}, ${candidate.MinimumQuantity},
    ${candidate.RegionScope}, ${textArray(regions)}, ${candidate.GoodsScope}, ${intArray(productIds)},
    ${form.StartsAt}::timestamptz, ${form.EndsAt}::timestamptz, ${form.Status}`;
  if (form.Id === undefined) {
    const [row] = await queryRows<{ id: number; version: number }>(
      tx,
      sql`insert into free_shipping_activities (name, threshold, minimum_fen, minimum_quantity, region_scope, regions,
                                                goods_scope, product_ids, starts_at, ends_at, status, site_id,
                                                created_at, updated_at)
          values (${values}, ${siteId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          returning id, version`,
    );
    return { id: row!.id, version: row!.version };
  }
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update free_shipping_activities
           set (name, threshold, minimum_fen, minimum_quantity, region_scope, regions, goods_scope, product_ids,
                starts_at, ends_at, status) = (${values}),
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         where id = ${form.Id} and site_id = ${siteId}
         returning version`,
  );
  return { id: form.Id, version: row!.version };
}

/** The ids among `ids` that are the shop's live activities; refuses naming the others. */
async function requireOwn(tx: Executor, siteId: number, ids: readonly number[]): Promise<ActivityRecord[]> {
  const unique = [...new Set(ids)];
  const records = await queryRows<ActivityRecord>(
    tx,
    sql`select ${ACTIVITY_COLUMNS} from free_shipping_activities a
         where a.site_id = ${siteId} and not a.deleted and a.id = any(${intArray(unique)})
         order by a.id for update`,
  );
  const found = new Set(records.map((record) => record.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('freeShipping.notFound', { id: missing.join(', ') }, { field: 'Ids' });
  return records;
}

/**
 * Switches activities on or off; those already so are left. Each one switched on is checked against
 * those switched on before it, including the others of the same call.
 */
export async function switchActivities(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
  status: 'on' | 'off',
  locale: Locale,
): Promise<number[]> {
  await lockShop(tx, siteId);
  const records = (await requireOwn(tx, siteId, ids)).filter((record) => record.status !== status);
  if (status === 'on') {
    const others = await switchedOn(tx, siteId, []);
    for (const record of records) {
      const activity = { ...activityOf(record), Status: 'on' as const };
      requireNoOverlap(activity, others, locale);
      others.push(activity);
    }
  }
  const changed = records.map((record) => record.id);
  if (changed.length > 0)
    await tx.execute(
      sql`update free_shipping_activities set status = ${status}, version = version + 1, updated_at = now()
           where site_id = ${siteId} and id = any(${intArray(changed)})`,
    );
  return changed;
}

export async function deleteActivities(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  const records = await requireOwn(tx, siteId, ids);
  await tx.execute(
    sql`update free_shipping_activities set deleted = true, version = version + 1, updated_at = now()
         where site_id = ${siteId} and id = any(${intArray(records.map((record) => record.id))})`,
  );
  return records.map((record) => ({ id: record.id, name: record.name }));
}
