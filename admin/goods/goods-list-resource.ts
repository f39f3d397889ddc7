import {
  changeProductState,
  getCategoryTree,
  getCustomList,
  goodsActionRequest,
  type ProductRow,
  productListResource,
} from '../../contract/endpoints/goods';
import {
  auditMachine,
  GoodsPermission,
  recycleMachine,
  shelfMachine,
  shelfOnBlockers,
} from '../../contract/machines/goods';
import type { MachineAction, StateMachine } from '../../contract/state-machine';
import { columnKinds, machineBadge } from '../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../core/resource-definition';
import { categoryOptions } from './category-options';
import { AUDIT_VIEW } from './goods-audit-view';

const column = columnKinds<ProductRow>('goods.column');

/** The goods list's columns (the bench draws them too, 10,000 rows at once). */
export const goodsColumns = [
  column.picture(
    'goods',
    { image: (row) => row.Image, title: (row) => row.Name, muted: (row) => row.Code },
    { sort: 'name' },
  ),
  column.text('category', (row) => row.CategoryName),
  // Most goods ship: only virtual ones carry a badge.
  column.state('kind', [
    {
      state: (row) => row.Kind,
      label: (kind) => `goods.filter.kind.${kind}`,
      palette: { virtual: 'blue' },
      quiet: ['physical'],
    },
  ]),
  column.money('price', (row) => row.PriceFen, { sort: 'price', upTo: (row) => row.MaxPriceFen }),
  column.number('stock', (row) => row.TotalStock, { sort: 'stock' }),
  column.number('sales', (row) => row.Sales, { sort: 'sales' }),
  column.number('sort', (row) => row.Sort, { sort: 'sort' }),
  column.state('state', [
    machineBadge(shelfMachine, (row) => row.ShelfState, { on: 'green', off: 'gray' }),
    machineBadge(auditMachine, (row) => row.AuditState, { pending: 'orange', rejected: 'red' }, ['approved']),
  ]),
  column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
];

/** Every goods machine action goes through the contract's one mapping to its endpoint. */
export const goodsCall = (machine: StateMachine) => (action: MachineAction, ids: number[]) =>
  goodsActionRequest(machine.id, action.name, ids);

/** /goods/goodsList: every active goods with filters, status tabs, row and bulk actions, export. */
export const goodsListDefinition: ResourceDefinition<ProductRow> = {
  list: productListResource,
  path: GoodsPermission.list,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: goodsColumns,
  options: {
    category: optionsFrom(getCategoryTree, {}, (data) => categoryOptions(data.Data)),
    customType: optionsFrom(getCustomList, { page: 1, pageSize: 100 }, (data) =>
      data.Data.map((type) => ({ value: String(type.Id), label: type.Name })),
    ),
  },
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'goods.action.edit',
      permission: GoodsPermission.edit,
      to: (row) => `${GoodsPermission.edit}?id=${row.Id}`,
    },
    {
      kind: 'machine',
      machine: shelfMachine,
      state: (row) => row.ShelfState,
      call: goodsCall(shelfMachine),
      // Putting on the shelf is offered only when nothing blocks it (audit, SKUs, price).
      offer: (action, row, page) =>
        action.name !== 'putOn' ||
        shelfOnBlockers({
          recycleState: row.RecycleState,
          auditState: row.AuditState,
          auditRequired: page?.AuditRequired ?? false,
          skuCount: row.SkuCount,
          priceFen: row.PriceFen,
        }).length === 0,
    },
    // Rejecting needs a reason: it is done from the audit view, which has the form.
    {
      kind: 'machine',
      machine: auditMachine,
      state: (row) => row.AuditState,
      call: goodsCall(auditMachine),
      bulk: false,
    },
    {
      kind: 'command',
      id: 'copy',
      label: 'goods.action.copy',
      permission: GoodsPermission.issue,
      call: (ids) => ({ endpoint: changeProductState, input: { Ids: ids, Action: 'copy' } }),
    },
    {
      kind: 'machine',
      machine: recycleMachine,
      state: (row) => row.RecycleState,
      call: goodsCall(recycleMachine),
    },
  ],
  confirmPrefix: 'goods.confirm',
  toolbar: [
    {
      label: 'goodsAudit.open',
      to: `${GoodsPermission.list}?${new URLSearchParams(AUDIT_VIEW)}`,
      permission: GoodsPermission.list,
    },
    { label: 'goods.list.add', to: GoodsPermission.issue, permission: GoodsPermission.issue, primary: true },
  ],
};
