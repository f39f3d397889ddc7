import { Spinner, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  type AutoReplyRow,
  autoReplyListResource,
  bindAutoReply,
  delAutoReply,
  getAutoReply,
  MATCH_MODES,
  MessagePermission,
  type ReplyContent,
} from '../../contract/endpoints/wechat-messages';
import { FormDialog } from '../../src/lib/form-dialog';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { columnKinds } from '../core/column-kinds';
import { FormFields } from '../core/form-field';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { useResourceForm } from '../core/use-resource-form';
import { messageCatalogues } from './messages';
import { ReplyFields } from './reply-fields';

const column = columnKinds<AutoReplyRow>('messages.replies.column');
const replyText = (reply: ReplyContent) =>
  reply.Kind === 'text' ? reply.Text : reply.Kind === 'card' ? reply.CardTitle : reply.Image.slice(-24);

/** /smallRoutine/customerMessage: keyword auto-replies; adding and editing open a dialog (`?edit=`). */
const replyDefinition: ResourceDefinition<AutoReplyRow> = {
  list: autoReplyListResource,
  path: MessagePermission.autoReplies,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Keyword,
  columns: [
    column.text('keyword', (row) => row.Keyword),
    column.text('match', (row) => <FormattedMessage id={`messages.replies.match.${row.Match}`} />),
    column.twoLines(
      'reply',
      (row) => replyText(row.Reply),
      (row) => <FormattedMessage id={`messages.replies.kind.${row.Reply.Kind}`} />,
    ),
    column.number('hits', (row) => row.Hits),
    column.state('status', [
      {
        state: (row) => row.Status,
        label: (state) => `messages.state.${state}`,
        palette: { on: 'green', off: 'gray' },
      },
    ]),
  ],
  toolbar: [
    {
      label: 'messages.replies.add',
      to: `${MessagePermission.autoReplies}?edit=new`,
      permission: MessagePermission.autoReplies,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'messages.replies.edit',
      permission: MessagePermission.autoReplies,
      to: (row) => `${MessagePermission.autoReplies}?edit=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'messages.replies.delete',
      permission: MessagePermission.autoReplies,
      destructive: true,
      confirm: 'messages.replies.confirm.delete',
      call: (Ids) => ({ endpoint: delAutoReply, input: { Ids } }),
      on: 'both',
    },
  ],
};

interface ReplyDraft {
  Keyword: string;
  Match: (typeof MATCH_MODES)[number];
  Reply: ReplyContent;
  SwitchedOn: boolean;
}

function ReplyForm({ row, onClose }: { row: AutoReplyRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: {
      Keyword: row?.Keyword ?? '',
      Match: row?.Match ?? 'contains',
      Reply: row?.Reply ?? { Kind: 'text', Text: '', Image: '', CardTitle: '', CardPage: '' },
      SwitchedOn: row ? row.Status === 'on' : true,
    },
    save: bindAutoReply,
    toInput: (draft: ReplyDraft) => ({
      ...(row ? { Id: row.Id, Version: row.Version } : {}),
      Keyword: draft.Keyword,
      Match: draft.Match,
      Reply: draft.Reply,
      Status: draft.SwitchedOn ? 'on' : 'off',
    }),
    savedMessage: 'messages.replies.saved',
    afterSave: () => ({ to: MessagePermission.autoReplies, replace: true }),
  });
  return (
    <FormDialog
      title={t(row ? 'messages.replies.editTitle' : 'messages.replies.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
    >
      <Stack gap="4">
        <FormFields
          form={form}
          fields={[
            {
              name: 'Keyword',
              kind: 'text',
              label: t('messages.reply.keyword'),
              required: true,
              maxLength: 30,
            },
            {
              name: 'Match',
              kind: 'select',
              label: t('messages.reply.match'),
              options: MATCH_MODES.map((value) => ({ value, label: t(`messages.replies.match.${value}`) })),
            },
          ]}
        />
        <ReplyFields form={form} prefix="Reply" />
        <FormFields
          form={form}
          fields={[{ name: 'SwitchedOn', kind: 'checkbox', label: t('messages.reply.on') }]}
        />
      </Stack>
    </FormDialog>
  );
}

function ReplyDialog({ edit, onClose }: { edit: string; onClose(): void }) {
  const intl = useIntl();
  const id = edit === 'new' ? null : Number(edit);
  const record = useQuery({
    ...endpointQuery(getAutoReply, { Id: id ?? 0 }),
    enabled: id !== null && id > 0,
  });
  if (id === null) return <ReplyForm row={null} onClose={onClose} />;
  if (record.isError || !(id > 0))
    return (
      <FormDialog
        title={intl.formatMessage({ id: 'messages.replies.editTitle' })}
        submitLabel={intl.formatMessage({ id: 'app.close' })}
        onSubmit={onClose}
        onClose={onClose}
      >
        <FormattedMessage id="messages.replies.notFound" />
      </FormDialog>
    );
  if (!record.data) return <Spinner aria-label={intl.formatMessage({ id: 'messages.loading' })} />;
  return <ReplyForm key={record.data.Version} row={record.data} onClose={onClose} />;
}

function AutoReplyListPage() {
  const [search, setSearch] = useSearchParams();
  const edit = search.get('edit');
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={replyDefinition}>
      {edit !== null && <ReplyDialog edit={edit} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(AutoReplyListPage, messageCatalogues);
