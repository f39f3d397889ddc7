import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ADDRESS_MAX,
  getQqLocation,
  getShopInfo,
  type ShopInfo,
  setShopInfo,
  shopInfoFormSchema,
} from '../../../contract/endpoints/shop-info';
import { callEndpoint, type EndpointResponse } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { showToast } from '../../../src/lib/notify';
import { AreaPicker } from '../../core/area-picker';
import { draftResolver, issueMessage } from '../../core/form-binding';
import { errorAt, type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { shopInfoCatalogues } from './messages';
import { type ShopInfoDraft, shopInfoDraft, shopInfoInput } from './shop-info-form';

type Data = EndpointResponse<typeof getShopInfo>['Data'];
type Spec = FieldSpec<ShopInfoDraft>;

/** The form of SPEC §3 "Site settings": the rules of §5 checked as typed and again by the server. */
function ShopInfoForm({ data }: { data: Data }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = useRouteTitle();
  const sameCityDelivery = data.SameCityDelivery;
  const resolver = useMemo(
    () =>
      draftResolver<ShopInfoDraft>(shopInfoFormSchema({ sameCityDelivery }), shopInfoInput, {
        message: (issue) => {
          const message = issueMessage(issue);
          return intl.formatMessage({ id: message.id }, message.values);
        },
      }),
    [intl, sameCityDelivery],
  );
  const { form, submit } = useResourceForm({
    defaultValues: shopInfoDraft(data),
    save: setShopInfo,
    toInput: shopInfoInput,
    resolver,
    savedMessage: 'shopInfo.saved',
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const [areaNames, setAreaNames] = useState<string[]>(data.AreaText.split(' ').filter(Boolean));
  const [locating, setLocating] = useState(false);
  const values = useWatch({ control: form.control }) as ShopInfoDraft;

  const field = (name: keyof ShopInfo & string, extra: Partial<Spec> = {}): Spec => ({
    name,
    kind: 'text',
    label: t(`shopInfo.field.${name}`),
    ...extra,
  });
  const image = (name: 'Logo' | 'PublicAccountQr') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <ImageField
          label={t(`shopInfo.field.${name}`)}
          value={control.value}
          onChange={(url) => control.onChange(url)}
        />
      )}
    />
  );

  const locate = async () => {
    const address = `${areaNames.join('')}${values.Address.trim()}`;
    if (values.CityCode === '' || values.DistrictCode === '' || values.Address.trim() === '') {
      showToast('error', t('shopInfo.map.needAddress'));
      return;
    }
    setLocating(true);
    try {
      const point = await callEndpoint(getQqLocation, { address });
      form.setValue('Lng', String(point.Lng), { shouldDirty: true, shouldValidate: true });
      form.setValue('Lat', String(point.Lat), { shouldDirty: true, shouldValidate: true });
      showToast('success', t('shopInfo.map.located', { lng: point.Lng, lat: point.Lat }));
    } catch {
      // The HTTP layer has shown why (not found, key refused, service down).
    } finally {
      setLocating(false);
    }
  };

  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading>
          <Button variant="outline" disabled={!isDirty} onClick={() => form.reset()}>
            <FormattedMessage id="shopInfo.discard" />
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={t('engine.saving')}>
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>

        <FormSection title={t('shopInfo.section.basic')}>
          <FormFields form={form} fields={[field('ShopName', { required: true, maxLength: 40 })]} />
          <HStack gap="6" wrap="wrap" align="start">
            {image('Logo')}
            {image('PublicAccountQr')}
          </HStack>
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields
              form={form}
              fields={[
                field('PromotionTitle', { width: '72', maxLength: 60 }),
                field('PromotionWord1', { width: '56', maxLength: 30 }),
                field('PromotionWord2', { width: '56', maxLength: 30 }),
              ]}
            />
          </HStack>
          <FormFields form={form} fields={[field('Description', { kind: 'textarea', maxLength: 200 })]} />
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields
              form={form}
              fields={[
                field('Copyright', { width: '72', maxLength: 100 }),
                field('TechnicalSupport', { width: '72', maxLength: 100 }),
              ]}
            />
          </HStack>
        </FormSection>

        <FormSection title={t('shopInfo.section.contact')}>
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields
              form={form}
              fields={[
                field('Phone', {
                  required: true,
                  width: '64',
                  maxLength: 20,
                  help: t('shopInfo.field.PhoneHelp'),
                }),
                field('ServicePhone', { width: '64', maxLength: 20 }),
                field('Email', { required: true, width: '72', maxLength: 100 }),
                field('Fax', { width: '56', maxLength: 20 }),
              ]}
            />
          </HStack>
        </FormSection>

        <FormSection title={t('shopInfo.section.address')}>
          {data.SameCityDelivery && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="shopInfo.areaRequiredHelp" />
              </Alert.Title>
            </Alert.Root>
          )}
          <AreaPicker
            value={{
              ProvinceCode: values.ProvinceCode,
              CityCode: values.CityCode,
              DistrictCode: values.DistrictCode,
            }}
            required={data.SameCityDelivery}
            labels={{
              ProvinceCode: t('shopInfo.field.ProvinceCode'),
              CityCode: t('shopInfo.field.CityCode'),
              DistrictCode: t('shopInfo.field.DistrictCode'),
              choose: t('shopInfo.field.choose'),
            }}
            errors={{
              ProvinceCode: errorAt(errors, 'ProvinceCode'),
              CityCode: errorAt(errors, 'CityCode'),
              DistrictCode: errorAt(errors, 'DistrictCode'),
            }}
            onChange={(codes, changed, name) => {
              for (const [key, code] of Object.entries(codes))
                form.setValue(key as keyof typeof codes, code, { shouldDirty: true });
              const level = ['ProvinceCode', 'CityCode', 'DistrictCode'].indexOf(changed);
              setAreaNames((names) => [...names.slice(0, level), ...(name ? [name] : [])]);
              form.clearErrors(['ProvinceCode', 'CityCode', 'DistrictCode']);
            }}
          />
          <FormFields form={form} fields={[field('Address', { required: true, maxLength: ADDRESS_MAX })]} />
          {!data.GeocoderConfigured && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="shopInfo.map.sandbox" />
              </Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="4" wrap="wrap" align="end">
            <FormFields
              form={form}
              fields={[
                field('Lng', { width: '48', inputMode: 'decimal' } as Partial<Spec>),
                field('Lat', { width: '48', inputMode: 'decimal' } as Partial<Spec>),
              ]}
            />
            {data.GeocoderConfigured && (
              <Button variant="outline" loading={locating} onClick={() => void locate()}>
                <FormattedMessage id="shopInfo.map.locate" />
              </Button>
            )}
          </HStack>
        </FormSection>

        <FormSection title={t('shopInfo.section.switches')}>
          <FormFields
            form={form}
            fields={(['ShowIdOnProfile', 'ClosingPoster', 'NewsComments', 'CommentAudit'] as const).map(
              (name) => field(name, { kind: 'checkbox' }),
            )}
          />
        </FormSection>

        <FormSection title={t('shopInfo.section.details')}>
          <FormFields
            form={form}
            fields={[field('Details', { kind: 'textarea', maxLength: 2000, hideLabel: true })]}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /shop/shopInfo: the shop's name, pictures, contacts, address and map point, and its switches. */
function ShopInfoPage() {
  const record = useRecord(getShopInfo, { input: {} });
  return (
    <RecordView record={record}>
      {(info) => <ShopInfoForm key={info.Data.Version} data={info.Data} />}
    </RecordView>
  );
}

export default withModuleMessages(ShopInfoPage, shopInfoCatalogues);
