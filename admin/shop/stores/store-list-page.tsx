import { Button, CloseButton, Dialog, List, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { lookupEndpoints } from '../../../contract/endpoints/link-entities';
import {
  delStore,
  getStorePendingPickups,
  STORE_EDIT_PERMISSION,
  STORE_LIST_PERMISSION,
  type StoreRow,
  type StoreStatus,
  setStoreStatus,
  storeListResource,
} from '../../../contract/endpoints/stores';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';
import { useSessionStore } from '../../../src/lib/session';
import { columnKinds } from '../../core/column-kinds';
import type { ActionCall, ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { storeCatalogues } from './messages';

const column = columnKinds<StoreRow>('stores.column');
const switchTo =
  (Status: StoreStatus) =>
  (Ids: number[]): ActionCall => ({ endpoint: setStoreStatus, input: { Ids, Status } });

/**
 * Switching stores off asks first and names the pickup orders still waiting there, which a fixed
 * confirmation cannot: the dialog reads them for the chosen stores, then switches off with
 * `Confirmed`, so the server does not ask again.
 */
function DisableDialog({ rows, onClose }: { rows: StoreRow[]; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const Ids = rows.map((row) => row.Id);
  const pending = useQuery(endpointQuery(getStorePendingPickups, { Ids: Ids.join(',') }));
  const [busy, setBusy] = useState(false);
  const waiting = pending.data?.Stores ?? [];
  const confirm = async () => {
    setBusy(true);
    try {
      await callEndpoint(setStoreStatus, { Ids, Status: 'off', Confirmed: true });
      showToast('success', intl.formatMessage({ id: 'engine.actionDone' }));
      await invalidateAreas(client, setStoreStatus, lookupEndpoints.store);
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="stores.disable.title" values={{ count: rows.length }} />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!pending.data ? (
                <Skeleton height="12" />
              ) : waiting.length === 0 ? (
                <Text>
                  <FormattedMessage
                    id="stores.disable.nothingWaiting"
                    values={{ count: rows.length, name: rows[0]!.Name }}
                  />
                </Text>
              ) : (
                <Stack gap="3">
                  {waiting.map((store) => (
                    <Stack key={store.StoreId} gap="1">
                      <Text>
                        <FormattedMessage
                          id="stores.disable.waiting"
                          values={{ name: store.StoreName, count: store.Total }}
                        />
                      </Text>
                      <List.Root
                        paddingStart="5"
                        aria-label={intl.formatMessage(
                          { id: 'stores.disable.ordersOf' },
                          { name: store.StoreName },
                        )}
                      >
                        {store.OrderNos.map((orderNo) => (
                          <List.Item key={orderNo} fontFamily="mono">
                            {orderNo}
                          </List.Item>
                        ))}
                      </List.Root>
                      {store.Total > store.OrderNos.length && (
                        <Text fontSize="sm" color="fg.muted">
                          <FormattedMessage
                            id="stores.disable.andMore"
                            values={{ count: store.Total - store.OrderNos.length }}
                          />
                        </Text>
                      )}
                    </Stack>
                  ))}
                  <Text>
                    <FormattedMessage id="stores.disable.stillOff" />
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="engine.cancel" />
              </Button>
              <Button
                colorPalette="red"
                disabled={!pending.data}
                loading={busy}
                onClick={() => void confirm()}
              >
                <FormattedMessage id="stores.disable.confirm" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'stores.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** /shop/moreShopSupervise: the shop's stores by status, switched on and off, edited and removed. */
function storeDefinition(isStore: boolean): ResourceDefinition<StoreRow> {
  // A store account sees its own store and may edit it; the rest is the shop's (the server agrees).
  const shopOnly = () => !isStore;
  return {
    list: storeListResource,
    path: STORE_LIST_PERMISSION,
    rowKey: (row) => row.Id,
    rowName: (row) => row.Name,
    columns: [
      column.picture('name', { image: (row) => row.Logo, title: (row) => row.Name }),
      column.twoLines(
        'contact',
        (row) => row.Phone,
        (row) => row.Contact,
      ),
      column.twoLines(
        'address',
        (row) => row.Address,
        (row) => row.Area && `${row.Area.Province} ${row.Area.City} ${row.Area.District}`,
      ),
      column.twoLines(
        'hours',
        (row) => `${row.OpenTime}–${row.CloseTime}`,
        (row) => <WeekdayText days={row.Weekdays} />,
      ),
      column.state('pickup', [
        {
          state: (row) => (row.Pickup ? 'yes' : 'no'),
          label: (state) => `stores.pickup.${state}`,
          palette: { yes: 'blue', no: 'gray' },
        },
      ]),
      column.number('accounts', (row) => row.AccountCount),
      column.state('status', [
        {
          state: (row) => row.Status,
          label: (status) => `stores.status.${status}`,
          palette: { on: 'green', off: 'gray' },
        },
      ]),
      column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    ],
    actions: [
      {
        kind: 'link',
        id: 'edit',
        label: 'stores.edit',
        permission: STORE_EDIT_PERMISSION,
        to: (row) => `${STORE_EDIT_PERMISSION}?id=${row.Id}`,
      },
      {
        kind: 'command',
        id: 'enable',
        label: 'stores.enable',
        permission: STORE_LIST_PERMISSION,
        offer: (row) => shopOnly() && row.Status === 'off',
        call: switchTo('on'),
        on: 'both',
      },
      {
        kind: 'command',
        id: 'disable',
        label: 'stores.disable',
        permission: STORE_LIST_PERMISSION,
        offer: (row) => shopOnly() && row.Status === 'on',
        dialog: DisableDialog,
        on: 'both',
      },
      {
        kind: 'command',
        id: 'delete',
        label: 'stores.delete',
        permission: STORE_LIST_PERMISSION,
        destructive: true,
        confirm: 'stores.confirm.delete',
        offer: shopOnly,
        call: (Ids) => ({ endpoint: delStore, input: { Ids } }),
        on: 'both',
      },
    ],
    toolbar: isStore
      ? []
      : [
          {
            label: 'stores.add',
            to: STORE_EDIT_PERMISSION,
            permission: STORE_EDIT_PERMISSION,
            primary: true,
          },
        ],
  };
}

function WeekdayText({ days }: { days: readonly number[] }) {
  const intl = useIntl();
  if (days.length === 7) return <FormattedMessage id="stores.everyDay" />;
  return days.map((day) => intl.formatMessage({ id: `stores.weekday.${day}` })).join(' ');
}

function StoreListPage() {
  const isStore = useSessionStore((state) => state.isStore);
  const definition = useMemo(() => storeDefinition(isStore), [isStore]);
  return <ResourceScreen definition={definition} />;
}

export default withModuleMessages(StoreListPage, storeCatalogues);
