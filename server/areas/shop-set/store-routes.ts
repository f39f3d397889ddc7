import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import * as api from '../../../contract/endpoints/stores';
import { ShowType } from '../../../contract/envelope';
import { parseSort } from '../../../contract/list-query';
import {
  formatHours,
  formatLatlng,
  normalizeWeekdays,
  PICKUP_OPEN_STATES,
} from '../../../contract/store-rules';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { accounts, stores } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { areaPath } from '../comm/service';
import { orders } from '../order/tables';
import { storefrontSite } from '../storefront/service';
import './store-messages';
import { storeRow } from './store-rows';

type StoreRecord = typeof stores.$inferSelect;

const target = (ids: readonly number[]) => `store:${ids.join(',')}`;
const live = (siteId: number) => and(eq(stores.siteId, siteId), eq(stores.deleted, false));

/** A store account works on its own store only; the shop's accounts on every store of the site. */
function scopeOf(session: Session): SQL | undefined {
  if (!session.isStore) return undefined;
  return session.storeId ? eq(stores.id, session.storeId) : sql`false`;
}

function shopOnly(session: Session): void {
  if (session.isStore) throw new AppError('stores.shopOnly', {}, { status: 403 });
}

async function findStore(db: Executor, session: Session, id: number, field: string): Promise<StoreRecord> {
  if (session.isStore && session.storeId !== id) throw new AppError('stores.otherStore', {}, { field });
  const [row] = await db
    .select()
    .from(stores)
    .where(and(live(session.siteId), eq(stores.id, id)));
  if (!row) throw new AppError('stores.notFound', { id }, { field });
  return row;
}

async function accountCounts(db: Executor, siteId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ storeId: accounts.storeId, total: count() })
    .from(accounts)
    .where(and(eq(accounts.siteId, siteId), eq(accounts.isStore, true), inArray(accounts.storeId, ids)))
    .groupBy(accounts.storeId);
  return new Map(rows.map((row) => [row.storeId!, row.total]));
}

/** The pickup orders each store still has to hand over, oldest first. */
async function pendingPickups(
  db: Executor,
  siteId: number,
  rows: readonly Pick<StoreRecord, 'id' | 'title'>[],
): Promise<api.PendingPickups[]> {
  if (rows.length === 0) return [];
  const open = await db
    .select({ storeId: orders.storeId, orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.siteId, siteId),
        eq(orders.deliveryType, 'pickup'),
        inArray(orders.state, [...PICKUP_OPEN_STATES]),
        inArray(
          orders.storeId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.flatMap((row) => {
    const numbers = open.filter((order) => order.storeId === row.id).map((order) => order.orderNo);
    return numbers.length === 0
      ? []
      : [
          {
            StoreId: row.id,
            StoreName: row.title,
            OrderNos: numbers.slice(0, api.PENDING_ORDERS_SHOWN),
            Total: numbers.length,
          },
        ];
  });
}

function orderList(locale: Locale, pending: api.PendingPickups): string {
  const shown = pending.OrderNos.join(', ');
  return pending.Total > pending.OrderNos.length
    ? translate(locale, 'stores.andMore', { orders: shown, count: pending.Total - pending.OrderNos.length })
    : shown;
}

function refusePending(reply: FastifyReply, locale: Locale, pending: api.PendingPickups[]): undefined {
  const first = pending[0]!;
  const message = translate(locale, 'stores.pendingPickups', {
    store: first.StoreName,
    count: first.Total,
    orders: orderList(locale, first),
  });
  reply.code(200).send({
    Errcode: -1,
    Errmsg: message,
    ErrShowType: ShowType.dialog,
    Pending: pending,
    Errors: [{ Field: 'Confirmed', Message: message }],
  });
  return undefined;
}

/** The live stores among `ids` (locked for the change), refusing the whole call if one is not. */
async function storesOf(tx: Executor, siteId: number, ids: readonly number[]): Promise<StoreRecord[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(stores)
    .where(and(live(siteId), inArray(stores.id, unique)))
    .orderBy(asc(stores.id))
    .for('update');
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('stores.someNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
  return rows;
}

function areaOf(input: typeof api.saveStoreSchema._output): api.StoreArea | null {
  if (input.ProvinceCode === '') return null;
  const names = areaPath(input.ProvinceCode, input.CityCode, input.DistrictCode);
  if (!names) throw new AppError('stores.unknownArea', {}, { field: 'DistrictCode' });
  return {
    ProvinceCode: input.ProvinceCode,
    CityCode: input.CityCode,
    DistrictCode: input.DistrictCode,
    Province: names.province,
    City: names.city,
    District: names.district,
  };
}

async function storeAccount(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select({ id: accounts.id, userName: accounts.userName, storeId: accounts.storeId })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.siteId, siteId), eq(accounts.isStore, true)));
  if (!row) throw new AppError('stores.accountNotFound', { id }, { field: 'AccountId' });
  return row;
}

