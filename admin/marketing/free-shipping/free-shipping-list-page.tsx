import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  DELIVERY_ACTIVITIES_PERMISSION,
  deleteFreeShipping,
  type FreeShippingRow,
  freeShippingListResource,
  setFreeShippingStatus,
} from '../../../contract/endpoints/free-shipping';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ActionCall, ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { FreeShippingDialog } from './free-shipping-dialog';
import { freeShippingCatalogues } from './messages';

const column = columnKinds<FreeShippingRow>('freeShipping.column');
const switchTo =
  (Status: 'on' | 'off') =>
  (Ids: number[]): ActionCall => ({ endpoint: setFreeShippingStatus, input: { Ids, Status } });

/** The regions an activity covers, as few words as a cell allows. */
function Regions({ row }: { row: FreeShippingRow }) {
  if (row.RegionScope === 'all') return <FormattedMessage id="freeShipping.regionScope.all" />;
  const [first, ...rest] = row.Regions;
  return (
    <FormattedMessage
      id="freeShipping.regionsShort"
      values={{ first: first?.Name ?? '', more: rest.length }}
    />
  );
}

/**
 * /marketing/deliveryActivities: free-shipping activities by their time-and-switch state. The menu
 * has no edit route for them, so adding and editing open a dialog over the list, named in the
 * address (`?edit=new` or `?edit=<id>`).
 */
const freeShippingDefinition: ResourceDefinition<FreeShippingRow> = {
  list: freeShippingListResource,
  path: DELIVERY_ACTIVITIES_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.text('name', (row) => row.Name),
    column.text('threshold', (row) =>
      row.Threshold === 'amount' ? (
        <FormattedMessage id="freeShipping.overAmount" values={{ amount: fenToYuan(row.MinimumFen) }} />
      ) : (
        <FormattedMessage id="freeShipping.overQuantity" values={{ count: row.MinimumQuantity }} />
      ),
    ),
    column.twoLines(
      'covers',
      (row) => <Regions row={row} />,
      (row) => (
        <FormattedMessage
          id={`freeShipping.goodsCount.${row.GoodsScope}`}
          values={{ count: row.GoodsCount }}
        />
      ),
    ),
    column.time('startsAt', (row) => row.StartsAt, { sort: 'startsAt' }),
    column.time('endsAt', (row) => row.EndsAt),
    column.number('orders', (row) => row.Orders),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `freeShipping.tab.${state}`,
        palette: { notStarted: 'blue', running: 'green', ended: 'gray', off: 'orange' },
      },
    ]),
  ],
  toolbar: [
    {
      label: 'freeShipping.add',
      to: `${DELIVERY_ACTIVITIES_PERMISSION}?edit=new`,
      permission: DELIVERY_ACTIVITIES_PERMISSION,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'freeShipping.edit',
      permission: DELIVERY_ACTIVITIES_PERMISSION,
      to: (row) => `${DELIVERY_ACTIVITIES_PERMISSION}?edit=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'off',
      label: 'freeShipping.switchOff',
      permission: DELIVERY_ACTIVITIES_PERMISSION,
      confirm: 'freeShipping.confirm.off',
      offer: (row) => row.Status === 'on',
      call: switchTo('off'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'freeShipping.switchOn',
      permission: DELIVERY_ACTIVITIES_PERMISSION,
      offer: (row) => row.Status === 'off',
      call: switchTo('on'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'freeShipping.delete',
      permission: DELIVERY_ACTIVITIES_PERMISSION,
      destructive: true,
      confirm: 'freeShipping.confirm.delete',
      call: (Ids) => ({ endpoint: deleteFreeShipping, input: { Ids } }),
      on: 'both',
    },
  ],
};

function FreeShippingListPage() {
  const [search, setSearch] = useSearchParams();
  const edit = search.get('edit');
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={freeShippingDefinition}>
      {edit !== null && <FreeShippingDialog edit={edit} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(FreeShippingListPage, freeShippingCatalogues);
