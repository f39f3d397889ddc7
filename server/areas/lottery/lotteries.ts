import { sql } from 'drizzle-orm';
import type { LotteryDetail, LotteryForm, LotteryRow, Prize } from '../../../contract/endpoints/lotteries';
import { timedState } from '../../../contract/timed-state';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import './messages';

/**
 * Lucky draws as operators make and read them. A save runs under the draw's row lock with the
 * version the operator read; a prize's stock is set to what is left now, its change logged like
 * every other stock move of the prize.
 */

export interface LotteryRecord extends Record<string, unknown> {
  id: number;
  title: string;
  image: string;
  summary: string;
  rules: string;
  entry_mode: LotteryRow['EntryMode'];
  points_cost: number;
  daily_limit: number;
  total_limit: number;
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'on' | 'off';
  sort: number;
  nothing_text: string;
  version: number;
  created_at: Date | string;
  draws: number;
  wins: number;
}

export const LOTTERY_COLUMNS = sql`a.id, a.title, a.image, a.summary, a.rules, a.entry_mode, a.points_cost,
  a.daily_limit, a.total_limit, a.starts_at, a.ends_at, a.status, a.sort, a.nothing_text, a.version, a.created_at,
  (select count(*)::int from lottery_records r where r.lottery_id = a.id) as draws,
  (select count(*)::int from lottery_records r where r.lottery_id = a.id and r.outcome <> 'nothing') as wins`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function lotteryRow(record: LotteryRecord, now: Date): LotteryRow {
  return {
    Id: record.id,
    Title: record.title,
    Image: record.image,
    Summary: record.summary,
    EntryMode: record.entry_mode,
    PointsCost: record.points_cost,
    DailyLimit: record.daily_limit,
    TotalLimit: record.total_limit,
    StartsAt: iso(record.starts_at),
    EndsAt: iso(record.ends_at),
    Status: record.status,
    State: timedState({ status: record.status, startsAt: record.starts_at, endsAt: record.ends_at }, now),
    Sort: record.sort,
    Draws: record.draws,
    Wins: record.wins,
    Version: record.version,
    CreatedAt: iso(record.created_at),
  };
}

interface PrizeRecord extends Record<string, unknown> {
  id: number;
  kind: Prize['Kind'];
  name: string;
  image: string;
  chance_bp: number;
  stock: number;
  won: number;
  points: number;
  balance_fen: number;
  coupon_id: number | null;
  coupon_title: string | null;
  product_id: number | null;
  product_name: string | null;
  product_image: string | null;
}

/** A draw's prizes in their order (the order of the chance bands), removed ones left out. */
export async function readPrizes(db: Executor, lotteryId: number): Promise<Prize[]> {
  const rows = await queryRows<PrizeRecord>(
    db,
    sql`select z.id, z.kind, z.name, z.image, z.chance_bp, z.stock, z.won, z.points, z.balance_fen, z.coupon_id,
               c.title as coupon_title, z.product_id, p.name as product_name, p.gallery->>0 as product_image
          from lottery_prizes z
          left join coupons c on c.id = z.coupon_id
          left join products p on p.id = z.product_id
         where z.lottery_id = ${lotteryId} and not z.deleted
         order by z.sort, z.id`,
  );
  return rows.map((row) => ({
    Id: row.id,
    Kind: row.kind,
    Name: row.name,
    Image: row.image || row.product_image || '',
    ChanceBp: row.chance_bp,
    Stock: row.stock,
    Won: row.won,
    Points: row.points,
    BalanceFen: row.balance_fen,
    CouponId: row.coupon_id,
    CouponTitle: row.coupon_title ?? '',
    ProductId: row.product_id,
    ProductName: row.product_name ?? '',
  }));
}

