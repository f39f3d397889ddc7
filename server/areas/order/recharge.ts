import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { rechargeRowSchema } from '../../../contract/endpoints/orders';
import {
  type PaymentMethod,
  RECHARGE_COMMANDS,
  type RechargeCommand,
  type RechargeKind,
  rechargeMachine,
} from '../../../contract/machines/order';
import { can, permitted } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { giveBackDataStock, takeDataStock } from '../added-value/service';
import type { WalletActor } from '../customer/service';
import { illegalTransition, staleVersion } from './errors';
import { orderNumber, reserveId } from './order-number';
import { creditRecharge, payFromBalance, refundToBalance, takeBackRecharge } from './order-wallet';
import { rechargeOrders } from './tables';

/**
 * Recharge orders: stored value (credited the moment it is paid) and mobile data top-ups (paid,
 * then marked delivered by the operator). Unpaid ones close after the normal unpaid-close time.
 */

export type RechargeRecord = typeof rechargeOrders.$inferSelect;

export interface NewRecharge {
  siteId: number;
  kind: RechargeKind;
  buyer: { id: string; name: string; phone: string };
  phone: string;
  packageCode: string;
  packageName: string;
  amountFen: number;
  payDueAt: Date;
  now: Date;
}

export async function placeRecharge(tx: Executor, recharge: NewRecharge): Promise<RechargeRecord> {
  const id = await reserveId(tx, 'recharge_orders');
  const [row] = await tx
    .insert(rechargeOrders)
    .values({
      id,
      siteId: recharge.siteId,
      orderNo: orderNumber(recharge.now, id),
      kind: recharge.kind,
      buyerId: recharge.buyer.id,
      buyerName: recharge.buyer.name,
      buyerPhone: recharge.buyer.phone,
      phone: recharge.phone,
      packageCode: recharge.packageCode,
      packageName: recharge.packageName,
      amountFen: recharge.amountFen,
      createdAt: recharge.now,
      updatedAt: recharge.now,
      payDueAt: recharge.payDueAt,
    })
    .returning();
  return row!;
}

async function lockRecharge(
  tx: Executor,
  siteId: number,
  key: { id: number } | { orderNo: string },
): Promise<RechargeRecord | null> {
  const match = 'id' in key ? eq(rechargeOrders.id, key.id) : eq(rechargeOrders.orderNo, key.orderNo);
  const [row] = await tx
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.siteId, siteId), match))
    .for('update');
  return row ?? null;
}

async function updateRecharge(
  tx: Executor,
  recharge: RechargeRecord,
  set: Partial<typeof rechargeOrders.$inferInsert>,
  now: Date,
): Promise<RechargeRecord> {
  const [row] = await tx
    .update(rechargeOrders)
    .set({ ...set, version: sql`${rechargeOrders.version} + 1`, updatedAt: now })
    .where(and(eq(rechargeOrders.id, recharge.id), eq(rechargeOrders.state, recharge.state)))
    .returning();
  if (!row) throw new AppError('order.changedMeanwhile', { subject: recharge.orderNo });
  return row;
}

export async function payRecharge(
  tx: Executor,
  siteId: number,
  payment: {
    OrderNo: string;
    BuyerId: string;
    PaymentMethod: PaymentMethod;
    AmountFen: number;
    TransactionNo: string;
  },
  now: Date,
  locale: Locale = 'en',
): Promise<RechargeRecord> {
  const recharge = await lockRecharge(tx, siteId, { orderNo: payment.OrderNo });
  if (!recharge || recharge.buyerId !== payment.BuyerId) {
    throw new AppError('order.notFound', { id: payment.OrderNo }, { field: 'OrderNo' });
  }
  if (!can(rechargeMachine, recharge.state, 'pay')) {
    throw illegalTransition(
      locale,
      recharge.orderNo,
      { machine: rechargeMachine, value: recharge.state },
      { machine: rechargeMachine, name: 'pay' },
    );
  }
  if (recharge.payDueAt && recharge.payDueAt.getTime() <= now.getTime()) {
    throw new AppError('order.payExpired', { subject: recharge.orderNo });
  }
  if (payment.AmountFen !== recharge.amountFen) {
    throw new AppError(
      'order.amountMismatch',
      { expected: recharge.amountFen, given: payment.AmountFen },
      { field: 'AmountFen' },
    );
  }
  // Stored value is credited at once; a data top-up waits for the operator to deliver it.
  const credited = recharge.kind === 'storedValue';
  const moment = { tx, actor: buyerOf(recharge), now };
  // A data top-up takes a unit of the package's stock, which the platform tops the number up from.
  if (recharge.kind === 'data') await takeDataStock(tx, siteId, recharge.packageCode, recharge.orderNo);
  if (payment.PaymentMethod === 'balance') {
    if (credited) throw new AppError('wallet.balanceForStoredValue', {}, { field: 'PaymentMethod' });
    await payFromBalance(moment, recharge, recharge.amountFen);
  }
  const updated = await updateRecharge(
    tx,
    recharge,
    {
      state: credited ? 'completed' : 'paid',
      paidAt: now,
      completedAt: credited ? now : null,
      paymentMethod: payment.PaymentMethod,
      transactionNo: payment.TransactionNo,
    },
    now,
  );
  if (credited) await creditRecharge(moment, recharge);
  return updated;
}

