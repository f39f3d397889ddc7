import { HStack, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { getDealGoods } from '../../../contract/endpoints/deal-common';
import {
  bindAddSeakillAndProduct,
  bindSeckillAndProduct,
  getSeckillAndProduct,
  type SeckillGoodsRow,
} from '../../../contract/endpoints/seckill';
import { DealPermission } from '../../../contract/machines/deals';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { type ChosenGoods, GoodsFinder } from '../../core/finder';
import { FormFields } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';
import { typedFen, yuanText } from '../deal-form';
import { DEAL_GOODS_FINDER } from '../messages';
import { RecordMissing } from '../record-missing';
import { type GoodsSku, type SkuDraft, SkuPriceTable } from '../sku-price-table';

interface GoodsDraft {
  LimitPerMember: number;
  Skus: SkuDraft[];
}

const RENAMES = { SeckillPriceFen: 'Price' };

function savedSkus(row: SeckillGoodsRow): SkuDraft[] {
  return row.Skus.map((sku) => ({
    SkuId: sku.SkuId,
    SpecText: sku.SpecText,
    PriceFen: sku.PriceFen,
    Price: yuanText(sku.SeckillPriceFen),
    Stock: sku.Stock,
    StockWas: sku.Stock,
    GoodsStock: sku.GoodsStock,
    Saved: true,
  }));
}

interface FormProps {
  activityId: number;
  goods: { Id: number; Name: string; Image: string };
  skus: readonly GoodsSku[];
  onClose(): void;
}

/** The dialog around either form: the good, its SKU table and the member limit. */
function GoodsFormBody({
  form,
  submit,
  title,
  goods,
  skus,
  onClose,
}: Omit<FormProps, 'activityId'> & {
  form: UseFormReturn<GoodsDraft>;
  submit(): Promise<void>;
  title: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <FormDialog
      title={title}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="xl"
    >
      <Stack gap="4">
        <HStack gap="3">
          {goods.Image && <Image src={goods.Image} alt="" boxSize="12" borderRadius="md" objectFit="cover" />}
          <Text fontWeight="medium">{goods.Name}</Text>
        </HStack>
        <SkuPriceTable
          form={form as unknown as UseFormReturn<{ Skus: SkuDraft[] }>}
          skus={skus}
          withStock
          priceLabel={t('seckillGoods.price')}
        />
        <FormFields
          form={form}
          fields={[
            {
              name: 'LimitPerMember',
              kind: 'number',
              label: t('seckillGoods.limit'),
              help: t('deals.limitHelp'),
              width: '60',
            },
          ]}
        />
      </Stack>
    </FormDialog>
  );
}

const backTo = (activityId: number) => ({
  to: `${DealPermission.seckillGoods}?ActivityId=${activityId}`,
  replace: true,
});

function AddGoodsForm(props: FormProps) {
  const intl = useIntl();
  const { form, submit } = useResourceForm({
    defaultValues: { LimitPerMember: 1, Skus: [] as SkuDraft[] },
    save: bindAddSeakillAndProduct,
    toInput: (draft: GoodsDraft) => ({
      ActivityId: props.activityId,
      ProductId: props.goods.Id,
      LimitPerMember: draft.LimitPerMember,
      Sort: 0,
      Skus: draft.Skus.map((sku) => ({
        SkuId: sku.SkuId,
        SeckillPriceFen: typedFen(sku.Price),
        Stock: sku.Stock,
      })),
    }),
    renames: RENAMES,
    savedMessage: 'deals.added',
    afterSave: () => backTo(props.activityId),
  });
  return (
    <GoodsFormBody
      {...props}
      form={form}
      submit={submit}
      title={intl.formatMessage({ id: 'seckillGoods.add' })}
    />
  );
}

function EditGoodsForm(props: FormProps & { row: SeckillGoodsRow }) {
  const intl = useIntl();
  const { row } = props;
  const { form, submit } = useResourceForm({
    defaultValues: { LimitPerMember: row.LimitPerMember, Skus: savedSkus(row) },
    save: bindSeckillAndProduct,
    toInput: (draft: GoodsDraft) => ({
      Id: row.Id,
      Version: row.Version,
      LimitPerMember: draft.LimitPerMember,
      Skus: draft.Skus.map((sku) => ({
        SkuId: sku.SkuId,
        SeckillPriceFen: typedFen(sku.Price),
        Stock: sku.Stock,
        StockWas: sku.StockWas,
      })),
    }),
    renames: RENAMES,
    savedMessage: 'deals.saved',
    afterSave: () => backTo(props.activityId),
  });
  return (
    <GoodsFormBody
      {...props}
      form={form}
      submit={submit}
      title={intl.formatMessage({ id: 'seckillGoods.edit' })}
    />
  );
}

/** The SKUs of the chosen good, then its form. */
function GoodsLoader(props: {
  activityId: number;
  productId: number;
  row: SeckillGoodsRow | null;
  onClose(): void;
}) {
  const intl = useIntl();
  const goods = useQuery(endpointQuery(getDealGoods, { productId: props.productId }));
  if (goods.isError) return <RecordMissing titleKey="seckillGoods.add" onClose={props.onClose} />;
  if (!goods.data) return <Spinner aria-label={intl.formatMessage({ id: 'deals.loading' })} />;
  const form = { ...props, goods: goods.data, skus: goods.data.Skus };
  return props.row ? <EditGoodsForm {...form} row={props.row} /> : <AddGoodsForm {...form} />;
}

/** Picks the good to add, by name. */
function GoodsChooser({ onChosen, onClose }: { onChosen(goods: ChosenGoods): void; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <FormDialog
      title={t('seckillGoods.add')}
      submitLabel={t('app.close')}
      onSubmit={onClose}
      onClose={onClose}
      size="lg"
    >
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="deals.chooseGoods" />
        </Text>
        <GoodsFinder labels={DEAL_GOODS_FINDER} chosen={[]} max={1} onShelfOnly onAdd={onChosen} />
      </Stack>
    </FormDialog>
  );
}

/** Adds a good to the activity (`edit` is `new`) or edits the seckill good `edit` names. */
export function SeckillGoodsDialog({
  activityId,
  edit,
  onClose,
}: {
  activityId: number;
  edit: string;
  onClose(): void;
}) {
  const [chosen, setChosen] = useState<ChosenGoods | null>(null);
  const id = edit === 'new' ? null : Number(edit);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    ...endpointQuery(getSeckillAndProduct, { id: id ?? 0 }),
    enabled: valid && id !== null,
  });
  if (id === null) {
    if (!chosen) return <GoodsChooser onChosen={setChosen} onClose={onClose} />;
    return <GoodsLoader activityId={activityId} productId={chosen.Id} row={null} onClose={onClose} />;
  }
  if (!valid || record.isError) return <RecordMissing titleKey="seckillGoods.edit" onClose={onClose} />;
  if (!record.data) return null;
  return (
    <GoodsLoader
      key={record.data.Version}
      activityId={activityId}
      productId={record.data.ProductId}
      row={record.data}
      onClose={onClose}
    />
  );
}