export async function findLottery(
  db: Executor,
  siteId: number,
  id: number,
  field = 'Id',
): Promise<LotteryRecord> {
  const [record] = await queryRows<LotteryRecord>(
    db,
    sql`select ${LOTTERY_COLUMNS} from marketing_activities a
         where a.id = ${id} and a.site_id = ${siteId} and not a.deleted`,
  );
  if (!record) throw new AppError('lottery.notFound', { id }, { field });
  return record;
}

export async function readLottery(
  db: Executor,
  siteId: number,
  id: number,
  now: Date,
): Promise<LotteryDetail> {
  const record = await findLottery(db, siteId, id);
  return {
    ...lotteryRow(record, now),
    Rules: record.rules,
    NothingText: record.nothing_text,
    Prizes: await readPrizes(db, id),
  };
}

/** What each prize gives must be the shop's: an online coupon not deleted, goods that ship. */
async function requirePrizeTargets(tx: Executor, siteId: number, form: LotteryForm): Promise<void> {
  for (const [index, prize] of form.Prizes.entries()) {
    if (prize.Kind === 'coupon') {
      const [coupon] = await queryRows<{ id: number }>(
        tx,
        sql`select id from coupons where id = ${prize.CouponId} and site_id = ${siteId} and not deleted
             and channel = 'online'`,
      );
      if (!coupon)
        throw new AppError(
          'lottery.couponNotFound',
          { id: prize.CouponId ?? 0 },
          { field: `Prizes.${index}.CouponId` },
        );
    }
    if (prize.Kind === 'goods') {
      const [product] = await queryRows<{ id: number }>(
        tx,
        sql`select id from products where id = ${prize.ProductId} and site_id = ${siteId}
             and recycle_state = 'active' and kind = 'physical'`,
      );
      if (!product)
        throw new AppError(
          'lottery.productNotFound',
          { id: prize.ProductId ?? 0 },
          { field: `Prizes.${index}.ProductId` },
        );
    }
  }
}

export interface Operator {
  siteId: number;
  accountId: number | null;
  name: string;
}

export type SaveOutcome = { id: number; version: number } | { stale: number };

/** The columns a prize's kind uses; the others are cleared so a record never names two gifts. */
function prizeGift(prize: LotteryForm['Prizes'][number]) {
  return {
    points: prize.Kind === 'points' ? prize.Points : 0,
    balanceFen: prize.Kind === 'balance' ? prize.BalanceFen : 0,
    couponId: prize.Kind === 'coupon' ? prize.CouponId : null,
    productId: prize.Kind === 'goods' ? prize.ProductId : null,
  };
}

async function logStock(
  tx: Executor,
  operator: Operator,
  prizeId: number,
  delta: number,
  after: number,
  now: Date,
): Promise<void> {
  if (delta === 0) return;
  await tx.execute(
    sql`insert into lottery_prize_log (site_id, prize_id, delta, after, reason, account_id, actor_name, created_at)
        values (${operator.siteId}, ${prizeId}, ${delta}, ${after}, 'set', ${operator.accountId}, ${operator.name},
                ${now.toISOString()}::timestamptz)`,
  );
}

