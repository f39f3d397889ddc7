import { Button, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  auditProducts,
  changeProductState,
  changeRecycledState,
  getCategoryTree,
  getCustomList,
  type ProductRow,
  productListResource,
} from '../../contract/endpoints/goods';
import {
  GoodsPermission,
  goodsRowActions,
  type RowAction,
  recycleMachine,
  shelfMachine,
  shelfOnBlockers,
} from '../../contract/machines/goods';
import { actionLabelKey, type MachineAction, stateLabelKey } from '../../contract/state-machine';
import { fenToYuan, parseTime } from '../../src/lib/format';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { type ResourceColumn, ResourceList } from '../core/resource-list';
import { bulkActions } from '../core/row-actions';
import { CellBadge, RowButton } from '../core/row-parts';
import { useGrantedPaths, useResourceAction, useResourceList } from '../core/use-resource-list';
import { categoryOptions } from './category-options';
import { AUDIT_VIEW, GoodsAuditView } from './goods-audit-view';
import { goodsCatalogues } from './messages';

const RESOURCE = productListResource.resource;
/** Goods writes change the goods list and the recycle bin. */
const WRITES = [RESOURCE, 'goods.recycled'];

function price(row: ProductRow): string {
  return row.MaxPriceFen > row.PriceFen
    ? `¥${fenToYuan(row.PriceFen)} – ${fenToYuan(row.MaxPriceFen)}`
    : `¥${fenToYuan(row.PriceFen)}`;
}

const shelfPalette = { on: 'green', off: 'gray' } as const;
const auditPalette = { approved: 'green', pending: 'orange', rejected: 'red' } as const;

/**
 * The goods list's columns (the bench draws them too, 10,000 rows at once). Cells are plain
 * elements styled once per table (cellStyles, the engine's row parts): a long list mounts rows
 * while it scrolls, and a Chakra component per part cost a frame a step.
 */
export const goodsColumns: ResourceColumn<ProductRow>[] = [
  {
    id: 'goods',
    header: 'goods.column.goods',
    sortField: 'name',
    cellStyles: {
      '& .goods-item': { display: 'flex', alignItems: 'center', gap: '3', minWidth: '64' },
      '& .goods-thumb': {
        boxSize: '12',
        flexShrink: 0,
        borderRadius: 'md',
        objectFit: 'cover',
        bg: 'bg.muted',
      },
      '& .goods-name': { fontWeight: 'medium', lineClamp: 2 },
      '& .goods-code': { fontSize: 'xs', color: 'fg.muted' },
    },
    cell: (row) => (
      <div className="goods-item">
        {row.Image ? (
          <img className="goods-thumb" src={row.Image} alt="" />
        ) : (
          <span className="goods-thumb" />
        )}
        <div>
          <p className="goods-name">{row.Name}</p>
          <p className="goods-code">{row.Code}</p>
        </div>
      </div>
    ),
  },
  { id: 'category', header: 'goods.column.category', cell: (row) => row.CategoryName },
  { id: 'price', header: 'goods.column.price', sortField: 'price', align: 'end', cell: price },
  {
    id: 'stock',
    header: 'goods.column.stock',
    sortField: 'stock',
    align: 'end',
    cell: (row) => row.TotalStock,
  },
  { id: 'sales', header: 'goods.column.sales', sortField: 'sales', align: 'end', cell: (row) => row.Sales },
  { id: 'sort', header: 'goods.column.sort', sortField: 'sort', align: 'end', cell: (row) => row.Sort },
  {
    id: 'state',
    header: 'goods.column.state',
    cellStyles: { '& .goods-states': { display: 'flex', alignItems: 'center', gap: '1' } },
    cell: (row) => (
      <div className="goods-states">
        <CellBadge palette={shelfPalette[row.ShelfState]}>
          <FormattedMessage id={stateLabelKey(shelfMachine, row.ShelfState)} />
        </CellBadge>
        {row.AuditState !== 'approved' && (
          <CellBadge palette={auditPalette[row.AuditState]}>
            <FormattedMessage id={`goods.audit.state.${row.AuditState}`} />
          </CellBadge>
        )}
      </div>
    ),
  },
  {
    id: 'createdAt',
    header: 'goods.column.createdAt',
    sortField: 'createdAt',
    cellStyles: { whiteSpace: 'nowrap' },
    cell: (row) => parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}'),
  },
];

