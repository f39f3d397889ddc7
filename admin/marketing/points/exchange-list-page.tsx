import { FormattedMessage } from 'react-intl';
import { type ExchangeRow, exchangeListResource } from '../../../contract/endpoints/points-exchange';
import { exchangeMachine, PointsPermission } from '../../../contract/machines/points-exchange';
import { EnumLabel } from '../../../src/lib/enum-values';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { CancelExchangeDialog, ShipExchangeDialog } from './exchange-dialogs';
import { pointsCatalogues } from './messages';
import { PointsPrice } from './points-price';

const column = columnKinds<ExchangeRow>('exchanges.column');

export const EXCHANGE_PALETTE = {
  toPay: 'orange',
  toShip: 'blue',
  shipped: 'brand',
  completed: 'green',
  cancelled: 'gray',
} as const;

/** /marketing/integralExchange/exchangeOrderList: exchange orders by state, shipped and cancelled here. */
export const exchangeDefinition: ResourceDefinition<ExchangeRow> = {
  list: exchangeListResource,
  path: PointsPermission.exchanges,
  rowKey: (row) => row.Id,
  rowName: (row) => row.ExchangeNo,
  columns: [
    column.link(
      'number',
      (row) => row.ExchangeNo,
      (row) => `${PointsPermission.exchangeDetails}?id=${row.Id}`,
    ),
    column.picture('goods', {
      image: (row) => row.Image,
      title: (row) => row.Title,
      muted: (row) => <FormattedMessage id="exchanges.quantity" values={{ quantity: row.Quantity }} />,
    }),
    column.text('paid', (row) => <PointsPrice points={row.Points} priceFen={row.CashFen} />),
    column.twoLines(
      'member',
      (row) => row.MemberName,
      (row) => row.MemberNo,
    ),
    column.twoLines(
      'receiver',
      (row) => (row.Kind === 'virtual' ? <FormattedMessage id="exchanges.tickets" /> : row.ReceiverName),
      (row) => (row.Kind === 'virtual' ? '' : row.ReceiverPhone),
    ),
    column.twoLines(
      'shipment',
      (row) => (row.Carrier ? <EnumLabel type="carrier" value={row.Carrier} /> : '—'),
      (row) => row.TrackingNo,
    ),
    column.state('state', [machineBadge(exchangeMachine, (row) => row.State, EXCHANGE_PALETTE)]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  actions: [
    {
      kind: 'link',
      id: 'open',
      label: 'exchanges.open',
      permission: PointsPermission.exchangeDetails,
      to: (row) => `${PointsPermission.exchangeDetails}?id=${row.Id}`,
    },
    {
      kind: 'machine',
      machine: exchangeMachine,
      state: (row) => row.State,
      call: () => null,
      dialogs: { shipExchangeForm: ShipExchangeDialog, cancelExchangeForm: CancelExchangeDialog },
      bulk: false,
    },
  ],
};

function ExchangeListPage() {
  return <ResourceScreen definition={exchangeDefinition} />;
}

export default withModuleMessages(ExchangeListPage, pointsCatalogues);
