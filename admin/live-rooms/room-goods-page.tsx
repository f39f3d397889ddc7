import { Alert, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  addLiveRoomGoods,
  getLiveGoodsList,
  getLiveRoomGoods,
  type LiveGoodsRow,
  LivePermission,
  liveRoomGoodsResource,
} from '../../contract/endpoints/live-rooms';
import { shopDateTime } from '../../contract/shop-time';
import { FormDialog } from '../../src/lib/form-dialog';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { recordId } from '../core/use-record';
import { liveCatalogues } from './messages';

const column = columnKinds<LiveGoodsRow>('live.goods.column');
const at = (iso: string) => shopDateTime(new Date(iso)).slice(0, 16);

const roomGoodsDefinition = (id: number): ResourceDefinition<LiveGoodsRow> => ({
  list: liveRoomGoodsResource,
  path: LivePermission.roomGoods,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.picture('goods', {
      image: (row) => row.Cover,
      title: (row) => row.Name,
      muted: (row) => `#${row.WechatGoodsId}`,
    }),
    column.money('price', (row) => row.PriceFen),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `live.goods.tab.${state}`,
        palette: { auditing: 'orange', approved: 'green', rejected: 'red' },
      },
    ]),
  ],
  toolbar: [
    {
      label: 'live.room.addGoods',
      to: `${LivePermission.roomGoods}?id=${id}&add=1`,
      permission: LivePermission.roomGoods,
      primary: true,
    },
  ],
});

/** Places approved live goods in the room (room/addgoods). */
function AddToRoomDialog({
  roomId,
  roomTitle,
  placed,
  onClose,
}: {
  roomId: number;
  roomTitle: string;
  placed: number[];
  onClose(): void;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const approved = useQuery(endpointQuery(getLiveGoodsList, { state: 'approved', pageSize: 100 }));
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const offered = approved.data?.Data.filter((row) => !placed.includes(row.Id)) ?? [];
  async function submit() {
    setBusy(true);
    try {
      await callEndpoint(addLiveRoomGoods, { RoomId: roomId, GoodsIds: chosen });
      showToast('success', intl.formatMessage({ id: 'live.room.added' }));
      await invalidateAreas(client, addLiveRoomGoods);
      onClose();
    } catch {
      // The client shows the refusal.
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'live.room.addTitle' }, { room: roomTitle })}
      submitLabel={intl.formatMessage({ id: 'live.room.addGoods' })}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={busy}
      submitDisabled={chosen.length === 0}
    >
      <Stack gap="2">
        {approved.data && offered.length === 0 && (
          <Text>{intl.formatMessage({ id: 'live.room.noApproved' })}</Text>
        )}
        {offered.map((row) => (
          <Checkbox.Root
            key={row.Id}
            checked={chosen.includes(row.Id)}
            onCheckedChange={(details) =>
              setChosen((current) =>
                details.checked ? [...current, row.Id] : current.filter((id) => id !== row.Id),
              )
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{row.Name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}

function Heading({ id }: { id: number }) {
  const page = useQuery(endpointQuery(getLiveRoomGoods, { id, pageSize: 100 }));
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

/** /smallRoutine/liveRoomAndGoodList?id=: the goods of one room. */
function RoomGoodsPage() {
  const [search, setSearch] = useSearchParams();
  const id = recordId(search, 'id');
  const room = useQuery({
    ...endpointQuery(getLiveRoomGoods, { id: id ?? 0, pageSize: 100 }),
    enabled: id !== null,
  });
  if (id === null)
    return (
      <Alert.Root status="warning" margin="5" width="auto">
        <Alert.Indicator />
        <Alert.Title>
          <FormattedMessage id="live.room.missing" />
        </Alert.Title>
      </Alert.Root>
    );
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('add');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen
      definition={roomGoodsDefinition(id)}
      scope={{ id: String(id) }}
      keep={{ id: String(id) }}
      header={<Heading id={id} />}
    >
      {search.get('add') !== null && room.data && (
        <AddToRoomDialog
          roomId={id}
          roomTitle={room.data.Room.Title}
          placed={room.data.Data.map((row) => row.Id)}
          onClose={close}
        />
      )}
    </ResourceScreen>
  );
}

export default withModuleMessages(RoomGoodsPage, liveCatalogues);
