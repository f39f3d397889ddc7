import { HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { CUT_MODES } from '../../../contract/bargain-cut';
import {
  type BargainGoodsRow,
  bindAddBargainEventAndProduct,
  bindBargainEventAndProductInfo,
  getBargainEventAndProductInfo,
} from '../../../contract/endpoints/bargain';
import { getDealGoods } from '../../../contract/endpoints/deal-common';
import { BUY_MODES, DealPermission } from '../../../contract/machines/deals';
import { FormDialog } from '../../../src/lib/form-dialog';
import { fenToYuan } from '../../../src/lib/format';
import { endpointQuery } from '../../../src/lib/query-options';
import { type ChosenGoods, GoodsFinder } from '../../core/finder';
import { type FieldSpec, FormFields } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';
import { typedFen, yuanText } from '../deal-form';
import { DEAL_GOODS_FINDER } from '../messages';
import { RecordMissing } from '../record-missing';

interface RulesDraft {
  SkuId: string;
  FloorPrice: string;
  FirstCut: string;
  CutMode: (typeof CUT_MODES)[number];
  HelpersNeeded: number;
  Hours: number;
  BuyMode: (typeof BUY_MODES)[number];
  LaunchLimit: number;
  Sort: number;
}

const RENAMES = { FloorPriceFen: 'FloorPrice', FirstCutFen: 'FirstCut' };

function rulesInput(draft: RulesDraft) {
  return {
    FloorPriceFen: typedFen(draft.FloorPrice),
    FirstCutFen: typedFen(draft.FirstCut || '0'),
    CutMode: draft.CutMode,
    HelpersNeeded: draft.HelpersNeeded,
    Hours: draft.Hours,
    BuyMode: draft.BuyMode,
    LaunchLimit: draft.LaunchLimit,
    Sort: draft.Sort,
  };
}

function RulesFields({
  form,
  skus,
}: {
  form: UseFormReturn<RulesDraft>;
  skus: readonly { SkuId: number; SpecText: string; PriceFen: number }[] | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const option = (prefix: string) => (value: string) => ({ value, label: t(`${prefix}.${value}`) });
  const fields: FieldSpec<RulesDraft>[] = [
    ...(skus
      ? [
          {
            name: 'SkuId' as const,
            kind: 'select' as const,
            label: t('bargainGoods.field.Sku'),
            options: skus.map((sku) => ({
              value: String(sku.SkuId),
              label: t('bargainGoods.skuOption', {
                spec: sku.SpecText || t('deals.sku.single'),
                price: fenToYuan(sku.PriceFen),
              }),
            })),
          },
        ]
      : []),
    {
      name: 'FloorPrice',
      kind: 'text',
      label: t('bargainGoods.field.FloorPrice'),
      required: true,
      inputMode: 'decimal',
    },
    { name: 'FirstCut', kind: 'text', label: t('bargainGoods.field.FirstCut'), inputMode: 'decimal' },
    {
      name: 'CutMode',
      kind: 'select',
      label: t('bargainGoods.field.CutMode'),
      options: CUT_MODES.map(option('bargainGoods.cutMode')),
    },
    { name: 'HelpersNeeded', kind: 'number', label: t('bargainGoods.field.HelpersNeeded'), required: true },
    { name: 'Hours', kind: 'number', label: t('bargainGoods.field.Hours'), required: true },
    {
      name: 'BuyMode',
      kind: 'select',
      label: t('bargainGoods.field.BuyMode'),
      options: BUY_MODES.map(option('bargainGoods.buyMode')),
    },
    {
      name: 'LaunchLimit',
      kind: 'number',
      label: t('bargainGoods.field.LaunchLimit'),
      help: t('deals.limitHelp'),
    },
    { name: 'Sort', kind: 'number', label: t('deals.field.Sort') },
  ];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormFields form={form} fields={fields} />
    </SimpleGrid>
  );
}

const backTo = (eventId: number) => ({ to: `${DealPermission.bargainEdit}?id=${eventId}`, replace: true });

function AddForm({
  eventId,
  goods,
  skus,
  onClose,
}: {
  eventId: number;
  goods: ChosenGoods;
  skus: readonly { SkuId: number; SpecText: string; PriceFen: number }[];
  onClose(): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const first = skus[0];
  const { form, submit } = useResourceForm({
    defaultValues: {
      SkuId: first ? String(first.SkuId) : '',
      FloorPrice: first ? yuanText(Math.floor(first.PriceFen / 2)) : '',
      FirstCut: '0.00',
      CutMode: 'random',
      HelpersNeeded: 5,
      Hours: 24,
      BuyMode: 'floor',
      LaunchLimit: 1,
      Sort: 0,
    } as RulesDraft,
    save: bindAddBargainEventAndProduct,
    toInput: (draft: RulesDraft) => ({ EventId: eventId, SkuId: Number(draft.SkuId), ...rulesInput(draft) }),
    renames: RENAMES,
    savedMessage: 'deals.added',
    afterSave: () => backTo(eventId),
  });
  return (
    <FormDialog
      title={t('bargainGoods.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="lg"
    >
      <Stack gap="4">
        <Text fontWeight="medium">{goods.Name}</Text>
        <RulesFields form={form} skus={skus} />
      </Stack>
    </FormDialog>
  );
}

/** The chosen good's SKUs, then the form adding it. */
function AddLoader({ eventId, goods, onClose }: { eventId: number; goods: ChosenGoods; onClose(): void }) {
  const intl = useIntl();
  const detail = useQuery(endpointQuery(getDealGoods, { productId: goods.Id }));
  if (detail.isError) return <RecordMissing titleKey="bargainGoods.add" onClose={onClose} />;
  if (!detail.data) return <Spinner aria-label={intl.formatMessage({ id: 'deals.loading' })} />;
  return <AddForm eventId={eventId} goods={goods} skus={detail.data.Skus} onClose={onClose} />;
}

function EditForm({ row, onClose }: { row: BargainGoodsRow; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: {
      SkuId: String(row.SkuId),
      FloorPrice: yuanText(row.FloorPriceFen),
      FirstCut: yuanText(row.FirstCutFen),
      CutMode: row.CutMode,
      HelpersNeeded: row.HelpersNeeded,
      Hours: row.Hours,
      BuyMode: row.BuyMode,
      LaunchLimit: row.LaunchLimit,
      Sort: row.Sort,
    } as RulesDraft,
    save: bindBargainEventAndProductInfo,
    toInput: (draft: RulesDraft) => ({ Id: row.Id, Version: row.Version, ...rulesInput(draft) }),
    renames: RENAMES,
    savedMessage: 'deals.saved',
    afterSave: () => backTo(row.EventId),
  });
  return (
    <FormDialog
      title={t('bargainGoods.edit')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="lg"
    >
      <Stack gap="4">
        <HStack gap="2">
          <Text fontWeight="medium">{row.Name}</Text>
          <Text color="fg.muted">
            {row.SpecText} · ¥{fenToYuan(row.PriceFen)}
          </Text>
        </HStack>
        <RulesFields form={form} skus={null} />
      </Stack>
    </FormDialog>
  );
}

/** Adds a good to the event (`edit` is `new`: pick it by name, then one of its SKUs) or edits one. */
export function BargainGoodsDialog({
  eventId,
  edit,
  onClose,
}: {
  eventId: number;
  edit: string;
  onClose(): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [chosen, setChosen] = useState<ChosenGoods | null>(null);
  const id = edit === 'new' ? null : Number(edit);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    ...endpointQuery(getBargainEventAndProductInfo, { id: id ?? 0 }),
    enabled: valid && id !== null,
  });
  if (id === null) {
    if (chosen) return <AddLoader eventId={eventId} goods={chosen} onClose={onClose} />;
    return (
      <FormDialog
        title={t('bargainGoods.add')}
        submitLabel={t('app.close')}
        onSubmit={onClose}
        onClose={onClose}
        size="lg"
      >
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="deals.chooseGoods" />
          </Text>
          <GoodsFinder labels={DEAL_GOODS_FINDER} chosen={[]} max={1} onShelfOnly onAdd={setChosen} />
        </Stack>
      </FormDialog>
    );
  }
  if (!valid || record.isError) return <RecordMissing titleKey="bargainGoods.edit" onClose={onClose} />;
  if (!record.data) return null;
  return <EditForm key={record.data.Version} row={record.data} onClose={onClose} />;
}
