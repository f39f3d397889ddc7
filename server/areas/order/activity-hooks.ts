import { type SQL, sql } from 'drizzle-orm';
import type { OrderType } from '../../../contract/machines/order';
import type { Executor } from '../../db/client';

/**
 * What the order area tells the activity modules (seckill, group buying, bargains) and asks them,
 * without knowing their tables: they register here (through service.ts) when their routes load.
 * An activity order's payment and its close call its module in the same transaction, after the
 * order's own change, so a close gives back what the order took (DESIGN §11 "one pricing function").
 */

export interface ActivityOrder {
  id: number;
  siteId: number;
  orderNo: string;
  type: OrderType;
  buyerId: string;
}

export interface ActivityOrderEvent {
  tx: Executor;
  order: ActivityOrder;
  at: Date;
}

export interface ActivityOrderHandler {
  /** The order was paid. */
  paid?(event: ActivityOrderEvent): Promise<void>;
  /**
   * The order closed: unpaid (cancelled, closed, expired) or refunded in full. `stockReturned`: its
   * goods went back into stock (always for an unpaid close; for a refund, when nothing had shipped).
   */
  closed?(event: ActivityOrderEvent & { stockReturned: boolean }): Promise<void>;
}

const handlers = new Map<OrderType, ActivityOrderHandler>();

export function registerOrderActivity(type: Exclude<OrderType, 'normal'>, handler: ActivityOrderHandler) {
  handlers.set(type, handler);
}

export async function activityPaid(event: ActivityOrderEvent): Promise<void> {
  await handlers.get(event.order.type)?.paid?.(event);
}

export async function activityClosed(event: ActivityOrderEvent & { stockReturned: boolean }): Promise<void> {
  await handlers.get(event.order.type)?.closed?.(event);
}

/**
 * Why orders may not ship yet though paid (the order machine's `teamForming` blocker): each
 * registered hold is a condition on the orders row `o`. Orders of a team still forming are held.
 */
export type ShipHold = 'teamForming';

const holds = new Map<ShipHold, (order: SQL) => SQL>();

export function registerShipHold(hold: ShipHold, condition: (order: SQL) => SQL): void {
  holds.set(hold, condition);
}

/** SQL giving the hold of the orders row aliased `alias`, or null. */
export function shipHoldSql(alias = sql`o`): SQL {
  if (holds.size === 0) return sql`null::text`;
  return sql`case ${sql.join(
    [...holds].map(([hold, condition]) => sql`when ${condition(alias)} then ${hold}`),
    sql` `,
  )} else null end`;
}
