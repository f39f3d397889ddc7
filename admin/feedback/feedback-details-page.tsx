import { Box, Button, Heading, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  FEEDBACK_LIST_PERMISSION,
  FEEDBACK_REPLY_MAX,
  type FeedbackRow,
  getFeedbackInfo,
  setFeedbackReply,
} from '../../contract/endpoints/account-feedback';
import { parseTime } from '../../src/lib/format';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import type { IssueLike } from '../core/form-binding';
import { FormFields } from '../core/form-field';
import { PageHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';
import { StatusBadge } from './feedback-list-page';
import { feedbackCatalogues } from './messages';

const TIME = '{y}-{m}-{d} {h}:{i}';

interface ReplyDraft {
  Reply: string;
  MarkHandled: boolean;
}

/** The reply's rules are the contract's; only their words are the feedback screen's. */
const replyIssue = (issue: IssueLike) => ({
  id: issue.code === 'too_big' ? 'feedback.replyTooLong' : 'feedback.replyRequired',
});

function ReplyForm({ entry }: { entry: FeedbackRow }) {
  const intl = useIntl();
  const { form, submit } = useResourceForm({
    defaultValues: { Reply: entry.Reply, MarkHandled: true },
    save: setFeedbackReply,
    toInput: (draft: ReplyDraft) => ({ Id: entry.Id, ...draft }),
    issueMessage: replyIssue,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="3">
        <FormFields
          form={form}
          fields={[
            {
              name: 'Reply',
              kind: 'textarea',
              maxLength: FEEDBACK_REPLY_MAX,
              label: intl.formatMessage({ id: 'feedback.replyLabel' }),
              required: true,
            },
            {
              name: 'MarkHandled',
              kind: 'checkbox',
              label: intl.formatMessage({ id: 'feedback.markHandledWithReply' }),
            },
          ]}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={form.formState.isSubmitting}
        >
          <FormattedMessage id="feedback.sendReply" />
        </Button>
      </Stack>
    </form>
  );
}

/** /shop/decorateShop/feedbackDetails?id=: one feedback entry, the reply form and its status. */
function FeedbackDetailsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const record = useRecord(getFeedbackInfo);
  return (
    <Stack gap="4" padding="5" maxWidth="3xl">
      <PageHeading>
        <Button size="sm" variant="outline" onClick={() => navigate(FEEDBACK_LIST_PERMISSION)}>
          <FormattedMessage id="feedback.backToList" />
        </Button>
      </PageHeading>
      <RecordView record={record} loading={<Skeleton height="40" />}>
        {(entry) => (
          <>
            <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="5">
              <Stack gap="2">
                <HStack gap="3" wrap="wrap">
                  <StatusBadge status={entry.Status} />
                  <Text fontWeight="medium">
                    <FormattedMessage
                      id="feedback.sentBy"
                      values={{ name: entry.MemberName, phone: entry.Phone }}
                    />
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    <FormattedMessage
                      id="feedback.sentAt"
                      values={{ time: parseTime(entry.CreatedAt, TIME) }}
                    />
                  </Text>
                </HStack>
                <Text whiteSpace="pre-wrap">{entry.Content}</Text>
                {entry.Images.length > 0 && (
                  <HStack gap="2" wrap="wrap">
                    {entry.Images.map((image, index) => (
                      <Image
                        key={image}
                        src={image}
                        alt={intl.formatMessage({ id: 'feedback.imageNumber' }, { number: index + 1 })}
                        boxSize="20"
                        borderRadius="md"
                        objectFit="cover"
                      />
                    ))}
                  </HStack>
                )}
                {entry.HandledAt && (
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage
                      id="feedback.handledBy"
                      values={{ name: entry.HandledByName, time: parseTime(entry.HandledAt, TIME) }}
                    />
                  </Text>
                )}
              </Stack>
            </Box>
            <Box
              as="section"
              bg="bg"
              borderRadius="md"
              borderWidth="1px"
              padding="5"
              aria-label={intl.formatMessage({ id: 'feedback.reply' })}
            >
              <Heading as="h2" size="md" marginBottom="3">
                <FormattedMessage id="feedback.reply" />
              </Heading>
              <ReplyForm key={`${entry.Id}`} entry={entry} />
            </Box>
          </>
        )}
      </RecordView>
    </Stack>
  );
}

export default withModuleMessages(FeedbackDetailsPage, feedbackCatalogues);
