import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Heading,
  HStack,
  Image,
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
  COMMENT_CONTENT_MAX,
  COMMENT_SCORE_MAX,
  changeCommentState,
  commentListResource,
  getCommentInfo,
  type getComments,
  getSelectProducts,
  replyToComment,
} from '../../contract/endpoints/goods';
import { type CommentState, commentMachine, GoodsPermission } from '../../contract/machines/goods';
import { actionLabelKey, type MachineAction, stateLabelKey } from '../../contract/state-machine';
import { parseTime } from '../../src/lib/format';
import type { EndpointResponse } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { type ResourceColumn, ResourceList } from '../core/resource-list';
import { bulkActions } from '../core/row-actions';
import { useGrantedPaths, useResourceAction, useResourceList } from '../core/use-resource-list';
import { goodsCatalogues } from './messages';

type CommentRow = EndpointResponse<typeof getComments>['Data'][number];

const statePalette = { visible: 'green', hidden: 'gray', deleted: 'red' } as const;

function Stars({ score }: { score: number }) {
  const intl = useIntl();
  return (
    <Text
      as="span"
      color="orange.fg"
      whiteSpace="nowrap"
      role="img"
      aria-label={intl.formatMessage({ id: 'goodsComment.scoreOf' }, { score, max: COMMENT_SCORE_MAX })}
    >
      {'★'.repeat(score)}
      <Text as="span" color="fg.subtle">
        {'★'.repeat(COMMENT_SCORE_MAX - score)}
      </Text>
    </Text>
  );
}

/** The order a buyer's review is of, as a muted line under the buyer. */
function OrderNumber({ orderNo }: { orderNo: string }) {
  return (
    <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
      <FormattedMessage id="goodsComment.orderNo" values={{ orderNo }} />
    </Text>
  );
}

