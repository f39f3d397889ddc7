import { Button, HStack, Input, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { getSelectProducts } from '../../../contract/endpoints/goods';
import {
  bindPointsGoods,
  getPointsGoodsInfo,
  POINTS_GOODS_DESCRIPTION_MAX,
  POINTS_GOODS_TITLE_MAX,
  type PointsGoodsDetail,
} from '../../../contract/endpoints/points-goods';
import { PointsPermission } from '../../../contract/machines/points-exchange';
import { POINTS_GOODS_KINDS } from '../../../contract/points';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt, type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { GOODS_RENAMES, type GoodsDraft, goodsDraft, goodsInput } from './goods-form';
import { pointsCatalogues } from './messages';

type Spec = FieldSpec<GoodsDraft>;

/** The catalogue good it gives: found by name among goods of the chosen kind. */
function ProductPicker({ form }: { form: UseFormReturn<GoodsDraft> }) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState('');
  const kind = form.watch('Kind');
  const chosen = form.watch('ProductName');
  const found = useQuery({
    ...endpointQuery(getSelectProducts, { keyword, kind, pageSize: 8, page: 1 }),
    enabled: keyword.trim() !== '',
  });
  const label = intl.formatMessage({ id: 'pointsGoods.form.productSearch' });
  const error = errorAt(form.formState.errors, 'ProductName');
  const choose = (goods: { Id: number; Name: string; Image: string }) => {
    form.setValue('ProductId', goods.Id, { shouldDirty: true });
    form.setValue('ProductName', goods.Name, { shouldDirty: true });
    if (form.getValues('Title') === '') form.setValue('Title', goods.Name.slice(0, POINTS_GOODS_TITLE_MAX));
    form.clearErrors('ProductName');
    setKeyword('');
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium" id="points-goods-product">
        <FormattedMessage id="pointsGoods.form.product" />
      </Text>
      <Text aria-live="polite" color={chosen ? undefined : 'fg.muted'}>
        {chosen || <FormattedMessage id="pointsGoods.form.noProduct" />}
      </Text>
      <Input
        aria-label={label}
        placeholder={label}
        value={keyword}
        maxWidth="md"
        onChange={(event) => setKeyword(event.target.value)}
      />
      {error && (
        <Text color="red.700" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
      {keyword.trim() !== '' && found.data?.Data.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="pointsGoods.form.noMatch" />
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {(found.data?.Data ?? []).map((goods) => (
          <Button key={goods.Id} size="xs" variant="outline" onClick={() => choose(goods)}>
            <FormattedMessage id="pointsGoods.form.choose" values={{ name: goods.Name }} />
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

function KindChoice({ form }: { form: UseFormReturn<GoodsDraft> }) {
  const intl = useIntl();
  return (
    <Controller
      control={form.control}
      name="Kind"
      render={({ field }) => (
        <RadioGroup.Root
          value={field.value}
          onValueChange={(event) => {
            field.onChange(event.value);
            // A good of the other kind no longer fits.
            form.setValue('ProductId', null);
            form.setValue('ProductName', '');
          }}
          aria-label={intl.formatMessage({ id: 'pointsGoods.form.kind' })}
        >
          <HStack gap="6">
            {POINTS_GOODS_KINDS.map((kind) => (
              <RadioGroup.Item key={kind} value={kind}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <FormattedMessage id={`points.kind.${kind}`} />
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      )}
    />
  );
}

function GoodsEditor({ row }: { row: PointsGoodsDetail | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: goodsDraft(row),
    save: bindPointsGoods,
    toInput: (draft: GoodsDraft) => goodsInput(draft, row),
    renames: GOODS_RENAMES,
    savedMessage: 'pointsGoods.form.saved',
    afterSave: () => ({ to: PointsPermission.goods }),
  });
  const basics: Spec[] = [
    {
      name: 'Title',
      kind: 'text',
      label: t('pointsGoods.form.title'),
      required: true,
      maxLength: POINTS_GOODS_TITLE_MAX,
    },
    {
      name: 'Description',
      kind: 'textarea',
      label: t('pointsGoods.form.description'),
      maxLength: POINTS_GOODS_DESCRIPTION_MAX,
    },
  ];
  const price: Spec[] = [
    { name: 'Points', kind: 'number', label: t('pointsGoods.form.points'), required: true },
    {
      name: 'Price',
      kind: 'text',
      inputMode: 'decimal',
      label: t('pointsGoods.form.price'),
      help: t('pointsGoods.form.priceHelp'),
    },
    {
      name: 'Stock',
      kind: 'number',
      label: t('pointsGoods.form.stock'),
      required: true,
      help: t('pointsGoods.form.stockHelp'),
    },
    {
      name: 'PerMemberLimit',
      kind: 'number',
      label: t('pointsGoods.form.limit'),
      help: t('pointsGoods.form.limitHelp'),
    },
  ];
  const window: Spec[] = [
    { name: 'StartsAt', kind: 'datetime-local', label: t('pointsGoods.form.startsAt'), required: true },
    {
      name: 'EndsAt',
      kind: 'datetime-local',
      label: t('pointsGoods.form.endsAt'),
      visibleWhen: (values) => !values.NoEnd,
    },
  ];
  const state: Spec[] = [
    { name: 'NoEnd', kind: 'checkbox', label: t('pointsGoods.form.noEnd') },
    { name: 'SwitchedOn', kind: 'checkbox', label: t('pointsGoods.form.switchedOn') },
    {
      name: 'Sort',
      kind: 'number',
      width: '40',
      label: t('pointsGoods.form.sort'),
      help: t('pointsGoods.form.sortHelp'),
    },
  ];
  const title = t(row ? 'pointsGoods.form.editTitle' : 'pointsGoods.form.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={PointsPermission.goods}
          backLabel={t('pointsGoods.form.backToList')}
          saving={form.formState.isSubmitting}
        />
        <FormSection title={t('pointsGoods.form.gives')}>
          <KindChoice form={form} />
          <ProductPicker form={form} />
        </FormSection>
        <FormSection title={t('pointsGoods.form.basics')}>
          <FormFields form={form} fields={basics} />
          <Controller
            control={form.control}
            name="Image"
            render={({ field }) => (
              <ImageField
                label={t('pointsGoods.form.image')}
                value={field.value}
                onChange={(url) => form.setValue('Image', url, { shouldDirty: true })}
              />
            )}
          />
        </FormSection>
        <FormSection title={t('pointsGoods.form.priceAndStock')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={price} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('pointsGoods.form.window')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={window} />
          </SimpleGrid>
          <FormFields form={form} fields={state} />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /marketing/integralExchange/issueIntegral: new points goods, or (?id=) existing ones. */
function PointsGoodsFormPage() {
  const record = useRecord(getPointsGoodsInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <GoodsEditor key="new" row={null} />}>
      {(row) => <GoodsEditor key={`${row.Id}-${row.Version}`} row={row} />}
    </RecordView>
  );
}

export default withModuleMessages(PointsGoodsFormPage, pointsCatalogues);
