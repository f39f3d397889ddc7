import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  type DeliveryRow,
  getMessageDeliveryList,
  MessagePermission,
  messageDeliveryListResource,
} from '../../contract/endpoints/wechat-messages';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { recordId } from '../core/use-record';
import { messageCatalogues } from './messages';

const column = columnKinds<DeliveryRow>('messages.details.column');

/** /smallRoutine/sendDetails: each member's result of a send (`?id=`), or without one the scenes' messages. */
const detailsDefinition: ResourceDefinition<DeliveryRow> = {
  list: messageDeliveryListResource,
  path: MessagePermission.sendDetails,
  rowKey: (row) => row.Id,
  rowName: (row) => row.MemberName,
  columns: [
    column.twoLines(
      'member',
      (row) => row.MemberName,
      (row) => row.MemberNo,
    ),
    column.text('scene', (row) =>
      row.Scene ? (
        <FormattedMessage id={`messages.scene.${row.Scene}`} />
      ) : (
        <FormattedMessage id="messages.details.mass" />
      ),
    ),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `messages.details.tab.${state}`,
        palette: { pending: 'blue', sending: 'orange', sent: 'green', refused: 'gray', failed: 'red' },
      },
    ]),
    column.text('reason', (row) => row.Reason),
    column.time('time', (row) => row.SentAt ?? row.CreatedAt),
  ],
  // Messages go out right after what caused them commits: the operator watches them settle.
  refreshWhile: (page) =>
    page.Data.some((row) => row.State === 'pending' || row.State === 'sending') ? 2000 : false,
};

function Summary({ id }: { id: number }) {
  const page = useQuery(endpointQuery(getMessageDeliveryList, { id, pageSize: 1 }));
  const send = page.data?.Send;
  if (!send) return null;
  return (
    <Text>
      <FormattedMessage
        id="messages.details.summary"
        values={{
          template: send.TemplateTitle,
          target: send.TargetLabel,
          sent: send.Sent,
          total: send.Total,
          refused: send.Refused,
          failed: send.Failed,
        }}
      />
    </Text>
  );
}

function SendDetailsPage() {
  const [search] = useSearchParams();
  const id = recordId(search, 'id');
  return (
    <ResourceScreen
      definition={detailsDefinition}
      scope={id === null ? undefined : { id: String(id) }}
      header={
        id === null ? (
          <Text color="fg.muted">
            <FormattedMessage id="messages.details.scenes" />
          </Text>
        ) : (
          <Summary id={id} />
        )
      }
    />
  );
}

export default withModuleMessages(SendDetailsPage, messageCatalogues);
