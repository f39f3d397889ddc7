import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  bindGroupBuyTeamState,
  bindGroupBuyUpdateStateAndDel,
  type GroupBuyRow,
  getGroupBuyActivityList,
  groupBuyListResource,
  setGroupBuyTaxis,
  type TeamRow,
  teamListResource,
} from '../../../contract/endpoints/group-buy';
import {
  DealPermission,
  deleteBlocker,
  groupBuyMachine,
  type SwitchAction,
  type TeamCommand,
  teamCommandBlocker,
  teamMachine,
} from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { activityColumns } from '../deal-columns';
import { dealCatalogues } from '../messages';
import { type RowDialogProps, SortDialog } from '../sort-dialog';
import { GroupBuyDialog } from './group-buy-dialog';
import { TeamDialog } from './team-dialog';

const PAGE = DealPermission.groupBuy;
const TEAMS_VIEW = { view: 'teams' } as const;

function SortActivity(props: RowDialogProps<GroupBuyRow>) {
  return <SortDialog {...props} endpoint={setGroupBuyTaxis} name={(row) => row.Title} />;
}

const column = columnKinds<GroupBuyRow>('groupBuy.column');
const shared = activityColumns<GroupBuyRow>('groupBuy.column', (row) => row.ProductName);

/** The activities: the good, the group size and price, the teams by state. */
const activityDefinition: ResourceDefinition<GroupBuyRow> = {
  list: groupBuyListResource,
  path: PAGE,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    shared.picture,
    shared.window,
    column.text('size', (row) => (
      <FormattedMessage id="groupBuy.sizeValue" values={{ count: row.GroupSize }} />
    )),
    column.money('price', (row) => row.PriceFen),
    column.twoLines(
      'teams',
      (row) => <FormattedMessage id="groupBuy.teamsForming" values={{ count: row.Teams.forming }} />,
      (row) => (
        <FormattedMessage
          id="groupBuy.teamsEnded"
          values={{ success: row.Teams.success, failed: row.Teams.failed }}
        />
      ),
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    shared.state,
  ],
  toolbar: [
    { label: 'groupBuy.add', to: `${PAGE}?edit=new`, permission: PAGE, primary: true },
    { label: 'groupBuy.toTeams', to: `${PAGE}?view=teams`, permission: PAGE },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'deals.editAction',
      permission: PAGE,
      to: (row) => `${PAGE}?edit=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'teams',
      label: 'groupBuy.teams',
      permission: PAGE,
      to: (row) => `${PAGE}?view=teams&ActivityId=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'sort',
      label: 'deals.sortAction',
      permission: PAGE,
      dialog: SortActivity,
    },
    {
      kind: 'machine',
      machine: groupBuyMachine,
      state: (row) => row.Status,
      offer: (action, row) => action.name !== 'delete' || deleteBlocker(row.State) === null,
      call: (action, Ids) => ({
        endpoint: bindGroupBuyUpdateStateAndDel,
        input: { Ids, Action: action.name as SwitchAction },
      }),
    },
  ],
};

const team = columnKinds<TeamRow>('teams.column');

/** The teams: seats taken and paid, time left, state; members and orders in a dialog. */
const teamDefinition: ResourceDefinition<TeamRow> = {
  list: teamListResource,
  path: PAGE,
  rowKey: (row) => row.Id,
  rowName: (row) => `${row.LeaderName} #${row.Id}`,
  confirmPrefix: 'teams.confirm',
  options: {
    activity: optionsFrom(getGroupBuyActivityList, { page: 1, pageSize: 100 }, (data) =>
      data.Data.map((row) => ({ value: String(row.Id), label: row.Title })),
    ),
  },
  columns: [
    team.twoLines(
      'team',
      (row) => <FormattedMessage id="teams.ledBy" values={{ name: row.LeaderName, id: row.Id }} />,
      (row) => row.ActivityTitle,
    ),
    team.twoLines(
      'seats',
      (row) => <FormattedMessage id="teams.seats" values={{ joined: row.Joined, size: row.Size }} />,
      (row) =>
        row.VirtualFilled > 0 ? (
          <FormattedMessage id="teams.paidVirtual" values={{ paid: row.Paid, virtual: row.VirtualFilled }} />
        ) : (
          <FormattedMessage id="teams.paidCount" values={{ paid: row.Paid }} />
        ),
    ),
    team.time('expiresAt', (row) => row.ExpiresAt, { sort: 'expiresAt' }),
    team.time('endedAt', (row) => row.EndedAt),
    team.state('state', [
      machineBadge(teamMachine, (row) => row.State, { forming: 'blue', success: 'green', failed: 'red' }),
    ]),
    team.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  toolbar: [{ label: 'groupBuy.toActivities', to: PAGE, permission: PAGE }],
  actions: [
    { kind: 'command', id: 'members', label: 'teams.membersAction', permission: PAGE, dialog: TeamDialog },
    {
      kind: 'machine',
      machine: teamMachine,
      state: (row) => row.State,
      offer: (action, row) =>
        teamCommandBlocker({ state: row.State, paid: row.Paid }, action.name as TeamCommand) === null,
      call: (action, ids) => ({
        endpoint: bindGroupBuyTeamState,
        input: { Id: ids[0]!, Action: action.name as TeamCommand },
      }),
      bulk: false,
    },
  ],
};

/**
 * /marketing/allCluster: group-buy activities, and their teams (`?view=teams`) with members and
 * orders. The menu has no edit route for an activity: adding and editing open a dialog (`?edit=`).
 */
function GroupBuyPage() {
  const [search, setSearch] = useSearchParams();
  if (search.get('view') === 'teams') return <ResourceScreen definition={teamDefinition} keep={TEAMS_VIEW} />;
  const edit = search.get('edit');
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={activityDefinition}>
      {edit !== null && <GroupBuyDialog edit={edit} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(GroupBuyPage, dealCatalogues);
