import { FormattedMessage } from 'react-intl';
import {
  getMemberFilterOptions,
  MemberPermission,
  type MemberRow,
  type MemberState,
  memberListResource,
  setMemberStatus,
} from '../../../contract/endpoints/members';
import { CouponPermission } from '../../../contract/machines/coupon';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { type ActionCall, optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { MemberTagsDialog } from './member-tags-dialog';
import { memberCatalogues } from './messages';

const column = columnKinds<MemberRow>('members.column');
const status =
  (Status: MemberState) =>
  (Ids: number[]): ActionCall => ({ endpoint: setMemberStatus, input: { Ids, Status } });

/** /customer/allCustomer: every member of the shop, with bulk tags and disabling. */
const memberDefinition: ResourceDefinition<MemberRow> = {
  list: memberListResource,
  path: MemberPermission.list,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    column.link(
      'member',
      (row) => row.Nickname || row.MemberNo,
      (row) => `${MemberPermission.details}?id=${row.Id}`,
    ),
    column.text('memberNo', (row) => row.MemberNo),
    column.text('mobile', (row) => row.Mobile),
    column.text('grade', (row) => row.GradeName),
    column.tags('tags', (row) => row.Tags),
    column.money('balance', (row) => row.BalanceFen),
    column.number('points', (row) => row.Points),
    column.money('spent', (row) => row.SpentFen, { sort: 'spent' }),
    column.number('orders', (row) => row.OrderCount),
    column.time('lastOrder', (row) => row.LastOrderAt, { sort: 'lastOrderAt' }),
    column.text('source', (row) => <FormattedMessage id={`members.filter.source.${row.Source}`} />),
    column.state('status', [
      {
        state: (row) => row.Status,
        label: (state) => `members.status.${state}`,
        palette: { active: 'green', disabled: 'gray' },
      },
    ]),
    column.time('registered', (row) => row.RegisteredAt, { sort: 'registeredAt' }),
  ],
  options: {
    grade: optionsFrom(getMemberFilterOptions, {}, (data) =>
      data.Grades.map((grade) => ({ value: String(grade.Id), label: grade.Name })),
    ),
    tag: optionsFrom(getMemberFilterOptions, {}, (data) =>
      data.Tags.map((tag) => ({ value: tag, label: tag })),
    ),
  },
  actions: [
    {
      kind: 'link',
      id: 'open',
      label: 'members.open',
      permission: MemberPermission.details,
      to: (row) => `${MemberPermission.details}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'sendCoupon',
      label: 'members.sendCoupon',
      permission: CouponPermission.memberSend,
      to: (row) => `${CouponPermission.memberSend}?ids=${row.Id}`,
      bulkTo: (rows) => `${CouponPermission.memberSend}?ids=${rows.map((row) => row.Id).join(',')}`,
    },
    {
      kind: 'command',
      id: 'tags',
      label: 'members.editTags',
      permission: MemberPermission.list,
      dialog: MemberTagsDialog,
      on: 'both',
    },
    {
      kind: 'command',
      id: 'enable',
      label: 'members.enable',
      permission: MemberPermission.list,
      confirm: 'members.confirm.enable',
      offer: (row) => row.Status === 'disabled',
      call: status('active'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'disable',
      label: 'members.disable',
      permission: MemberPermission.list,
      destructive: true,
      confirm: 'members.confirm.disable',
      offer: (row) => row.Status === 'active',
      call: status('disabled'),
      on: 'both',
    },
  ],
};

function MemberListPage() {
  return <ResourceScreen definition={memberDefinition} />;
}

export default withModuleMessages(MemberListPage, memberCatalogues);
