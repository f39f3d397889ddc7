import { Box, Button, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Controller, type FieldErrors, type Resolver, set, useFieldArray } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type DeliverySetting,
  getDeliverySetting,
  MAX_PICKUP_POINTS,
  setDeliverySetting,
} from '../../../contract/endpoints/orders';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import type { MessageRef } from '../../core/form-binding';
import { errorAt, type FieldSpec, FormField, FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { StoreOptions } from '../settings-and-offline/store-options';
import { useOrderStores } from '../settings-and-offline/use-order-stores';
import { checkDeliveryForm, DELIVERY_RENAMES, type DeliveryForm, deliveryFormValues } from './setting-form';

const POINT_FIELDS = ['Name', 'Address', 'Phone', 'Hours'] as const;

/** A yuan or coordinate typed as text, so a half-typed "12." is kept while editing. */
const decimal = (
  name: FieldSpec<DeliveryForm>['name'],
  label: string,
  width: string,
): FieldSpec<DeliveryForm> => ({
  name,
  kind: 'text',
  label,
  inputMode: 'decimal',
  width,
});

/** The form keeps what was typed; its check is the contract's schema plus the delivery rules. */
const deliveryResolver =
  (text: (message: MessageRef) => string): Resolver<DeliveryForm> =>
  async (values) => {
    const result = checkDeliveryForm(values);
    if (result.ok) return { values, errors: {} };
    const errors: FieldErrors<DeliveryForm> = {};
    for (const [path, message] of Object.entries(result.errors))
      set(errors, path, { type: 'validate', message: text(message) });
    return { values: {}, errors };
  };

function DeliveryFormView({ data }: { data: DeliverySetting & { Version: number } }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = useRouteTitle();
  const { form, submit } = useResourceForm({
    defaultValues: deliveryFormValues(data),
    save: setDeliverySetting,
    resolver: deliveryResolver((message) => t(message.id, message.values)),
    // Only a draft the resolver passed is sent, so the check here has already succeeded once.
    toInput: (draft: DeliveryForm) => {
      const checked = checkDeliveryForm(draft);
      return checked.ok ? { ...checked.value, Version: data.Version } : draft;
    },
    renames: DELIVERY_RENAMES,
    savedMessage: 'orders.settings.saved',
  });
  const points = useFieldArray({ control: form.control, name: 'Pickup.Points' });
  const stores = useOrderStores();
  const { errors, isDirty, isSubmitting } = form.formState;
  const error = (path: string) => errorAt(errors, path);

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

        <FormSection title={t('orders.delivery.express')}>
          <FormField
            form={form}
            spec={{ name: 'Express.Enabled', kind: 'checkbox', label: t('orders.delivery.expressEnabled') }}
          />
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="orders.delivery.expressHelp" />
          </Text>
        </FormSection>

        <FormSection title={t('orders.delivery.sameCity')}>
          <FormField
            form={form}
            spec={{ name: 'SameCity.Enabled', kind: 'checkbox', label: t('orders.delivery.sameCityEnabled') }}
          />
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields
              form={form}
              fields={[
                decimal('SameCity.Fee', t('orders.delivery.fee'), '40'),
                {
                  ...decimal('SameCity.MinOrder', t('orders.delivery.minOrder'), '48'),
                  help: t('orders.delivery.minOrderHelp'),
                },
                decimal('SameCity.RangeKm', t('orders.delivery.range'), '40'),
                decimal('SameCity.Latitude', t('orders.delivery.latitude'), '40'),
                decimal('SameCity.Longitude', t('orders.delivery.longitude'), '40'),
              ]}
            />
          </HStack>
        </FormSection>

        <FormSection title={t('orders.delivery.pickup')}>
          <FormField
            form={form}
            spec={{ name: 'Pickup.Enabled', kind: 'checkbox', label: t('orders.delivery.pickupEnabled') }}
          />
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
                          <FormField
                            form={form}
                            spec={{
                              name: `Pickup.Points.${index}.${field}`,
                              kind: 'text',
                              label: t(`orders.delivery.pointField`, {
                                field: t(`orders.delivery.point.${field}`),
                                number: index + 1,
                              }),
                              width: 'full',
                              hideLabel: true,
                            }}
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
    </form>
  );
}

/** /order/distributionSetting: express, same-city delivery and pickup at store. */
function DistributionSettingPage() {
  const record = useRecord(getDeliverySetting, { input: {} });
  return (
    <RecordView record={record}>
      {(setting) => <DeliveryFormView key={setting.Data.Version} data={setting.Data} />}
    </RecordView>
  );
}

export default withModuleMessages(DistributionSettingPage, orderCounterCatalogues);
