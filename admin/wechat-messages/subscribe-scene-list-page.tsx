import { FormattedMessage } from 'react-intl';
import {
  MESSAGE_SCENES,
  MessagePermission,
  type MessageSceneRow,
  messageSceneListResource,
  setMessageSceneState,
} from '../../contract/endpoints/wechat-messages';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { messageCatalogues } from './messages';

const column = columnKinds<MessageSceneRow>('messages.column');
/** Scenes have no row id: their place in the contract's list stands for one. */
const sceneKey = (row: MessageSceneRow) => MESSAGE_SCENES.indexOf(row.Scene) + 1;
const switchTo = (Enabled: boolean) => (ids: number[]) => ({
  endpoint: setMessageSceneState,
  input: { Scenes: ids.map((id) => MESSAGE_SCENES[id - 1]!), Enabled },
});

/** /smallRoutine/subscribeMsg: every scene with the template it sends, switched on or off. */
const sceneDefinition: ResourceDefinition<MessageSceneRow> = {
  list: messageSceneListResource,
  path: MessagePermission.subscribe,
  rowKey: sceneKey,
  rowName: (row) => row.Scene,
  columns: [
    column.text('scene', (row) => <FormattedMessage id={`messages.scene.${row.Scene}`} />),
    column.twoLines(
      'template',
      (row) => row.TemplateTitle || <FormattedMessage id="messages.state.unbound" />,
      (row) => row.Keywords.map((keyword) => keyword.Name).join(' · '),
    ),
    column.state('enabled', [
      {
        state: (row) => (row.TemplateId === null ? 'unbound' : row.Enabled ? 'on' : 'off'),
        label: (state) => `messages.state.${state}`,
        palette: { on: 'green', off: 'orange', unbound: 'gray' },
      },
    ]),
    column.text('results', (row) => (
      <FormattedMessage id="messages.results" values={{ sent: row.Sent, refused: row.Refused }} />
    )),
  ],
  actions: [
    {
      kind: 'link',
      id: 'setUp',
      label: 'messages.setUp',
      permission: MessagePermission.subscribeSetting,
      to: (row) => `${MessagePermission.subscribeSetting}?scene=${row.Scene}`,
    },
    {
      kind: 'command',
      id: 'off',
      label: 'messages.switchOff',
      permission: MessagePermission.subscribe,
      confirm: 'messages.confirm.off',
      offer: (row) => row.TemplateId !== null && row.Enabled,
      call: switchTo(false),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'messages.switchOn',
      permission: MessagePermission.subscribe,
      offer: (row) => row.TemplateId !== null && !row.Enabled,
      call: switchTo(true),
      on: 'both',
    },
  ],
};

export default withModuleMessages(
  () => <ResourceScreen definition={sceneDefinition} header={<MiniProgramReachNotice />} />,
  messageCatalogues,
);
