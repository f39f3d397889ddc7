import {
  getCategoryTree,
  type getRecycledProducts,
  recycledListResource,
} from '../../contract/endpoints/goods';
import { GoodsPermission, recycleMachine } from '../../contract/machines/goods';
import type { EndpointResponse } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { categoryOptions } from './category-options';
import { goodsCall } from './goods-list-resource';
import { goodsCatalogues } from './messages';

type RecycledRow = EndpointResponse<typeof getRecycledProducts>['Data'][number];

const column = columnKinds<RecycledRow>('goods.column');

/** /goods/recycledList: goods deleted from the list, to restore or delete for good. */
const recycledDefinition: ResourceDefinition<RecycledRow> = {
  list: recycledListResource,
  path: GoodsPermission.recycled,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.picture(
      'goods',
      { image: (row) => row.Image, title: (row) => row.Name, muted: (row) => row.Code },
      { sort: 'name' },
    ),
    column.text('category', (row) => row.CategoryName),
    column.money('price', (row) => row.PriceFen),
    column.number('stock', (row) => row.TotalStock),
    column.time('recycledAt', (row) => row.RecycledAt, { sort: 'recycledAt' }),
  ],
  options: { category: optionsFrom(getCategoryTree, {}, (data) => categoryOptions(data.Data)) },
  actions: [
    // Every row of the bin is recycled: the machine offers restore and purge.
    { kind: 'machine', machine: recycleMachine, state: () => 'recycled', call: goodsCall(recycleMachine) },
  ],
  confirmPrefix: 'goods.confirm',
};

function RecycledListPage() {
  return <ResourceScreen definition={recycledDefinition} />;
}

export default withModuleMessages(RecycledListPage, goodsCatalogues);
