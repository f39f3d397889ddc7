import { Button, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { getDealGoods } from '../../../contract/endpoints/deal-common';
import { bindGroupBuyInfo, type GroupBuyRow, getGroupBuyInfo } from '../../../contract/endpoints/group-buy';
import { DealPermission } from '../../../contract/machines/deals';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { GoodsFinder } from '../../core/finder';
import { type FieldSpec, FormFields } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';
import { ActivityFields } from '../activity-fields';
import { type ActivityDraft, activityDraft, activityInput, typedFen, yuanText } from '../deal-form';
import { DEAL_GOODS_FINDER } from '../messages';
import { RecordMissing } from '../record-missing';
import { type SkuDraft, SkuPriceTable } from '../sku-price-table';

type GroupBuyDraft = ActivityDraft & {
  ProductId: number;
  ProductName: string;
  GroupSize: number;
  FillHours: number;
  VirtualFill: boolean;
  LimitPerMember: number;
  Skus: SkuDraft[];
};

function draftOf(row: GroupBuyRow | null): GroupBuyDraft {
  return {
    ...activityDraft(row),
    ProductId: row?.ProductId ?? 0,
    ProductName: row?.ProductName ?? '',
    GroupSize: row?.GroupSize ?? 2,
    FillHours: row?.FillHours ?? 24,
    VirtualFill: row?.VirtualFill ?? false,
    LimitPerMember: row?.LimitPerMember ?? 0,
    Skus: (row?.Skus ?? []).map((sku) => ({
      SkuId: sku.SkuId,
      SpecText: sku.SpecText,
      PriceFen: sku.PriceFen,
      Price: yuanText(sku.GroupPriceFen),
      Stock: 0,
      StockWas: 0,
      GoodsStock: 0,
      Saved: false,
    })),
  };
}

/** The chosen good's SKUs with their group prices, or the finder when none is chosen. */
function GoodsPart({ form }: { form: UseFormReturn<GroupBuyDraft> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const productId = useWatch({ control: form.control, name: 'ProductId' });
  const productName = useWatch({ control: form.control, name: 'ProductName' });
  const goods = useQuery({ ...endpointQuery(getDealGoods, { productId }), enabled: productId > 0 });
  const choose = (id: number, name: string) => {
    form.setValue('ProductId', id, { shouldDirty: true });
    form.setValue('ProductName', name, { shouldDirty: true });
    form.setValue('Skus', [], { shouldDirty: true });
  };
  if (productId === 0)
    return (
      <GoodsFinder
        labels={DEAL_GOODS_FINDER}
        chosen={[]}
        max={1}
        onShelfOnly
        onAdd={(found) => choose(found.Id, found.Name)}
      />
    );
  return (
    <Stack gap="2">
      <HStack gap="3">
        <Text fontWeight="medium">{productName || goods.data?.Name}</Text>
        <Button size="xs" variant="outline" onClick={() => choose(0, '')}>
          <FormattedMessage id="deals.changeGoods" />
        </Button>
      </HStack>
      {goods.data ? (
        <SkuPriceTable
          form={form as unknown as UseFormReturn<{ Skus: SkuDraft[] }>}
          skus={goods.data.Skus}
          withStock={false}
          priceLabel={t('groupBuy.groupPrice')}
        />
      ) : (
        <Spinner aria-label={t('deals.loading')} />
      )}
    </Stack>
  );
}

function GroupBuyForm({ row, onClose }: { row: GroupBuyRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: draftOf(row),
    save: bindGroupBuyInfo,
    toInput: (draft: GroupBuyDraft) => ({
      ...activityInput(draft),
      ProductId: draft.ProductId,
      GroupSize: draft.GroupSize,
      FillHours: draft.FillHours,
      VirtualFill: draft.VirtualFill,
      LimitPerMember: draft.LimitPerMember,
      Skus: draft.Skus.map((sku) => ({ SkuId: sku.SkuId, GroupPriceFen: typedFen(sku.Price) })),
      ...(row ? { Id: row.Id, Version: row.Version } : {}),
    }),
    renames: { GroupPriceFen: 'Price', Status: 'SwitchedOn' },
    savedMessage: row ? 'deals.saved' : 'deals.added',
    afterSave: () => ({ to: DealPermission.groupBuy, replace: true }),
  });
  const rules: FieldSpec<GroupBuyDraft>[] = [
    { name: 'GroupSize', kind: 'number', label: t('groupBuy.field.GroupSize'), required: true },
    { name: 'FillHours', kind: 'number', label: t('groupBuy.field.FillHours'), required: true },
    {
      name: 'LimitPerMember',
      kind: 'number',
      label: t('groupBuy.field.LimitPerMember'),
      help: t('deals.limitHelp'),
    },
  ];
  return (
    <FormDialog
      title={t(row ? 'groupBuy.edit' : 'groupBuy.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="xl"
    >
      <Stack gap="4">
        <ActivityFields form={form} />
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="medium">
            <FormattedMessage id="groupBuy.goods" />
          </Text>
          <GoodsPart form={form} />
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormFields form={form} fields={rules} />
        </SimpleGrid>
        <FormFields
          form={form}
          fields={[{ name: 'VirtualFill', kind: 'checkbox', label: t('groupBuy.field.VirtualFill') }]}
        />
      </Stack>
    </FormDialog>
  );
}

/** Adds a group-buy activity (`edit` is `new`) or edits the one `edit` names. */
export function GroupBuyDialog({ edit, onClose }: { edit: string; onClose(): void }) {
  const id = edit === 'new' ? null : Number(edit);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    ...endpointQuery(getGroupBuyInfo, { id: id ?? 0 }),
    enabled: valid && id !== null,
  });
  if (id === null) return <GroupBuyForm row={null} onClose={onClose} />;
  if (!valid || record.isError) return <RecordMissing titleKey="groupBuy.edit" onClose={onClose} />;
  if (!record.data) return null;
  return <GroupBuyForm key={record.data.Version} row={record.data} onClose={onClose} />;
}
