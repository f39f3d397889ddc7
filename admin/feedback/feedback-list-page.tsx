import { Badge } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import {
  FEEDBACK_DETAILS_PERMISSION,
  FEEDBACK_LIST_PERMISSION,
  type FeedbackRow,
  type FeedbackStatus,
  feedbackListResource,
  setFeedbackState,
} from '../../contract/endpoints/account-feedback';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ActionCall, ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { feedbackCatalogues } from './messages';

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  return (
    <Badge colorPalette={status === 'new' ? 'orange' : 'green'}>
      <FormattedMessage id={`feedback.status.${status}`} />
    </Badge>
  );
}

const column = columnKinds<FeedbackRow>('feedback.column');
const mark =
  (Status: FeedbackStatus) =>
  (Ids: number[]): ActionCall => ({ endpoint: setFeedbackState, input: { Ids, Status } });

/** /shop/decorateShop/feedbackList: members' feedback by status, with bulk handling. */
const feedbackDefinition: ResourceDefinition<FeedbackRow> = {
  list: feedbackListResource,
  path: FEEDBACK_LIST_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.MemberName,
  columns: [
    column.text('member', (row) => row.MemberName),
    column.text('phone', (row) => row.Phone),
    column.twoLines(
      'content',
      (row) => row.Content,
      (row) =>
        row.Images.length > 0 && (
          <FormattedMessage id="feedback.imageCount" values={{ count: row.Images.length }} />
        ),
    ),
    column.state('status', [
      {
        state: (row) => row.Status,
        label: (status) => `feedback.status.${status}`,
        palette: { new: 'orange', handled: 'green' },
      },
    ]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  actions: [
    {
      kind: 'link',
      id: 'open',
      label: 'feedback.open',
      named: 'feedback.openNamed',
      permission: FEEDBACK_DETAILS_PERMISSION,
      to: (row) => `${FEEDBACK_DETAILS_PERMISSION}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'handled',
      label: 'feedback.markHandled',
      named: 'feedback.markHandledNamed',
      permission: FEEDBACK_LIST_PERMISSION,
      confirm: 'feedback.confirm.handled',
      offer: (row) => row.Status === 'new',
      call: mark('handled'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'new',
      label: 'feedback.markNew',
      permission: FEEDBACK_LIST_PERMISSION,
      confirm: 'feedback.confirm.new',
      offer: (row) => row.Status === 'handled',
      call: mark('new'),
      on: 'bulk',
    },
  ],
};

function FeedbackListPage() {
  return <ResourceScreen definition={feedbackDefinition} />;
}

export default withModuleMessages(FeedbackListPage, feedbackCatalogues);
