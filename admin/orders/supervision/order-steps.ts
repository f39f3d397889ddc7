import type { OrderDetail } from '../../../contract/endpoints/orders';
import type { OrderState } from '../../../contract/machines/order';

/** The four steps of Youzan's order bar: placed → paid → shipped (or picked up) → completed. */
export const ORDER_STEPS = ['placed', 'paid', 'shipped', 'completed'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export interface OrderStepView {
  step: OrderStep;
  /** Label key: a pickup or in-store order is handed over rather than shipped. */
  labelKey: string;
  status: 'done' | 'current' | 'todo';
  /** When the step was reached, when the order recorded it. */
  at: string | null;
}

/**
 * Steps done in each state of the order machine. Received orders (the buyer confirmed receipt)
 * wait for completion, so they count as shipped; closed orders stop where their timestamps end.
 */
const STEPS_DONE: Record<Exclude<OrderState, 'closed'>, number> = {
  toPay: 1,
  toShip: 2,
  shipped: 3,
  received: 3,
  completed: 4,
};

type StepFacts = Pick<
  OrderDetail,
  'State' | 'DeliveryType' | 'CreatedAt' | 'PaidAt' | 'ShippedAt' | 'ReceivedAt' | 'CompletedAt'
>;

/** The step bar of an order; `closed` tells the bar to end with the closing rather than go on. */
export function orderSteps(order: StepFacts): { steps: OrderStepView[]; closed: boolean } {
  const handedOver = order.DeliveryType === 'pickup' || order.DeliveryType === 'inStore';
  const times: Record<OrderStep, string | null> = {
    placed: order.CreatedAt,
    paid: order.PaidAt,
    shipped: handedOver ? (order.ShippedAt ?? order.ReceivedAt) : order.ShippedAt,
    completed: order.CompletedAt,
  };
  const closed = order.State === 'closed';
  const done = closed
    ? ORDER_STEPS.filter((step) => times[step] !== null).length
    : STEPS_DONE[order.State as Exclude<OrderState, 'closed'>];
  return {
    closed,
    steps: ORDER_STEPS.map((step, index) => ({
      step,
      labelKey: step === 'shipped' && handedOver ? 'orders.steps.handedOver' : `orders.steps.${step}`,
      status: index < done ? 'done' : index === done && !closed ? 'current' : 'todo',
      at: index < done ? times[step] : null,
    })),
  };
}