export const storeRoutes = [
  defineRoute(api.getStorefrontStores, async ({ input, db, request }) => {
    const siteId = await storefrontSite(db, request);
    const conditions = [live(siteId), eq(stores.status, 'on')];
    if (input.Pickup !== undefined) conditions.push(eq(stores.pickup, input.Pickup));
    const rows = await db
      .select()
      .from(stores)
      .where(and(...conditions))
      .orderBy(desc(stores.sort), asc(stores.id));
    // Parsing strips what only the back-office sees (accounts, sort, version).
    return { Stores: rows.map((row) => api.storefrontStoreSchema.parse(storeRow(row, 0))) };
  }),

  defineRoute(api.getStoreList, async ({ input, db, session }) => {
    const conditions: (SQL | undefined)[] = [live(session.siteId), scopeOf(session)];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      conditions.push(
        or(
          ilike(stores.title, pattern),
          ilike(stores.contact, pattern),
          ilike(stores.tel, pattern),
          ilike(stores.address, pattern),
        ),
      );
    }
    const filters = and(...conditions);
    const where = input.status === 'all' ? filters : and(filters, eq(stores.status, input.status));
    const order = parseSort(input.sort);
    const column = order.field === 'sort' ? stores.sort : stores.createdAt;
    const rows = await db
      .select()
      .from(stores)
      .where(where)
      .orderBy(...(order.descending ? [desc(column), desc(stores.id)] : [asc(column), asc(stores.id)]))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [tally] = await db
      .select({
        all: count(),
        on: sql<number>`count(*) filter (where ${stores.status} = 'on')`.mapWith(Number),
        off: sql<number>`count(*) filter (where ${stores.status} = 'off')`.mapWith(Number),
      })
      .from(stores)
      .where(filters);
    const counts = tally ?? { all: 0, on: 0, off: 0 };
    const bound = await accountCounts(
      db,
      session.siteId,
      rows.map((row) => row.id),
    );
    return {
      Data: rows.map((row) => storeRow(row, bound.get(row.id) ?? 0)),
      Total: counts[input.status],
      Counts: counts,
    };
  }),

  defineRoute(api.getStoreInfo, async ({ input, db, session }) => {
    const row = await findStore(db, session, input.id, 'id');
    const bound = await accountCounts(db, session.siteId, [row.id]);
    return storeRow(row, bound.get(row.id) ?? 0);
  }),

  defineRoute(api.saveStore, async ({ input, db, session, locale, reply }) => {
    if (input.Id === undefined) shopOnly(session);
    const values = {
      title: input.Name,
      image: input.Logo,
      contact: input.Contact,
      tel: input.Phone,
      area: areaOf(input),
      address: input.Address,
      latlng: formatLatlng(input.Lat, input.Lng),
      hours: formatHours(input.OpenTime, input.CloseTime),
      weekdays: normalizeWeekdays(input.Weekdays),
      pickup: input.Pickup,
      sort: input.Sort,
    };
    if (input.Id === undefined) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(stores)
          .values({ ...values, siteId: session.siteId })
          .returning();
        await audit(tx, session, 'store.add', target([row!.id]), { name: row!.title });
        return { Id: row!.id, Version: row!.version };
      });
    }
    const id = input.Id;
    const saved = await db.transaction(async (tx) => {
      await findStore(tx, session, id, 'Id');
      const [row] = await tx
        .update(stores)
        .set({ ...values, version: sql`${stores.version} + 1`, updatedAt: new Date() })
        .where(and(live(session.siteId), eq(stores.id, id), eq(stores.version, input.Version!)))
        .returning();
      if (!row) {
        const [current] = await tx.select({ version: stores.version }).from(stores).where(eq(stores.id, id));
        return { stale: current!.version };
      }
      await audit(tx, session, 'store.save', target([id]), { version: row.version, name: row.title });
      return { row };
    });
    if (!saved.row) {
      return refuseStale(reply, {
        locale,
        message: 'stores.stale',
        yours: input.Version!,
        current: saved.stale,
        // A toast: the form's own reload dialog follows, and two dialogs at once would stack.
        showType: ShowType.toast,
      });
    }
    return { Id: saved.row.id, Version: saved.row.version };
  }),

  defineRoute(api.getStorePendingPickups, async ({ input, db, session }) => {
    shopOnly(session);
    const rows = await db
      .select({ id: stores.id, title: stores.title })
      .from(stores)
      .where(and(live(session.siteId), inArray(stores.id, input.Ids)))
      .orderBy(asc(stores.id));
    const found = new Set(rows.map((row) => row.id));
    const missing = input.Ids.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new AppError('stores.someNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
    return { Stores: await pendingPickups(db, session.siteId, rows) };
  }),

  defineRoute(api.setStoreStatus, async ({ input, db, session, locale, reply }) => {
    shopOnly(session);
    const outcome = await db.transaction(async (tx) => {
      const rows = await storesOf(tx, session.siteId, input.Ids);
      const changed = rows.filter((row) => row.status !== input.Status);
      if (input.Status === 'off' && !input.Confirmed) {
        const pending = await pendingPickups(tx, session.siteId, changed);
        if (pending.length > 0) return { pending, changed: [], unchanged: [] };
      }
      const ids = changed.map((row) => row.id);
      if (ids.length > 0) {
        await tx
          .update(stores)
          .set({ status: input.Status, version: sql`${stores.version} + 1`, updatedAt: new Date() })
          .where(and(eq(stores.siteId, session.siteId), inArray(stores.id, ids)));
        await audit(tx, session, 'store.status', target(ids), {
          status: input.Status,
          confirmed: input.Confirmed,
        });
      }
      return {
        pending: undefined,
        changed: ids,
        unchanged: rows.filter((row) => !ids.includes(row.id)).map((row) => row.id),
      };
    });
    if (outcome.pending) return refusePending(reply, locale, outcome.pending);
    return { Changed: outcome.changed, Unchanged: outcome.unchanged };
  }),

  defineRoute(api.delStore, async ({ input, db, session, locale }) => {
    shopOnly(session);
    const deleted = await db.transaction(async (tx) => {
      const rows = await storesOf(tx, session.siteId, input.Ids);
      const ids = rows.map((row) => row.id);
      const bound = await accountCounts(tx, session.siteId, ids);
      const withAccounts = rows.find((row) => (bound.get(row.id) ?? 0) > 0);
      if (withAccounts)
        throw new AppError(
          'stores.hasAccounts',
          { store: withAccounts.title, count: bound.get(withAccounts.id)! },
          { field: 'Ids' },
        );
      const [pending] = await pendingPickups(tx, session.siteId, rows);
      if (pending)
        throw new AppError(
          'stores.hasPickups',
          { store: pending.StoreName, count: pending.Total, orders: orderList(locale, pending) },
          { field: 'Ids' },
        );
      await tx
        .update(stores)
        .set({ deleted: true, version: sql`${stores.version} + 1`, updatedAt: new Date() })
        .where(and(eq(stores.siteId, session.siteId), inArray(stores.id, ids)));
      await audit(tx, session, 'store.delete', target(ids), { names: rows.map((row) => row.title) });
      return ids.length;
    });
    return { Deleted: deleted };
  }),

  defineRoute(api.getStoreAccounts, async ({ input, db, session }) => {
    shopOnly(session);
    await findStore(db, session, input.StoreId, 'StoreId');
    const rows = await db
      .select({
        id: accounts.id,
        userName: accounts.userName,
        storeId: accounts.storeId,
        disabled: accounts.disabled,
        storeName: stores.title,
      })
      .from(accounts)
      .leftJoin(stores, eq(stores.id, accounts.storeId))
      .where(and(eq(accounts.siteId, session.siteId), eq(accounts.isStore, true)))
      .orderBy(asc(accounts.userName), asc(accounts.id));
    const entry = (row: (typeof rows)[number]): api.StoreAccount => ({
      Id: row.id,
      UserName: row.userName,
      StoreName: row.storeName ?? '',
      Disabled: row.disabled,
    });
    return {
      Bound: rows.filter((row) => row.storeId === input.StoreId).map(entry),
      Free: rows.filter((row) => row.storeId !== input.StoreId).map(entry),
    };
  }),

  defineRoute(api.bindStoreAccount, async ({ input, db, session }) => {
    shopOnly(session);
    await db.transaction(async (tx) => {
      const store = await findStore(tx, session, input.StoreId, 'StoreId');
      const account = await storeAccount(tx, session.siteId, input.AccountId);
      await tx
        .update(accounts)
        .set({ storeId: store.id })
        .where(and(eq(accounts.id, account.id), eq(accounts.siteId, session.siteId)));
      await audit(tx, session, 'store.bindAccount', target([store.id]), {
        account: account.userName,
        from: account.storeId,
      });
    });
    return {};
  }),

  defineRoute(api.unbindStoreAccount, async ({ input, db, session }) => {
    shopOnly(session);
    await db.transaction(async (tx) => {
      const store = await findStore(tx, session, input.StoreId, 'StoreId');
      const account = await storeAccount(tx, session.siteId, input.AccountId);
      if (account.storeId !== store.id)
        throw new AppError('stores.accountElsewhere', { name: account.userName }, { field: 'AccountId' });
      await tx
        .update(accounts)
        .set({ storeId: null })
        .where(and(eq(accounts.id, account.id), eq(accounts.siteId, session.siteId)));
      await audit(tx, session, 'store.unbindAccount', target([store.id]), { account: account.userName });
    });
    return {};
  }),
];
