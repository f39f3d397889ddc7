import { FormattedMessage } from 'react-intl';
import { getBargainEventList, type LaunchRow, launchListResource } from '../../../contract/endpoints/bargain';
import { DealPermission, launchMachine } from '../../../contract/machines/deals';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { dealCatalogues } from '../messages';

const column = columnKinds<LaunchRow>('launches.column');

export const LAUNCH_PALETTE = {
  cutting: 'blue',
  success: 'green',
  failed: 'red',
  endedEarly: 'orange',
} as const;

/** /marketing/bargainDetails: the bargains buyers launched, by state, of one event or all. */
const launchDefinition: ResourceDefinition<LaunchRow> = {
  list: launchListResource,
  path: DealPermission.bargainLaunches,
  rowKey: (row) => row.Id,
  rowName: (row) => `${row.BuyerName} #${row.Id}`,
  options: {
    event: optionsFrom(getBargainEventList, { page: 1, pageSize: 100 }, (data) =>
      data.Data.map((row) => ({ value: String(row.Id), label: row.Title })),
    ),
  },
  columns: [
    column.twoLines(
      'buyer',
      (row) => row.BuyerName,
      (row) => row.EventTitle,
    ),
    column.picture('goods', {
      image: (row) => row.Image,
      title: (row) => row.GoodsName,
      muted: (row) => row.SpecText,
    }),
    column.twoLines(
      'price',
      (row) => (
        <FormattedMessage
          id="launches.priceNow"
          values={{ now: fenToYuan(row.CurrentFen), floor: fenToYuan(row.FloorFen) }}
        />
      ),
      (row) => <FormattedMessage id="launches.startedAt" values={{ start: fenToYuan(row.StartFen) }} />,
    ),
    column.text('helps', (row) => (
      <FormattedMessage id="launches.helpsValue" values={{ helps: row.Helps, needed: row.HelpersNeeded }} />
    )),
    column.state('state', [machineBadge(launchMachine, (row) => row.State, LAUNCH_PALETTE)]),
    column.text('order', (row) => row.OrderNo ?? ''),
    column.time('expiresAt', (row) => row.ExpiresAt, { sort: 'expiresAt' }),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  toolbar: [
    { label: 'launches.backToEvents', to: DealPermission.bargain, permission: DealPermission.bargain },
  ],
  actions: [
    {
      kind: 'link',
      id: 'helps',
      label: 'launches.helpsAction',
      permission: DealPermission.bargainLaunch,
      to: (row) => `${DealPermission.bargainLaunch}?id=${row.Id}`,
    },
  ],
};

function LaunchListPage() {
  return <ResourceScreen definition={launchDefinition} />;
}

export default withModuleMessages(LaunchListPage, dealCatalogues);
