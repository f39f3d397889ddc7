import { Alert, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  getLiveGoodsSalesReport,
  type LiveGoodsSalesRow,
  LivePermission,
  liveGoodsSalesResource,
} from '../../contract/endpoints/live-rooms';
import { shopDateTime } from '../../contract/shop-time';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { recordId } from '../core/use-record';
import { liveCatalogues } from './messages';

const column = columnKinds<LiveGoodsSalesRow>('live.goodsSales.column');
const at = (iso: string) => shopDateTime(new Date(iso)).slice(0, 16);

const goodsSalesDefinition: ResourceDefinition<LiveGoodsSalesRow> = {
  list: liveGoodsSalesResource,
  path: LivePermission.goodsReport,
  rowKey: (row) => row.ProductId,
  rowName: (row) => row.Name,
  columns: [
    column.picture('goods', { image: (row) => row.Image, title: (row) => row.Name }),
    column.number('orders', (row) => row.Orders),
    column.number('quantity', (row) => row.Quantity),
    column.money('paid', (row) => row.PaidFen),
  ],
};

function Heading({ id }: { id: number }) {
  const page = useQuery(endpointQuery(getLiveGoodsSalesReport, { id, pageSize: 1 }));
  const room = page.data?.Room;
  if (!room) return null;
  return (
    <Text fontWeight="medium">
      <FormattedMessage
        id="live.room.heading"
        values={{ room: room.Title, start: at(room.StartsAt), end: at(room.EndsAt) }}
      />
    </Text>
  );
}

/** /smallRoutine/liveRoomGoodSaleReport?id=: what each good sold through one room. */
function GoodsSalesPage() {
  const [search] = useSearchParams();
  const id = recordId(search, 'id');
  if (id === null)
    return (
      <Alert.Root status="warning" margin="5" width="auto">
        <Alert.Indicator />
        <Alert.Title>
          <FormattedMessage id="live.room.missing" />
        </Alert.Title>
      </Alert.Root>
    );
  return (
    <ResourceScreen
      definition={goodsSalesDefinition}
      scope={{ id: String(id) }}
      header={<Heading id={id} />}
    />
  );
}

export default withModuleMessages(GoodsSalesPage, liveCatalogues);
