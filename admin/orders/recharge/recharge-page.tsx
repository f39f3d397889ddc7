import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import {
  bindRechargeOrderState,
  rechargeListResource,
  type rechargeRowSchema,
} from '../../../contract/endpoints/orders';
import {
  OrderPermission,
  REASON_MAX,
  type RechargeCommand,
  rechargeMachine,
} from '../../../contract/machines/order';
import { findAction } from '../../../contract/state-machine';
import { EnumLabel } from '../../../src/lib/enum-values';
import { parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ReasonDialog } from '../../core/reason-dialog';
import { type ResourceColumn, ResourceList } from '../../core/resource-list';
import { useGrantedPaths, useResourceAction, useResourceList } from '../../core/use-resource-list';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { formatFen } from '../settings-and-offline/money';
import { BuyerWalletButton } from '../wallet/buyer-wallet';

type RechargeRow = z.infer<typeof rechargeRowSchema>;

const TIME = '{y}-{m}-{d} {h}:{i}';

const statePalette: Record<RechargeRow['State'], string> = {
  toPay: 'orange',
  paid: 'blue',
  completed: 'green',
  refunded: 'red',
  closed: 'gray',
};

const columns: ResourceColumn<RechargeRow>[] = [
  {
    id: 'orderNo',
    header: 'rechargeOrders.column.orderNo',
    cell: (row) => <Text whiteSpace="nowrap">{row.OrderNo}</Text>,
  },
  {
    id: 'kind',
    header: 'rechargeOrders.column.kind',
    cell: (row) => (
      <Stack gap="0">
        <Text>
          <FormattedMessage id={`rechargeOrders.filter.kind.${row.Kind}`} />
        </Text>
        {row.Kind === 'data' && (
          <Text fontSize="xs" color="fg.muted">
            {row.PackageName} · {row.Phone}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'buyer',
    header: 'rechargeOrders.column.buyer',
    cell: (row) => (
      <Stack gap="0">
        <Text>{row.BuyerName || row.BuyerId}</Text>
        {row.Kind !== 'data' && row.Phone && (
          <Text fontSize="xs" color="fg.muted">
            {row.Phone}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'amount',
    header: 'rechargeOrders.column.amount',
    sortField: 'amount',
    align: 'end',
    cell: (row) => formatFen(row.AmountFen),
  },
  {
    id: 'payment',
    header: 'rechargeOrders.column.payment',
    enumTypes: ['paymentMethod'],
    cell: (row) => (row.PaymentMethod ? <EnumLabel type="paymentMethod" value={row.PaymentMethod} /> : '—'),
  },
  {
    id: 'state',
    header: 'rechargeOrders.column.state',
    enumTypes: [rechargeMachine.id],
    cell: (row) => (
      <Stack gap="0" align="start">
        <Badge colorPalette={statePalette[row.State]}>
          <EnumLabel type={rechargeMachine.id} value={row.State} />
        </Badge>
        {row.RefundReason && (
          <Text fontSize="xs" color="fg.muted" lineClamp={2}>
            {row.RefundReason}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'createdAt',
    header: 'rechargeOrders.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, TIME)}</Text>,
  },
];

/** /order/rechargeOrder: stored-value and data top-up orders, delivering and refunding them. */
function RechargePage() {
  const intl = useIntl();
  const list = useResourceList<RechargeRow>(rechargeListResource);
  const action = useResourceAction([], bindRechargeOrderState);
  const [refunding, setRefunding] = useState<RechargeRow | null>(null);
  const grantedPaths = useGrantedPaths();

  const run = (row: RechargeRow, command: RechargeCommand) => {
    if (command === 'refund') {
      setRefunding(row);
      return;
    }
    const declared = findAction(rechargeMachine, command);
    void action.run({
      input: { Action: command, Id: row.Id, Version: row.Version },
      confirmKey: `rechargeOrders.confirm.${command}`,
      destructive: declared?.destructive,
    });
  };

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="rechargeOrders.title" />
      </Heading>
      <ResourceList<RechargeRow>
        resource={rechargeListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        rowActions={(row) => [
          ...row.Commands.map((command) => (
            <Button
              key={command}
              size="xs"
              variant="ghost"
              colorPalette={findAction(rechargeMachine, command)?.destructive ? 'red' : 'brand'}
              aria-label={intl.formatMessage(
                { id: 'rechargeOrders.actionNamed' },
                {
                  action: intl.formatMessage({ id: `rechargeOrders.action.${command}` }),
                  orderNo: row.OrderNo,
                },
              )}
              onClick={() => run(row, command)}
            >
              <FormattedMessage id={`rechargeOrders.action.${command}`} />
            </Button>
          )),
          // Stored value lands in the buyer's wallet; operators allowed to see it can check it there.
          row.Kind === 'storedValue' && grantedPaths.has(OrderPermission.details) && (
            <BuyerWalletButton key="wallet" buyerId={row.BuyerId} buyer={row.BuyerName || row.BuyerId} />
          ),
        ]}
      />
      {refunding && (
        <ReasonDialog
          title={intl.formatMessage(
            { id: 'rechargeOrders.refundTitle' },
            { orderNo: refunding.OrderNo, amount: formatFen(refunding.AmountFen) },
          )}
          label={intl.formatMessage({ id: 'rechargeOrders.refundReason' })}
          required={intl.formatMessage({ id: 'orders.form.required' })}
          max={REASON_MAX}
          submitLabel={intl.formatMessage({ id: 'rechargeOrders.refundConfirm' })}
          destructive
          onClose={() => setRefunding(null)}
          onSubmit={(Reason) =>
            action.run({ input: { Action: 'refund', Id: refunding.Id, Version: refunding.Version, Reason } })
          }
        />
      )}
    </Stack>
  );
}

export default withModuleMessages(RechargePage, orderCounterCatalogues);
