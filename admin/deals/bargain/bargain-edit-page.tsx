import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import {
  type BargainGoodsRow,
  type bargainEventDetailSchema,
  bindBargainEventInfo,
  getBargainEventAndProductList,
  getBargainEventInfo,
  setBargainEventAndProductInfo,
} from '../../../contract/endpoints/bargain';
import type { ListResource } from '../../../contract/list-query';
import { bargainGoodsMachine, DealPermission, type SwitchAction } from '../../../contract/machines/deals';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { FormSection } from '../../core/form-field';
import { PageHeading, RecordView } from '../../core/record-view';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceList } from '../../core/resource-list';
import { useResourceActions } from '../../core/resource-screen';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { useStaticList } from '../../core/use-static-list';
import { ActivityFields } from '../activity-fields';
import { type ActivityDraft, activityDraft, activityInput } from '../deal-form';
import { dealCatalogues } from '../messages';
import { BargainGoodsDialog } from './bargain-goods-dialog';

type EventDetail = z.infer<typeof bargainEventDetailSchema>;

const goodsResource: ListResource = {
  resource: 'bargainGoods',
  list: getBargainEventAndProductList,
  filters: [],
  sortFields: [],
  defaultSort: '',
};

const column = columnKinds<BargainGoodsRow>('bargainGoods.column');

function goodsDefinition(eventId: number): ResourceDefinition<BargainGoodsRow> {
  const here = `${DealPermission.bargainEdit}?id=${eventId}`;
  return {
    list: goodsResource,
    path: DealPermission.bargainEdit,
    rowKey: (row) => row.Id,
    rowName: (row) => row.Name,
    columns: [
      column.picture('goods', {
        image: (row) => row.Image,
        title: (row) => row.Name,
        muted: (row) => row.SpecText,
      }),
      column.money('price', (row) => row.PriceFen),
      column.money('floor', (row) => row.FloorPriceFen),
      column.text('cut', (row) => (
        <FormattedMessage
          id="bargainGoods.cutRule"
          values={{ mode: row.CutMode, helpers: row.HelpersNeeded, hours: row.Hours }}
        />
      )),
      column.text('buy', (row) => <FormattedMessage id={`bargainGoods.buyMode.${row.BuyMode}`} />),
      column.twoLines(
        'launches',
        (row) => <FormattedMessage id="bargain.launchCount" values={{ count: row.Launches }} />,
        (row) => <FormattedMessage id="bargain.successCount" values={{ count: row.Successes }} />,
      ),
      column.state('status', [
        {
          state: (row) => row.Status,
          label: (state) => `deals.bargainGoods.state.${state}`,
          palette: { on: 'green', off: 'orange' },
        },
      ]),
    ],
    actions: [
      {
        kind: 'link',
        id: 'edit',
        label: 'deals.editAction',
        permission: DealPermission.bargainEdit,
        to: (row) => `${here}&goods=${row.Id}`,
      },
      {
        kind: 'machine',
        machine: bargainGoodsMachine,
        state: (row) => row.Status,
        call: (action, Ids) => ({
          endpoint: setBargainEventAndProductInfo,
          input: { Ids, Action: action.name as SwitchAction },
        }),
        bulk: false,
      },
    ],
  };
}

/**
 * The event's goods under its form: a short list (a few goods an event) drawn by the engine's list
 * with the engine's row actions, but read with a fixed input rather than from the address.
 */
function GoodsSection({ eventId }: { eventId: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const definition = goodsDefinition(eventId);
  const list = useStaticList<BargainGoodsRow>(goodsResource, { EventId: eventId });
  const actions = useResourceActions(definition, list.result.data);
  const goods = search.get('goods');
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('goods');
    setSearch(next, { replace: true });
  };
  const title = intl.formatMessage({ id: 'bargainGoods.section' });
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <HStack justify="space-between">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => navigate(`${DealPermission.bargainEdit}?id=${eventId}&goods=new`)}
        >
          <FormattedMessage id="bargainGoods.add" />
        </Button>
      </HStack>
      <ResourceList<BargainGoodsRow>
        resource={goodsResource}
        columns={definition.columns}
        rowKey={definition.rowKey}
        rowName={definition.rowName}
        {...list}
        actions={actions.row}
      />
      {actions.dialog}
      {goods !== null && <BargainGoodsDialog eventId={eventId} edit={goods} onClose={close} />}
    </Stack>
  );
}

function EventForm({ detail }: { detail?: EventDetail }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { form, submit } = useResourceForm({
    defaultValues: activityDraft(detail ?? null),
    save: bindBargainEventInfo,
    toInput: (draft: ActivityDraft) => ({
      ...activityInput(draft),
      ...(detail ? { Id: detail.Id, Version: detail.Version } : {}),
    }),
    renames: { Status: 'SwitchedOn' },
    savedMessage: detail ? 'deals.saved' : 'deals.added',
    // A new event stays on this page, so its goods can be added at once.
    afterSave: (saved) => ({ to: `${DealPermission.bargainEdit}?id=${saved.Id}`, replace: true }),
  });
  const title = intl.formatMessage({ id: detail ? 'bargain.editTitle' : 'bargain.createTitle' });
  return (
    <Stack gap="5" padding="5">
      <form aria-label={title} onSubmit={submit} noValidate>
        <Stack gap="4">
          <PageHeading title={title}>
            <Button variant="outline" onClick={() => navigate(DealPermission.bargain)}>
              <FormattedMessage id="deals.backToList" />
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              loading={form.formState.isSubmitting}
              loadingText={intl.formatMessage({ id: 'engine.saving' })}
            >
              <FormattedMessage id="engine.save" />
            </Button>
          </PageHeading>
          <FormSection title={intl.formatMessage({ id: 'bargain.eventSection' })}>
            <ActivityFields form={form} />
          </FormSection>
        </Stack>
      </form>
      {detail && <GoodsSection eventId={detail.Id} />}
    </Stack>
  );
}

/** /marketing/editBargain: a bargain event, new (no id) or existing (?id=) with its goods. */
function BargainEditPage() {
  const record = useRecord(getBargainEventInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <EventForm key="new" />}>
      {(detail) => <EventForm key={`${detail.Id}-${detail.Version}`} detail={detail} />}
    </RecordView>
  );
}

export default withModuleMessages(BargainEditPage, dealCatalogues);
