import { FormattedMessage, useIntl } from 'react-intl';
import {
  delLiveRoom,
  LivePermission,
  type LiveRoomRow,
  liveRoomListResource,
  syncLiveRooms,
} from '../../contract/endpoints/live-rooms';
import { shopDateTime } from '../../contract/shop-time';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { AskWechatButton } from './ask-wechat-button';
import { liveCatalogues } from './messages';

const column = columnKinds<LiveRoomRow>('live.column');
/** Times as the shop reads them (China time), to the minute. */
const at = (iso: string) => shopDateTime(new Date(iso)).slice(0, 16);

/** /smallRoutine/livePlayer: the shop's live rooms by time, with their goods and sales. */
const roomDefinition: ResourceDefinition<LiveRoomRow> = {
  list: liveRoomListResource,
  path: LivePermission.rooms,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    column.picture('room', {
      image: (row) => row.Cover,
      title: (row) => row.Title,
      muted: (row) => (
        <FormattedMessage
          id="live.roomLine"
          values={{
            anchor: row.AnchorName,
            room: row.WechatRoomId,
            provider: <FormattedMessage id={`live.provider.${row.Provider}`} />,
          }}
        />
      ),
    }),
    column.text('times', (row) => (
      <FormattedMessage id="live.times" values={{ start: at(row.StartsAt), end: at(row.EndsAt) }} />
    )),
    column.number('goods', (row) => row.Goods),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `live.tab.${state}`,
        palette: { notStarted: 'blue', live: 'green', ended: 'gray' },
      },
    ]),
  ],
  toolbar: [
    { label: 'live.create', to: LivePermission.create, permission: LivePermission.create, primary: true },
    { label: 'live.goodsList', to: LivePermission.goods, permission: LivePermission.goods },
    { label: 'live.salesReport', to: LivePermission.orderReport, permission: LivePermission.orderReport },
  ],
  actions: [
    {
      kind: 'link',
      id: 'goods',
      label: 'live.roomGoods',
      permission: LivePermission.roomGoods,
      to: (row) => `${LivePermission.roomGoods}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'sales',
      label: 'live.roomSales',
      permission: LivePermission.goodsReport,
      to: (row) => `${LivePermission.goodsReport}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'live.delete',
      permission: LivePermission.rooms,
      destructive: true,
      confirm: 'live.confirm.delete',
      call: (Ids) => ({ endpoint: delLiveRoom, input: { Ids } }),
      on: 'both',
    },
  ],
};

/** The rooms, with a button that brings in those created in WeChat's own console. */
function LiveRoomListPage() {
  const intl = useIntl();
  return (
    <ResourceScreen
      definition={roomDefinition}
      header={
        <>
          <MiniProgramReachNotice />
          <AskWechatButton
            endpoint={syncLiveRooms}
            label={intl.formatMessage({ id: 'live.sync' })}
            done={(result) =>
              intl.formatMessage({ id: 'live.synced' }, { added: result.Added, updated: result.Updated })
            }
          />
        </>
      }
    />
  );
}

export default withModuleMessages(() => <LiveRoomListPage />, liveCatalogues);
