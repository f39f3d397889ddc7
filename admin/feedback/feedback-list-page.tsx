import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  FEEDBACK_DETAILS_PERMISSION,
  type FeedbackRow,
  type FeedbackStatus,
  feedbackListResource,
  setFeedbackState,
} from '../../contract/endpoints/account-feedback';
import { parseTime } from '../../src/lib/format';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { type ResourceColumn, ResourceList } from '../core/resource-list';
import { useResourceAction, useResourceList } from '../core/use-resource-list';
import { feedbackCatalogues } from './messages';

const RESOURCE = feedbackListResource.resource;

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  return (
    <Badge colorPalette={status === 'new' ? 'orange' : 'green'}>
      <FormattedMessage id={`feedback.status.${status}`} />
    </Badge>
  );
}

const columns: ResourceColumn<FeedbackRow>[] = [
  { id: 'member', header: 'feedback.column.member', cell: (row) => row.MemberName },
  { id: 'phone', header: 'feedback.column.phone', cell: (row) => row.Phone },
  {
    id: 'content',
    header: 'feedback.column.content',
    cell: (row) => (
      <Stack gap="1" maxWidth="md">
        <Text lineClamp={2}>{row.Content}</Text>
        {row.Images.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="feedback.imageCount" values={{ count: row.Images.length }} />
          </Text>
        )}
      </Stack>
    ),
  },
  { id: 'status', header: 'feedback.column.status', cell: (row) => <StatusBadge status={row.Status} /> },
  {
    id: 'createdAt',
    header: 'feedback.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
];

/** /shop/decorateShop/feedbackList: members' feedback by status, with bulk handling. */
function FeedbackListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const list = useResourceList<FeedbackRow>(feedbackListResource);
  const change = useResourceAction([RESOURCE], setFeedbackState);
  const mark = (ids: number[], status: FeedbackStatus) =>
    change.run({
      input: { Ids: ids, Status: status },
      confirmKey: `feedback.confirm.${status}`,
      count: ids.length,
    });

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="feedback.title" />
      </Heading>
      <ResourceList<FeedbackRow>
        resource={feedbackListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        rowActions={(row) => (
          <>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="brand"
              aria-label={intl.formatMessage(
                { id: 'feedback.openNamed' },
                { name: row.MemberName, id: row.Id },
              )}
              onClick={() => navigate(`${FEEDBACK_DETAILS_PERMISSION}?id=${row.Id}`)}
            >
              <FormattedMessage id="feedback.open" />
            </Button>
            {row.Status === 'new' && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                aria-label={intl.formatMessage(
                  { id: 'feedback.markHandledNamed' },
                  { name: row.MemberName, id: row.Id },
                )}
                onClick={() => void change.run({ input: { Ids: [row.Id], Status: 'handled' } })}
              >
                <FormattedMessage id="feedback.markHandled" />
              </Button>
            )}
          </>
        )}
        bulkActions={(rows, clear) =>
          (['handled', 'new'] as const).map((status) => (
            <Button
              key={status}
              size="xs"
              variant="outline"
              colorPalette="brand"
              onClick={async () => {
                if (
                  await mark(
                    rows.map((row) => row.Id),
                    status,
                  )
                )
                  clear();
              }}
            >
              <FormattedMessage id={status === 'handled' ? 'feedback.markHandled' : 'feedback.markNew'} />
            </Button>
          ))
        }
      />
    </Stack>
  );
}

export default withModuleMessages(FeedbackListPage, feedbackCatalogues);
