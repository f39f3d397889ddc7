import {
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  Image,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import {
  FEEDBACK_LIST_PERMISSION,
  FEEDBACK_REPLY_MAX,
  type FeedbackRow,
  feedbackListResource,
  getFeedbackInfo,
  setFeedbackReply,
} from '../../contract/endpoints/account-feedback';
import { parseTime } from '../../src/lib/format';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { useResourceAction } from '../core/use-resource-list';
import { StatusBadge } from './feedback-list-page';
import { feedbackCatalogues } from './messages';

const RESOURCE = feedbackListResource.resource;
const TIME = '{y}-{m}-{d} {h}:{i}';

const replySchema = z.object({
  Reply: z.string().trim().min(1, 'feedback.replyRequired').max(FEEDBACK_REPLY_MAX, 'feedback.replyTooLong'),
  MarkHandled: z.boolean(),
});
type ReplyForm = z.infer<typeof replySchema>;

function ReplyForm({ entry }: { entry: FeedbackRow }) {
  const intl = useIntl();
  const save = useResourceAction([RESOURCE], setFeedbackReply);
  const form = useForm<ReplyForm>({
    defaultValues: { Reply: entry.Reply, MarkHandled: true },
    resolver: zodResolver(replySchema),
  });
  const error = form.formState.errors.Reply?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        if (await save.run({ input: { Id: entry.Id, ...values } })) form.reset(values);
      })}
    >
      <Stack gap="3">
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>
            <FormattedMessage id="feedback.replyLabel" />
          </Field.Label>
          <Textarea rows={4} maxLength={FEEDBACK_REPLY_MAX} {...form.register('Reply')} />
          <Field.ErrorText>{error && intl.formatMessage({ id: error })}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={form.control}
          name="MarkHandled"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(change) => field.onChange(change.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <FormattedMessage id="feedback.markHandledWithReply" />
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.pending}>
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
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const info = useQuery({
    queryKey: [RESOURCE, 'info', id],
    queryFn: ({ signal }) => callEndpoint(getFeedbackInfo, { id }, { signal }),
    enabled: valid,
  });
  const entry = info.data;
  return (
    <Stack gap="4" padding="5" maxWidth="3xl">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">
          <FormattedMessage id="feedback.details" />
        </Heading>
        <Button size="sm" variant="outline" onClick={() => navigate(FEEDBACK_LIST_PERMISSION)}>
          <FormattedMessage id="feedback.backToList" />
        </Button>
      </HStack>
      {!valid ? (
        <Text>
          <FormattedMessage id="feedback.missingId" />
        </Text>
      ) : !entry ? (
        <Skeleton height="40" />
      ) : (
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
    </Stack>
  );
}

export default withModuleMessages(FeedbackDetailsPage, feedbackCatalogues);
