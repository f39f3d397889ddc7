import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createSeckillOrder,
  storefrontSeckillSchema,
} from '../../../contract/endpoints/deal-storefront';
import type {
  bindAddSeakillAndProduct,
  bindSeckillAndProduct,
  SeckillGoodsRow,
  SeckillRow,
  seckillFormSchema,
} from '../../../contract/endpoints/seckill';
import { seckillMachine } from '../../../contract/machines/deals';
import { nextSessionStart, openSession } from '../../../contract/seckill-sessions';
import { shopDateTime } from '../../../contract/shop-time';
import { timedState } from '../../../contract/timed-state';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import { afterCommit } from '../../db/after-commit';
import type { Database, Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { placeOrder, reservedOrder, type StorefrontContext } from '../order/service';
import type { orders } from '../order/tables';
import { activityStore, activityValues } from './deal-activities';
import { checkActivityPrices, readGoods, requireGoods } from './deal-goods';
import { activityColumns, activityPage, type DealListInput } from './deal-list';
import { giveMemberQuota, iso, requireAll, staleVersion, takeMemberQuota } from './deal-rules';
import { soldOutMarks } from './seckill-sold-out';
import { seckillActivities, seckillGoods, seckillSkus, seckillStockLog } from './tables';

/**
 * Seckill activities, their goods and the orders at their prices. A seckill order reserves its
 * seckill units and the member's limit in a short transaction of its own, then takes the goods'
 * stock in the order's transaction, giving the reservation back when the order fails
 * (placeSeckillOrder); a close gives all of it back (deal-registrations.ts).
 */

type ActivityRecord = typeof seckillActivities.$inferSelect;
type Operator = Pick<Session, 'siteId' | 'accountId' | 'ip'>;

const target = (id: number) => `seckill:${id}`;
const activities = activityStore({
  table: seckillActivities,
  name: 'seckill',
  machine: seckillMachine,
  snapshot: (row: ActivityRecord) => ({
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
  }),
});
const { live } = activities;

interface ActivityFigures {
  goods: number;
  stock: number;
  sold: number;
}

async function activityFigures(db: Executor, ids: readonly number[]): Promise<Map<number, ActivityFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ activity_id: number; goods: number; stock: number; sold: number }>(
    db,
    sql`select g.activity_id, count(distinct g.id)::int as goods, coalesce(sum(s.stock), 0)::int as stock,
               coalesce(sum(s.sold), 0)::int as sold
          from seckill_goods g left join seckill_skus s on s.seckill_goods_id = g.id
         where not g.deleted and g.activity_id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         group by g.activity_id`,
  );
  return new Map(
    rows.map((row) => [row.activity_id, { goods: row.goods, stock: row.stock, sold: row.sold }]),
  );
}

async function seckillRows(db: Executor, records: ActivityRecord[], now: Date): Promise<SeckillRow[]> {
  const figures = await activityFigures(
    db,
    records.map((row) => row.id),
  );
  return records.map((row) => {
    const figure = figures.get(row.id);
    return {
      ...activityColumns(row, now),
      Sessions: row.sessions,
      GoodsCount: figure?.goods ?? 0,
      Stock: figure?.stock ?? 0,
      Sold: figure?.sold ?? 0,
    };
  });
}

export function listSeckills(db: Executor, siteId: number, input: DealListInput) {
  return activityPage(db, seckillActivities, siteId, input, (records, now) => seckillRows(db, records, now));
}

export const findSeckill = activities.find;

export async function seckillDetail(db: Executor, siteId: number, id: number) {
  const row = await findSeckill(db, siteId, id, 'id');
  const [detail] = await seckillRows(db, [row], new Date());
  return { ...detail!, Rules: row.rules };
}

export async function saveSeckill(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof seckillFormSchema>,
): Promise<{ Id: number; Version: number }> {
  const row = await activities.save(tx, session, input, {
    ...activityValues(input),
    sessions: input.Sessions,
  });
  return { Id: row.id, Version: row.version };
}

export const saveSeckillRules = activities.saveRules;
export const switchSeckills = activities.switchAll;

// ---- goods ---------------------------------------------------------------------------------------

type GoodsRecord = typeof seckillGoods.$inferSelect;

