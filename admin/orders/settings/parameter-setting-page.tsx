import {
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  getParameterSetting,
  MAX_POINTS_PER_YUAN,
  type ParameterSetting,
  POINTS_GRANTS,
  parameterSettingSchema,
  STOCK_DEDUCTIONS,
  setParameterSetting,
} from '../../../contract/endpoints/orders';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import type { IssueLike } from '../../core/form-binding';
import { useUnsavedGuard } from '../../core/use-unsaved-guard';
import { errorAt, FormSection, TextField } from '../settings-and-offline/form-fields';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { useIssueText } from '../settings-and-offline/use-issue-text';
import { parameterFormValues } from './setting-form';
import { StorefrontKeys } from './storefront-keys';
import { SETTINGS_QUERY_ROOT, useSettingSave } from './use-setting-save';

const CLOSE_MINUTES = ['Normal', 'Seckill', 'GroupBuy', 'Bargain'] as const;
const DAYS = ['AutoConfirmDays', 'AfterSaleDays', 'AutoGoodReviewDays'] as const;

function ParameterForm({ data }: { data: ParameterSetting & { Version: number } }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const messages = useIssueText();
  const save = useSettingSave();
  const form = useForm<ParameterSetting>({
    defaultValues: parameterFormValues(data),
    resolver: zodResolver(parameterSettingSchema, {
      error: (issue) => messages.issue(issue as unknown as IssueLike),
    }),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedGuard(isDirty && !isSubmitting);
  const number = (path: Path<ParameterSetting>) => form.register(path, { valueAsNumber: true });

  const submit = form.handleSubmit(async (values) => {
    const saved = await save(
      () => callEndpoint(setParameterSetting, { ...values, Version: data.Version }),
      (fieldErrors) => {
        for (const [path, message] of Object.entries(fieldErrors))
          form.setError(path as Path<ParameterSetting>, { message });
      },
    );
    // The reloaded settings remount the form; until then it must not count as unsaved.
    if (saved) form.reset(values);
  });

  return (
    <Stack as="form" gap="4" padding="5" aria-label={t('orders.parameter.title')} onSubmit={submit}>
      <Flex justify="space-between" align="center">
        <Heading as="h1" size="lg">
          <FormattedMessage id="orders.parameter.title" />
        </Heading>
        <HStack>
          <Button variant="outline" disabled={!isDirty} onClick={() => form.reset()}>
            <FormattedMessage id="orders.settings.discard" />
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={t('engine.saving')}>
            <FormattedMessage id="engine.save" />
          </Button>
        </HStack>
      </Flex>

      <FormSection title={t('orders.parameter.unpaidClose')}>
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="orders.parameter.unpaidCloseHelp" />
        </Text>
        <HStack gap="4" wrap="wrap" align="start">
          {CLOSE_MINUTES.map((type) => (
            <TextField
              key={type}
              type="number"
              width="48"
              label={t(`orders.parameter.minutes.${type}`)}
              help={t('orders.parameter.minutesHelp')}
              registration={number(`UnpaidCloseMinutes.${type}`)}
              error={errorAt(errors, `UnpaidCloseMinutes.${type}`)}
            />
          ))}
        </HStack>
      </FormSection>

      <FormSection title={t('orders.parameter.afterSale')}>
        <HStack gap="4" wrap="wrap" align="start">
          {DAYS.map((field) => (
            <TextField
              key={field}
              type="number"
              width="56"
              label={t(`orders.parameter.${field}`)}
              help={t(`orders.parameter.${field}Help`)}
              registration={number(field)}
              error={errorAt(errors, field)}
            />
          ))}
        </HStack>
      </FormSection>

      <FormSection title={t('orders.parameter.stockAndPoints')}>
        <HStack gap="4" wrap="wrap" align="start">
          <Field.Root width="64" invalid={Boolean(errors.StockDeduction)}>
            <Field.Label>
              <FormattedMessage id="orders.parameter.StockDeduction" />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('StockDeduction')}>
                {STOCK_DEDUCTIONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`orders.parameter.StockDeduction.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.StockDeduction?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root width="64" invalid={Boolean(errors.PointsGrant)}>
            <Field.Label>
              <FormattedMessage id="orders.parameter.PointsGrant" />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('PointsGrant')}>
                {POINTS_GRANTS.map((value) => (
                  <option key={value} value={value}>
                    {t(`orders.parameter.PointsGrant.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.PointsGrant?.message}</Field.ErrorText>
          </Field.Root>
          <TextField
            type="number"
            width="56"
            label={t('orders.parameter.PointsPerYuan')}
            help={t('orders.parameter.PointsPerYuanHelp', { max: MAX_POINTS_PER_YUAN })}
            registration={number('PointsPerYuan')}
            error={errorAt(errors, 'PointsPerYuan')}
          />
        </HStack>
        <Controller
          control={form.control}
          name="InvoiceEnabled"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(event) => field.onChange(event.checked === true)}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} ref={field.ref} />
              <Checkbox.Control />
              <Checkbox.Label>
                <FormattedMessage id="orders.parameter.InvoiceEnabled" />
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </FormSection>
    </Stack>
  );
}

/** /order/parameterSetting: closing, confirmation and after-sale times, stock and points rules, storefront keys. */
function ParameterSettingPage() {
  const data = useQuery({
    queryKey: [SETTINGS_QUERY_ROOT, 'parameter'],
    queryFn: () => callEndpoint(getParameterSetting, {}),
  });
  return (
    <Stack gap="0">
      {data.isPending && (
        <Flex justify="center" padding="10">
          <Spinner />
        </Flex>
      )}
      {data.isError && (
        <Text padding="5" color="fg.error">
          <FormattedMessage id="engine.loadFailed" />
        </Text>
      )}
      {data.data && <ParameterForm key={data.data.Data.Version} data={data.data.Data} />}
      <StorefrontKeys />
    </Stack>
  );
}

export default withModuleMessages(ParameterSettingPage, orderCounterCatalogues);
