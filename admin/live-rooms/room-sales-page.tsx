import {
  LivePermission,
  type LiveRoomSalesRow,
  liveRoomSalesResource,
} from '../../contract/endpoints/live-rooms';
import { shopDateTime } from '../../contract/shop-time';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { liveCatalogues } from './messages';

const column = columnKinds<LiveRoomSalesRow>('live.sales.column');

/** /smallRoutine/liveRoomOrderSalesReport: paid orders each room brought (the storefront's LiveRoomId). */
const salesDefinition: ResourceDefinition<LiveRoomSalesRow> = {
  list: liveRoomSalesResource,
  path: LivePermission.orderReport,
  rowKey: (row) => row.RoomId,
  rowName: (row) => row.Title,
  columns: [
    column.twoLines(
      'room',
      (row) => row.Title,
      (row) => shopDateTime(new Date(row.StartsAt)).slice(0, 16),
    ),
    column.number('orders', (row) => row.Orders),
    column.number('buyers', (row) => row.Buyers),
    column.money('paid', (row) => row.PaidFen),
    column.money('refunded', (row) => row.RefundedFen),
  ],
  actions: [
    {
      kind: 'link',
      id: 'byGoods',
      label: 'live.sales.byGoods',
      permission: LivePermission.goodsReport,
      to: (row) => `${LivePermission.goodsReport}?id=${row.RoomId}`,
    },
  ],
};

export default withModuleMessages(() => <ResourceScreen definition={salesDefinition} />, liveCatalogues);
