import { FormattedMessage } from 'react-intl';
import {
  cancelMessageSend,
  MessagePermission,
  type MessageSendRow,
  messageSendListResource,
} from '../../contract/endpoints/wechat-messages';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { messageCatalogues } from './messages';

const column = columnKinds<MessageSendRow>('messages.sends.column');

/** /smallRoutine/sendMessage: mass sends with their progress; a running one reads again until done. */
const sendDefinition: ResourceDefinition<MessageSendRow> = {
  list: messageSendListResource,
  path: MessagePermission.sends,
  rowKey: (row) => row.Id,
  rowName: (row) => `${row.TemplateTitle} ${row.TargetLabel}`,
  columns: [
    column.twoLines(
      'template',
      (row) => row.TemplateTitle,
      (row) => row.CreatedBy,
    ),
    column.text('target', (row) => row.TargetLabel),
    column.time('scheduledAt', (row) => row.ScheduledAt),
    column.text('results', (row) => (
      <FormattedMessage
        id="messages.sends.results"
        values={{ sent: row.Sent, total: row.Total, refused: row.Refused, failed: row.Failed }}
      />
    )),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `messages.sends.tab.${state}`,
        palette: { scheduled: 'blue', running: 'orange', done: 'green', cancelled: 'gray' },
      },
    ]),
  ],
  toolbar: [
    {
      label: 'messages.sends.add',
      to: MessagePermission.addSend,
      permission: MessagePermission.addSend,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'details',
      label: 'messages.sends.details',
      permission: MessagePermission.sendDetails,
      to: (row) => `${MessagePermission.sendDetails}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'cancel',
      label: 'messages.sends.cancel',
      permission: MessagePermission.sends,
      destructive: true,
      confirm: 'messages.sends.confirm.cancel',
      offer: (row) => row.State === 'scheduled',
      call: (Ids) => ({ endpoint: cancelMessageSend, input: { Ids } }),
      on: 'both',
    },
  ],
  refreshWhile: (page) => (page.Data.some((row) => row.State === 'running') ? 2000 : false),
};

export default withModuleMessages(
  () => <ResourceScreen definition={sendDefinition} header={<MiniProgramReachNotice />} />,
  messageCatalogues,
);
