import { Badge, HStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { OrderRow } from '../../../contract/endpoints/orders';

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

/** The order's state, where its refund stands when there is one, and what holds it from shipping. */
export function OrderStateBadges({
  order,
}: {
  order: Pick<OrderRow, 'State' | 'RefundState'> & Partial<Pick<OrderRow, 'ShipHold'>>;
}) {
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={statePalette[order.State]}>
        <FormattedMessage id={`orders.state.${order.State}`} />
      </Badge>
      {order.RefundState !== 'none' && (
        <Badge colorPalette={refundPalette[order.RefundState]} variant="outline">
          <FormattedMessage id={`orders.refundState.${order.RefundState}`} />
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
