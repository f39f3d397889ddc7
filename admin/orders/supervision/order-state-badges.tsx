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

/** The order's state and, when there is one, where its refund stands. */
export function OrderStateBadges({ order }: { order: Pick<OrderRow, 'State' | 'RefundState'> }) {
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
    </HStack>
  );
}
