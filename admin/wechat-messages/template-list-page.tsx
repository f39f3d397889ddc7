import { FormattedMessage } from 'react-intl';
import {
  delMessageTemplate,
  MessagePermission,
  type MessageTemplateRow,
  messageTemplateListResource,
} from '../../contract/endpoints/wechat-messages';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { messageCatalogues } from './messages';

const column = columnKinds<MessageTemplateRow>('messages.templates.column');

/** /smallRoutine/templateMessage: the shop's subscribe-message templates, added from WeChat's library. */
const templateDefinition: ResourceDefinition<MessageTemplateRow> = {
  list: messageTemplateListResource,
  path: MessagePermission.templates,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    column.twoLines(
      'title',
      (row) => row.Title,
      (row) => (
        <>
          {row.PriTmplId} · <FormattedMessage id={`messages.provider.${row.Provider}`} />
        </>
      ),
    ),
    column.text('keywords', (row) => row.Keywords.map((keyword) => keyword.Name).join(' · ')),
    column.text('scenes', (row) =>
      row.Scenes.length === 0 ? (
        <FormattedMessage id="messages.templates.none" />
      ) : (
        row.Scenes.map((scene, index) => (
          <span key={scene}>
            {index > 0 && ' · '}
            <FormattedMessage id={`messages.scene.${scene}`} />
          </span>
        ))
      ),
    ),
    column.time('createdAt', (row) => row.CreatedAt),
  ],
  toolbar: [
    {
      label: 'messages.templates.add',
      to: MessagePermission.templateSetting,
      permission: MessagePermission.templateSetting,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'command',
      id: 'delete',
      label: 'messages.templates.delete',
      permission: MessagePermission.templates,
      destructive: true,
      confirm: 'messages.templates.confirm.delete',
      offer: (row) => row.Scenes.length === 0,
      call: (Ids) => ({ endpoint: delMessageTemplate, input: { Ids } }),
      on: 'both',
    },
  ],
};

export default withModuleMessages(
  () => <ResourceScreen definition={templateDefinition} header={<MiniProgramReachNotice />} />,
  messageCatalogues,
);
