import {
  Box,
  Button,
  DataList,
  EmptyState,
  Flex,
  Heading,
  HStack,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getOrderInfo, type OrderDetail } from '../../../contract/endpoints/orders';
import { type OrderCommand, OrderPermission, refundMachine } from '../../../contract/machines/order';
import { EnumLabel, useEnumLabels } from '../../../src/lib/enum-values';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { PrintReceiptButton } from '../receipts/print-receipt-button';
import { BuyerWallet } from '../wallet/buyer-wallet';
import { ordersCatalogues } from './messages';
import { OrderCommandDialog } from './order-command-dialog';
import { addressLine } from './order-rules';
import { OrderStateBadges } from './order-state-badges';
import { OrderStepBar } from './order-step-bar';
import { TimelineDetail, TimelineStates } from './timeline-detail';

const TIME = '{y}-{m}-{d} {h}:{i}:{s}';
const money = (fen: number) => `¥${fenToYuan(fen)}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="4" minWidth="0" aria-label={title}>
      <Heading as="h2" size="sm" marginBottom="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minWidth="28">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value === '' || value === null ? '–' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function OrderDetails({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const delivery = useEnumLabels('deliveryType');
  const payment = useEnumLabels('paymentMethod');
  const orderType = useEnumLabels('orderType');
  const source = useEnumLabels('orderSource');
  const carriers = useEnumLabels('carrier');
  const navigate = useNavigate();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [acting, setActing] = useState<OrderCommand | null>(null);
  const shipmentOf = (id: number | null) => order.Shipments.findIndex((shipment) => shipment.Id === id);

  return (
    <Stack gap="4" padding="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="lg">
            <FormattedMessage id="orders.details.title" values={{ orderNo: order.OrderNo }} />
          </Heading>
          <OrderStateBadges order={order} />
        </HStack>
        <HStack gap="2" wrap="wrap" role="toolbar" aria-label={t('orders.details.actions')}>
          {order.Commands.map((command) => (
            <Button
              key={command}
              size="sm"
              variant={command === 'remark' ? 'outline' : 'solid'}
              colorPalette={command === 'close' || command === 'rejectRefund' ? 'red' : 'brand'}
              onClick={() => setActing(command)}
            >
              <FormattedMessage id={`orders.command.${command}`} />
            </Button>
          ))}
          {/* The receipt screen's button: prints this order's receipt as its settings say. */}
          <PrintReceiptButton id={order.Id} orderNo={order.OrderNo} />
          <Button size="sm" variant="outline" onClick={() => navigate(OrderPermission.supervise)}>
            <FormattedMessage id="orders.details.back" />
          </Button>
        </HStack>
      </Flex>

      <OrderStepBar order={order} />

      {order.State === 'toPay' && order.PayDueAt && (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="orders.details.payDue" values={{ at: parseTime(order.PayDueAt, TIME) }} />
        </Text>
      )}
      {order.CloseReason && (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="orders.details.closeReason" values={{ reason: order.CloseReason }} />
        </Text>
      )}

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Section title={t('orders.details.buyer')}>
          <Facts
            items={[
              [t('orders.details.buyerName'), order.BuyerName],
              [t('orders.details.buyerId'), order.BuyerId],
              [t('orders.details.buyerPhone'), order.BuyerPhone],
              [t('orders.details.buyerRemark'), order.BuyerRemark],
              [
                t('orders.details.invoice'),
                order.Invoice ? `${order.Invoice.Title} ${order.Invoice.TaxNumber}`.trim() : '',
              ],
            ]}
          />
        </Section>
        <Section title={t('orders.details.delivery')}>
          <Facts
            items={[
              [t('orders.column.delivery'), delivery.label(order.DeliveryType)],
              ...(order.Address
                ? ([
                    [t('orders.details.receiver'), `${order.Address.Name} ${order.Address.Phone}`],
                    [t('orders.details.address'), addressLine(order.Address)],
                  ] as [string, ReactNode][])
                : []),
              ...(order.PickupPoint
                ? ([
                    [t('orders.details.pickupPoint'), order.PickupPoint.Name],
                    [t('orders.details.address'), order.PickupPoint.Address],
                    [t('orders.details.pickupPhone'), order.PickupPoint.Phone],
                  ] as [string, ReactNode][])
                : []),
              [t('orders.details.shippedAt'), parseTime(order.ShippedAt, TIME)],
              [t('orders.details.receivedAt'), parseTime(order.ReceivedAt, TIME)],
            ]}
          />
        </Section>
        <Section title={t('orders.details.payment')}>
          <Facts
            items={[
              [
                t('orders.details.paymentMethod'),
                order.PaymentMethod ? payment.label(order.PaymentMethod) : '',
              ],
              [t('orders.details.paidAt'), parseTime(order.PaidAt, TIME)],
              [t('orders.details.transactionNo'), order.TransactionNo],
              [t('orders.column.createdAt'), parseTime(order.CreatedAt, TIME)],
              [t('orders.details.type'), orderType.label(order.Type)],
              [t('orders.details.source'), source.label(order.Source)],
            ]}
          />
        </Section>
      </SimpleGrid>

      <Section title={t('orders.details.lines')}>
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={t('orders.details.lines')}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.column.goods" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.details.skuCode" />
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <FormattedMessage id="orders.details.unitPrice" />
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <FormattedMessage id="orders.details.quantity" />
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <FormattedMessage id="orders.details.amount" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.details.parcel" />
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {order.Lines.map((line) => (
                <Table.Row key={line.Id}>
                  <Table.Cell>
                    <HStack gap="3">
                      {line.Image ? (
                        <Image src={line.Image} alt="" boxSize="12" borderRadius="md" objectFit="cover" />
                      ) : (
                        <Box boxSize="12" borderRadius="md" bg="bg.muted" flexShrink={0} />
                      )}
                      <Stack gap="0">
                        <Text fontWeight="medium">{line.Name}</Text>
                        {line.SpecText && (
                          <Text fontSize="xs" color="fg.muted">
                            {line.SpecText}
                          </Text>
                        )}
                      </Stack>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>{line.SkuCode}</Table.Cell>
                  <Table.Cell textAlign="end">{money(line.UnitFen)}</Table.Cell>
                  <Table.Cell textAlign="end">{line.Quantity}</Table.Cell>
                  <Table.Cell textAlign="end">{money(line.AmountFen)}</Table.Cell>
                  <Table.Cell>
                    {line.ShipmentId === null ? (
                      <FormattedMessage id="orders.details.notShipped" />
                    ) : (
                      <FormattedMessage
                        id="orders.details.parcelNumber"
                        values={{ number: shipmentOf(line.ShipmentId) + 1 }}
                      />
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Section>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Section title={t('orders.details.amounts')}>
          <Facts
            items={[
              [t('orders.details.goodsAmount'), money(order.GoodsFen)],
              [t('orders.details.freight'), money(order.FreightFen)],
              [t('orders.details.discount'), money(-order.DiscountFen)],
              ...(order.Coupon
                ? [
                    [
                      t('orders.details.coupon'),
                      t(
                        order.Coupon.Returned
                          ? 'orders.details.couponReturned'
                          : 'orders.details.couponTaken',
                        {
                          title: order.Coupon.Title,
                          amount: money(-order.Coupon.DiscountFen),
                        },
                      ),
                    ] as [string, ReactNode],
                  ]
                : []),
              [t('orders.details.adjust'), money(order.AdjustFen)],
              [
                t('orders.details.total'),
                <Text key="total" fontWeight="semibold">
                  {money(order.TotalFen)}
                </Text>,
              ],
              [t('orders.details.paid'), money(order.PaidFen)],
              [t('orders.details.refunded'), money(order.RefundedFen)],
            ]}
          />
        </Section>
        <Section title={t('orders.details.wallet')}>
          {/* The wallet's table is wider than a third of the page: it scrolls rather than clips. */}
          <Box overflowX="auto">
            <BuyerWallet buyerId={order.Source === 'offline' ? '' : order.BuyerId} />
          </Box>
        </Section>
        <Section title={t('orders.details.sellerRemark')}>
          <Text whiteSpace="pre-wrap" color={order.SellerRemark ? undefined : 'fg.muted'}>
            {order.SellerRemark || t('orders.details.noRemark')}
          </Text>
        </Section>
      </SimpleGrid>

      <Section title={t('orders.details.shipments')}>
        {order.Shipments.length === 0 ? (
          <Text color="fg.muted">
            <FormattedMessage id="orders.details.noShipments" />
          </Text>
        ) : (
          <Stack gap="2">
            {order.Shipments.map((shipment, index) => (
              <Text key={shipment.Id}>
                <FormattedMessage
                  id="orders.details.shipment"
                  values={{
                    number: index + 1,
                    carrier: carriers.label(shipment.Carrier),
                    trackingNo: shipment.TrackingNo || '–',
                    at: parseTime(shipment.ShippedAt, TIME),
                    lines: shipment.LineIds.length,
                  }}
                />
              </Text>
            ))}
          </Stack>
        )}
      </Section>

      {order.Refunds.length > 0 && (
        <Section title={t('orders.details.refunds')}>
          <Table.Root size="sm" aria-label={t('orders.details.refunds')}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.details.requestedAt" />
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <FormattedMessage id="orders.details.requested" />
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <FormattedMessage id="orders.details.approved" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.details.refundReason" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.details.reply" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="orders.column.state" />
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {order.Refunds.map((refund) => (
                <Table.Row key={refund.Id}>
                  <Table.Cell>{parseTime(refund.RequestedAt, TIME)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(refund.RequestedFen)}</Table.Cell>
                  <Table.Cell textAlign="end">{refund.DecidedAt ? money(refund.AmountFen) : '–'}</Table.Cell>
                  <Table.Cell>{refund.Reason}</Table.Cell>
                  <Table.Cell>{refund.Reply}</Table.Cell>
                  <Table.Cell>
                    <EnumLabel type={refundMachine.id} value={refund.State} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
      )}

      <Section title={t('orders.details.timeline')}>
        <Box as="ol" aria-label={t('orders.details.timeline')} listStyleType="none" margin="0" padding="0">
          {order.Timeline.map((entry, index) => (
            <Box
              as="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: log entries have no id and never reorder
              key={index}
              borderStartWidth="2px"
              borderColor="brand.solid"
              paddingStart="3"
              paddingBottom="3"
            >
              <Text fontSize="xs" color="fg.muted">
                {parseTime(entry.At, TIME)} ·{' '}
                <FormattedMessage
                  id={`orders.actor.${entry.Actor}`}
                  values={{ name: entry.ActorName || t('orders.actor.unnamed') }}
                />
              </Text>
              <Text fontWeight="medium">
                {intl.formatMessage({ id: `orders.log.${entry.Action}`, defaultMessage: entry.Action })}
              </Text>
              <TimelineStates entry={entry} />
              <TimelineDetail detail={entry.Detail} />
            </Box>
          ))}
        </Box>
      </Section>

      {acting && <OrderCommandDialog command={acting} order={order} onClose={() => setActing(null)} />}
    </Stack>
  );
}

/** /order/orderDetails?id=…: one order with everything an operator needs and the commands legal now. */
function OrderDetailsPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...endpointQuery(getOrderInfo, { id }), enabled: valid });
  if (!valid || query.isError)
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Title>
            <FormattedMessage id={valid ? 'orders.details.loadFailed' : 'orders.details.missingId'} />
          </EmptyState.Title>
          {valid && (
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <FormattedMessage id="engine.retry" />
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  if (!query.data)
    return (
      <Stack padding="5" gap="4">
        <Skeleton height="10" />
        <Skeleton height="40" />
        <Skeleton height="40" />
      </Stack>
    );
  return <OrderDetails key={query.data.Id} order={query.data} />;
}

export default withModuleMessages(OrderDetailsPage, ordersCatalogues);
