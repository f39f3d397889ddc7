import { registerOrderActivity, registerShipHold } from '../order/service';
import { launchOrderClosed, launchOrderPaid } from './bargain';
import { teamFormingCondition, teamOrderClosed, teamOrderPaid } from './group-buy';
import { releaseSeckillOrder } from './seckill';

/**
 * What seckill, group buying and bargains ask of the order area: to hear when their orders are paid
 * or closed (in the order's transaction), and to hold the orders of a forming team from shipping.
 */

registerOrderActivity('seckill', {
  closed: ({ tx, order, at, stockReturned }) => releaseSeckillOrder(tx, order, at, stockReturned),
});

registerOrderActivity('groupBuy', {
  paid: ({ tx, order, at }) => teamOrderPaid(tx, order.id, at),
  closed: ({ tx, order, at }) => teamOrderClosed(tx, order.id, at),
});

registerOrderActivity('bargain', {
  paid: ({ tx, order, at }) => launchOrderPaid(tx, order.id, at),
  closed: ({ tx, order }) => launchOrderClosed(tx, order.id),
});

registerShipHold('teamForming', teamFormingCondition);
