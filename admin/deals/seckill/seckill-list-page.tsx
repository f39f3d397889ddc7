import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  bindSeckillUpdateStateAndDel,
  type SeckillRow,
  seckillListResource,
} from '../../../contract/endpoints/seckill';
import {
  DealPermission,
  deleteBlocker,
  type SwitchAction,
  seckillMachine,
} from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { activityColumns } from '../deal-columns';
import { dealCatalogues } from '../messages';
import { SeckillDialog } from './seckill-dialog';

const column = columnKinds<SeckillRow>('seckill.column');
const shared = activityColumns<SeckillRow>('seckill.column', (row) =>
  row.Sessions.length === 0 ? (
    <FormattedMessage id="seckill.allDay" />
  ) : (
    row.Sessions.map((session) => `${session.Start}–${session.End}`).join(' · ')
  ),
);

/**
 * /marketing/secKillActivity: seckill activities by state. The menu has no edit route for an
 * activity, so adding and editing open a dialog over the list named in the address (`?edit=`);
 * its goods and its rules have their own pages.
 */
const seckillDefinition: ResourceDefinition<SeckillRow> = {
  list: seckillListResource,
  path: DealPermission.seckill,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    shared.picture,
    shared.window,
    column.number('goods', (row) => row.GoodsCount),
    column.twoLines(
      'stock',
      (row) => <FormattedMessage id="seckill.stockLeft" values={{ count: row.Stock }} />,
      (row) => <FormattedMessage id="seckill.sold" values={{ count: row.Sold }} />,
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    shared.state,
  ],
  toolbar: [
    {
      label: 'seckill.add',
      to: `${DealPermission.seckill}?edit=new`,
      permission: DealPermission.seckill,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'goods',
      label: 'seckill.goods',
      permission: DealPermission.seckillGoods,
      to: (row) => `${DealPermission.seckillGoods}?ActivityId=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'edit',
      label: 'deals.editAction',
      permission: DealPermission.seckill,
      to: (row) => `${DealPermission.seckill}?edit=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'rules',
      label: 'deals.rulesAction',
      permission: DealPermission.seckillText,
      to: (row) => `${DealPermission.seckillText}?id=${row.Id}`,
    },
    {
      kind: 'machine',
      machine: seckillMachine,
      state: (row) => row.Status,
      offer: (action, row) => action.name !== 'delete' || deleteBlocker(row.State) === null,
      call: (action, Ids) => ({
        endpoint: bindSeckillUpdateStateAndDel,
        input: { Ids, Action: action.name as SwitchAction },
      }),
    },
  ],
};

function SeckillListPage() {
  const [search, setSearch] = useSearchParams();
  const edit = search.get('edit');
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={seckillDefinition}>
      {edit !== null && <SeckillDialog edit={edit} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(SeckillListPage, dealCatalogues);
