import { FormattedMessage } from 'react-intl';
import {
  type BargainEventRow,
  bargainEventListResource,
  bindBargainUpdateStateAndDel,
  setBargainEventTaxis,
} from '../../../contract/endpoints/bargain';
import {
  bargainEventMachine,
  DealPermission,
  deleteBlocker,
  type SwitchAction,
} from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { activityColumns } from '../deal-columns';
import { dealCatalogues } from '../messages';
import { type RowDialogProps, SortDialog } from '../sort-dialog';

function SortEvent(props: RowDialogProps<BargainEventRow>) {
  return <SortDialog {...props} endpoint={setBargainEventTaxis} name={(row) => row.Title} />;
}

const column = columnKinds<BargainEventRow>('bargain.column');
const shared = activityColumns<BargainEventRow>('bargain.column', (row) => (
  <FormattedMessage id="bargain.goodsCount" values={{ count: row.GoodsCount }} />
));

/** /marketing/bargainActivity: bargain events by state; each opens its goods, rules and launches. */
const bargainDefinition: ResourceDefinition<BargainEventRow> = {
  list: bargainEventListResource,
  path: DealPermission.bargain,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    shared.picture,
    shared.window,
    column.twoLines(
      'launches',
      (row) => <FormattedMessage id="bargain.launchCount" values={{ count: row.Launches }} />,
      (row) => <FormattedMessage id="bargain.successCount" values={{ count: row.Successes }} />,
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    shared.state,
  ],
  toolbar: [
    {
      label: 'bargain.add',
      to: DealPermission.bargainEdit,
      permission: DealPermission.bargainEdit,
      primary: true,
    },
    {
      label: 'bargain.allLaunches',
      to: DealPermission.bargainLaunches,
      permission: DealPermission.bargainLaunches,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'bargain.editGoods',
      permission: DealPermission.bargainEdit,
      to: (row) => `${DealPermission.bargainEdit}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'launches',
      label: 'bargain.launches',
      permission: DealPermission.bargainLaunches,
      to: (row) => `${DealPermission.bargainLaunches}?EventId=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'rules',
      label: 'deals.rulesAction',
      permission: DealPermission.bargainText,
      to: (row) => `${DealPermission.bargainText}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'sort',
      label: 'deals.sortAction',
      permission: DealPermission.bargain,
      dialog: SortEvent,
    },
    {
      kind: 'machine',
      machine: bargainEventMachine,
      state: (row) => row.Status,
      offer: (action, row) => action.name !== 'delete' || deleteBlocker(row.State) === null,
      call: (action, Ids) => ({
        endpoint: bindBargainUpdateStateAndDel,
        input: { Ids, Action: action.name as SwitchAction },
      }),
    },
  ],
};

function BargainListPage() {
  return <ResourceScreen definition={bargainDefinition} />;
}

export default withModuleMessages(BargainListPage, dealCatalogues);