async function goodsRows(db: Executor, siteId: number, records: GoodsRecord[]): Promise<SeckillGoodsRow[]> {
  if (records.length === 0) return [];
  const goods = await readGoods(
    db,
    siteId,
    records.map((record) => record.productId),
  );
  const skus = await db
    .select()
    .from(seckillSkus)
    .where(
      inArray(
        seckillSkus.seckillGoodsId,
        records.map((record) => record.id),
      ),
    )
    .orderBy(asc(seckillSkus.id));
  return records.map((record) => {
    const product = goods.get(record.productId);
    const own = skus.filter((sku) => sku.seckillGoodsId === record.id);
    return {
      Id: record.id,
      ActivityId: record.activityId,
      ProductId: record.productId,
      Name: product?.name ?? '',
      Image: product?.image ?? '',
      LimitPerMember: record.limitPerMember,
      Sort: record.sort,
      Version: record.version,
      // In the goods' own SKU order; a SKU removed from the goods since keeps its row last.
      Skus: own
        .map((sku) => {
          const position = product?.skus.findIndex((candidate) => candidate.id === sku.skuId) ?? -1;
          const current = position >= 0 ? product!.skus[position] : undefined;
          return {
            position: position >= 0 ? position : Number.MAX_SAFE_INTEGER,
            row: {
              SkuId: sku.skuId,
              SpecText: current?.specText ?? '',
              PriceFen: current?.priceFen ?? 0,
              GoodsStock: current?.stock ?? 0,
              SeckillPriceFen: sku.priceFen,
              Stock: sku.stock,
              Sold: sku.sold,
            },
          };
        })
        .sort((left, right) => left.position - right.position)
        .map((entry) => entry.row),
    };
  });
}

