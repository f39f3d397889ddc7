import { Button, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeRecycledState, getCategoryTree, getRecycledProducts } from '../../contract/endpoints/goods';
import type { ListResource } from '../../contract/list-query';
import { recycleMachine } from '../../contract/machines/goods';
import { actionLabelKey, type MachineAction } from '../../contract/state-machine';
import { fenToYuan, parseTime } from '../../src/lib/format';
import { callEndpoint, type EndpointResponse } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { type ResourceColumn, ResourceList } from '../core/resource-list';
import { bulkActions } from '../core/row-actions';
import { useGrantedPaths, useResourceAction, useResourceList } from '../core/use-resource-list';
import { categoryOptions } from './category-options';
import { goodsCatalogues } from './messages';

type RecycledRow = EndpointResponse<typeof getRecycledProducts>['Data'][number];

/** The recycle bin as a list resource. */
const recycledResource: ListResource = {
  resource: 'goods.recycled',
  list: getRecycledProducts,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'category', kind: 'categoryTree', params: ['categoryId'] },
  ],
  sortFields: ['recycledAt', 'name'],
  defaultSort: '-recycledAt',
};

const columns: ResourceColumn<RecycledRow>[] = [
  {
    id: 'goods',
    header: 'goods.column.goods',
    sortField: 'name',
    cell: (row) => (
      <HStack gap="3">
        {row.Image && <Image src={row.Image} alt="" boxSize="10" borderRadius="md" objectFit="cover" />}
        <Stack gap="0">
          <Text fontWeight="medium">{row.Name}</Text>
          <Text fontSize="xs" color="fg.muted">
            {row.Code}
          </Text>
        </Stack>
      </HStack>
    ),
  },
  { id: 'category', header: 'goods.column.category', cell: (row) => row.CategoryName },
  { id: 'price', header: 'goods.column.price', align: 'end', cell: (row) => `¥${fenToYuan(row.PriceFen)}` },
  { id: 'stock', header: 'goods.column.stock', align: 'end', cell: (row) => row.TotalStock },
  {
    id: 'recycledAt',
    header: 'goods.column.recycledAt',
    sortField: 'recycledAt',
    cell: (row) => parseTime(row.RecycledAt, '{y}-{m}-{d} {h}:{i}'),
  },
];

/** /goods/recycledList: goods deleted from the list, to restore or delete for good. */
function RecycledListPage() {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const list = useResourceList<RecycledRow>(recycledResource);
  const categories = useQuery({
    queryKey: ['goods', 'categories'],
    queryFn: () => callEndpoint(getCategoryTree, {}),
  });
  const change = useResourceAction(['goods', recycledResource.resource], changeRecycledState);
  const actions = (count: number) => bulkActions(recycleMachine, Array(count).fill('recycled'), granted);
  const run = (action: MachineAction, ids: number[]) =>
    change.run({
      input: { Ids: ids, Action: action.name as 'restore' | 'purge' },
      confirmKey: `goods.confirm.${action.name}`,
      count: ids.length,
      destructive: action.destructive,
    });
  const button = (action: MachineAction, ids: number[], label?: string) => (
    <Button
      key={action.name}
      size="xs"
      variant={label ? 'ghost' : 'outline'}
      colorPalette={action.destructive ? 'red' : 'brand'}
      aria-label={label}
      onClick={() => void run(action, ids)}
    >
      <FormattedMessage id={actionLabelKey(recycleMachine, action.name)} />
    </Button>
  );
  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="goods.recycled.title" />
      </Heading>
      <ResourceList<RecycledRow>
        resource={recycledResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        filterOptions={{ category: categoryOptions(categories.data?.Data ?? []) }}
        rowActions={(row) =>
          actions(1).map((action) =>
            button(
              action,
              [row.Id],
              intl.formatMessage(
                { id: 'goods.action.named' },
                {
                  action: intl.formatMessage({ id: actionLabelKey(recycleMachine, action.name) }),
                  name: row.Name,
                },
              ),
            ),
          )
        }
        bulkActions={(rows) =>
          actions(rows.length).map((action) =>
            button(
              action,
              rows.map((row) => row.Id),
            ),
          )
        }
      />
    </Stack>
  );
}

export default withModuleMessages(RecycledListPage, goodsCatalogues);
