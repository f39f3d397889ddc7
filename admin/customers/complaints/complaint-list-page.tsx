import { FormattedMessage } from 'react-intl';
import {
  type ComplaintRow,
  closeComplaints,
  complaintListResource,
} from '../../../contract/endpoints/complaints';
import { COMPLAINT_PERMISSION, complaintMachine } from '../../../contract/machines/complaint';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { AssignDialog, ComplaintDialog, ReplyDialog } from './complaint-dialogs';
import { complaintCatalogues } from './messages';

const column = columnKinds<ComplaintRow>('complaints.column');

/** /customer/complainAdvise: buyers' complaints and suggestions by status; assign, answer, close. */
const complaintDefinition: ResourceDefinition<ComplaintRow> = {
  list: complaintListResource,
  path: COMPLAINT_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => `${row.MemberName || row.MemberNo} #${row.Id}`,
  columns: [
    column.twoLines(
      'member',
      (row) => row.MemberName || row.MemberNo,
      (row) => row.Contact,
    ),
    column.text('kind', (row) => <FormattedMessage id={`complaints.filter.kind.${row.Kind}`} />),
    column.twoLines(
      'content',
      (row) => row.Content,
      (row) => (
        <FormattedMessage
          id={`complaints.about.${row.Subject}`}
          values={{ orderNo: row.OrderNo, store: row.StoreName }}
        />
      ),
    ),
    column.state('status', [
      {
        state: (row) => row.Status,
        label: (state) => `complaint.state.${state}`,
        palette: { new: 'orange', inProgress: 'blue', resolved: 'green', closed: 'gray' },
      },
    ]),
    column.text('assignee', (row) => row.AssigneeName),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  actions: [
    {
      kind: 'machine',
      machine: complaintMachine,
      state: (row) => row.Status,
      call: (action, ids) =>
        action.name === 'close' ? { endpoint: closeComplaints, input: { Ids: ids } } : null,
      dialogs: { assignForm: AssignDialog, replyForm: ReplyDialog },
    },
    {
      kind: 'command',
      id: 'view',
      label: 'complaints.view',
      permission: COMPLAINT_PERMISSION,
      dialog: ComplaintDialog,
    },
  ],
};

function ComplaintListPage() {
  return <ResourceScreen definition={complaintDefinition} />;
}

export default withModuleMessages(ComplaintListPage, complaintCatalogues);
