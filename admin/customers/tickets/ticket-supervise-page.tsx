import { FormattedMessage } from 'react-intl';
import { type TicketRow, ticketListResource } from '../../../contract/endpoints/tickets';
import { TicketPermission, ticketMachine } from '../../../contract/machines/ticket';
import { stateLabelKey } from '../../../contract/state-machine';
import { groupTicketCode } from '../../../contract/ticket-code';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { InvalidateDialog } from './invalidate-dialog';
import { ticketCatalogues } from './messages';
import { storeOptions } from './store-options';

const column = columnKinds<TicketRow>('tickets.column');

/** /customer/ticketSupervise: electronic tickets by state, searched by code, member or goods. */
const ticketDefinition: ResourceDefinition<TicketRow> = {
  list: ticketListResource,
  path: TicketPermission.tickets,
  rowKey: (row) => row.Id,
  rowName: (row) => groupTicketCode(row.Code),
  actionNamed: 'tickets.actionNamed',
  options: { store: storeOptions },
  columns: [
    column.twoLines(
      'code',
      (row) => groupTicketCode(row.Code),
      (row) => <FormattedMessage id="tickets.order" values={{ orderNo: row.OrderNo }} />,
    ),
    column.text('goods', (row) => row.GoodsName),
    column.twoLines(
      'member',
      (row) => row.MemberName,
      (row) => row.MemberNo,
    ),
    column.money('price', (row) => row.UnitFen),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => stateLabelKey(ticketMachine, state),
        palette: { unused: 'blue', used: 'green', expired: 'gray', refunded: 'orange' },
      },
    ]),
    column.twoLines(
      'validity',
      (row) => row.ValidUntil?.slice(0, 10) ?? '',
      (row) =>
        row.State === 'used' ? (
          <FormattedMessage id="tickets.usedAt" values={{ store: row.UsedStoreTitle }} />
        ) : (
          row.EndReason
        ),
      { sort: 'validUntil' },
    ),
    column.text('stores', (row) =>
      row.Stores.length === 0 ? (
        <FormattedMessage id="tickets.anyStore" />
      ) : (
        row.Stores.map((store) => store.Title).join('、')
      ),
    ),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  actions: [
    {
      kind: 'machine',
      machine: ticketMachine,
      state: (row) => row.State,
      // Writing off needs a store and a code typed at the counter: the write-off screen does it.
      offer: (action) => action.name === 'invalidate',
      call: () => null,
      dialogs: { invalidateForm: InvalidateDialog },
      bulk: false,
    },
  ],
};

function TicketSupervisePage() {
  return <ResourceScreen definition={ticketDefinition} />;
}

export default withModuleMessages(TicketSupervisePage, ticketCatalogues);
