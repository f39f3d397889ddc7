import {
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  type Control,
  Controller,
  type FieldErrors,
  type Path,
  type Resolver,
  set,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type DeliverySetting,
  getDeliverySetting,
  MAX_PICKUP_POINTS,
  setDeliverySetting,
} from '../../../contract/endpoints/orders';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { useUnsavedGuard } from '../../core/use-unsaved-guard';
import { errorAt, FormSection, TextField } from '../settings-and-offline/form-fields';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { StoreOptions } from '../settings-and-offline/store-options';
import { useIssueText } from '../settings-and-offline/use-issue-text';
import { useOrderStores } from '../settings-and-offline/use-order-stores';
import { checkDeliveryForm, type DeliveryForm, deliveryFormPath, deliveryFormValues } from './setting-form';
import { SETTINGS_QUERY_ROOT, useSettingSave } from './use-setting-save';

const POINT_FIELDS = ['Name', 'Address', 'Phone', 'Hours'] as const;

function EnabledBox({
  control,
  name,
  label,
}: {
  control: Control<DeliveryForm, unknown, DeliverySetting>;
  name: Path<DeliveryForm>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value === true}
          onCheckedChange={(event) => field.onChange(event.checked === true)}
        >
          <Checkbox.HiddenInput onBlur={field.onBlur} ref={field.ref} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}

