import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  buyDataStock,
  type DataPackageRow,
  dataPackageListResource,
  dataSizeLabel,
  deleteDataPackages,
  setDataPackageStatus,
} from '../../contract/endpoints/data-recharge';
import { AddedValuePermission } from '../../contract/machines/added-value';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { BuyStockDialog, StockPurchaseContext } from './buy-stock-dialog';
import { DataPackageDialog, EditDataPackageDialog } from './data-package-dialog';
import { addedValueCatalogues } from './messages';
import { PurchaseDialog } from './purchase-dialog';
import { usePurchase } from './use-purchase';

const column = columnKinds<DataPackageRow>('dataPackages.column');
const DATA = AddedValuePermission.data;
const switchTo = (Enabled: boolean) => (Ids: number[]) => ({
  endpoint: setDataPackageStatus,
  input: { Ids, Enabled },
});

/**
 * /addedValue/flowRecharge: the data packages the shop sells its members, by carrier, with the
 * stock bought from the platform and what members bought. The menu has no edit route, so adding
 * opens a dialog named in the address (`?edit=new`).
 */
const dataDefinition: ResourceDefinition<DataPackageRow> = {
  list: dataPackageListResource,
  path: DATA,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Code,
  columns: [
    column.twoLines(
      'package',
      (row) => row.Code,
      (row) => (
        <>
          <FormattedMessage id={`dataPackages.carrier.${row.Carrier}`} /> {dataSizeLabel(row.SizeMb)}
        </>
      ),
    ),
    column.money('cost', (row) => row.CostFen),
    column.money('price', (row) => row.PriceFen, { sort: 'price' }),
    column.number('stock', (row) => row.Stock),
    column.number('sold', (row) => row.Sold),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('status', [
      {
        state: (row) => (row.Enabled ? 'on' : 'off'),
        label: (state) => `dataPackages.status.${state}`,
        palette: { on: 'green', off: 'gray' },
      },
    ]),
  ],
  toolbar: [
    { label: 'dataPackages.add', to: `${DATA}?edit=new`, permission: DATA, primary: true },
    {
      label: 'sms.rechargeRecords',
      to: AddedValuePermission.records,
      permission: AddedValuePermission.records,
    },
  ],
  actions: [
    {
      kind: 'command',
      id: 'edit',
      label: 'dataPackages.editAction',
      permission: DATA,
      dialog: EditDataPackageDialog,
    },
    { kind: 'command', id: 'buy', label: 'dataPackages.buy', permission: DATA, dialog: BuyStockDialog },
    {
      kind: 'command',
      id: 'off',
      label: 'dataPackages.switchOff',
      permission: DATA,
      confirm: 'dataPackages.confirm.off',
      offer: (row) => row.Enabled,
      call: switchTo(false),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'dataPackages.switchOn',
      permission: DATA,
      offer: (row) => !row.Enabled,
      call: switchTo(true),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'dataPackages.delete',
      permission: DATA,
      destructive: true,
      confirm: 'dataPackages.confirm.delete',
      offer: (row) => row.Stock === 0,
      call: (Ids) => ({ endpoint: deleteDataPackages, input: { Ids } }),
      on: 'both',
    },
  ],
};

function DataPackagePage() {
  const [search, setSearch] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  const purchase = usePurchase(buyDataStock);
  return (
    <StockPurchaseContext.Provider value={purchase}>
      <ResourceScreen definition={dataDefinition}>
        {search.get('edit') === 'new' && <DataPackageDialog row={null} onClose={close} />}
        {purchase.bought && <PurchaseDialog purchase={purchase.bought} onClose={purchase.close} />}
      </ResourceScreen>
    </StockPurchaseContext.Provider>
  );
}

export default withModuleMessages(DataPackagePage, addedValueCatalogues);