export async function listSeckillGoods(
  db: Executor,
  siteId: number,
  input: { ActivityId: number; page: number; pageSize: number; keyword?: string | undefined },
) {
  const activity = await findSeckill(db, siteId, input.ActivityId, 'ActivityId');
  const conditions: SQL[] = [
    eq(seckillGoods.siteId, siteId),
    eq(seckillGoods.activityId, activity.id),
    eq(seckillGoods.deleted, false),
  ];
  if (input.keyword)
    conditions.push(
      sql`exists (select 1 from products p where p.id = ${seckillGoods.productId} and p.name ilike ${containsPattern(input.keyword)})`,
    );
  const where = and(...conditions);
  const records = await db
    .select()
    .from(seckillGoods)
    .where(where)
    .orderBy(desc(seckillGoods.sort), asc(seckillGoods.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [row] = await seckillRows(db, [activity], new Date());
  return {
    Data: await goodsRows(db, siteId, records),
    Total: await db.$count(seckillGoods, where),
    Activity: row!,
  };
}

async function findGoods(db: Executor, siteId: number, id: number, field: string): Promise<GoodsRecord> {
  const [record] = await db
    .select()
    .from(seckillGoods)
    .where(and(eq(seckillGoods.siteId, siteId), eq(seckillGoods.id, id), eq(seckillGoods.deleted, false)));
  if (!record) throw new AppError('seckill.goodsNotFound', { id }, { field });
  return record;
}

export async function seckillGoodsDetail(db: Executor, siteId: number, id: number): Promise<SeckillGoodsRow> {
  const [row] = await goodsRows(db, siteId, [await findGoods(db, siteId, id, 'id')]);
  return row!;
}

async function logStock(
  tx: Executor,
  entries: {
    siteId: number;
    seckillSkuId: number;
    kind: 'set' | 'order' | 'return';
    delta: number;
    after: number;
    reason: string;
    accountId: number | null;
  }[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(seckillStockLog).values(entries.map((entry) => ({ ...entry, at })));
  if (entries.some((entry) => entry.delta > 0)) afterCommit(tx, () => soldOutMarks.forgetAll());
}

export async function addSeckillGoods(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof bindAddSeakillAndProduct.input>,
): Promise<{ Id: number; Version: number }> {
  const activity = await findSeckill(tx, session.siteId, input.ActivityId, 'ActivityId');
  const goods = await requireGoods(tx, session.siteId, input.ProductId, 'ProductId');
  checkActivityPrices(
    goods,
    input.Skus.map((sku) => ({ skuId: sku.SkuId, priceFen: sku.SeckillPriceFen })),
    (index, field) => `Skus.${index}.${field === 'Price' ? 'SeckillPriceFen' : 'SkuId'}`,
  );
  // Serialises additions to one activity, so the same good cannot be added twice at once.
  await tx.execute(sql`select id from seckill_activities where id = ${activity.id} for update`);
  const taken = await tx.$count(
    seckillGoods,
    and(
      eq(seckillGoods.activityId, activity.id),
      eq(seckillGoods.productId, goods.id),
      eq(seckillGoods.deleted, false),
    ),
  );
  if (taken > 0) throw new AppError('seckill.goodsTwice', { name: goods.name }, { field: 'ProductId' });
  const [record] = await tx
    .insert(seckillGoods)
    .values({
      siteId: session.siteId,
      activityId: activity.id,
      productId: goods.id,
      limitPerMember: input.LimitPerMember,
      sort: input.Sort,
    })
    .returning();
  const inserted = await tx
    .insert(seckillSkus)
    .values(
      input.Skus.map((sku) => ({
        siteId: session.siteId,
        activityId: activity.id,
        seckillGoodsId: record!.id,
        productId: goods.id,
        skuId: sku.SkuId,
        priceFen: sku.SeckillPriceFen,
        stock: sku.Stock,
      })),
    )
    .returning();
  const now = new Date();
  await logStock(
    tx,
    inserted
      .filter((sku) => sku.stock > 0)
      .map((sku) => ({
        siteId: session.siteId,
        seckillSkuId: sku.id,
        kind: 'set' as const,
        delta: sku.stock,
        after: sku.stock,
        reason: 'add',
        accountId: session.accountId,
      })),
    now,
  );
  await audit(tx, session, 'seckill.addGoods', target(activity.id), {
    goods: goods.name,
    skus: inserted.length,
  });
  return { Id: record!.id, Version: record!.version };
}

export async function saveSeckillGoods(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof bindSeckillAndProduct.input>,
): Promise<{ Id: number; Version: number }> {
  const record = await findGoods(tx, session.siteId, input.Id, 'Id');
  if (record.version !== input.Version) throw staleVersion();
  const goods = await requireGoods(tx, session.siteId, record.productId, 'Id');
  checkActivityPrices(
    goods,
    input.Skus.map((sku) => ({ skuId: sku.SkuId, priceFen: sku.SeckillPriceFen })),
    (index, field) => `Skus.${index}.${field === 'Price' ? 'SeckillPriceFen' : 'SkuId'}`,
  );
  const [saved] = await tx
    .update(seckillGoods)
    .set({ limitPerMember: input.LimitPerMember, version: sql`${seckillGoods.version} + 1` })
    .where(and(eq(seckillGoods.id, record.id), eq(seckillGoods.version, input.Version)))
    .returning();
  if (!saved) throw staleVersion();
  const existing = await tx.select().from(seckillSkus).where(eq(seckillSkus.seckillGoodsId, record.id));
  const now = new Date();
  for (const [index, sku] of input.Skus.entries()) {
    const row = existing.find((candidate) => candidate.skuId === sku.SkuId);
    if (!row) {
      const [added] = await tx
        .insert(seckillSkus)
        .values({
          siteId: session.siteId,
          activityId: record.activityId,
          seckillGoodsId: record.id,
          productId: record.productId,
          skuId: sku.SkuId,
          priceFen: sku.SeckillPriceFen,
          stock: sku.Stock,
        })
        .returning();
      if (added!.stock > 0)
        await logStock(
          tx,
          [
            {
              siteId: session.siteId,
              seckillSkuId: added!.id,
              kind: 'set',
              delta: added!.stock,
              after: added!.stock,
              reason: 'add',
              accountId: session.accountId,
            },
          ],
          now,
        );
      continue;
    }
    // Units buyers took since the form was read stay taken: only the operator's change moves.
    const delta = sku.Stock - sku.StockWas;
    const [moved] = await queryRows<{ stock: number }>(
      tx,
      sql`update seckill_skus set price_fen = ${sku.SeckillPriceFen}, stock = stock + ${delta}::int
           where id = ${row.id} and stock + ${delta}::int >= 0 returning stock`,
    );
    if (!moved)
      throw new AppError(
        'seckill.stockBelowZero',
        { taken: sku.StockWas - sku.Stock },
        { field: `Skus.${index}.Stock` },
      );
    if (delta !== 0)
      await logStock(
        tx,
        [
          {
            siteId: session.siteId,
            seckillSkuId: row.id,
            kind: 'set',
            delta,
            after: moved.stock,
            reason: 'edit',
            accountId: session.accountId,
          },
        ],
        now,
      );
  }
  await audit(tx, session, 'seckill.saveGoods', target(record.activityId), { goods: goods.name });
  return { Id: saved.id, Version: saved.version };
}

export async function removeSeckillGoods(tx: Executor, session: Operator, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .update(seckillGoods)
    .set({ deleted: true, version: sql`${seckillGoods.version} + 1` })
    .where(
      and(
        eq(seckillGoods.siteId, session.siteId),
        eq(seckillGoods.deleted, false),
        inArray(seckillGoods.id, unique),
      ),
    )
    .returning();
  requireAll(
    unique,
    rows.map((row) => row.id),
  );
  for (const row of rows)
    await audit(tx, session, 'seckill.removeGoods', target(row.activityId), { goods: row.id });
  return rows.length;
}

export async function sortSeckillGoods(tx: Executor, session: Operator, id: number, sort: number) {
  const record = await findGoods(tx, session.siteId, id, 'Id');
  await tx.update(seckillGoods).set({ sort }).where(eq(seckillGoods.id, record.id));
  await audit(tx, session, 'seckill.sortGoods', target(record.activityId), {
    goods: id,
    before: record.sort,
    after: sort,
  });
  return { Sort: sort };
}

// ---- the buyer's side ---------------------------------------------------------------------------

type StorefrontSeckill = z.infer<typeof storefrontSeckillSchema>;

/** Activities switched on and not over, with their goods, as a mini-program lists them. */
export async function storefrontSeckills(
  db: Executor,
  siteId: number,
  now: Date,
): Promise<StorefrontSeckill[]> {
  const activities = await db
    .select()
    .from(seckillActivities)
    .where(and(live(siteId), eq(seckillActivities.status, 'on'), sql`${seckillActivities.endsAt} > ${now}`))
    .orderBy(desc(seckillActivities.sort), asc(seckillActivities.startsAt), asc(seckillActivities.id));
  if (activities.length === 0) return [];
  const records = await db
    .select()
    .from(seckillGoods)
    .where(
      and(
        eq(seckillGoods.deleted, false),
        inArray(
          seckillGoods.activityId,
          activities.map((activity) => activity.id),
        ),
      ),
    )
    .orderBy(desc(seckillGoods.sort), asc(seckillGoods.id));
  const rows = await goodsRows(db, siteId, records);
  return activities.map((activity) => {
    const next = nextSessionStart(activity.sessions, activity, now);
    const state = timedState(activity, now);
    return {
      Id: activity.id,
      Title: activity.title,
      Image: activity.image,
      StartsAt: activity.startsAt.toISOString(),
      EndsAt: activity.endsAt.toISOString(),
      Sessions: activity.sessions,
      State: state,
      SessionOpen: state === 'running' && openSession(activity.sessions, now) !== null,
      NextSessionAt: iso(next),
      Rules: activity.rules,
      Goods: rows
        .filter((row) => row.ActivityId === activity.id)
        .map((row) => ({
          Id: row.Id,
          ProductId: row.ProductId,
          Name: row.Name,
          Image: row.Image,
          LimitPerMember: row.LimitPerMember,
          Skus: row.Skus.map((sku) => ({
            SkuId: sku.SkuId,
            SpecText: sku.SpecText,
            PriceFen: sku.PriceFen,
            SeckillPriceFen: sku.SeckillPriceFen,
            Stock: sku.Stock,
          })),
        })),
    };
  });
}

interface SeckillOffer extends Record<string, unknown> {
  seckill_sku_id: number;
  seckill_goods_id: number;
  product_id: number;
  price_fen: number;
  stock: number;
  limit_per_member: number;
  title: string;
  status: 'on' | 'off';
  starts_at: Date;
  ends_at: Date;
  sessions: ActivityRecord['sessions'];
}

/**
 * The offer a buyer asks for, if it may be bought now: the activity running with a session open and
 * the seckill stock enough. Read without a lock, so the many buyers who come too late are turned
 * away before a transaction opens; the reservation's guarded statement checks again.
 */
export async function buyableOffer(
  db: Executor,
  siteId: number,
  now: Date,
  input: { SeckillGoodsId: number; SkuId: number; Quantity: number },
): Promise<SeckillOffer> {
  const { SeckillGoodsId, SkuId, Quantity } = input;
  const [offer] = await queryRows<SeckillOffer>(
    db,
    sql`select ss.id as seckill_sku_id, g.id as seckill_goods_id, ss.product_id, ss.price_fen, ss.stock,
               g.limit_per_member,
               a.title, a.status, a.starts_at, a.ends_at, a.sessions
          from seckill_goods g join seckill_activities a on a.id = g.activity_id and not a.deleted
          join seckill_skus ss on ss.seckill_goods_id = g.id and ss.sku_id = ${SkuId}
         where g.site_id = ${siteId} and g.id = ${SeckillGoodsId} and not g.deleted`,
  );
  if (!offer) throw new AppError('seckill.offerNotFound', { id: SkuId }, { field: 'SkuId' });
  const state = timedState({ status: offer.status, startsAt: offer.starts_at, endsAt: offer.ends_at }, now);
  if (state !== 'running')
    throw new AppError(`seckill.state.${state}`, { title: offer.title }, { field: 'SeckillGoodsId' });
  if (!openSession(offer.sessions, now)) {
    const next = nextSessionStart(offer.sessions, { startsAt: offer.starts_at, endsAt: offer.ends_at }, now);
    throw new AppError(
      next ? 'seckill.sessionClosed' : 'seckill.noMoreSessions',
      { title: offer.title, next: next ? shopDateTime(next).slice(0, 16) : '' },
      { field: 'SeckillGoodsId' },
    );
  }
  if (offer.stock < Quantity) {
    if (offer.stock === 0) soldOutMarks.mark({ siteId, SeckillGoodsId, SkuId }, offer.title);
    throw new AppError('seckill.soldOut', { title: offer.title }, { field: 'Quantity' });
  }
  return offer;
}

interface Reservation {
  /** The id and number the order will have; the stock ledger names the order by it. */
  orderId: number;
  orderNo: string;
  priceFen: number;
}

/**
 * Takes the seckill units (and the member's limit) for an order about to be placed, before and
 * outside the order's transaction. The seckill row is every buyer's hot row, so it is taken by one
 * statement that also writes its ledger row and the reservation, and commits on its own: it is
 * locked no longer than the raw guarded update would lock it. A member's limit, when the goods have
 * one, is taken first in the same transaction: the member's own row, which no other buyer waits
 * for, and locked before the seckill row by every writer of both (returnReservation,
 * releaseSeckillOrder).
 */
async function reserveUnits(
  db: Database,
  context: Omit<StorefrontContext, 'tx'>,
  offer: SeckillOffer,
  member: Parameters<typeof takeMemberQuota>[1],
  input: { SeckillGoodsId: number; SkuId: number; Quantity: number },
): Promise<Reservation> {
  const { Quantity } = input;
  const at = context.now.toISOString();
  // The activity still on and the goods still in it, checked by the statement that takes the units.
  // The order's number is reserved by it too, so the ledger row can name the order; a buyer turned
  // away leaves a gap in the numbers, as any order that fails does.
  const take = (executor: Executor) =>
    queryRows<{ id: number; order_no: string; stock: number | null; price_fen: number | null }>(
      executor,
      sql`with ${reservedOrder(context.now)},
          taken as (
            update seckill_skus ss set stock = ss.stock - ${Quantity}::int, sold = ss.sold + ${Quantity}::int
              from seckill_goods g join seckill_activities a on a.id = g.activity_id
             where ss.id = ${offer.seckill_sku_id} and ss.stock >= ${Quantity}::int
               and g.id = ss.seckill_goods_id and not g.deleted and not a.deleted and a.status = 'on'
            returning ss.id, ss.stock, ss.price_fen, ss.seckill_goods_id),
          logged as (
            insert into seckill_stock_log (site_id, seckill_sku_id, kind, delta, after, reason, account_id, at)
            select ${context.siteId}, taken.id, 'order', ${-Quantity}::int, taken.stock, reserved_order.order_no,
                   null, ${at}::timestamptz
              from taken, reserved_order),
          held as (
            insert into seckill_reservations (site_id, order_id, order_no, seckill_sku_id, seckill_goods_id,
                                              buyer_id, quantity, reserved_at)
            select ${context.siteId}, reserved_order.id, reserved_order.order_no, taken.id, taken.seckill_goods_id,
                   ${member.buyerId}, ${Quantity}::int, ${at}::timestamptz
              from taken, reserved_order)
          select reserved_order.id, reserved_order.order_no, taken.stock, taken.price_fen
            from reserved_order left join taken on true`,
    );
  // Nothing taken: sold out since the offer was read, or switched off or removed; read again to say which.
  const refuse = async (executor: Executor): Promise<never> => {
    await buyableOffer(executor, context.siteId, context.now, input);
    throw new AppError('seckill.soldOut', { title: offer.title }, { field: 'Quantity' });
  };
  const limit = offer.limit_per_member;
  const reservation = ([row]: { id: number; order_no: string; price_fen: number | null }[]) =>
    row?.price_fen === null || row?.price_fen === undefined
      ? undefined
      : { orderId: row.id, orderNo: row.order_no, priceFen: row.price_fen };
  if (limit <= 0) return reservation(await take(db)) ?? (await refuse(db));
  return db.transaction(async (tx) => {
    if (!(await takeMemberQuota(tx, member, Quantity, limit)))
      throw new AppError('seckill.memberLimit', { limit }, { field: 'Quantity' });
    // Refused inside the transaction, so the member's limit goes back with it.
    return reservation(await take(tx)) ?? refuse(tx);
  });
}

interface TakenUnits extends Record<string, unknown> {
  seckill_sku_id: number;
  seckill_goods_id: number;
  buyer_id: string;
  quantity: number;
}

/**
 * Units an order or a reservation took, given back: the members' limits first, then the seckill
 * rows in id order (the order reserveUnits takes them in), leaving the sold count, and the stock
 * with a 'return' ledger row naming the order number when `stockReturned`.
 */
async function giveBackUnits(
  tx: Executor,
  order: { siteId: number; orderNo: string },
  taken: TakenUnits[],
  stockReturned: boolean,
  at: Date,
): Promise<void> {
  taken.sort((left, right) => left.seckill_sku_id - right.seckill_sku_id);
  for (const units of taken)
    await giveMemberQuota(
      tx,
      { kind: 'seckill', refId: units.seckill_goods_id, buyerId: units.buyer_id },
      units.quantity,
    );
  for (const units of taken) {
    const back = stockReturned ? units.quantity : 0;
    const [row] = await queryRows<{ stock: number }>(
      tx,
      sql`update seckill_skus set stock = stock + ${back}::int, sold = greatest(0, sold - ${units.quantity}::int)
           where id = ${units.seckill_sku_id} returning stock`,
    );
    if (row && back > 0)
      await logStock(
        tx,
        [
          {
            siteId: order.siteId,
            seckillSkuId: units.seckill_sku_id,
            kind: 'return',
            delta: back,
            after: row.stock,
            reason: order.orderNo,
            accountId: null,
          },
        ],
        at,
      );
  }
}

/**
 * Gives back a reservation whose order was not placed: the member's limit first, then the seckill
 * row, as reserveUnits and a close take them, with a ledger row naming the order number that was
 * never used. Once per reservation (its state moves from held), so a sweep and the failed call may
 * both try. A reservation already placed stays: its order's close gives the units back.
 */
export async function returnReservation(tx: Executor, orderId: number, at: Date): Promise<boolean> {
  const [reservation] = await queryRows<TakenUnits & { site_id: number; order_no: string }>(
    tx,
    sql`update seckill_reservations set state = 'returned' where order_id = ${orderId} and state = 'held'
        returning site_id, order_no, seckill_sku_id, seckill_goods_id, buyer_id, quantity`,
  );
  if (!reservation) return false;
  await giveBackUnits(
    tx,
    { siteId: reservation.site_id, orderNo: reservation.order_no },
    [reservation],
    true,
    at,
  );
  return true;
}

/** How long a reservation may wait for its order before the sweep takes it for abandoned. */
export const ABANDONED_RESERVATION_MINUTES = 10;

/**
 * Reservations whose order never came (the server stopped between the reservation and the order,
 * or before giving it back): given back in their own short transactions. An order's transaction is
 * over in well under a second, so one held this long has no order coming.
 */
export async function returnAbandonedReservations(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_RESERVATION_MINUTES * 60_000);
  const due = await queryRows<{ order_id: number }>(
    db,
    sql`select order_id from seckill_reservations
         where state = 'held' and reserved_at <= ${cutoff.toISOString()}::timestamptz
         order by reserved_at limit 100`,
  );
  let returned = 0;
  for (const { order_id } of due)
    if (await db.transaction((tx) => returnReservation(tx, order_id, now))) returned += 1;
  return returned;
}

/**
 * Places an order at the seckill price in short transactions, so that a flash sale's buyers queue
 * on no row for the length of an order:
 * 1. the offer read without a lock (buyableOffer): most buyers come too late and leave here, or
 *    before it when this server has just read the SKU sold out (seckill-sold-out.ts);
 * 2. the units and the member's limit reserved (reserveUnits), committed at once;
 * 3. the order placed at the price the reservation read, taking the goods' stock under the goods
 *    row's lock at its end only (placeOrder); its seckill line, for the close to give back, turns
 *    the reservation placed in the same transaction;
 * 4. when 3 fails (a bad address, the goods' own stock short, …) the reservation is given back
 *    (returnReservation) and the buyer hears why the order failed; when the server stops before
 *    that, the sweep gives it back (returnAbandonedReservations).
 * Lock order: 2 and 4 lock the member's limit and then the seckill row, as a close does after the
 * goods (releaseSeckillOrder); 3 takes no seckill lock, so none of them waits on another's goods.
 */
export async function placeSeckillOrder(
  db: Database,
  context: Omit<StorefrontContext, 'tx'>,
  input: z.infer<typeof createSeckillOrder.input>,
): Promise<typeof orders.$inferSelect> {
  const { SeckillGoodsId, SkuId, Quantity, ...order } = input;
  const soldOutTitle = soldOutMarks.title({ siteId: context.siteId, SeckillGoodsId, SkuId });
  if (soldOutTitle !== undefined)
    throw new AppError('seckill.soldOut', { title: soldOutTitle }, { field: 'Quantity' });
  const offer = await buyableOffer(db, context.siteId, context.now, input);
  const member = {
    siteId: context.siteId,
    kind: 'seckill' as const,
    refId: offer.seckill_goods_id,
    buyerId: input.Buyer.Id,
  };
  const reservation = await reserveUnits(db, context, offer, member, input);
  try {
    return await db.transaction((tx) =>
      placeOrder(
        { ...context, tx },
        { ...order, Lines: [{ SkuId, Quantity }] },
        {
          type: 'seckill',
          activity: { unitFenBySku: new Map([[SkuId, reservation.priceFen]]) },
          stockAtCreation: true,
          orderId: reservation.orderId,
          inserted: (placed) => ({
            query: sql`with placed as (
                         update seckill_reservations set state = 'placed'
                          where order_id = ${placed.id} and state = 'held'
                         returning site_id, order_id, seckill_sku_id, seckill_goods_id, buyer_id, quantity)
                       insert into seckill_order_lines (site_id, order_id, seckill_sku_id, seckill_goods_id, buyer_id, quantity)
                       select site_id, order_id, seckill_sku_id, seckill_goods_id, buyer_id, quantity from placed
                       returning id`,
            // Only a sweep that took the reservation for abandoned gets here; the units are back on sale.
            read: ([line]) => {
              if (!line) throw new AppError('seckill.soldOut', { title: offer.title }, { field: 'Quantity' });
            },
          }),
        },
      ),
    );
  } catch (error) {
    await db.transaction((tx) => returnReservation(tx, reservation.orderId, context.now));
    throw error;
  }
}

/**
 * An order at a seckill price closed: its units leave the sold count and the member's limit, and
 * the seckill stock comes back when the goods' stock did. Once per order line (`released`).
 */
export async function releaseSeckillOrder(
  tx: Executor,
  order: { id: number; siteId: number; orderNo: string },
  at: Date,
  stockReturned: boolean,
): Promise<void> {
  const lines = await queryRows<TakenUnits>(
    tx,
    sql`update seckill_order_lines set released = true where order_id = ${order.id} and not released
        returning seckill_sku_id, seckill_goods_id, buyer_id, quantity`,
  );
  await giveBackUnits(tx, order, lines, stockReturned, at);
}