/** Saves the prizes of a draw: existing ones updated (their stock set), new ones added, the rest removed. */
async function savePrizes(tx: Executor, operator: Operator, lotteryId: number, form: LotteryForm, now: Date) {
  const current = await queryRows<{ id: number; stock: number }>(
    tx,
    sql`select id, stock from lottery_prizes where lottery_id = ${lotteryId} and not deleted for update`,
  );
  const stocks = new Map(current.map((row) => [row.id, row.stock]));
  for (const [index, prize] of form.Prizes.entries()) {
    const gift = prizeGift(prize);
    if (prize.Id !== undefined) {
      const before = stocks.get(prize.Id);
      if (before === undefined)
        throw new AppError('lottery.prizeNotFound', { id: prize.Id }, { field: `Prizes.${index}.Id` });
      await tx.execute(
        sql`update lottery_prizes
               set kind = ${prize.Kind}, name = ${prize.Name}, image = ${prize.Image}, chance_bp = ${prize.ChanceBp},
                   stock = ${prize.Stock}, points = ${gift.points}, balance_fen = ${gift.balanceFen},
                   coupon_id = ${gift.couponId}, product_id = ${gift.productId}, sort = ${index}
             where id = ${prize.Id}`,
      );
      await logStock(tx, operator, prize.Id, prize.Stock - before, prize.Stock, now);
      stocks.delete(prize.Id);
    } else {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into lottery_prizes (site_id, lottery_id, kind, name, image, chance_bp, stock, points, balance_fen,
                                        coupon_id, product_id, sort, created_at)
            values (${operator.siteId}, ${lotteryId}, ${prize.Kind}, ${prize.Name}, ${prize.Image}, ${prize.ChanceBp},
                    ${prize.Stock}, ${gift.points}, ${gift.balanceFen}, ${gift.couponId}, ${gift.productId}, ${index},
                    ${now.toISOString()}::timestamptz)
            returning id`,
      );
      await logStock(tx, operator, row!.id, prize.Stock, prize.Stock, now);
    }
  }
  const removed = [...stocks.keys()];
  if (removed.length > 0) {
    await tx.execute(
      sql`update lottery_prizes set deleted = true
           where id in (${sql.join(
             removed.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
  }
}

/** Creates or saves a draw with its prizes; a save over another version answers that version instead. */
export async function saveLottery(
  tx: Executor,
  operator: Operator,
  form: LotteryForm,
  now: Date,
): Promise<SaveOutcome> {
  await requirePrizeTargets(tx, operator.siteId, form);
  const pointsCost = form.EntryMode === 'points' ? form.PointsCost : 0;
  const stamp = sql`${now.toISOString()}::timestamptz`;
  let id: number;
  let version: number;
  if (form.Id === undefined) {
    const [row] = await queryRows<{ id: number; version: number }>(
      tx,
      sql`insert into marketing_activities (site_id, title, image, summary, rules, entry_mode, points_cost, daily_limit,
                                            total_limit, starts_at, ends_at, nothing_text, sort, status, created_at,
                                            updated_at)
          values (${operator.siteId}, ${form.Title}, ${form.Image}, ${form.Summary}, ${form.Rules}, ${form.EntryMode},
                  ${pointsCost}, ${form.DailyLimit}, ${form.TotalLimit}, ${form.StartsAt}::timestamptz,
                  ${form.EndsAt}::timestamptz, ${form.NothingText}, ${form.Sort}, ${form.Status}, ${stamp}, ${stamp})
          returning id, version`,
    );
    ({ id, version } = row!);
  } else {
    const [current] = await queryRows<{ version: number }>(
      tx,
      sql`select version from marketing_activities
           where id = ${form.Id} and site_id = ${operator.siteId} and not deleted for update`,
    );
    if (!current) throw new AppError('lottery.notFound', { id: form.Id }, { field: 'Id' });
    if (current.version !== form.Version) return { stale: current.version };
    const [row] = await queryRows<{ version: number }>(
      tx,
      sql`update marketing_activities
             set title = ${form.Title}, image = ${form.Image}, summary = ${form.Summary}, rules = ${form.Rules},
                 entry_mode = ${form.EntryMode}, points_cost = ${pointsCost}, daily_limit = ${form.DailyLimit},
                 total_limit = ${form.TotalLimit}, starts_at = ${form.StartsAt}::timestamptz,
                 ends_at = ${form.EndsAt}::timestamptz, nothing_text = ${form.NothingText}, sort = ${form.Sort},
                 status = ${form.Status}, version = version + 1, updated_at = ${stamp}
           where id = ${form.Id} and site_id = ${operator.siteId} and version = ${form.Version}
           returning version`,
    );
    id = form.Id;
    version = row!.version;
  }
  await savePrizes(tx, operator, id, form, now);
  return { id, version };
}
