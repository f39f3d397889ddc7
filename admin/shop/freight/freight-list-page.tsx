import { FormattedMessage } from 'react-intl';
import {
  copyFreightTemplate,
  delFreightTemplate,
  FREIGHT_EDIT_PERMISSION,
  FREIGHT_LIST_PERMISSION,
  type FreightRow,
  freightListResource,
  setDefaultFreightTemplate,
} from '../../../contract/endpoints/freight-templates';
import { formatUnits } from '../../../contract/freight';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { fenToYuanText } from '../../core/list-state';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { freightCatalogues } from './messages';

const column = columnKinds<FreightRow>('freight.column');

/** The default rule in a line: "First 1 kg ¥10.00, each further 0.5 kg ¥3.00". */
function DefaultRuleSummary({ row }: { row: FreightRow }) {
  const rule = row.DefaultRule;
  return (
    <FormattedMessage
      id={`freight.summary.${row.ChargeMode}`}
      values={{
        first: formatUnits(row.ChargeMode, rule.First),
        firstFee: fenToYuanText(rule.FirstFen),
        next: formatUnits(row.ChargeMode, rule.Next),
        nextFee: fenToYuanText(rule.NextFen),
      }}
    />
  );
}

/**
 * /shop/freightTemplate: the shop's freight templates by charge mode, with the goods that use each;
 * edited on /shop/editFreight, copied, made the default or deleted (refused while goods use it).
 */
const freightDefinition: ResourceDefinition<FreightRow> = {
  list: freightListResource,
  path: FREIGHT_LIST_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.twoLines(
      'name',
      (row) => row.Name,
      (row) => <DefaultRuleSummary row={row} />,
    ),
    column.text('chargeMode', (row) => <FormattedMessage id={`freight.mode.${row.ChargeMode}`} />),
    column.state('default', [
      {
        state: (row) => (row.IsDefault ? 'default' : 'other'),
        label: (state) => `freight.badge.${state}`,
        palette: { default: 'green', other: 'gray' },
        quiet: ['other'],
      },
    ]),
    column.twoLines(
      'rules',
      (row) => (
        <FormattedMessage
          id="freight.rulesSummary"
          values={{ rules: row.RuleCount, undeliverable: row.UndeliverableCount }}
        />
      ),
      (row) => row.FreeShipping && <FormattedMessage id="freight.hasFreeShipping" />,
    ),
    column.number('goods', (row) => row.GoodsCount, { sort: 'goods' }),
    column.time('updatedAt', (row) => row.UpdatedAt, { sort: 'updatedAt' }),
  ],
  toolbar: [
    { label: 'freight.add', to: FREIGHT_EDIT_PERMISSION, permission: FREIGHT_EDIT_PERMISSION, primary: true },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'freight.edit',
      permission: FREIGHT_EDIT_PERMISSION,
      to: (row) => `${FREIGHT_EDIT_PERMISSION}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'copy',
      label: 'freight.copy',
      permission: FREIGHT_LIST_PERMISSION,
      confirm: 'freight.confirm.copy',
      call: ([Id]) => ({ endpoint: copyFreightTemplate, input: { Id } }),
    },
    {
      kind: 'command',
      id: 'setDefault',
      label: 'freight.setDefault',
      permission: FREIGHT_LIST_PERMISSION,
      confirm: 'freight.confirm.setDefault',
      offer: (row) => !row.IsDefault,
      call: ([Id]) => ({ endpoint: setDefaultFreightTemplate, input: { Id } }),
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'freight.delete',
      permission: FREIGHT_LIST_PERMISSION,
      destructive: true,
      confirm: 'freight.confirm.delete',
      call: ([Id]) => ({ endpoint: delFreightTemplate, input: { Id } }),
    },
  ],
};

export default withModuleMessages(() => <ResourceScreen definition={freightDefinition} />, freightCatalogues);
