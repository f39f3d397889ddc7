import { type SQL, sql } from 'drizzle-orm';
import type { PointsGoodsDetail, PointsGoodsForm } from '../../../contract/endpoints/points-goods';
import { pointsGoodsState } from '../../../contract/points';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { timedStateSql } from '../../db/timed-list';
import { AppError } from '../../http/errors';
import './messages';

/**
 * Points goods as operators make and read them. The stock is set under the row's lock with the
 * version the operator read, and its change logged like every other stock move of the goods.
 */

export interface GoodsRecord extends Record<string, unknown> {
  id: number;
  title: string;
  image: string;
  kind: PointsGoodsDetail['Kind'];
  product_id: number | null;
  product_name: string | null;
  cover: string | null;
  points: number;
  price_fen: number;
  stock: number;
  exchanged: number;
  per_member_limit: number;
  starts_at: Date | string;
  ends_at: Date | string | null;
  status: 'on' | 'off';
  sort: number;
  version: number;
  description: string;
  created_at: Date | string;
}

export const GOODS_COLUMNS = sql`g.id, g.title, g.image, g.kind, g.product_id, p.name as product_name,
  p.gallery->>0 as cover, g.points, g.price_fen, g.stock, g.exchanged, g.per_member_limit, g.starts_at, g.ends_at,
  g.status, g.sort, g.version, g.description, g.created_at`;

export const GOODS_FROM = sql`points_products g left join products p on p.id = g.product_id`;

/** The state of a points good in SQL, as pointsGoodsState decides it. */
export function goodsStateSql(now: Date): SQL {
  return timedStateSql('g', now, { openEnd: true });
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function goodsDetail(record: GoodsRecord, now: Date): PointsGoodsDetail {
  return {
    Id: record.id,
    Title: record.title,
    Image: record.image || record.cover || '',
    Kind: record.kind,
    ProductId: record.product_id,
    ProductName: record.product_name ?? '',
    Points: record.points,
    PriceFen: record.price_fen,
    Stock: record.stock,
    Exchanged: record.exchanged,
    PerMemberLimit: record.per_member_limit,
    StartsAt: iso(record.starts_at),
    EndsAt: record.ends_at === null ? null : iso(record.ends_at),
    Status: record.status,
    State: pointsGoodsState(
      { status: record.status, startsAt: record.starts_at, endsAt: record.ends_at },
      now,
    ),
    Sort: record.sort,
    Version: record.version,
    Description: record.description,
    CreatedAt: iso(record.created_at),
  };
}

export async function readGoods(
  db: Executor,
  siteId: number,
  id: number,
  now: Date,
): Promise<PointsGoodsDetail> {
  const [record] = await queryRows<GoodsRecord>(
    db,
    sql`select ${GOODS_COLUMNS} from ${GOODS_FROM} where g.id = ${id} and g.site_id = ${siteId} and not g.deleted`,
  );
  if (!record) throw new AppError('points.goods.notFound', { id }, { field: 'Id' });
  return goodsDetail(record, now);
}

/** The catalogue good must be the shop's, not in the recycle bin, and of the points good's kind. */
async function requireProduct(tx: Executor, siteId: number, form: PointsGoodsForm): Promise<void> {
  const [product] = await queryRows<{ kind: PointsGoodsForm['Kind'] }>(
    tx,
    sql`select kind from products where id = ${form.ProductId} and site_id = ${siteId} and recycle_state = 'active'`,
  );
  if (!product)
    throw new AppError('points.goods.productNotFound', { id: form.ProductId }, { field: 'ProductId' });
  if (product.kind !== form.Kind)
    throw new AppError(`points.goods.kindMismatch.${form.Kind}`, {}, { field: 'ProductId' });
}

export interface Operator {
  siteId: number;
  accountId: number | null;
  name: string;
}

export type SaveOutcome = { id: number; version: number; stockDelta: number } | { stale: number };

/** Creates or saves points goods; a save over another version answers that version instead. */
export async function savePointsGoods(
  tx: Executor,
  operator: Operator,
  form: PointsGoodsForm,
  now: Date,
): Promise<SaveOutcome> {
  await requireProduct(tx, operator.siteId, form);
  const values = {
    title: form.Title,
    image: form.Image,
    kind: form.Kind,
    productId: form.ProductId,
    points: form.Points,
    priceFen: form.PriceFen,
    perMemberLimit: form.PerMemberLimit,
    startsAt: form.StartsAt,
    endsAt: form.EndsAt,
    description: form.Description,
    sort: form.Sort,
    status: form.Status,
  };
  let id: number;
  let version: number;
  let stockDelta: number;
  if (form.Id === undefined) {
    const [row] = await queryRows<{ id: number; version: number }>(
      tx,
      sql`insert into points_products (site_id, title, image, kind, product_id, points, price_fen, stock,
                                       per_member_limit, starts_at, ends_at, description, sort, status, created_at,
                                       updated_at)
          values (${operator.siteId}, ${values.title}, ${values.image}, ${values.kind}, ${values.productId},
                  ${values.points}, ${values.priceFen}, ${form.Stock}, ${values.perMemberLimit},
                  ${values.startsAt}::timestamptz, ${values.endsAt}::timestamptz, ${values.description}, ${values.sort},
                  ${values.status}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          returning id, version`,
    );
    ({ id, version } = row!);
    stockDelta = form.Stock;
  } else {
    const [current] = await queryRows<{ stock: number; version: number }>(
      tx,
      sql`select stock, version from points_products
           where id = ${form.Id} and site_id = ${operator.siteId} and not deleted for update`,
    );
    if (!current) throw new AppError('points.goods.notFound', { id: form.Id }, { field: 'Id' });
    if (current.version !== form.Version) return { stale: current.version };
    const [row] = await queryRows<{ version: number }>(
      tx,
      sql`update points_products
             set title = ${values.title}, image = ${values.image}, kind = ${values.kind},
                 product_id = ${values.productId}, points = ${values.points}, price_fen = ${values.priceFen},
                 stock = ${form.Stock}, per_member_limit = ${values.perMemberLimit},
                 starts_at = ${values.startsAt}::timestamptz, ends_at = ${values.endsAt}::timestamptz,
                 description = ${values.description}, sort = ${values.sort}, status = ${values.status},
                 version = version + 1, updated_at = ${now.toISOString()}::timestamptz
           where id = ${form.Id} and site_id = ${operator.siteId} and version = ${form.Version}
           returning version`,
    );
    id = form.Id;
    version = row!.version;
    stockDelta = form.Stock - current.stock;
  }
  if (stockDelta !== 0) {
    await tx.execute(
      sql`insert into points_goods_stock_log (site_id, goods_id, delta, after, reason, account_id, actor_name,
                                              created_at)
          values (${operator.siteId}, ${id}, ${stockDelta}, ${form.Stock}, 'set', ${operator.accountId},
                  ${operator.name}, ${now.toISOString()}::timestamptz)`,
    );
  }
  return { id, version, stockDelta };
}
