import { Button, EmptyState, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import {
  bindSeckillProductRelateAndDel,
  getSeckillActivityList,
  type SeckillGoodsRow,
  seckillGoodsResource,
  setSeckillProductTaxis,
} from '../../../contract/endpoints/seckill';
import { DealPermission } from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { recordId } from '../../core/use-record';
import { dealCatalogues } from '../messages';
import { type RowDialogProps, SortDialog } from '../sort-dialog';
import { SeckillGoodsDialog } from './seckill-goods-dialog';

function SortGoods(props: RowDialogProps<SeckillGoodsRow>) {
  return <SortDialog {...props} endpoint={setSeckillProductTaxis} name={(row) => row.Name} />;
}

const column = columnKinds<SeckillGoodsRow>('seckillGoods.column');
const range = (values: number[]) => ({ low: Math.min(...values), high: Math.max(...values) });

/** The list, its filter naming the activity, and the goods' commands. */
function goodsDefinition(activityId: number): ResourceDefinition<SeckillGoodsRow> {
  const here = `${DealPermission.seckillGoods}?ActivityId=${activityId}`;
  return {
    list: {
      ...seckillGoodsResource,
      filters: [
        ...seckillGoodsResource.filters,
        { name: 'activity', kind: 'entity', params: ['ActivityId'] },
      ],
    },
    path: DealPermission.seckillGoods,
    rowKey: (row) => row.Id,
    rowName: (row) => row.Name,
    options: {
      activity: optionsFrom(getSeckillActivityList, { page: 1, pageSize: 100 }, (data) =>
        data.Data.map((row) => ({ value: String(row.Id), label: row.Title })),
      ),
    },
    columns: [
      column.picture('goods', {
        image: (row) => row.Image,
        title: (row) => row.Name,
        muted: (row) =>
          row.LimitPerMember > 0 ? (
            <FormattedMessage id="seckillGoods.limitShort" values={{ count: row.LimitPerMember }} />
          ) : (
            <FormattedMessage id="deals.noLimit" />
          ),
      }),
      column.money('price', (row) => range(row.Skus.map((sku) => sku.SeckillPriceFen)).low, {
        upTo: (row) => range(row.Skus.map((sku) => sku.SeckillPriceFen)).high,
      }),
      column.money('listPrice', (row) => range(row.Skus.map((sku) => sku.PriceFen)).low, {
        upTo: (row) => range(row.Skus.map((sku) => sku.PriceFen)).high,
      }),
      column.number('stock', (row) => row.Skus.reduce((sum, sku) => sum + sku.Stock, 0)),
      column.number('sold', (row) => row.Skus.reduce((sum, sku) => sum + sku.Sold, 0)),
      column.number('sort', (row) => row.Sort),
    ],
    toolbar: [
      {
        label: 'seckillGoods.add',
        to: `${here}&edit=new`,
        permission: DealPermission.seckillGoods,
        primary: true,
      },
    ],
    actions: [
      {
        kind: 'link',
        id: 'edit',
        label: 'deals.editAction',
        permission: DealPermission.seckillGoods,
        to: (row) => `${here}&edit=${row.Id}`,
      },
      {
        kind: 'command',
        id: 'sort',
        label: 'deals.sortAction',
        permission: DealPermission.seckillGoods,
        dialog: SortGoods,
      },
      {
        kind: 'command',
        id: 'remove',
        label: 'seckillGoods.remove',
        permission: DealPermission.seckillGoods,
        destructive: true,
        confirm: 'seckillGoods.confirm.remove',
        call: (Ids) => ({ endpoint: bindSeckillProductRelateAndDel, input: { Ids } }),
        on: 'both',
      },
    ],
  };
}

/** /marketing/seckillGoodList?ActivityId=: the goods of a seckill activity, opened from its row. */
function SeckillGoodsPage() {
  const [search, setSearch] = useSearchParams();
  const activityId = recordId(search, 'ActivityId');
  const definition = useMemo(() => (activityId === null ? null : goodsDefinition(activityId)), [activityId]);
  const edit = search.get('edit');
  if (definition === null || activityId === null)
    return (
      <Stack padding="5">
        <EmptyState.Root size="sm" role="alert">
          <EmptyState.Content>
            <EmptyState.Title>
              <FormattedMessage id="seckillGoods.noActivity" />
            </EmptyState.Title>
            <Button asChild variant="outline" size="sm">
              <Link to={DealPermission.seckill}>
                <FormattedMessage id="seckillGoods.toActivities" />
              </Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Stack>
    );
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={definition}>
      {edit !== null && <SeckillGoodsDialog activityId={activityId} edit={edit} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(SeckillGoodsPage, dealCatalogues);
