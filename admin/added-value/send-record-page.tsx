import { FormattedMessage } from 'react-intl';
import { type SmsSendRow, smsSendListResource } from '../../contract/endpoints/sms';
import { AddedValuePermission, sendMachine } from '../../contract/machines/added-value';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { addedValueCatalogues } from './messages';

const column = columnKinds<SmsSendRow>('smsSends.column');

/** /addedValue/sendMessageRecord: every message the shop sent, masked, with the provider's answer. */
const sendDefinition: ResourceDefinition<SmsSendRow> = {
  list: smsSendListResource,
  path: AddedValuePermission.sends,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Mobile,
  columns: [
    column.text('mobile', (row) => row.Mobile),
    column.text('scene', (row) => <FormattedMessage id={`sms.scene.${row.Scene}`} />),
    column.twoLines(
      'content',
      (row) => row.Content,
      (row) => (row.Error ? row.Error : row.Reference),
    ),
    column.number('parts', (row) => row.Parts),
    column.state('state', [
      machineBadge(sendMachine, (row) => row.State, { queued: 'blue', sent: 'green', failed: 'red' }),
    ]),
    column.text('providerId', (row) => row.ProviderMessageId),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
    column.time('sentAt', (row) => row.SentAt),
  ],
};

export default withModuleMessages(() => <ResourceScreen definition={sendDefinition} />, addedValueCatalogues);
