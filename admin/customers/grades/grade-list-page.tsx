import { FormattedMessage } from 'react-intl';
import {
  deleteMemberGrade,
  EDIT_MEMBER_GRADE_PERMISSION,
  type GradeRow,
  gradeListResource,
  MEMBER_GRADE_PERMISSION,
} from '../../../contract/endpoints/member-grades';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { gradeCatalogues } from './messages';

const column = columnKinds<GradeRow>('grades.column');

/** /marketing/memberSupervise/memberGrade: the shop's grades by level, with their privileges and holders. */
export const gradeDefinition: ResourceDefinition<GradeRow> = {
  list: gradeListResource,
  path: MEMBER_GRADE_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.picture('name', {
      image: (row) => row.Icon,
      title: (row) => row.Name,
      muted: (row) => (row.IsDefault ? <FormattedMessage id="grades.default" /> : null),
    }),
    column.text('level', (row) => <FormattedMessage id="grades.levelValue" values={{ level: row.Level }} />, {
      sort: 'level',
    }),
    column.number('threshold', (row) => row.GrowthThreshold),
    column.text('discount', (row) =>
      row.DiscountPercent === 100 ? (
        <FormattedMessage id="grades.noDiscount" />
      ) : (
        <FormattedMessage id="grades.discountValue" values={{ percent: row.DiscountPercent }} />
      ),
    ),
    column.tags('privileges', (row) => row.Privileges),
    column.number('members', (row) => row.MemberCount),
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'grades.edit',
      permission: EDIT_MEMBER_GRADE_PERMISSION,
      to: (row) => `${EDIT_MEMBER_GRADE_PERMISSION}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'grades.delete',
      permission: MEMBER_GRADE_PERMISSION,
      destructive: true,
      confirm: 'grades.confirm.delete',
      // The server refuses the default grade and grades members hold, naming how many.
      offer: (row) => !row.IsDefault,
      call: (ids) => ({ endpoint: deleteMemberGrade, input: { Id: ids[0] } }),
    },
  ],
  toolbar: [
    {
      label: 'grades.new',
      to: EDIT_MEMBER_GRADE_PERMISSION,
      permission: EDIT_MEMBER_GRADE_PERMISSION,
      primary: true,
    },
  ],
};

function GradeListPage() {
  return <ResourceScreen definition={gradeDefinition} />;
}

export default withModuleMessages(GradeListPage, gradeCatalogues);
