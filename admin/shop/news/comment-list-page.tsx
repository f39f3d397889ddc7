import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Heading,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  COMMENT_MAX,
  type CommentRow,
  commentListResource,
  getArticleList,
  getCommentInfo,
  getCommentList,
  replyToComment,
  setCommentState,
} from '../../../contract/endpoints/news';
import { type NewsCommentAction, NewsPermission, newsCommentMachine } from '../../../contract/machines/news';
import { actionLabelKey } from '../../../contract/state-machine';
import { parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { columnKinds, machineBadge } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { useResourceAction } from '../../core/use-resource-list';
import { newsCatalogues } from './messages';

const column = columnKinds<CommentRow>('newsComment.column');

/** The machine's actions legal from a state (the dialog's reply rows; permission is the screen's). */
const legalActions = (state: string) =>
  newsCommentMachine.actions.filter((action) => (action.from as readonly string[]).includes(state));

/** A comment with its replies, and the shop's reply box. */
function ReplyDialog({ rows, onClose }: { rows: CommentRow[]; onClose(): void }) {
  const intl = useIntl();
  const row = rows[0]!;
  const [content, setContent] = useState('');
  const info = useQuery(endpointQuery(getCommentInfo, { id: row.Id }));
  const reply = useResourceAction([], replyToComment);
  const moderate = useResourceAction([], setCommentState);
  const actionLabel = (action: string) =>
    intl.formatMessage({ id: actionLabelKey(newsCommentMachine, action) });
  const send = async () => {
    if (await reply.run({ input: { CommentId: row.Id, Content: content } })) setContent('');
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="newsComment.replyTitle" values={{ name: row.MemberName }} />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Stack gap="1">
                  <Text fontSize="sm" color="fg.muted">
                    {row.ArticleTitle} · {parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}')}
                  </Text>
                  <Text whiteSpace="pre-wrap">{row.Content}</Text>
                </Stack>
                <Stack gap="2" as="section" aria-label={intl.formatMessage({ id: 'newsComment.replies' })}>
                  <Heading as="h3" size="sm">
                    <FormattedMessage id="newsComment.replies" />
                  </Heading>
                  {!info.data ? (
                    <Skeleton height="10" />
                  ) : info.data.Replies.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      <FormattedMessage id="newsComment.noReplies" />
                    </Text>
                  ) : (
                    info.data.Replies.map((entry) => (
                      <Box
                        key={entry.Id}
                        borderRadius="md"
                        padding="2"
                        bg={entry.Author === 'shop' ? 'brand.subtle' : 'bg.muted'}
                      >
                        <Text fontSize="xs" color="fg.muted">
                          {entry.Author === 'shop' ? (
                            <FormattedMessage
                              id="newsComment.shopReply"
                              values={{ name: entry.AuthorName }}
                            />
                          ) : (
                            entry.AuthorName
                          )}{' '}
                          {parseTime(entry.CreatedAt, '{y}-{m}-{d} {h}:{i}')}{' '}
                          <FormattedMessage id={`news.comment.state.${entry.State}`} />
                        </Text>
                        <Text whiteSpace="pre-wrap">{entry.Content}</Text>
                        {entry.Author === 'member' && (
                          <HStack gap="1" justify="flex-end">
                            {/* Buyers' replies are moderated like comments, from here. */}
                            {legalActions(entry.State).map((action) => (
                              <Button
                                key={action.name}
                                size="xs"
                                variant="ghost"
                                colorPalette={action.destructive ? 'red' : 'brand'}
                                aria-label={intl.formatMessage(
                                  { id: 'newsComment.replyActionNamed' },
                                  { action: actionLabel(action.name), name: entry.AuthorName },
                                )}
                                onClick={() =>
                                  void moderate.run({
                                    input: { Ids: [entry.Id], Action: action.name },
                                    ...(action.confirm
                                      ? {
                                          confirmKey: `newsComment.confirm.${action.name}`,
                                          count: 1,
                                          destructive: action.destructive,
                                        }
                                      : {}),
                                  })
                                }
                              >
                                {actionLabel(action.name)}
                              </Button>
                            ))}
                          </HStack>
                        )}
                      </Box>
                    ))
                  )}
                </Stack>
                <Stack
                  as="form"
                  gap="2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void send();
                  }}
                >
                  <Field.Root>
                    <Field.Label>
                      <FormattedMessage id="newsComment.replyLabel" />
                    </Field.Label>
                    <Textarea
                      value={content}
                      maxLength={COMMENT_MAX}
                      onChange={(event) => setContent(event.target.value)}
                    />
                  </Field.Root>
                  <Button
                    type="submit"
                    size="sm"
                    colorPalette="brand"
                    alignSelf="flex-end"
                    loading={reply.pending}
                    disabled={content.trim() === ''}
                  >
                    <FormattedMessage id="newsComment.sendReply" />
                  </Button>
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'newsComment.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** /shop/commentTable: buyers' news comments, the audit queue first when the shop audits them. */
const commentDefinition: ResourceDefinition<CommentRow> = {
  list: commentListResource,
  path: NewsPermission.comments,
  rowKey: (row) => row.Id,
  rowName: (row) => row.MemberName,
  actionNamed: 'newsComment.actionNamed',
  columns: [
    column.text('member', (row) => row.MemberName),
    column.twoLines(
      'content',
      (row) => row.Content,
      (row) =>
        row.ReplyCount > 0 && (
          <FormattedMessage id="newsComment.replyCount" values={{ count: row.ReplyCount }} />
        ),
    ),
    column.text('article', (row) => row.ArticleTitle),
    column.state('state', [
      machineBadge(newsCommentMachine, (row) => row.State, {
        pending: 'orange',
        approved: 'green',
        rejected: 'red',
        hidden: 'gray',
      }),
    ]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  options: {
    article: optionsFrom(getArticleList, { page: 1, pageSize: 100 }, (data) =>
      data.Data.map((row) => ({ value: String(row.Id), label: row.Title })),
    ),
  },
  actions: [
    {
      kind: 'machine',
      machine: newsCommentMachine,
      state: (row) => row.State,
      call: (action, Ids) => ({
        endpoint: setCommentState,
        input: { Ids, Action: action.name as NewsCommentAction },
      }),
    },
    {
      kind: 'command',
      id: 'reply',
      label: 'newsComment.reply',
      named: 'newsComment.replyNamed',
      permission: NewsPermission.comments,
      dialog: ReplyDialog,
    },
  ],
  confirmPrefix: 'newsComment.confirm',
};

/** Says when buyers cannot comment, or when their comments wait here. */
function FlagsNotice() {
  const flags = useQuery(endpointQuery(getCommentList, { page: 1, pageSize: 1 }));
  if (!flags.data) return null;
  const id = !flags.data.CommentsOn
    ? 'newsComment.commentsOff'
    : flags.data.AuditOn
      ? 'newsComment.auditOn'
      : null;
  if (!id) return null;
  return (
    <Alert.Root status={flags.data.CommentsOn ? 'info' : 'warning'}>
      <Alert.Indicator />
      <Alert.Description>
        <FormattedMessage id={id} />
      </Alert.Description>
    </Alert.Root>
  );
}

function CommentListPage() {
  return (
    <ResourceScreen definition={commentDefinition}>
      <FlagsNotice />
    </ResourceScreen>
  );
}

export default withModuleMessages(CommentListPage, newsCatalogues);