/** /goods/goodsList: every active goods with filters, status tabs, row and bulk actions, export. */
function GoodsListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const granted = useGrantedPaths();
  const list = useResourceList<ProductRow>(productListResource);
  const categories = useQuery({
    queryKey: [RESOURCE, 'categories'],
    queryFn: () => callEndpoint(getCategoryTree, {}),
  });
  const customTypes = useQuery({
    queryKey: [RESOURCE, 'customTypes'],
    queryFn: () => callEndpoint(getCustomList, { page: 1, pageSize: 100 }),
  });
  const stateAction = useResourceAction(WRITES, changeProductState);
  const audit = useResourceAction(WRITES, auditProducts);
  const recycled = useResourceAction(WRITES, changeRecycledState);

  const run = (action: MachineAction, ids: number[]) => {
    const confirm = action.confirm
      ? { confirmKey: `goods.confirm.${action.name}`, count: ids.length, destructive: action.destructive }
      : {};
    if (action.name === 'approve')
      return audit.run({
        input: { List: ids.map((Id) => ({ Id, Action: 'approve', Reason: '' })) },
        ...confirm,
      });
    if (action.name === 'restore' || action.name === 'purge')
      return recycled.run({ input: { Ids: ids, Action: action.name }, ...confirm });
    return stateAction.run({
      input: { Ids: ids, Action: action.name as 'putOn' | 'takeOff' | 'recycle' },
      ...confirm,
    });
  };
  // Rejecting needs a reason: it is done from the audit screen, not from a row button.
  // Putting on the shelf is offered only when nothing blocks it (audit, SKUs, price).
  const auditRequired = list.result.data?.AuditRequired ?? false;
  const rowButtons = (row: ProductRow): RowAction[] =>
    goodsRowActions(row, granted).filter(
      ({ action }) =>
        action.name !== 'reject' &&
        (action.name !== 'putOn' ||
          shelfOnBlockers({
            recycleState: row.RecycleState,
            auditState: row.AuditState,
            auditRequired,
            skuCount: row.SkuCount,
            priceFen: row.PriceFen,
          }).length === 0),
    );
  const canEdit = granted.has(GoodsPermission.edit);
  const canIssue = granted.has(GoodsPermission.issue);

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="goods.list.title" />
      </Heading>
      <ResourceList<ProductRow>
        resource={productListResource}
        columns={goodsColumns}
        rowKey={(row) => row.Id}
        {...list}
        filterOptions={{
          category: categoryOptions(categories.data?.Data ?? []),
          customType: (customTypes.data?.Data ?? []).map((type) => ({
            value: String(type.Id),
            label: type.Name,
          })),
        }}
        toolbar={
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => navigate(`${GoodsPermission.list}?${new URLSearchParams(AUDIT_VIEW)}`)}
            >
              <FormattedMessage id="goodsAudit.open" />
            </Button>
            {canIssue && (
              <Button size="sm" colorPalette="brand" onClick={() => navigate(GoodsPermission.issue)}>
                <FormattedMessage id="goods.list.add" />
              </Button>
            )}
          </>
        }
        rowActions={(row) => (
          <>
            {canEdit && (
              <RowButton
                label={intl.formatMessage({ id: 'goods.action.editNamed' }, { name: row.Name })}
                onClick={() => navigate(`${GoodsPermission.edit}?id=${row.Id}`)}
              >
                {intl.formatMessage({ id: 'goods.action.edit' })}
              </RowButton>
            )}
            {rowButtons(row).map(({ machine, action }) => {
              const label = intl.formatMessage({ id: actionLabelKey(machine, action.name) });
              return (
                <RowButton
                  key={`${machine.id}.${action.name}`}
                  palette={action.destructive ? 'red' : 'brand'}
                  label={intl.formatMessage({ id: 'goods.action.named' }, { action: label, name: row.Name })}
                  onClick={() => void run(action, [row.Id])}
                >
                  {label}
                </RowButton>
              );
            })}
            {canIssue && (
              <RowButton
                label={intl.formatMessage({ id: 'goods.action.copyNamed' }, { name: row.Name })}
                onClick={() => void stateAction.run({ input: { Ids: [row.Id], Action: 'copy' } })}
              >
                {intl.formatMessage({ id: 'goods.action.copy' })}
              </RowButton>
            )}
          </>
        )}
        bulkActions={(rows, clear) => {
          const ids = rows.map((row) => row.Id);
          const actions = [
            ...bulkActions(
              shelfMachine,
              rows.map((row) => row.ShelfState),
              granted,
            ).map((action) => ({
              machine: shelfMachine as typeof recycleMachine | typeof shelfMachine,
              action,
            })),
            ...bulkActions(
              recycleMachine,
              rows.map((row) => row.RecycleState),
              granted,
            ).map((action) => ({ machine: recycleMachine, action })),
          ];
          return actions.map(({ machine, action }) => (
            <Button
              key={`${machine.id}.${action.name}`}
              size="xs"
              variant="outline"
              colorPalette={action.destructive ? 'red' : 'brand'}
              onClick={async () => {
                if (await run(action, ids)) clear();
              }}
            >
              <FormattedMessage id={actionLabelKey(machine, action.name)} />
            </Button>
          ));
        }}
      />
    </Stack>
  );
}

/** The goods list, or its audit view: audit decisions need the list's permission and have no menu path. */
function GoodsListOrAuditPage() {
  const [search] = useSearchParams();
  return search.get('view') === AUDIT_VIEW.view ? <GoodsAuditView /> : <GoodsListPage />;
}

export default withModuleMessages(GoodsListOrAuditPage, goodsCatalogues);
