import { FormattedMessage } from 'react-intl';
import {
  cancelPurchase,
  type PurchaseRow,
  rechargeRecordListResource,
  withdrawInvoice,
} from '../../contract/endpoints/recharge-records';
import { AddedValuePermission, invoiceMachine, purchaseMachine } from '../../contract/machines/added-value';
import { stateLabelKey } from '../../contract/state-machine';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { InvoiceDialog } from './invoice-dialog';
import { addedValueCatalogues } from './messages';
import { PurchaseDialog } from './purchase-dialog';

const column = columnKinds<PurchaseRow>('rechargeRecords.column');

function PayDialog({ rows, onClose }: { rows: PurchaseRow[]; onClose(): void }) {
  return <PurchaseDialog purchase={rows[0]!} onClose={onClose} />;
}

/** A purchase that may ask for an invoice: paid, with none asked for or the last one withdrawn. */
const invoiceAllowed = (row: PurchaseRow) =>
  row.State === 'paid' && (row.Invoice === null || row.Invoice.State === 'withdrawn');

/**
 * /addedValue/rechargeRecord: the shop's purchases of SMS packages and data stock from the
 * platform, with their payment and invoice; an unpaid one shows its code again or is closed.
 */
const rechargeDefinition: ResourceDefinition<PurchaseRow> = {
  list: rechargeRecordListResource,
  path: AddedValuePermission.records,
  rowKey: (row) => row.Id,
  rowName: (row) => row.PurchaseNo,
  columns: [
    column.twoLines(
      'purchase',
      (row) => row.ItemName,
      (row) => row.PurchaseNo,
    ),
    column.text('kind', (row) => <FormattedMessage id={`rechargeRecords.kind.${row.Kind}`} />),
    column.number('quantity', (row) => row.Quantity),
    column.money('amount', (row) => row.AmountFen, { sort: 'amount' }),
    column.state('state', [
      machineBadge(purchaseMachine, (row) => row.State, { toPay: 'orange', paid: 'green', closed: 'gray' }),
    ]),
    column.text('invoice', (row) =>
      row.Invoice ? (
        <FormattedMessage id={stateLabelKey(invoiceMachine, row.Invoice.State)} />
      ) : (
        <FormattedMessage id="rechargeRecords.invoice.none" />
      ),
    ),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
    column.time('paidAt', (row) => row.PaidAt),
  ],
  actions: [
    {
      kind: 'command',
      id: 'pay',
      label: 'rechargeRecords.pay',
      permission: AddedValuePermission.records,
      offer: (row) => row.State === 'toPay' && row.CodeUrl !== null,
      dialog: PayDialog,
    },
    {
      kind: 'command',
      id: 'requestInvoice',
      label: 'rechargeRecords.requestInvoice',
      permission: AddedValuePermission.records,
      offer: invoiceAllowed,
      dialog: InvoiceDialog,
    },
    {
      kind: 'machine',
      machine: purchaseMachine,
      state: (row) => row.State,
      call: (action, ids) =>
        action.name === 'cancel' ? { endpoint: cancelPurchase, input: { Id: ids[0] } } : null,
      bulk: false,
    },
    {
      kind: 'machine',
      machine: invoiceMachine,
      // A purchase without an invoice offers nothing, as a withdrawn one.
      state: (row) => row.Invoice?.State ?? 'withdrawn',
      call: (action, ids) => {
        if (action.name !== 'withdraw') return null;
        return { endpoint: withdrawInvoice, input: { PurchaseId: ids[0] } };
      },
      bulk: false,
    },
  ],
};

export default withModuleMessages(
  () => <ResourceScreen definition={rechargeDefinition} />,
  addedValueCatalogues,
);