function DeliveryFormView({ data }: { data: DeliverySetting & { Version: number } }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const messages = useIssueText();
  const save = useSettingSave();
  // The form keeps what was typed; the resolver hands the submit the contract's setting.
  const resolver: Resolver<DeliveryForm, unknown, DeliverySetting> = async (values) => {
    const result = checkDeliveryForm(values);
    if (result.ok) return { values: result.value, errors: {} };
    const errors: FieldErrors<DeliveryForm> = {};
    for (const [path, message] of Object.entries(result.errors))
      set(errors, path, { type: 'validate', message: messages.text(message) });
    return { values: {}, errors };
  };
  const form = useForm<DeliveryForm, unknown, DeliverySetting>({
    defaultValues: deliveryFormValues(data),
    resolver,
  });
  const points = useFieldArray({ control: form.control, name: 'Pickup.Points' });
  const stores = useOrderStores();
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedGuard(isDirty && !isSubmitting);
  const error = (path: string) => errorAt(errors, path);

  const submit = form.handleSubmit(async (setting) => {
    const saved = await save(
      () => callEndpoint(setDeliverySetting, { ...setting, Version: data.Version }),
      (fieldErrors) => {
        for (const [path, message] of Object.entries(fieldErrors))
          form.setError(deliveryFormPath(path) as Path<DeliveryForm>, { message });
      },
    );
    if (saved) form.reset(form.getValues());
  });

  return (
    <Stack as="form" gap="4" padding="5" aria-label={t('orders.delivery.title')} onSubmit={submit}>
      <Flex justify="space-between" align="center">
        <Heading as="h1" size="lg">
          <FormattedMessage id="orders.delivery.title" />
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

      <FormSection title={t('orders.delivery.express')}>
        <EnabledBox
          control={form.control}
          name="Express.Enabled"
          label={t('orders.delivery.expressEnabled')}
        />
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="orders.delivery.expressHelp" />
        </Text>
        {error('Express.Enabled') && <Text color="fg.error">{error('Express.Enabled')}</Text>}
      </FormSection>

      <FormSection title={t('orders.delivery.sameCity')}>
        <EnabledBox
          control={form.control}
          name="SameCity.Enabled"
          label={t('orders.delivery.sameCityEnabled')}
        />
        <HStack gap="4" wrap="wrap" align="start">
          <TextField
            label={t('orders.delivery.fee')}
            inputMode="decimal"
            width="40"
            registration={form.register('SameCity.Fee')}
            error={error('SameCity.Fee')}
          />
          <TextField
            label={t('orders.delivery.minOrder')}
            help={t('orders.delivery.minOrderHelp')}
            inputMode="decimal"
            width="48"
            registration={form.register('SameCity.MinOrder')}
            error={error('SameCity.MinOrder')}
          />
          <TextField
            label={t('orders.delivery.range')}
            inputMode="decimal"
            width="40"
            registration={form.register('SameCity.RangeKm')}
            error={error('SameCity.RangeKm')}
          />
          <TextField
            label={t('orders.delivery.latitude')}
            inputMode="decimal"
            width="40"
            registration={form.register('SameCity.Latitude')}
            error={error('SameCity.Latitude')}
          />
          <TextField
            label={t('orders.delivery.longitude')}
            inputMode="decimal"
            width="40"
            registration={form.register('SameCity.Longitude')}
            error={error('SameCity.Longitude')}
          />
        </HStack>
      </FormSection>

      <FormSection title={t('orders.delivery.pickup')}>
        <EnabledBox control={form.control} name="Pickup.Enabled" label={t('orders.delivery.pickupEnabled')} />
        {points.fields.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label={t('orders.delivery.points')}>
              <Table.Header>
                <Table.Row>
                  {POINT_FIELDS.map((field) => (
                    <Table.ColumnHeader key={field}>
                      <FormattedMessage id={`orders.delivery.point.${field}`} />
                    </Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader>
                    <FormattedMessage id="orders.delivery.point.StoreId" />
                  </Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {points.fields.map((point, index) => (
                  <Table.Row key={point.id}>
                    {POINT_FIELDS.map((field) => (
                      <Table.Cell key={field} verticalAlign="top">
                        <TextField
                          label={t(`orders.delivery.pointField`, {
                            field: t(`orders.delivery.point.${field}`),
                            number: index + 1,
                          })}
                          width="full"
                          hideLabel
                          registration={form.register(`Pickup.Points.${index}.${field}`)}
                          error={error(`Pickup.Points.${index}.${field}`)}
                        />
                      </Table.Cell>
                    ))}
                    <Table.Cell verticalAlign="top">
                      <Controller
                        control={form.control}
                        name={`Pickup.Points.${index}.StoreId`}
                        render={({ field }) => (
                          <NativeSelect.Root size="sm" width="44">
                            <NativeSelect.Field
                              ref={field.ref}
                              aria-label={t('orders.delivery.pointField', {
                                field: t('orders.delivery.point.StoreId'),
                                number: index + 1,
                              })}
                              value={field.value === undefined ? '' : String(field.value)}
                              onBlur={field.onBlur}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.value === '' ? undefined : Number(event.target.value),
                                )
                              }
                            >
                              <StoreOptions stores={stores} noneLabel={t('orders.delivery.noStore')} />
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        )}
                      />
                      {error(`Pickup.Points.${index}.StoreId`) && (
                        <Text color="fg.error" fontSize="sm">
                          {error(`Pickup.Points.${index}.StoreId`)}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell verticalAlign="top">
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => points.remove(index)}
                      >
                        {t('orders.delivery.removePoint', { number: index + 1 })}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        {error('Pickup.Points') && <Text color="fg.error">{error('Pickup.Points')}</Text>}
        {points.fields.length < MAX_PICKUP_POINTS && (
          <Box>
            <Button
              size="sm"
              variant="outline"
              onClick={() => points.append({ Name: '', Address: '', Phone: '', Hours: '' })}
            >
              <FormattedMessage id="orders.delivery.addPoint" />
            </Button>
          </Box>
        )}
      </FormSection>
    </Stack>
  );
}

/** /order/distributionSetting: express, same-city delivery and pickup at store. */
function DistributionSettingPage() {
  const data = useQuery({
    queryKey: [SETTINGS_QUERY_ROOT, 'delivery'],
    queryFn: () => callEndpoint(getDeliverySetting, {}),
  });
  if (data.isPending)
    return (
      <Flex justify="center" padding="10">
        <Spinner />
      </Flex>
    );
  if (data.isError)
    return (
      <Text padding="5" color="fg.error">
        <FormattedMessage id="engine.loadFailed" />
      </Text>
    );
  return <DeliveryFormView key={data.data.Data.Version} data={data.data.Data} />;
}

export default withModuleMessages(DistributionSettingPage, orderCounterCatalogues);
