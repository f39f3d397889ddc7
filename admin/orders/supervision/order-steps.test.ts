import { describe, expect, it } from 'vitest';
import { orderSteps } from './order-steps';

const placed = '2026-11-20T02:00:00.000Z';
const paid = '2026-11-20T02:05:00.000Z';
const shipped = '2026-11-21T08:00:00.000Z';
const received = '2026-11-23T08:00:00.000Z';
const completed = '2026-11-30T08:00:00.000Z';
const base = {
  DeliveryType: 'express' as const,
  CreatedAt: placed,
  PaidAt: null,
  ShippedAt: null,
  ReceivedAt: null,
  CompletedAt: null,
};

const statuses = (order: Parameters<typeof orderSteps>[0]) =>
  orderSteps(order).steps.map((step) => `${step.step}:${step.status}:${step.at ?? '-'}`);

describe('the order step bar', () => {
  it.each([
    [
      { ...base, State: 'toPay' as const },
      [`placed:done:${placed}`, 'paid:current:-', 'shipped:todo:-', 'completed:todo:-'],
    ],
    [
      { ...base, State: 'toShip' as const, PaidAt: paid },
      [`placed:done:${placed}`, `paid:done:${paid}`, 'shipped:current:-', 'completed:todo:-'],
    ],
    [
      { ...base, State: 'received' as const, PaidAt: paid, ShippedAt: shipped, ReceivedAt: received },
      [`placed:done:${placed}`, `paid:done:${paid}`, `shipped:done:${shipped}`, 'completed:current:-'],
    ],
    [
      { ...base, State: 'completed' as const, PaidAt: paid, ShippedAt: shipped, CompletedAt: completed },
      [
        `placed:done:${placed}`,
        `paid:done:${paid}`,
        `shipped:done:${shipped}`,
        `completed:done:${completed}`,
      ],
    ],
  ])('follows the order machine: %o', (order, expected) => {
    expect(statuses(order)).toEqual(expected);
  });

  it('stops a closed order where its timestamps end, with no current step', () => {
    const unpaid = orderSteps({ ...base, State: 'closed' });
    expect(unpaid.closed).toBe(true);
    expect(unpaid.steps.map((step) => step.status)).toEqual(['done', 'todo', 'todo', 'todo']);
    const refunded = orderSteps({ ...base, State: 'closed', PaidAt: paid });
    expect(refunded.steps.map((step) => step.status)).toEqual(['done', 'done', 'todo', 'todo']);
  });

  it('calls the third step a hand-over for pickup, dated when the buyer picked up', () => {
    const pickup = orderSteps({
      ...base,
      DeliveryType: 'pickup',
      State: 'received',
      PaidAt: paid,
      ReceivedAt: received,
    });
    expect(pickup.steps[2]).toEqual({
      step: 'shipped',
      labelKey: 'orders.steps.handedOver',
      status: 'done',
      at: received,
    });
    expect(orderSteps({ ...base, State: 'toPay' }).steps[2]!.labelKey).toBe('orders.steps.shipped');
  });
});
