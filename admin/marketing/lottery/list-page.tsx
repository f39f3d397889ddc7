import { FormattedMessage } from 'react-intl';
import {
  deleteLotteries,
  type LotteryRow,
  lotteryListResource,
  setLotteryStatus,
} from '../../../contract/endpoints/lotteries';
import { LotteryPermission } from '../../../contract/machines/lottery';
import { parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ActionCall, ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { lotteryCatalogues } from './messages';

const column = columnKinds<LotteryRow>('lotteries.column');
const TIME = '{y}-{m}-{d} {h}:{i}';
const switchTo =
  (Status: 'on' | 'off') =>
  (Ids: number[]): ActionCall => ({ endpoint: setLotteryStatus, input: { Ids, Status } });

const limitText = (limit: number) =>
  limit > 0 ? (
    <FormattedMessage id="lotteries.draws" values={{ count: limit }} />
  ) : (
    <FormattedMessage id="lotteries.noLimit" />
  );

/** /marketing/lotteryActivity: the lucky draws by their time-and-switch state. */
const lotteryDefinition: ResourceDefinition<LotteryRow> = {
  list: lotteryListResource,
  path: LotteryPermission.list,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    column.picture('lottery', {
      image: (row) => row.Image,
      title: (row) => row.Title,
      muted: (row) => row.Summary,
    }),
    column.text('entry', (row) =>
      row.EntryMode === 'points' ? (
        <FormattedMessage id="lotteries.entry.pointsCost" values={{ points: row.PointsCost }} />
      ) : (
        <FormattedMessage id={`lotteries.entry.${row.EntryMode}`} />
      ),
    ),
    column.twoLines(
      'limits',
      (row) => <FormattedMessage id="lotteries.daily" values={{ limit: limitText(row.DailyLimit) }} />,
      (row) => <FormattedMessage id="lotteries.total" values={{ limit: limitText(row.TotalLimit) }} />,
    ),
    column.twoLines(
      'draws',
      (row) => <FormattedMessage id="lotteries.draws" values={{ count: row.Draws }} />,
      (row) => <FormattedMessage id="lotteries.wins" values={{ count: row.Wins }} />,
      { sort: 'draws' },
    ),
    column.twoLines(
      'window',
      (row) => parseTime(row.StartsAt, TIME),
      (row) => parseTime(row.EndsAt, TIME),
      { sort: 'startsAt' },
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `lotteries.tab.${state}`,
        palette: { running: 'green', notStarted: 'blue', ended: 'gray', off: 'orange' },
      },
    ]),
  ],
  toolbar: [
    { label: 'lotteries.add', to: LotteryPermission.edit, permission: LotteryPermission.edit, primary: true },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'lotteries.edit',
      permission: LotteryPermission.edit,
      to: (row) => `${LotteryPermission.edit}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'records',
      label: 'lotteries.records',
      permission: LotteryPermission.details,
      to: (row) => `${LotteryPermission.details}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'off',
      label: 'lotteries.switchOff',
      permission: LotteryPermission.list,
      confirm: 'lotteries.confirm.off',
      offer: (row) => row.Status === 'on',
      call: switchTo('off'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'lotteries.switchOn',
      permission: LotteryPermission.list,
      offer: (row) => row.Status === 'off',
      call: switchTo('on'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'lotteries.delete',
      permission: LotteryPermission.list,
      destructive: true,
      confirm: 'lotteries.confirm.delete',
      call: (Ids) => ({ endpoint: deleteLotteries, input: { Ids } }),
      on: 'both',
    },
  ],
};

function LotteryListPage() {
  return <ResourceScreen definition={lotteryDefinition} />;
}

export default withModuleMessages(LotteryListPage, lotteryCatalogues);
