import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  getParameterSetting,
  MAX_POINTS_PER_YUAN,
  type ParameterSetting,
  POINTS_GRANTS,
  STOCK_DEDUCTIONS,
  setParameterSetting,
} from '../../../contract/endpoints/orders';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { parameterFormValues } from './setting-form';
import { StorefrontKeys } from './storefront-keys';

type Spec = FieldSpec<ParameterSetting>;

const CLOSE_MINUTES = ['Normal', 'Seckill', 'GroupBuy', 'Bargain'] as const;
const DAYS = ['AutoConfirmDays', 'AfterSaleDays', 'AutoGoodReviewDays'] as const;

function ParameterForm({ data }: { data: ParameterSetting & { Version: number } }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = useRouteTitle();
  const { form, submit } = useResourceForm({
    defaultValues: parameterFormValues(data),
    save: setParameterSetting,
    toInput: (values: ParameterSetting) => ({ ...values, Version: data.Version }),
    savedMessage: 'orders.settings.saved',
  });
  const { isDirty, isSubmitting } = form.formState;
  const choices = (field: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`orders.parameter.${field}.${value}`) }));

  const minutes: Spec[] = CLOSE_MINUTES.map((type) => ({
    name: `UnpaidCloseMinutes.${type}`,
    kind: 'number',
    width: '48',
    label: t(`orders.parameter.minutes.${type}`),
    help: t('orders.parameter.minutesHelp'),
  }));
  const days: Spec[] = DAYS.map((field) => ({
    name: field,
    kind: 'number',
    width: '56',
    label: t(`orders.parameter.${field}`),
    help: t(`orders.parameter.${field}Help`),
  }));
  const stockAndPoints: Spec[] = [
    {
      name: 'StockDeduction',
      kind: 'select',
      width: '64',
      label: t('orders.parameter.StockDeduction'),
      options: choices('StockDeduction', STOCK_DEDUCTIONS),
    },
    {
      name: 'PointsGrant',
      kind: 'select',
      width: '64',
      label: t('orders.parameter.PointsGrant'),
      options: choices('PointsGrant', POINTS_GRANTS),
    },
    {
      name: 'PointsPerYuan',
      kind: 'number',
      width: '56',
      label: t('orders.parameter.PointsPerYuan'),
      help: t('orders.parameter.PointsPerYuanHelp', { max: MAX_POINTS_PER_YUAN }),
    },
  ];

  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading>
          <Button variant="outline" disabled={!isDirty} onClick={() => form.reset()}>
            <FormattedMessage id="orders.settings.discard" />
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={t('engine.saving')}>
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>

        <FormSection title={t('orders.parameter.unpaidClose')}>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="orders.parameter.unpaidCloseHelp" />
          </Text>
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields form={form} fields={minutes} />
          </HStack>
        </FormSection>

        <FormSection title={t('orders.parameter.afterSale')}>
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields form={form} fields={days} />
          </HStack>
        </FormSection>

        <FormSection title={t('orders.parameter.stockAndPoints')}>
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields form={form} fields={stockAndPoints} />
          </HStack>
          <FormFields
            form={form}
            fields={[
              { name: 'InvoiceEnabled', kind: 'checkbox', label: t('orders.parameter.InvoiceEnabled') },
            ]}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /order/parameterSetting: closing, confirmation and after-sale times, stock and points rules, storefront keys. */
function ParameterSettingPage() {
  const record = useRecord(getParameterSetting, { input: {} });
  return (
    <Stack gap="0">
      <RecordView record={record}>
        {(setting) => <ParameterForm key={setting.Data.Version} data={setting.Data} />}
      </RecordView>
      <StorefrontKeys />
    </Stack>
  );
}

export default withModuleMessages(ParameterSettingPage, orderCounterCatalogues);
