import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { getPromoterGradeOptions } from '../../contract/endpoints/distribution';
import {
  type ApplicationRow,
  applicationListResource,
  approveApplications,
  freezePromoters,
  type PromoterRow,
  promoterListResource,
  unfreezePromoters,
} from '../../contract/endpoints/promoters';
import {
  applicationMachine,
  DistributionPermission,
  promoterMachine,
} from '../../contract/machines/distribution';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { distributionCatalogues } from './messages';
import { PromoterGradeDialog, RejectApplicationDialog, ShopLinkDialog } from './promoter-dialogs';
import { ViewSwitch } from './view-switch';

const promoterColumn = columnKinds<PromoterRow>('promoters.column');
const applicationColumn = columnKinds<ApplicationRow>('applications.column');

/** Promoters: their standing, team and money; freeze, grade, team, WeChat accounts, shop link. */
const promoterDefinition: ResourceDefinition<PromoterRow> = {
  list: promoterListResource,
  path: DistributionPermission.promoters,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    promoterColumn.picture('promoter', {
      image: (row) => row.Avatar,
      title: (row) => row.Nickname || row.MemberNo,
      muted: (row) => row.Mobile || row.MemberNo,
    }),
    promoterColumn.text('grade', (row) => row.GradeName || <FormattedMessage id="promoters.defaultGrade" />),
    promoterColumn.text('parent', (row) => row.ParentName),
    promoterColumn.number('team', (row) => row.TeamSize, { sort: 'team' }),
    promoterColumn.money('earned', (row) => row.EarnedFen, { sort: 'earned' }),
    promoterColumn.money('pending', (row) => row.PendingFen),
    promoterColumn.money('withdrawable', (row) => row.WithdrawableFen, { sort: 'withdrawable' }),
    promoterColumn.money('frozen', (row) => row.FrozenFen),
    promoterColumn.state('status', [
      machineBadge(promoterMachine, (row) => row.Status, { active: 'green', frozen: 'gray' }),
    ]),
    promoterColumn.time('joinedAt', (row) => row.JoinedAt, { sort: 'joinedAt' }),
  ],
  options: {
    grade: optionsFrom(getPromoterGradeOptions, {}, (data) =>
      data.Data.map((grade) => ({ value: String(grade.Id), label: grade.Name })),
    ),
  },
  actions: [
    {
      kind: 'link',
      id: 'team',
      label: 'promoters.team',
      permission: DistributionPermission.team,
      to: (row) => `${DistributionPermission.team}?promoterId=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'grade',
      label: 'promoters.changeGrade',
      permission: DistributionPermission.promoters,
      dialog: PromoterGradeDialog,
      on: 'both',
    },
    {
      kind: 'machine',
      machine: promoterMachine,
      state: (row) => row.Status,
      call: (action, ids) => ({
        endpoint: action.name === 'freeze' ? freezePromoters : unfreezePromoters,
        input: { Ids: ids },
      }),
    },
    {
      kind: 'command',
      id: 'shopLink',
      label: 'promoters.shopLink',
      permission: DistributionPermission.promoters,
      dialog: ShopLinkDialog,
    },
    {
      kind: 'link',
      id: 'wechat',
      label: 'promoters.wechat',
      permission: DistributionPermission.wechat,
      to: (row) => `${DistributionPermission.wechat}?promoterId=${row.Id}`,
    },
  ],
};

/** Members' applications to promote, decided here under the "by application" rule. */
const applicationDefinition: ResourceDefinition<ApplicationRow> = {
  list: applicationListResource,
  path: DistributionPermission.promoters,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    applicationColumn.picture('member', {
      image: (row) => row.Avatar,
      title: (row) => row.Nickname || row.MemberNo,
      muted: (row) => row.Mobile || row.MemberNo,
    }),
    applicationColumn.text('inviter', (row) => row.InviterName),
    applicationColumn.twoLines(
      'paid',
      (row) => <FormattedMessage id="applications.paidOrders" values={{ count: row.PaidOrders }} />,
      (row) => (
        <FormattedMessage id="applications.paidFen" values={{ amount: (row.PaidFen / 100).toFixed(2) }} />
      ),
    ),
    applicationColumn.state('state', [
      machineBadge(applicationMachine, (row) => row.State, {
        pending: 'orange',
        approved: 'green',
        rejected: 'gray',
      }),
    ]),
    applicationColumn.twoLines(
      'decision',
      (row) => row.DeciderName,
      (row) => row.Reason,
    ),
    applicationColumn.time('appliedAt', (row) => row.AppliedAt, { sort: 'appliedAt' }),
  ],
  actions: [
    {
      kind: 'machine',
      machine: applicationMachine,
      state: (row) => row.State,
      call: (action, ids) =>
        action.name === 'approve' ? { endpoint: approveApplications, input: { Ids: ids } } : null,
      dialogs: { rejectApplicationForm: RejectApplicationDialog },
    },
  ],
};

const VIEWS = ['promoters', 'applications'] as const;

function views(current: (typeof VIEWS)[number]) {
  return (
    <ViewSwitch
      path={DistributionPermission.promoters}
      views={VIEWS}
      current={current}
      prefix="promoters.view"
    />
  );
}

/** /distribution/accountList: the shop's promoters, and the members asking to become one. */
function AccountListPage() {
  const [params] = useSearchParams();
  if (params.get('view') === 'applications')
    return (
      <ResourceScreen
        key="applications"
        definition={applicationDefinition}
        keep={{ view: 'applications' }}
        header={views('applications')}
      />
    );
  return <ResourceScreen key="promoters" definition={promoterDefinition} header={views('promoters')} />;
}

export default withModuleMessages(AccountListPage, distributionCatalogues);
