import { Alert, Button, HStack, List, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { initCities } from '../../../contract/endpoints/comm';
import {
  bindFreeShipping,
  DELIVERY_ACTIVITIES_PERMISSION,
  type FreeShippingDetail,
  getFreeShippingInfo,
} from '../../../contract/endpoints/free-shipping';
import {
  FREE_SHIPPING_GOODS_MAX,
  FREE_SHIPPING_GOODS_SCOPES,
  FREE_SHIPPING_NAME_MAX,
  FREE_SHIPPING_REGION_SCOPES,
  FREE_SHIPPING_THRESHOLDS,
} from '../../../contract/free-shipping';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { GoodsFinder } from '../../core/finder';
import { errorAt, type FieldSpec, FormFields } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';
import { CheckList } from '../coupons/check-list';
import {
  FREE_SHIPPING_RENAMES,
  type FreeShippingDraft,
  freeShippingDraft,
  freeShippingInput,
} from './free-shipping-form';

type Spec = FieldSpec<FreeShippingDraft>;

function FreeShippingForm({ row, onClose }: { row: FreeShippingDetail | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const provinces = useQuery(endpointQuery(initCities, {}));
  const { form, submit } = useResourceForm({
    defaultValues: freeShippingDraft(row),
    save: bindFreeShipping,
    toInput: (draft: FreeShippingDraft) => freeShippingInput(draft, row),
    renames: FREE_SHIPPING_RENAMES,
    savedMessage: row ? 'freeShipping.saved' : 'freeShipping.added',
    afterSave: () => ({ to: DELIVERY_ACTIVITIES_PERMISSION, replace: true }),
  });
  const values = form.watch();
  const set = <K extends keyof FreeShippingDraft>(name: K, value: FreeShippingDraft[K]) => {
    form.setValue(name, value as never, { shouldDirty: true });
    form.clearErrors(name);
  };
  const fields: Spec[] = [
    {
      name: 'Name',
      kind: 'text',
      label: t('freeShipping.field.Name'),
      required: true,
      maxLength: FREE_SHIPPING_NAME_MAX,
    },
  ];
  const window: Spec[] = [
    { name: 'StartsAt', kind: 'datetime-local', label: t('freeShipping.field.StartsAt'), required: true },
    { name: 'EndsAt', kind: 'datetime-local', label: t('freeShipping.field.EndsAt'), required: true },
  ];
  const threshold: Spec[] = [
    {
      name: 'Threshold',
      kind: 'select',
      label: t('freeShipping.field.Threshold'),
      options: FREE_SHIPPING_THRESHOLDS.map((value) => ({
        value,
        label: t(`freeShipping.threshold.${value}`),
      })),
    },
    {
      name: 'Minimum',
      kind: 'text',
      inputMode: 'decimal',
      label: t('freeShipping.field.Minimum'),
      required: true,
      visibleWhen: (draft) => draft.Threshold === 'amount',
    },
    {
      name: 'MinimumQuantity',
      kind: 'number',
      label: t('freeShipping.field.MinimumQuantity'),
      required: true,
      visibleWhen: (draft) => draft.Threshold === 'quantity',
    },
  ];
  const scopes: Spec[] = [
    {
      name: 'RegionScope',
      kind: 'select',
      label: t('freeShipping.field.RegionScope'),
      options: FREE_SHIPPING_REGION_SCOPES.map((value) => ({
        value,
        label: t(`freeShipping.regionScope.${value}`),
      })),
    },
    {
      name: 'GoodsScope',
      kind: 'select',
      label: t('freeShipping.field.GoodsScope'),
      options: FREE_SHIPPING_GOODS_SCOPES.map((value) => ({
        value,
        label: t(`freeShipping.goodsScope.${value}`),
      })),
    },
  ];
  // Provinces are chosen here; a city saved earlier stays listed until it is taken off.
  const provinceOptions = (provinces.data?.Data ?? []).map((area) => ({
    value: Number(area.Code),
    label: area.Name,
  }));
  const cities = values.Regions.filter(
    (region) => !provinceOptions.some((option) => String(option.value) === region.Code),
  );
  const regionError = errorAt(form.formState.errors, 'Regions');
  const goodsError = errorAt(form.formState.errors, 'Goods');
  return (
    <FormDialog
      title={t(row ? 'freeShipping.editTitle' : 'freeShipping.addTitle')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="lg"
    >
      <Stack gap="4">
        <FormFields form={form} fields={fields} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormFields form={form} fields={window} />
          <FormFields form={form} fields={threshold} />
          <FormFields form={form} fields={scopes} />
        </SimpleGrid>
        {values.RegionScope === 'chosen' && (
          <Stack gap="2">
            <CheckList
              legend={t('freeShipping.field.Regions')}
              options={provinceOptions}
              chosen={values.Regions.map((region) => Number(region.Code))}
              error={regionError}
              empty="freeShipping.loadingRegions"
              onChange={(codes) => {
                const names = new Map(provinceOptions.map((option) => [option.value, option.label]));
                set('Regions', [
                  ...cities,
                  ...codes
                    .filter((code) => names.has(code))
                    .map((code) => ({ Code: String(code), Name: names.get(code)! })),
                ]);
              }}
            />
            {cities.length > 0 && (
              <HStack gap="2" wrap="wrap">
                {cities.map((city) => (
                  <Button
                    key={city.Code}
                    size="xs"
                    variant="outline"
                    onClick={() =>
                      set(
                        'Regions',
                        values.Regions.filter((region) => region.Code !== city.Code),
                      )
                    }
                  >
                    <FormattedMessage id="freeShipping.removeRegion" values={{ name: city.Name }} />
                  </Button>
                ))}
              </HStack>
            )}
          </Stack>
        )}
        {values.GoodsScope !== 'all' && (
          <Stack gap="2">
            <Text fontWeight="medium">
              <FormattedMessage id={`freeShipping.goodsHeading.${values.GoodsScope}`} />
            </Text>
            {values.Goods.length > 0 && (
              <List.Root gap="1" paddingStart="4">
                {values.Goods.map((goods) => (
                  <List.Item key={goods.Id}>
                    <HStack gap="2">
                      <Text>{goods.Name}</Text>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() =>
                          set(
                            'Goods',
                            values.Goods.filter((item) => item.Id !== goods.Id),
                          )
                        }
                      >
                        <FormattedMessage id="freeShipping.removeGoods" values={{ name: goods.Name }} />
                      </Button>
                    </HStack>
                  </List.Item>
                ))}
              </List.Root>
            )}
            <GoodsFinder
              chosen={values.Goods}
              max={FREE_SHIPPING_GOODS_MAX}
              labels={{
                search: 'freeShipping.goodsSearch',
                add: 'freeShipping.addGoods',
                noMatch: 'freeShipping.noMatch',
              }}
              onAdd={(goods) => set('Goods', [...values.Goods, goods])}
            />
            {goodsError && (
              <Text color="red.700" fontSize="sm" role="alert">
                {goodsError}
              </Text>
            )}
          </Stack>
        )}
        <FormFields
          form={form}
          fields={[{ name: 'SwitchedOn', kind: 'checkbox', label: t('freeShipping.field.SwitchedOn') }]}
        />
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="freeShipping.exclusionHelp" />
        </Text>
      </Stack>
    </FormDialog>
  );
}

/** Adds an activity (`edit` is `new`) or edits the one whose id `edit` names, in a dialog over the list. */
export function FreeShippingDialog({ edit, onClose }: { edit: string; onClose(): void }) {
  const intl = useIntl();
  const id = edit === 'new' ? null : Number(edit);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    ...endpointQuery(getFreeShippingInfo, { id: id ?? 0 }),
    enabled: valid && id !== null,
  });
  if (id === null) return <FreeShippingForm row={null} onClose={onClose} />;
  if (!valid || record.isError)
    return (
      <FormDialog
        title={intl.formatMessage({ id: 'freeShipping.editTitle' })}
        submitLabel={intl.formatMessage({ id: 'app.close' })}
        onSubmit={onClose}
        onClose={onClose}
      >
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            <FormattedMessage id="freeShipping.notFound" />
          </Alert.Title>
        </Alert.Root>
      </FormDialog>
    );
  if (!record.data) return <Spinner aria-label={intl.formatMessage({ id: 'freeShipping.loading' })} />;
  return <FreeShippingForm key={record.data.Version} row={record.data} onClose={onClose} />;
}
