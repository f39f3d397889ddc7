import { Badge, HStack, Skeleton } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { OrderRow } from '../../../contract/endpoints/orders';
import { orderMachine, refundMachine } from '../../../contract/machines/order';
import { useEnumLabels } from '../../../src/lib/enum-values';

const statePalette = {
  toPay: 'orange',
  toShip: 'blue',
  shipped: 'purple',
  received: 'teal',
  completed: 'green',
  closed: 'gray',
} as const;

const refundPalette = {
  none: 'gray',
  requested: 'red',
  approved: 'orange',
  rejected: 'gray',
  refunded: 'gray',
} as const;

/**
 * The order's state, where its refund stands when there is one, and what holds it from shipping;
 * the states by their machines' short labels, a placeholder until those answer.
 */
export function OrderStateBadges({
  order,
}: {
  order: Pick<OrderRow, 'State' | 'RefundState'> & Partial<Pick<OrderRow, 'ShipHold'>>;
}) {
  const states = useEnumLabels(orderMachine.id);
  const refunds = useEnumLabels(refundMachine.id);
  if (states.pending || refunds.pending) return <Skeleton height="5" width="16" />;
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={statePalette[order.State]}>{states.label(order.State)}</Badge>
      {order.RefundState !== 'none' && (
        <Badge colorPalette={refundPalette[order.RefundState]} variant="outline">
          {refunds.label(order.RefundState)}
        </Badge>
      )}
      {order.ShipHold && (
        <Badge colorPalette="orange" variant="outline">
          <FormattedMessage id={`orders.shipHold.${order.ShipHold}`} />
        </Badge>
      )}
    </HStack>
  );
}
