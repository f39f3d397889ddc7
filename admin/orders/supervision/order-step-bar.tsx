import { Box, Flex, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { OrderDetail } from '../../../contract/endpoints/orders';
import { parseTime } from '../../../src/lib/format';
import { orderSteps } from './order-steps';

const TIME = '{y}-{m}-{d} {h}:{i}';

/** Youzan's bar at the top of an order: placed → paid → shipped → completed, each with its time. */
export function OrderStepBar({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const { steps, closed } = orderSteps(order);
  return (
    <Box bg="bg" borderRadius="md" borderWidth="1px" paddingX="4" paddingY="3" overflowX="auto">
      <Flex
        as="ol"
        listStyleType="none"
        aria-label={intl.formatMessage({ id: 'orders.steps.label' })}
        minWidth="md"
        gap="2"
      >
        {steps.map((step, index) => {
          const reached = step.status !== 'todo';
          return (
            <Flex
              as="li"
              key={step.step}
              flex="1"
              direction="column"
              align="center"
              gap="1"
              position="relative"
              aria-current={step.status === 'current' ? 'step' : undefined}
              data-status={step.status}
            >
              {index > 0 && (
                <Box
                  aria-hidden="true"
                  position="absolute"
                  top="3"
                  insetEnd="calc(50% + 16px)"
                  width="calc(100% - 24px)"
                  borderTopWidth="2px"
                  borderColor={step.status === 'done' ? 'brand.solid' : 'border'}
                />
              )}
              <Flex
                aria-hidden="true"
                boxSize="6"
                borderRadius="full"
                align="center"
                justify="center"
                fontSize="xs"
                fontWeight="semibold"
                bg={reached ? 'brand.solid' : 'bg.muted'}
                color={reached ? 'brand.contrast' : 'fg.muted'}
                borderWidth={step.status === 'current' ? '2px' : '0'}
                borderColor="brand.emphasized"
              >
                {index + 1}
              </Flex>
              <Text
                fontSize="sm"
                fontWeight={step.status === 'current' ? 'semibold' : 'normal'}
                color={reached ? 'fg' : 'fg.muted'}
                whiteSpace="nowrap"
              >
                {intl.formatMessage({ id: step.labelKey })}
                <Box as="span" srOnly>
                  {intl.formatMessage({ id: `orders.steps.status.${step.status}` })}
                </Box>
              </Text>
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" minHeight="4">
                {step.at ? parseTime(step.at, TIME) : ''}
              </Text>
            </Flex>
          );
        })}
        {closed && (
          <Flex as="li" flex="1" direction="column" align="center" gap="1" aria-current="step">
            <Flex
              aria-hidden="true"
              boxSize="6"
              borderRadius="full"
              align="center"
              justify="center"
              bg="red.solid"
              color="red.contrast"
              fontSize="xs"
            >
              ×
            </Flex>
            <Text fontSize="sm" fontWeight="semibold" color="fg.error" whiteSpace="nowrap">
              {intl.formatMessage({ id: 'orders.steps.closed' })}
            </Text>
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" minHeight="4">
              {order.ClosedAt ? parseTime(order.ClosedAt, TIME) : ''}
            </Text>
          </Flex>
        )}
      </Flex>
    </Box>
  );
}
