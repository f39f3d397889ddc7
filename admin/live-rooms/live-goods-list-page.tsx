import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  addLiveGoods,
  getLiveGoodsOptions,
  type LiveGoodsRow,
  LivePermission,
  liveGoodsListResource,
  refreshLiveGoodsAudit,
} from '../../contract/endpoints/live-rooms';
import { FormDialog } from '../../src/lib/form-dialog';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { AskWechatButton } from './ask-wechat-button';
import { liveCatalogues } from './messages';

const column = columnKinds<LiveGoodsRow>('live.goods.column');

const goodsDefinition: ResourceDefinition<LiveGoodsRow> = {
  list: liveGoodsListResource,
  path: LivePermission.goods,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.picture('goods', {
      image: (row) => row.Cover,
      title: (row) => row.Name,
      muted: (row) => `#${row.WechatGoodsId}`,
    }),
    column.money('price', (row) => row.PriceFen),
    column.number('rooms', (row) => row.Rooms),
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
      label: 'live.goods.add',
      to: `${LivePermission.goods}?add=1`,
      permission: LivePermission.goods,
      primary: true,
    },
  ],
};

/** Submits a catalogue good at a live price; WeChat audits it before it may join a room. */
function AddGoodsDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const options = useQuery(endpointQuery(getLiveGoodsOptions, {}));
  const [productId, setProductId] = useState('');
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    try {
      await callEndpoint(addLiveGoods, {
        ProductId: Number(productId),
        Name: name,
        PriceFen: Math.round(Number(price) * 100),
      });
      showToast('success', t('live.goods.added'));
      await invalidateAreas(client, addLiveGoods);
      onClose();
    } catch {
      // The client shows the refusal; the dialog stays.
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog
      title={t('live.goods.addTitle')}
      submitLabel={t('live.goods.add')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={busy}
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>{t('live.goods.product')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={productId}
              onChange={(event) => {
                setProductId(event.target.value);
                const chosen = options.data?.Data.find((entry) => String(entry.Id) === event.target.value);
                if (chosen) {
                  setName(chosen.Name.slice(0, 14));
                  setPrice((chosen.PriceFen / 100).toFixed(2));
                }
              }}
            >
              <option value="" />
              {options.data?.Data.map((entry) => (
                <option key={entry.Id} value={entry.Id}>
                  {entry.Name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('live.goods.name')}</Field.Label>
          <Input value={name} maxLength={14} onChange={(event) => setName(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t('live.goods.price')}</Field.Label>
          <Input value={price} inputMode="decimal" onChange={(event) => setPrice(event.target.value)} />
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

/** /smallRoutine/livePlayerGoodList: goods submitted to WeChat's live goods library and their audit. */
function LiveGoodsListPage() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('add');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen
      definition={goodsDefinition}
      header={
        <>
          <MiniProgramReachNotice />
          <AskWechatButton
            endpoint={refreshLiveGoodsAudit}
            label={intl.formatMessage({ id: 'live.goods.refresh' })}
            done={(result) => intl.formatMessage({ id: 'live.goods.refreshed' }, { count: result.Changed })}
          />
        </>
      }
    >
      {search.get('add') !== null && <AddGoodsDialog onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(LiveGoodsListPage, liveCatalogues);
