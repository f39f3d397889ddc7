import { Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type CustomerMessageRow,
  customerMessageListResource,
  MessagePermission,
  type ReplyContent,
  replyCustomerMessage,
} from '../../contract/endpoints/wechat-messages';
import { FormDialog } from '../../src/lib/form-dialog';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { invalidateAreas } from '../../src/lib/query-options';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { messageCatalogues } from './messages';
import { ReplyFields } from './reply-fields';

const column = columnKinds<CustomerMessageRow>('messages.log.column');

/** Answers one buyer's message; the server refuses outside WeChat's 48-hour window. */
function ReplyDialog({ rows, onClose }: { rows: CustomerMessageRow[]; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const row = rows[0]!;
  const form = useForm<{ Reply: ReplyContent }>({
    defaultValues: { Reply: { Kind: 'text', Text: '', Image: '', CardTitle: '', CardPage: '' } },
  });
  const send = form.handleSubmit(async (draft) => {
    try {
      await callEndpoint(replyCustomerMessage, { Id: row.Id, Reply: draft.Reply });
      showToast('success', intl.formatMessage({ id: 'messages.log.replied' }));
      await invalidateAreas(client, replyCustomerMessage);
      onClose();
    } catch {
      // The client shows the refusal (the window has closed, say); the dialog stays.
    }
  });
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'messages.log.replyTitle' }, { name: row.MemberName })}
      submitLabel={intl.formatMessage({ id: 'messages.log.reply' })}
      onSubmit={() => void send()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="messages.log.windowNote" />
        </Text>
        <Text>“{row.Content}”</Text>
        <ReplyFields form={form} prefix="Reply" />
      </Stack>
    </FormDialog>
  );
}

/** /smallRoutine/customerMessageList: what buyers wrote through WeChat's push and what the shop answered. */
const logDefinition: ResourceDefinition<CustomerMessageRow> = {
  list: customerMessageListResource,
  path: MessagePermission.customerLog,
  rowKey: (row) => row.Id,
  rowName: (row) => row.MemberName,
  columns: [
    column.twoLines(
      'buyer',
      (row) => row.MemberName,
      (row) => <FormattedMessage id={`messages.log.${row.Direction}`} />,
    ),
    column.twoLines(
      'message',
      (row) => row.Content,
      (row) => row.MsgType,
    ),
    column.text('state', (row) =>
      row.Direction === 'out' ? (
        <>
          <FormattedMessage id={`messages.log.state.${row.State}`} />
          {row.Reason && ` · ${row.Reason}`}
        </>
      ) : (
        ''
      ),
    ),
    column.time('time', (row) => row.CreatedAt),
  ],
  actions: [
    {
      kind: 'command',
      id: 'reply',
      label: 'messages.log.reply',
      permission: MessagePermission.customerLog,
      offer: (row) => row.Direction === 'in' && row.CanReply,
      dialog: ReplyDialog,
    },
  ],
};

export default withModuleMessages(() => <ResourceScreen definition={logDefinition} />, messageCatalogues);
