import { Button, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeStock } from '../../../contract/endpoints/goods';
import {
  bindOfflineOrderState,
  type OrderRow,
  offlineListResource,
} from '../../../contract/endpoints/orders';
import type { OfflinePaymentMethod } from '../../../contract/endpoints/payment';
import { orderMachine, REASON_MAX } from '../../../contract/machines/order';
import { can } from '../../../contract/state-machine';
import { EnumLabel } from '../../../src/lib/enum-values';
import { FormDialog } from '../../../src/lib/form-dialog';
import { parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, enumBadge } from '../../core/column-kinds';
import { ReasonDialog } from '../../core/reason-dialog';
import { type ResourceColumn, ResourceList } from '../../core/resource-list';
import { useResourceAction, useResourceList } from '../../core/use-resource-list';
import { PrintReceiptButton } from '../receipts/print-receipt-button';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { formatFen } from '../settings-and-offline/money';
import { useOfflineMethods } from '../settings-and-offline/use-offline-methods';
import { CreateWalkInDialog } from './create-walk-in-dialog';

/**
 * Besides every order list and report (the write's own area), paying or closing a walk-in order
 * moves stock, which goods screens show.
 */
const WRITES = [changeStock];

const statePalette = { toPay: 'orange', completed: 'green', closed: 'gray' } as const;
const column = columnKinds<OrderRow>('offlineOrders.column');

const columns: ResourceColumn<OrderRow>[] = [
  {
    id: 'orderNo',
    header: 'offlineOrders.column.orderNo',
    cell: (row) => <Text whiteSpace="nowrap">{row.OrderNo}</Text>,
  },
  {
    id: 'goods',
    header: 'offlineOrders.column.goods',
    cell: (row) => (
      <Stack gap="0" minWidth="48">
        <Text lineClamp={1}>{row.GoodsName}</Text>
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="offlineOrders.itemCount" values={{ count: row.ItemCount }} />
        </Text>
      </Stack>
    ),
  },
  {
    id: 'buyer',
    header: 'offlineOrders.column.buyer',
    cell: (row) => [row.BuyerName, row.BuyerPhone].filter(Boolean).join(' ') || '—',
  },
  {
    id: 'total',
    header: 'offlineOrders.column.total',
    sortField: 'total',
    align: 'end',
    cell: (row) => formatFen(row.TotalFen),
  },
  {
    id: 'payment',
    header: 'offlineOrders.column.payment',
    enumTypes: ['paymentMethod'],
    cell: (row) => (row.PaymentMethod ? <EnumLabel type="paymentMethod" value={row.PaymentMethod} /> : '—'),
  },
  column.state('state', [enumBadge(orderMachine, (row) => row.State, statePalette)]),
  {
    id: 'createdAt',
    header: 'offlineOrders.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
];

function PayDialog({ row, onClose }: { row: OrderRow; onClose(): void }) {
  const intl = useIntl();
  const pay = useResourceAction(WRITES, bindOfflineOrderState);
  const methods = useOfflineMethods();
  const [chosen, setMethod] = useState<OfflinePaymentMethod | null>(null);
  const method = chosen ?? methods?.[0] ?? null;
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'offlineOrders.payTitle' }, { orderNo: row.OrderNo })}
      submitLabel={intl.formatMessage({ id: 'offlineOrders.payConfirm' }, { total: formatFen(row.TotalFen) })}
      busy={pay.pending}
      onClose={onClose}
      onSubmit={async () => {
        if (!method) return;
        const done = await pay.run({
          input: { Action: 'payInStore', Id: row.Id, Version: row.Version, PaymentMethod: method },
        });
        if (done) onClose();
      }}
    >
      <Field.Root>
        <Field.Label>
          <FormattedMessage id="orders.walkIn.payment" />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={method ?? ''}
            onChange={(event) => setMethod(event.target.value as OfflinePaymentMethod)}
          >
            {(methods ?? []).map((value) => (
              <option key={value} value={value}>
                <EnumLabel type="paymentMethod" value={value} />
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FormDialog>
  );
}

type Open = { kind: 'create' } | { kind: 'pay'; row: OrderRow } | { kind: 'close'; row: OrderRow } | null;

/** /order/underLineOrder: walk-in orders taken at the counter, taking the money, receipts. */
function WalkInPage() {
  const intl = useIntl();
  const list = useResourceList<OrderRow>(offlineListResource);
  const close = useResourceAction(WRITES, bindOfflineOrderState);
  const [open, setOpen] = useState<Open>(null);
  const named = (id: string, row: OrderRow) => intl.formatMessage({ id }, { orderNo: row.OrderNo });

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="offlineOrders.title" />
      </Heading>
      <ResourceList<OrderRow>
        resource={offlineListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        toolbar={
          <Button size="sm" colorPalette="brand" onClick={() => setOpen({ kind: 'create' })}>
            <FormattedMessage id="offlineOrders.create" />
          </Button>
        }
        rowActions={(row) => (
          <>
            {can(orderMachine, row.State, 'payInStore') && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                aria-label={named('offlineOrders.payNamed', row)}
                onClick={() => setOpen({ kind: 'pay', row })}
              >
                <FormattedMessage id="offlineOrders.pay" />
              </Button>
            )}
            {can(orderMachine, row.State, 'close') && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={named('offlineOrders.closeNamed', row)}
                onClick={() => setOpen({ kind: 'close', row })}
              >
                <FormattedMessage id="offlineOrders.close" />
              </Button>
            )}
            <PrintReceiptButton id={row.Id} orderNo={row.OrderNo} size="xs" />
          </>
        )}
      />
      {open?.kind === 'create' && <CreateWalkInDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'pay' && <PayDialog row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === 'close' && (
        <ReasonDialog
          title={named('offlineOrders.closeTitle', open.row)}
          label={intl.formatMessage({ id: 'offlineOrders.closeReason' })}
          required={intl.formatMessage({ id: 'orders.form.required' })}
          max={REASON_MAX}
          submitLabel={intl.formatMessage({ id: 'offlineOrders.close' })}
          destructive
          onClose={() => setOpen(null)}
          onSubmit={(Reason) =>
            close.run({ input: { Action: 'close', Id: open.row.Id, Version: open.row.Version, Reason } })
          }
        />
      )}
    </Stack>
  );
}

export default withModuleMessages(WalkInPage, orderCounterCatalogues);
