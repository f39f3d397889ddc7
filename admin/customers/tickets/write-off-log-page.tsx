import { FormattedMessage } from 'react-intl';
import { groupCouponCode } from '../../../contract/coupon-code';
import { type WriteOffRow, writeOffLogResource } from '../../../contract/endpoints/tickets';
import { TicketPermission } from '../../../contract/machines/ticket';
import { groupTicketCode } from '../../../contract/ticket-code';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { ticketCatalogues } from './messages';
import { storeOptions } from './store-options';

const column = columnKinds<WriteOffRow>('writeOffs.column');

/** /customer/writeoffLog: every write-off (tickets and offline coupons; pickup orders later), read-only. */
const writeOffLogDefinition: ResourceDefinition<WriteOffRow> = {
  list: writeOffLogResource,
  path: TicketPermission.log,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Reference,
  options: { store: storeOptions },
  columns: [
    column.text('reference', (row) =>
      row.Kind === 'ticket'
        ? groupTicketCode(row.Reference)
        : row.Kind === 'coupon'
          ? groupCouponCode(row.Reference)
          : row.Reference,
    ),
    column.text('kind', (row) => <FormattedMessage id={`writeOffs.filter.kind.${row.Kind}`} />),
    column.text('title', (row) => row.Title),
    column.text('member', (row) => row.MemberName),
    column.text('store', (row) => row.StoreTitle),
    column.twoLines(
      'verifier',
      (row) => row.VerifierName,
      (row) => <FormattedMessage id={`verifiers.kind.${row.VerifierKind}`} />,
    ),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
};

function WriteOffLogPage() {
  return <ResourceScreen definition={writeOffLogDefinition} />;
}

export default withModuleMessages(WriteOffLogPage, ticketCatalogues);