function buyerOf(recharge: RechargeRecord): WalletActor {
  return { kind: 'buyer', accountId: null, name: recharge.buyerName };
}

export async function rechargeCommand(
  tx: Executor,
  siteId: number,
  command: { Action: RechargeCommand; Id: number; Version: number; Reason?: string },
  now: Date,
  locale: Locale,
  actor: WalletActor,
): Promise<RechargeRecord> {
  const recharge = await lockRecharge(tx, siteId, { id: command.Id });
  if (!recharge) throw new AppError('order.notFound', { id: command.Id }, { field: 'Id' });
  if (!can(rechargeMachine, recharge.state, command.Action)) {
    throw illegalTransition(
      locale,
      recharge.orderNo,
      { machine: rechargeMachine, value: recharge.state },
      { machine: rechargeMachine, name: command.Action },
    );
  }
  if (recharge.version !== command.Version) throw staleVersion();
  if (command.Action === 'fulfil' && recharge.kind !== 'data') {
    throw new AppError('order.fulfilDataOnly', { subject: recharge.orderNo }, { field: 'Action' });
  }
  const set: Record<RechargeCommand, Partial<typeof rechargeOrders.$inferInsert>> = {
    close: { state: 'closed', closedAt: now },
    fulfil: { state: 'completed', completedAt: now },
    refund: { state: 'refunded', refundedAt: now, refundReason: command.Reason ?? '' },
  };
  if (command.Action === 'refund') {
    const moment = { tx, actor, now };
    if (recharge.kind === 'storedValue' && recharge.state === 'completed') {
      await takeBackRecharge(moment, recharge);
    }
    if (recharge.paymentMethod === 'balance') await refundToBalance(moment, recharge, recharge.amountFen);
    // Not delivered yet: its unit of stock goes back to the package.
    if (recharge.kind === 'data' && recharge.state === 'paid')
      await giveBackDataStock(tx, siteId, recharge.orderNo);
  }
  return updateRecharge(tx, recharge, set[command.Action], now);
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The commands a recharge order offers to a caller granted `grantedPaths`. */
export function rechargeCommands(
  recharge: Pick<RechargeRecord, 'state' | 'kind'>,
  grantedPaths: ReadonlySet<string>,
): RechargeCommand[] {
  return RECHARGE_COMMANDS.filter((name) => {
    const action = rechargeMachine.actions.find((candidate) => candidate.name === name)!;
    if (!(action.from as readonly string[]).includes(recharge.state)) return false;
    if (name === 'fulfil' && recharge.kind !== 'data') return false;
    return permitted(action.permission, grantedPaths);
  });
}

export function rechargeRow(
  recharge: RechargeRecord,
  grantedPaths: ReadonlySet<string>,
): z.infer<typeof rechargeRowSchema> {
  return {
    Id: recharge.id,
    OrderNo: recharge.orderNo,
    Kind: recharge.kind,
    State: recharge.state,
    BuyerId: recharge.buyerId,
    BuyerName: recharge.buyerName,
    Phone: recharge.phone,
    PackageCode: recharge.packageCode,
    PackageName: recharge.packageName,
    AmountFen: recharge.amountFen,
    PaymentMethod: recharge.paymentMethod,
    RefundReason: recharge.refundReason,
    CreatedAt: iso(recharge.createdAt)!,
    PaidAt: iso(recharge.paidAt),
    CompletedAt: iso(recharge.completedAt),
    RefundedAt: iso(recharge.refundedAt),
    ClosedAt: iso(recharge.closedAt),
    Version: recharge.version,
    Commands: rechargeCommands(recharge, grantedPaths),
  };
}
