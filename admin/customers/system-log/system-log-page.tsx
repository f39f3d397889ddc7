import { FormattedMessage } from 'react-intl';
import {
  getSystemLogOptions,
  SYSTEM_LOG_PERMISSION,
  type SystemLogRow,
  systemLogListResource,
} from '../../../contract/endpoints/system-log';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { systemLogCatalogues } from './messages';

const column = columnKinds<SystemLogRow>('systemLog.column');

/** A change summary as one short line; long ones are cut, the export has them whole. */
export function summaryText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function change(row: SystemLogRow) {
  const before = summaryText(row.Before);
  const after = summaryText(row.After);
  if (!before && !after) return <FormattedMessage id="systemLog.nothing" />;
  return (
    <>
      {before && (
        <span data-muted="">
          <FormattedMessage id="systemLog.before" values={{ value: before }} />
        </span>
      )}
      {before && after && <br />}
      {after && <FormattedMessage id="systemLog.after" values={{ value: after }} />}
    </>
  );
}

/** /customer/systemLog: every admin write of the shop, read-only; the server limits non-main accounts to their own. */
const systemLogDefinition: ResourceDefinition<SystemLogRow> = {
  list: systemLogListResource,
  path: SYSTEM_LOG_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Action,
  options: {
    operator: optionsFrom(getSystemLogOptions, {}, (data) =>
      data.Operators.map((operator) => ({ value: String(operator.Id), label: operator.Name })),
    ),
    area: optionsFrom(getSystemLogOptions, {}, (data) =>
      data.Areas.map((area) => ({ value: area, label: area })),
    ),
  },
  columns: [
    column.time('at', (row) => row.At, { sort: 'at' }),
    column.text('operator', (row) => row.OperatorName || <FormattedMessage id="systemLog.unknownOperator" />),
    column.twoLines(
      'action',
      (row) => row.Action,
      (row) => row.Target,
    ),
    column.text('change', change),
    column.state('outcome', [
      {
        state: (row) => row.Outcome,
        label: (outcome) => `systemLog.outcome.${outcome}`,
        palette: { success: 'green', refused: 'red' },
      },
    ]),
    column.twoLines(
      'ip',
      (row) => row.Ip,
      (row) => row.Error,
    ),
  ],
};

function SystemLogPage() {
  return <ResourceScreen definition={systemLogDefinition} />;
}

export default withModuleMessages(SystemLogPage, systemLogCatalogues);
