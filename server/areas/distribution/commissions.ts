import { sql } from 'drizzle-orm';
import {
  allocate,
  type ChainPromoter,
  commissionBase,
  commissionEarners,
  type GoodsRule,
  orderCommission,
  remainingCommission,
} from '../../../contract/commission';
import type { CommissionState, OrderCommission } from '../../../contract/endpoints/commissions';
import type { DistributionSetting } from '../../../contract/endpoints/distribution';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { Actor } from './promoters';
import { readDistributionSetting } from './settings';

/**
 * Commission rows of orders: written when an online order is paid (pending), reduced by refunds
 * (the refunded part void), read back as an order's breakdown. The maths is contract/commission.ts;
 * this file reads its facts and writes its answers, in the caller's transaction.
 */

/** The order facts commission needs; an order row of the order area has them all. */
export interface CommissionOrder {
  id: number;
  siteId: number;
  orderNo: string;
  source: string;
  buyerId: string;
  paidFen: number;
  freightFen: number;
  refundedFen: number;
}

interface ChainRecord extends Record<string, unknown> {
  id: number;
  member_id: number;
  status: 'active' | 'frozen';
  parent_id: number | null;
  level1_rate: number | null;
  level2_rate: number | null;
}

/** The promoter rows of these members and, up to `hops` parents above them, their parents. */
async function chainRows(
  tx: Executor,
  siteId: number,
  memberIds: readonly number[],
  hops: number,
): Promise<Map<number, ChainRecord>> {
  const found = new Map<number, ChainRecord>();
  const columns = sql`p.id, p.member_id, p.status, p.parent_id, g.level1_rate, g.level2_rate
    from promoters p left join promoter_grades g on g.id = p.grade_id`;
  let rows = await queryRows<ChainRecord>(
    tx,
    sql`select ${columns} where p.site_id = ${siteId} and p.member_id in (${sql.join(
      memberIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (let hop = 0; hop <= hops && rows.length > 0; hop += 1) {
    for (const row of rows) found.set(row.id, row);
    const parents = [...new Set(rows.map((row) => row.parent_id))].filter(
      (id): id is number => id !== null && !found.has(id),
    );
    rows =
      parents.length === 0
        ? []
        : await queryRows<ChainRecord>(
            tx,
            sql`select ${columns} where p.site_id = ${siteId} and p.id in (${sql.join(
              parents.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          );
  }
  return found;
}

function chainPromoter(row: ChainRecord | undefined): ChainPromoter | null {
  return row ? { id: row.id, active: row.status === 'active', parentId: row.parent_id } : null;
}

/** A promoter's rates: their grade's, else the settings'. */
function ratesOf(row: ChainRecord, setting: DistributionSetting): [number, number] {
  return row.level1_rate === null
    ? [setting.Level1Rate, setting.Level2Rate]
    : [row.level1_rate, row.level2_rate ?? 0];
}

interface LineRecord extends Record<string, unknown> {
  id: number;
  product_id: number;
  quantity: number;
  amount_fen: number;
}

async function orderLinesOf(tx: Executor, orderId: number): Promise<LineRecord[]> {
  return queryRows<LineRecord>(
    tx,
    sql`select id, product_id, quantity, amount_fen from order_lines where order_id = ${orderId} order by position, id`,
  );
}

async function goodsRules(tx: Executor, siteId: number, productIds: readonly number[]) {
  const rows = await queryRows<{
    product_id: number;
    mode: GoodsRule['mode'];
    level1: number;
    level2: number;
  }>(
    tx,
    sql`select product_id, mode, level1, level2 from distribution_goods_rules
         where site_id = ${siteId} and product_id in (${sql.join(
           productIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return new Map(
    rows.map((row): [number, GoodsRule] => [
      row.product_id,
      row.mode === 'excluded' ? { mode: 'excluded' } : { mode: row.mode, values: [row.level1, row.level2] },
    ]),
  );
}

/**
 * Writes the commission of an online order just paid, when distribution is on and someone earns:
 * one pending row per line and level with an amount. Writing twice writes nothing more (one row per
 * line and level).
 */
export async function recordOrderCommission(tx: Executor, order: CommissionOrder, now: Date): Promise<void> {
  if (order.source === 'offline' || order.buyerId === '') return;
  const { setting } = await readDistributionSetting(tx, order.siteId);
  if (!setting.Enabled) return;
  const [buyer] = await queryRows<{ id: number; inviter_id: number | null }>(
    tx,
    sql`select id, inviter_id from members where site_id = ${order.siteId} and open_id = ${order.buyerId}`,
  );
  if (!buyer) return;
  const memberIds = buyer.inviter_id === null ? [buyer.id] : [buyer.id, buyer.inviter_id];
  const chain = await chainRows(tx, order.siteId, memberIds, setting.Levels);
  const rows = [...chain.values()];
  const earners = commissionEarners({
    levels: setting.Levels,
    selfPurchase: setting.SelfPurchase,
    buyer: chainPromoter(rows.find((row) => row.member_id === buyer.id)),
    inviter: chainPromoter(rows.find((row) => row.member_id === buyer.inviter_id)),
    promoters: new Map(rows.map((row) => [row.id, chainPromoter(row)!])),
  });
  if (earners.every((earner) => earner === null)) return;
  const lines = await orderLinesOf(tx, order.id);
  if (lines.length === 0) return;
  const rules = await goodsRules(
    tx,
    order.siteId,
    lines.map((line) => line.product_id),
  );
  const figured = orderCommission({
    baseFen: commissionBase({ paidFen: order.paidFen, freightFen: order.freightFen, refundedFen: 0 }),
    lines: lines.map((line) => ({
      amountFen: line.amount_fen,
      quantity: line.quantity,
      rule: rules.get(line.product_id) ?? null,
    })),
    earners: earners.map((earner) => (earner === null ? null : ratesOf(chain.get(earner)!, setting))),
  });
  const values = figured.flatMap((levels, index) =>
    levels.flatMap((level, levelIndex) => {
      const promoterId = earners[levelIndex];
      if (level.fen === 0 || promoterId === null || promoterId === undefined) return [];
      return [
        sql`(${order.siteId}, ${order.id}, ${order.orderNo}, ${lines[index]!.id}, ${buyer.id}, ${promoterId},
             ${levelIndex + 1}, ${level.baseFen}, ${level.mode}, ${level.value}, ${level.fen},
             ${now.toISOString()}::timestamptz)`,
      ];
    }),
  );
  if (values.length === 0) return;
  await tx.execute(
    sql`insert into commissions (site_id, order_id, order_no, line_id, buyer_member_id, promoter_id, level, base_fen,
                                 mode, value, amount_fen, created_at)
        values ${sql.join(values, sql`, `)}
        on conflict (line_id, level) do nothing`,
  );
}

interface CommissionRecord extends Record<string, unknown> {
  id: number;
  line_id: number;
  promoter_id: number;
  base_fen: number;
  mode: 'ratio' | 'fixed';
  value: number;
  amount_fen: number;
  void_fen: number;
  state: CommissionState;
}

/**
 * After a refund, voids what the refund took of the order's commission: each row keeps what the
 * order's base now leaves of it (contract/commission.ts). A pending row voided whole turns void. A
 * settled row keeps its state, and what it loses leaves the promoter's balance by a reversal row
 * of the ledger (the balance may go below zero, see tables.ts). Figured from the order's refunds so
 * far, so running it again changes nothing.
 */
export async function voidRefundedCommission(
  tx: Executor,
  order: CommissionOrder,
  actor: Actor,
  now: Date,
): Promise<void> {
  const rows = await queryRows<CommissionRecord>(
    tx,
    sql`select id, line_id, promoter_id, base_fen, mode, value, amount_fen, void_fen, state from commissions
         where order_id = ${order.id} and state <> 'void' order by promoter_id, id for update`,
  );
  if (rows.length === 0) return;
  const lines = await orderLinesOf(tx, order.id);
  const bases = allocate(
    commissionBase(order),
    lines.map((line) => line.amount_fen),
  );
  const baseOfLine = new Map(lines.map((line, index) => [line.id, bases[index]!]));
  for (const row of rows) {
    const left = remainingCommission(
      { amountFen: row.amount_fen, mode: row.mode, value: row.value, baseFen: row.base_fen },
      baseOfLine.get(row.line_id) ?? 0,
    );
    const voidFen = row.amount_fen - left;
    if (voidFen <= row.void_fen) continue;
    await tx.execute(
      sql`update commissions set void_fen = ${voidFen}, updated_at = now(),
                 state = case when state = 'pending' and ${voidFen} >= amount_fen then 'void' else state end
           where id = ${row.id}`,
    );
    if (row.state === 'settled') {
      await changeBalances(tx, {
        siteId: order.siteId,
        promoterId: row.promoter_id,
        reason: 'reversal',
        withdrawable: -(voidFen - row.void_fen),
        frozen: 0,
        earned: -(voidFen - row.void_fen),
        commissionId: row.id,
        orderNo: order.orderNo,
        actor,
        now,
      });
    }
  }
}

export interface BalanceChange {
  siteId: number;
  promoterId: number;
  reason: 'settle' | 'reversal' | 'withdraw' | 'withdrawReturn' | 'withdrawPaid';
  withdrawable: number;
  frozen: number;
  earned?: number;
  withdrawn?: number;
  commissionId?: number;
  withdrawalId?: number;
  orderNo?: string;
  actor: Actor;
  now: Date;
  /**
   * Takes from the withdrawable amount only when this much is there (a withdrawal, or freezing one
   * again); false is returned and nothing written when it is not.
   */
  guarded?: boolean;
}

/**
 * The one way a promoter's balances change: one UPDATE (guarded when asked) and the ledger row of
 * the change with the balances after it. Returns false when a guarded change found too little.
 */
export async function changeBalances(tx: Executor, change: BalanceChange): Promise<boolean> {
  const guard = change.guarded ? sql`and withdrawable_fen >= ${-change.withdrawable}` : sql``;
  const [after] = await queryRows<{ withdrawable_fen: number; frozen_fen: number }>(
    tx,
    sql`update promoters
           set withdrawable_fen = withdrawable_fen + ${change.withdrawable},
               frozen_fen = frozen_fen + ${change.frozen},
               earned_fen = earned_fen + ${change.earned ?? 0},
               withdrawn_fen = withdrawn_fen + ${change.withdrawn ?? 0},
               version = version + 1, updated_at = now()
         where id = ${change.promoterId} and site_id = ${change.siteId} ${guard}
         returning withdrawable_fen, frozen_fen`,
  );
  if (!after) return false;
  await tx.execute(
    sql`insert into commission_ledger (site_id, promoter_id, reason, withdrawable_delta, frozen_delta,
                                       withdrawable_after, frozen_after, commission_id, withdrawal_id, order_no,
                                       actor, account_id, actor_name, created_at)
        values (${change.siteId}, ${change.promoterId}, ${change.reason}, ${change.withdrawable}, ${change.frozen},
                ${after.withdrawable_fen}, ${after.frozen_fen}, ${change.commissionId ?? null},
                ${change.withdrawalId ?? null}, ${change.orderNo ?? ''}, ${change.actor.kind},
                ${change.actor.accountId}, ${change.actor.name}, ${change.now.toISOString()}::timestamptz)`,
  );
  return true;
}

interface BreakdownRecord extends Record<string, unknown> {
  id: number;
  name: string;
  spec_text: string;
  quantity: number;
  level: 1 | 2;
  promoter_id: number;
  promoter_name: string;
  promoter_no: string;
  base_fen: number;
  mode: 'ratio' | 'fixed';
  value: number;
  amount_fen: number;
  void_fen: number;
  state: CommissionState;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** When an order's pending commission falls due under the settings; null until it can be known. */
export function commissionDueAt(
  order: { receivedAt: Date | null; completedAt: Date | null; completeDueAt: Date | null },
  setting: Pick<DistributionSetting, 'SettleMoment' | 'FreezeDays'>,
): string | null {
  const from =
    setting.SettleMoment === 'completion' ? order.receivedAt : (order.completedAt ?? order.completeDueAt);
  if (!from) return null;
  return new Date(new Date(from).getTime() + setting.FreezeDays * 24 * 60 * 60 * 1000).toISOString();
}

/** An order's commission rows by line and level, with its totals; null when it earned none. */
export async function readOrderCommission(
  db: Executor,
  order: CommissionOrder & { receivedAt: Date | null; completedAt: Date | null; completeDueAt: Date | null },
): Promise<OrderCommission | null> {
  const rows = await queryRows<BreakdownRecord>(
    db,
    sql`select c.id, l.name, l.spec_text, l.quantity, c.level, c.promoter_id,
               coalesce(nullif(m.nickname, ''), m.member_no) as promoter_name, m.member_no as promoter_no,
               c.base_fen, c.mode, c.value, c.amount_fen, c.void_fen, c.state, c.created_at, c.settled_at
          from commissions c join order_lines l on l.id = c.line_id
          join promoters p on p.id = c.promoter_id join members m on m.id = p.member_id
         where c.order_id = ${order.id} and c.site_id = ${order.siteId}
         order by l.position, l.id, c.level`,
  );
  if (rows.length === 0) return null;
  const { setting } = await readDistributionSetting(db, order.siteId);
  const net = (state: CommissionState) =>
    rows.filter((row) => row.state === state).reduce((sum, row) => sum + row.amount_fen - row.void_fen, 0);
  return {
    BaseFen: commissionBase(order),
    Rows: rows.map((row) => ({
      Id: row.id,
      LineName: row.name,
      SpecText: row.spec_text,
      Quantity: row.quantity,
      Level: row.level,
      PromoterId: row.promoter_id,
      PromoterName: row.promoter_name,
      PromoterMemberNo: row.promoter_no,
      BaseFen: row.base_fen,
      Mode: row.mode,
      Value: row.value,
      AmountFen: row.amount_fen,
      VoidFen: row.void_fen,
      State: row.state,
      CreatedAt: iso(row.created_at)!,
      SettledAt: iso(row.settled_at),
    })),
    PendingFen: net('pending'),
    SettledFen: net('settled'),
    VoidFen: rows.reduce((sum, row) => sum + row.void_fen, 0),
    DueAt: rows.some((row) => row.state === 'pending') ? commissionDueAt(order, setting) : null,
  };
}