const columns: ResourceColumn<CommentRow>[] = [
  {
    id: 'goods',
    header: 'goodsComment.column.goods',
    cell: (row) => (
      <HStack gap="2" minWidth="48">
        {row.ProductImage && (
          <Image src={row.ProductImage} alt="" boxSize="10" borderRadius="md" objectFit="cover" />
        )}
        <Text lineClamp={2}>{row.ProductName}</Text>
      </HStack>
    ),
  },
  {
    id: 'buyer',
    header: 'goodsComment.column.buyer',
    cell: (row) => (
      <Stack gap="0">
        <Text>{row.BuyerName}</Text>
        {row.OrderNo && <OrderNumber orderNo={row.OrderNo} />}
      </Stack>
    ),
  },
  {
    id: 'score',
    header: 'goodsComment.column.score',
    sortField: 'score',
    cell: (row) => <Stars score={row.Score} />,
  },
  {
    id: 'content',
    header: 'goodsComment.column.content',
    cell: (row) => (
      <Stack gap="1" maxWidth="md">
        <Text lineClamp={3}>{row.Content}</Text>
        {row.Images.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="goodsComment.imageCount" values={{ count: row.Images.length }} />
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'state',
    header: 'goodsComment.column.state',
    cell: (row) => (
      <HStack gap="1">
        <Badge colorPalette={statePalette[row.State]}>
          <FormattedMessage id={stateLabelKey(commentMachine, row.State)} />
        </Badge>
        <Badge colorPalette={row.Replied ? 'blue' : 'orange'} variant="outline">
          <FormattedMessage id={row.Replied ? 'goodsComment.replied' : 'goodsComment.notReplied'} />
        </Badge>
      </HStack>
    ),
  },
  {
    id: 'createdAt',
    header: 'goodsComment.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
];

/** A comment with its images and replies, and the shop's reply box. */
function CommentDialog({
  commentId,
  canReply,
  onClose,
}: {
  commentId: number;
  canReply: boolean;
  onClose(): void;
}) {
  const intl = useIntl();
  const [content, setContent] = useState('');
  const info = useQuery(endpointQuery(getCommentInfo, { id: commentId }));
  const reply = useResourceAction([], replyToComment);
  const send = async () => {
    // The write refreshes every comment query, this comment's details included.
    if (await reply.run({ input: { CommentId: commentId, Content: content } })) setContent('');
  };
  const comment = info.data;
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
                <FormattedMessage id="goodsComment.details" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!comment ? (
                <Skeleton height="32" />
              ) : (
                <Stack gap="4">
                  <Stack gap="1">
                    <Text fontWeight="medium">{comment.ProductName}</Text>
                    <HStack gap="2" fontSize="sm" color="fg.muted">
                      <Text>{comment.BuyerName}</Text>
                      {comment.OrderNo && <OrderNumber orderNo={comment.OrderNo} />}
                      <Stars score={comment.Score} />
                      <Text>{parseTime(comment.CreatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>
                    </HStack>
                    <Text whiteSpace="pre-wrap">{comment.Content}</Text>
                    {comment.Images.length > 0 && (
                      <HStack gap="2" wrap="wrap">
                        {comment.Images.map((image, index) => (
                          <Image
                            key={image}
                            src={image}
                            alt={intl.formatMessage(
                              { id: 'goodsComment.imageNumber' },
                              { number: index + 1 },
                            )}
                            boxSize="16"
                            borderRadius="md"
                            objectFit="cover"
                          />
                        ))}
                      </HStack>
                    )}
                  </Stack>
                  <Stack gap="2" as="section" aria-label={intl.formatMessage({ id: 'goodsComment.replies' })}>
                    <Heading as="h3" size="sm">
                      <FormattedMessage id="goodsComment.replies" />
                    </Heading>
                    {comment.Replies.length === 0 && (
                      <Text fontSize="sm" color="fg.muted">
                        <FormattedMessage id="goodsComment.noReplies" />
                      </Text>
                    )}
                    {comment.Replies.map((entry) => (
                      <Box
                        key={entry.Id}
                        borderRadius="md"
                        padding="2"
                        bg={entry.Author === 'shop' ? 'brand.subtle' : 'bg.muted'}
                      >
                        <Text fontSize="xs" color="fg.muted">
                          <FormattedMessage
                            id={
                              entry.Author === 'shop' ? 'goodsComment.shopReply' : 'goodsComment.buyerReply'
                            }
                            values={{ name: entry.AuthorName }}
                          />{' '}
                          {parseTime(entry.CreatedAt, '{y}-{m}-{d} {h}:{i}')}
                        </Text>
                        <Text whiteSpace="pre-wrap">{entry.Content}</Text>
                      </Box>
                    ))}
                  </Stack>
                  {canReply && (
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
                          <FormattedMessage id="goodsComment.replyLabel" />
                        </Field.Label>
                        <Textarea
                          value={content}
                          maxLength={COMMENT_CONTENT_MAX}
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
                        <FormattedMessage id="goodsComment.sendReply" />
                      </Button>
                    </Stack>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'goodsComment.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** /goods/goodsComment: buyer comments with filters; reply, show or hide, delete. */
function GoodsCommentPage() {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const list = useResourceList<CommentRow>(commentListResource);
  const products = useQuery(endpointQuery(getSelectProducts, { page: 1, pageSize: 100 }));
  const change = useResourceAction([], changeCommentState);
  const [open, setOpen] = useState<number | null>(null);
  const canReply = granted.has(GoodsPermission.comment);

  const run = (action: MachineAction, ids: number[]) =>
    change.run({
      input: { Ids: ids, Action: action.name as 'show' | 'hide' | 'delete' },
      ...(action.confirm
        ? {
            confirmKey: `goodsComment.confirm.${action.name}`,
            count: ids.length,
            destructive: action.destructive,
          }
        : {}),
    });
  const actionsFor = (states: CommentState[]) => bulkActions(commentMachine, states, granted);
  const label = (action: MachineAction) =>
    intl.formatMessage({ id: actionLabelKey(commentMachine, action.name) });

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="goodsComment.title" />
      </Heading>
      <ResourceList<CommentRow>
        resource={commentListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        filterOptions={{
          product: (products.data?.Data ?? []).map((product) => ({
            value: String(product.Id),
            label: product.Name,
          })),
        }}
        rowActions={(row) => (
          <>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="brand"
              aria-label={intl.formatMessage(
                { id: 'goodsComment.openNamed' },
                { name: row.BuyerName, id: row.Id },
              )}
              onClick={() => setOpen(row.Id)}
            >
              <FormattedMessage id={canReply ? 'goodsComment.reply' : 'goodsComment.view'} />
            </Button>
            {actionsFor([row.State]).map((action) => (
              <Button
                key={action.name}
                size="xs"
                variant="ghost"
                colorPalette={action.destructive ? 'red' : 'brand'}
                aria-label={intl.formatMessage(
                  { id: 'goodsComment.actionNamed' },
                  { action: label(action), name: row.BuyerName, id: row.Id },
                )}
                onClick={() => void run(action, [row.Id])}
              >
                {label(action)}
              </Button>
            ))}
          </>
        )}
        bulkActions={(rows, clear) =>
          actionsFor(rows.map((row) => row.State)).map((action) => (
            <Button
              key={action.name}
              size="xs"
              variant="outline"
              colorPalette={action.destructive ? 'red' : 'brand'}
              onClick={async () => {
                if (
                  await run(
                    action,
                    rows.map((row) => row.Id),
                  )
                )
                  clear();
              }}
            >
              {label(action)}
            </Button>
          ))
        }
      />
      {open !== null && <CommentDialog commentId={open} canReply={canReply} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

export default withModuleMessages(GoodsCommentPage, goodsCatalogues);
