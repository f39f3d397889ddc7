import { FormattedMessage } from 'react-intl';
import {
  deletePointsGoods,
  type PointsGoodsRow,
  pointsGoodsListResource,
  setPointsGoodsStatus,
} from '../../../contract/endpoints/points-goods';
import { PointsPermission } from '../../../contract/machines/points-exchange';
import { parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ActionCall, ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { pointsCatalogues } from './messages';
import { PointsPrice } from './points-price';

const column = columnKinds<PointsGoodsRow>('pointsGoods.column');
const TIME = '{y}-{m}-{d} {h}:{i}';
const switchTo =
  (Status: 'on' | 'off') =>
  (Ids: number[]): ActionCall => ({ endpoint: setPointsGoodsStatus, input: { Ids, Status } });

/** /marketing/integralExchange/integralList: the points goods by their time-and-switch state. */
const goodsDefinition: ResourceDefinition<PointsGoodsRow> = {
  list: pointsGoodsListResource,
  path: PointsPermission.goods,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    column.picture('goods', {
      image: (row) => row.Image,
      title: (row) => row.Title,
      muted: (row) => row.ProductName || <FormattedMessage id="pointsGoods.noProduct" />,
    }),
    column.text('kind', (row) => <FormattedMessage id={`points.kind.${row.Kind}`} />),
    column.text('price', (row) => <PointsPrice points={row.Points} priceFen={row.PriceFen} />, {
      sort: 'points',
    }),
    column.twoLines(
      'stock',
      (row) => <FormattedMessage id="pointsGoods.stockLeft" values={{ stock: row.Stock }} />,
      (row) => <FormattedMessage id="pointsGoods.exchanged" values={{ count: row.Exchanged }} />,
      { sort: 'exchanged' },
    ),
    column.text('limit', (row) =>
      row.PerMemberLimit > 0 ? (
        <FormattedMessage id="pointsGoods.limit" values={{ limit: row.PerMemberLimit }} />
      ) : (
        <FormattedMessage id="pointsGoods.noLimit" />
      ),
    ),
    column.twoLines(
      'window',
      (row) => parseTime(row.StartsAt, TIME),
      (row) => (row.EndsAt ? parseTime(row.EndsAt, TIME) : <FormattedMessage id="pointsGoods.noEnd" />),
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `pointsGoods.tab.${state}`,
        palette: { running: 'green', notStarted: 'blue', ended: 'gray', off: 'orange' },
      },
    ]),
  ],
  toolbar: [
    {
      label: 'pointsGoods.add',
      to: PointsPermission.issue,
      permission: PointsPermission.issue,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'pointsGoods.edit',
      permission: PointsPermission.issue,
      to: (row) => `${PointsPermission.issue}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'exchanges',
      label: 'pointsGoods.viewExchanges',
      permission: PointsPermission.exchanges,
      to: (row) => `${PointsPermission.exchanges}?keyword=${encodeURIComponent(row.Title)}`,
    },
    {
      kind: 'command',
      id: 'off',
      label: 'pointsGoods.switchOff',
      permission: PointsPermission.goods,
      confirm: 'pointsGoods.confirm.off',
      offer: (row) => row.Status === 'on',
      call: switchTo('off'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'pointsGoods.switchOn',
      permission: PointsPermission.goods,
      offer: (row) => row.Status === 'off',
      call: switchTo('on'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'pointsGoods.delete',
      permission: PointsPermission.goods,
      destructive: true,
      confirm: 'pointsGoods.confirm.delete',
      call: (Ids) => ({ endpoint: deletePointsGoods, input: { Ids } }),
      on: 'both',
    },
  ],
};

function PointsGoodsListPage() {
  return <ResourceScreen definition={goodsDefinition} />;
}

export default withModuleMessages(PointsGoodsListPage, pointsCatalogues);
