import { Box, Button, EmptyState, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { type OrderRow, type OrderStoreScope, orderListResource } from '../../../contract/endpoints/orders';
import {
  type OrderCommand,
  OrderPermission,
  orderMachine,
  refundMachine,
} from '../../../contract/machines/order';
import { EnumLabel } from '../../../src/lib/enum-values';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { useSessionStore } from '../../../src/lib/session';
import { type ResourceColumn, ResourceList } from '../../core/resource-list';
import { useRouteTitle } from '../../core/resource-screen';
import type { ActionItem } from '../../core/row-action-layout';
import { useGrantedPaths, useResourceList } from '../../core/use-resource-list';
import { useOrderStores } from '../settings-and-offline/use-order-stores';
import { ordersCatalogues } from './messages';
import { OrderCommandDialog } from './order-command-dialog';
import { rowCommands } from './order-rules';
import { OrderStateBadges } from './order-state-badges';
import { ShipImportDialog } from './ship-import-dialog';

const columns: ResourceColumn<OrderRow>[] = [
  {
    id: 'orderNo',
    header: 'orders.column.orderNo',
    enumTypes: ['orderType', 'orderSource'],
    cell: (row) => (
      <Stack gap="0">
        <Text fontFamily="mono" whiteSpace="nowrap">
          {row.OrderNo}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          <EnumLabel type="orderType" value={row.Type} /> ·{' '}
          <EnumLabel type="orderSource" value={row.Source} />
        </Text>
      </Stack>
    ),
  },
  {
    id: 'goods',
    header: 'orders.column.goods',
    cell: (row) => (
      <HStack gap="3" minWidth="48">
        {row.Image ? (
          <Image src={row.Image} alt="" boxSize="10" borderRadius="md" objectFit="cover" bg="bg.muted" />
        ) : (
          <Box boxSize="10" borderRadius="md" bg="bg.muted" flexShrink={0} />
        )}
        <Stack gap="0">
          <Text lineClamp={2}>{row.GoodsName}</Text>
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="orders.items" values={{ count: row.ItemCount, lines: row.LineCount }} />
          </Text>
        </Stack>
      </HStack>
    ),
  },
  {
    id: 'buyer',
    header: 'orders.column.buyer',
    cell: (row) => (
      <Stack gap="0">
        <Text whiteSpace="nowrap">{row.BuyerName}</Text>
        <Text fontSize="xs" color="fg.muted">
          {row.BuyerPhone}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'total',
    header: 'orders.column.total',
    enumTypes: ['paymentMethod'],
    sortField: 'total',
    align: 'end',
    cell: (row) => (
      <Stack gap="0" align="end">
        <Text whiteSpace="nowrap">¥{fenToYuan(row.TotalFen)}</Text>
        {row.PaymentMethod && (
          <Text fontSize="xs" color="fg.muted">
            <EnumLabel type="paymentMethod" value={row.PaymentMethod} />
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'state',
    header: 'orders.column.state',
    enumTypes: [orderMachine.id, refundMachine.id, 'deliveryType'],
    cell: (row) => (
      <Stack gap="1">
        <OrderStateBadges order={row} />
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          <EnumLabel type="deliveryType" value={row.DeliveryType} />
        </Text>
      </Stack>
    ),
  },
  {
    id: 'createdAt',
    header: 'orders.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
  {
    id: 'paidAt',
    header: 'orders.column.paidAt',
    sortField: 'paidAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.PaidAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
  {
    id: 'remark',
    header: 'orders.column.remark',
    cell: (row) => (
      <Text fontSize="sm" lineClamp={2} maxWidth="40">
        {row.SellerRemark}
      </Text>
    ),
  },
];

/** /order/orderSupervise: every online and walk-in order, with filters, tabs, row commands, export and bulk shipping. */
function OrderListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const granted = useGrantedPaths();
  const isStore = useSessionStore((state) => state.isStore);
  // A store account sees its own store's orders only, so it has no store to choose.
  const resource = useMemo(
    () =>
      isStore
        ? {
            ...orderListResource,
            filters: orderListResource.filters.filter((filter) => filter.name !== 'store'),
          }
        : orderListResource,
    [isStore],
  );
  const stores = useOrderStores();
  const storeOptions = useMemo(
    () => ({ store: stores.map((store) => ({ value: String(store.Id), label: store.Title })) }),
    [stores],
  );
  const list = useResourceList<OrderRow>(resource);
  const scope = (list.result.data as { StoreScope?: OrderStoreScope | null } | undefined)?.StoreScope;
  const [acting, setActing] = useState<{ command: OrderCommand; row: OrderRow } | null>(null);
  const [importing, setImporting] = useState(false);
  const canSupervise = granted.has(OrderPermission.supervise);
  const canSeeDetails = granted.has(OrderPermission.details);
  const title = useRouteTitle(OrderPermission.supervise);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      {scope?.StoreId && (
        <Text color="fg.muted">
          <FormattedMessage id="orders.storeScope.of" values={{ store: scope.Title }} />
        </Text>
      )}
      {scope && scope.StoreId === null ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>
              <FormattedMessage id="orders.storeScope.noStore" />
            </EmptyState.Title>
            <EmptyState.Description>
              <FormattedMessage id="orders.storeScope.noStoreHelp" />
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <ResourceList<OrderRow>
          resource={resource}
          filterOptions={storeOptions}
          columns={columns}
          rowKey={(row) => row.Id}
          {...list}
          toolbar={
            canSupervise && (
              <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                <FormattedMessage id="orders.import.open" />
              </Button>
            )
          }
          rowName={(row) => row.OrderNo}
          actions={(row): ActionItem[] => [
            ...(canSeeDetails
              ? [
                  {
                    id: 'details',
                    label: t('orders.action.details'),
                    name: t('orders.action.detailsNamed', { orderNo: row.OrderNo }),
                    run: () => navigate(`${OrderPermission.details}?id=${row.Id}`),
                  },
                ]
              : []),
            ...rowCommands(row, granted).map((command) => ({
              id: command,
              label: t(`orders.command.${command}`),
              name: t('orders.action.named', {
                action: t(`orders.command.${command}`),
                orderNo: row.OrderNo,
              }),
              destructive: command === 'close',
              run: () => setActing({ command, row }),
            })),
          ]}
        />
      )}
      {acting && (
        <OrderCommandDialog command={acting.command} order={acting.row} onClose={() => setActing(null)} />
      )}
      {importing && <ShipImportDialog onClose={() => setImporting(false)} />}
    </Stack>
  );
}

export default withModuleMessages(OrderListPage, ordersCatalogues);
