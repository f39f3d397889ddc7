import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderStoreScope, PickupPoint } from '../../../contract/endpoints/orders';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';

/**
 * Store accounts work for one store: every order query and command of theirs sees only that
 * store's orders, so another store's order is "not found" exactly like another site's. Main and
 * sub-accounts see the whole site.
 */

/** Routes pass the session; the seed and jobs act as operators without a store (the whole site). */
export type OrderViewer = Pick<Session, 'siteId'> & Partial<Pick<Session, 'isStore' | 'storeId'>>;

/** The extra where-condition on the orders' store column (`o.store_id` in the raw queries). */
export function storeCondition(
  viewer: Pick<OrderViewer, 'isStore' | 'storeId'>,
  column: SQL | AnyPgColumn = sql`o.store_id`,
): SQL {
  if (!viewer.isStore) return sql`true`;
  // A store account without a store sees nothing rather than the whole site.
  if (!viewer.storeId) return sql`false`;
  return sql`${column} = ${viewer.storeId}`;
}

/** Site and store conditions of the raw order queries (`o` is the orders table). */
export function orderScope(viewer: OrderViewer): SQL[] {
  return [sql`o.site_id = ${viewer.siteId}`, storeCondition(viewer)];
}

/** What the order list tells a store account about its scope; null for accounts seeing the whole site. */
export async function readStoreScope(db: Executor, viewer: OrderViewer): Promise<OrderStoreScope | null> {
  if (!viewer.isStore) return null;
  if (!viewer.storeId) return { StoreId: null, Title: '' };
  const [store] = await queryRows<{ title: string }>(
    db,
    sql`select title from stores where id = ${viewer.storeId} and site_id = ${viewer.siteId}`,
    { prepareAs: 'order_store_scope' },
  );
  return { StoreId: viewer.storeId, Title: store?.title ?? '' };
}

/** The site's stores an order or pickup point may name: live ones (a closed store keeps its orders). */
export async function siteStores(db: Executor, siteId: number): Promise<{ id: number; title: string }[]> {
  return queryRows<{ id: number; title: string }>(
    db,
    sql`select id, title from stores where site_id = ${siteId} and deleted = false order by sort desc, id`,
    { prepareAs: 'site_stores' },
  );
}

/** A store id sent by a caller: a live store of the caller's site, or refused naming the field. */
export async function requireSiteStore(
  db: Executor,
  siteId: number,
  storeId: number,
  field: string,
): Promise<number> {
  const [store] = await queryRows<{ id: number }>(
    db,
    sql`select id from stores where id = ${storeId} and site_id = ${siteId} and deleted = false`,
  );
  if (!store) throw new AppError('order.storeUnknown', { id: storeId }, { field });
  return store.id;
}

/** Pickup points name stores of the caller's site only; the first foreign or unknown one is refused. */
export async function requirePickupStores(
  db: Executor,
  siteId: number,
  points: readonly Pick<PickupPoint, 'StoreId'>[],
): Promise<void> {
  for (const [index, point] of points.entries()) {
    if (point.StoreId !== undefined) {
      await requireSiteStore(db, siteId, point.StoreId, `Pickup.Points.${index}.StoreId`);
    }
  }
}

/**
 * The store a walk-in order records: a store account's own store (it may not name another), or
 * the store a main account picked, if any.
 */
export async function walkInStore(
  db: Executor,
  viewer: OrderViewer,
  requested: number | undefined,
): Promise<number | null> {
  if (viewer.isStore) {
    if (!viewer.storeId) throw new AppError('order.storeNotLinked', {}, { field: 'StoreId' });
    if (requested !== undefined && requested !== viewer.storeId) {
      throw new AppError('order.storeUnknown', { id: requested }, { field: 'StoreId' });
    }
    return viewer.storeId;
  }
  return requested === undefined ? null : requireSiteStore(db, viewer.siteId, requested, 'StoreId');
}
