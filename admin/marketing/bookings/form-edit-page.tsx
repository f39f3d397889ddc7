import { Box, Button, Checkbox, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  BOOKING_PRICES,
  BOOKING_SUMMARY_MAX,
  BOOKING_TITLE_MAX,
  CAPACITY_MODES,
  MAX_SLOTS,
} from '../../../contract/booking';
import {
  type BookingFormDetail,
  bindBookingForm,
  getBookingFormChoices,
  getBookingFormInfo,
} from '../../../contract/endpoints/booking-forms';
import { BookingPermission } from '../../../contract/machines/booking';
import { FIELD_TYPES, LABEL_MAX, MAX_FIELDS } from '../../../contract/smart-form';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt, type FieldSpec, FormField, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { type BookingFormDraft, bookingFormDraft, bookingFormInput, newField } from './form-draft';
import { bookingCatalogues } from './messages';

type Form = UseFormReturn<BookingFormDraft>;

/** What the buyer fills in: each field's label, type and whether it must be answered. */
function FieldsSection({ form }: { form: Form }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fields = useFieldArray({ control: form.control, name: 'Fields.fields', keyName: 'key' });
  const current = useWatch({ control: form.control, name: 'Fields.fields' });
  const types = FIELD_TYPES.map((type) => ({ value: type, label: t(`bookingForm.fieldType.${type}`) }));
  return (
    <FormSection title={t('bookingForm.fieldsSection')}>
      {fields.fields.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="bookingForm.noFields" />
        </Text>
      )}
      {fields.fields.map((item, index) => {
        const n = index + 1;
        const specs: FieldSpec<BookingFormDraft>[] = [
          {
            name: `Fields.fields.${index}.label`,
            kind: 'text',
            label: t('bookingForm.field.label', { n }),
            required: true,
            maxLength: LABEL_MAX,
          },
          {
            name: `Fields.fields.${index}.type`,
            kind: 'select',
            label: t('bookingForm.field.type', { n }),
            options: types,
          },
          {
            name: `Fields.fields.${index}.required`,
            kind: 'checkbox',
            label: t('bookingForm.field.required', { n }),
          },
        ];
        const rowError = errorAt(form.formState.errors, `Fields.fields.${index}`);
        return (
          <Stack key={item.key} gap="1">
            <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
              <FormFields form={form} fields={specs} />
              <Button size="sm" variant="outline" justifySelf="start" onClick={() => fields.remove(index)}>
                <FormattedMessage id="bookingForm.field.remove" values={{ n }} />
              </Button>
            </SimpleGrid>
            {typeof rowError === 'string' && (
              <Text color="red.700" fontSize="sm">
                {rowError}
              </Text>
            )}
          </Stack>
        );
      })}
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={fields.fields.length >= MAX_FIELDS}
          onClick={() => fields.append(newField('text', current ?? []))}
        >
          <FormattedMessage id="bookingForm.field.add" />
        </Button>
      </Box>
    </FormSection>
  );
}

/** Slots of a day with their seats, or the day's seats shared by every slot. */
function SlotsSection({ form }: { form: Form }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const slots = useFieldArray({ control: form.control, name: 'Slots' });
  const mode = useWatch({ control: form.control, name: 'CapacityMode' });
  const head: FieldSpec<BookingFormDraft>[] = [
    {
      name: 'CapacityMode',
      kind: 'select',
      label: t('bookingForm.field.CapacityMode'),
      options: CAPACITY_MODES.map((value) => ({ value, label: t(`bookingForm.capacityMode.${value}`) })),
    },
    {
      name: 'DayCapacity',
      kind: 'number',
      label: t('bookingForm.field.DayCapacity'),
      required: true,
      visibleWhen: (values) => values.CapacityMode === 'perDay',
    },
    { name: 'DaysAhead', kind: 'number', label: t('bookingForm.field.DaysAhead'), required: true },
  ];
  return (
    <FormSection title={t('bookingForm.slotsSection')}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormFields form={form} fields={head} />
      </SimpleGrid>
      {slots.fields.map((item, index) => {
        const n = index + 1;
        const specs: FieldSpec<BookingFormDraft>[] = [
          {
            name: `Slots.${index}.Start`,
            kind: 'text',
            label: t('bookingForm.slot.Start', { n }),
            required: true,
          },
          {
            name: `Slots.${index}.End`,
            kind: 'text',
            label: t('bookingForm.slot.End', { n }),
            required: true,
          },
        ];
        return (
          <SimpleGrid key={item.id} columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
            <FormFields form={form} fields={specs} />
            {mode === 'perSlot' && (
              <FormField
                form={form}
                spec={{
                  name: `Slots.${index}.Capacity`,
                  kind: 'number',
                  label: t('bookingForm.slot.Capacity', { n }),
                  required: true,
                }}
              />
            )}
            <IconButton
              size="sm"
              justifySelf="start"
              variant="outline"
              aria-label={t('bookingForm.slot.remove', { n })}
              disabled={slots.fields.length <= 1}
              onClick={() => slots.remove(index)}
            >
              ×
            </IconButton>
          </SimpleGrid>
        );
      })}
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={slots.fields.length >= MAX_SLOTS}
          onClick={() => slots.append({ Start: '', End: '', Capacity: 10 })}
        >
          <FormattedMessage id="bookingForm.slot.add" />
        </Button>
      </Box>
    </FormSection>
  );
}

/** The stores where it may be booked, as a group of checkboxes. */
function StoresField({ form, stores }: { form: Form; stores: readonly { Id: number; Title: string }[] }) {
  const intl = useIntl();
  const error = errorAt(form.formState.errors, 'StoreIds');
  return (
    <Controller
      control={form.control}
      name="StoreIds"
      render={({ field }) => (
        <Box as="fieldset">
          <Box as="legend" fontWeight="medium" fontSize="sm" marginBottom="2">
            {intl.formatMessage({ id: 'bookingForm.field.StoreIds' })}
          </Box>
          {stores.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              <FormattedMessage id="bookingForm.noStores" />
            </Text>
          ) : (
            <Stack gap="1">
              {stores.map((store) => (
                <Checkbox.Root
                  key={store.Id}
                  size="sm"
                  checked={field.value.includes(store.Id)}
                  onCheckedChange={(event) =>
                    field.onChange(
                      event.checked === true
                        ? [...field.value, store.Id]
                        : field.value.filter((id) => id !== store.Id),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{store.Title}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
          {error && (
            <Text color="red.700" fontSize="sm" marginTop="1">
              {error}
            </Text>
          )}
        </Box>
      )}
    />
  );
}

function BookingFormEditor({ detail }: { detail?: BookingFormDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const choices = useQuery(endpointQuery(getBookingFormChoices, {}));
  const { form, submit } = useResourceForm({
    defaultValues: bookingFormDraft(detail ?? null),
    save: bindBookingForm,
    toInput: (draft: BookingFormDraft) => bookingFormInput(draft, detail),
    savedMessage: detail ? 'bookingForm.saved' : 'bookingForm.added',
    afterSave: () => ({ to: BookingPermission.forms }),
  });
  const none = { value: '', label: t('bookingForm.none') };
  const basics: FieldSpec<BookingFormDraft>[] = [
    {
      name: 'Title',
      kind: 'text',
      label: t('bookingForm.field.Title'),
      required: true,
      maxLength: BOOKING_TITLE_MAX,
    },
    {
      name: 'CategoryId',
      kind: 'select',
      label: t('bookingForm.field.CategoryId'),
      options: [
        none,
        ...(choices.data?.Categories ?? []).map((category) => ({
          value: String(category.Id),
          label: category.Name,
        })),
      ],
    },
    {
      name: 'Summary',
      kind: 'textarea',
      label: t('bookingForm.field.Summary'),
      maxLength: BOOKING_SUMMARY_MAX,
    },
  ];
  const window: FieldSpec<BookingFormDraft>[] = [
    { name: 'StartsAt', kind: 'datetime-local', label: t('bookingForm.field.StartsAt'), required: true },
    { name: 'EndsAt', kind: 'datetime-local', label: t('bookingForm.field.EndsAt'), required: true },
    { name: 'Sort', kind: 'number', label: t('bookingForm.field.Sort') },
    {
      name: 'Status',
      kind: 'select',
      label: t('bookingForm.field.Status'),
      options: ['on', 'off'].map((value) => ({ value, label: t(`bookingForm.status.${value}`) })),
    },
  ];
  const price: FieldSpec<BookingFormDraft>[] = [
    {
      name: 'Price',
      kind: 'select',
      label: t('bookingForm.field.Price'),
      options: BOOKING_PRICES.map((value) => ({ value, label: t(`bookingForm.price.${value}`) })),
    },
    {
      name: 'DepositSkuId',
      kind: 'select',
      label: t('bookingForm.field.DepositSkuId'),
      required: true,
      visibleWhen: (values) => values.Price === 'deposit',
      options: [
        none,
        ...(choices.data?.DepositSkus ?? []).map((sku) => ({
          value: String(sku.SkuId),
          label: intl.formatMessage(
            { id: 'bookingForm.depositOption' },
            { name: sku.Name, amount: fenToYuan(sku.PriceFen) },
          ),
        })),
      ],
    },
  ];
  const title = t(detail ? 'bookingForm.editTitle' : 'bookingForm.createTitle');
  return (
    <Stack gap="5" padding="5">
      <form aria-label={title} onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormHeading
            title={title}
            backTo={BookingPermission.forms}
            backLabel={t('bookingForm.backToList')}
            saving={form.formState.isSubmitting}
          />
          <FormSection title={t('bookingForm.basicsSection')}>
            <FormFields form={form} fields={basics} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields form={form} fields={window} />
            </SimpleGrid>
          </FormSection>
          <FieldsSection form={form} />
          <SlotsSection form={form} />
          <FormSection title={t('bookingForm.priceSection')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields form={form} fields={price} />
            </SimpleGrid>
            <StoresField form={form} stores={choices.data?.Stores ?? []} />
          </FormSection>
        </Stack>
      </form>
    </Stack>
  );
}

/** /marketing/bespeakForm/editBespeak: a booking form, new (no id) or existing (?id=). */
function BookingFormEditPage() {
  const record = useRecord(getBookingFormInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <BookingFormEditor key="new" />}>
      {(detail) => <BookingFormEditor key={`${detail.Id}-${detail.Version}`} detail={detail} />}
    </RecordView>
  );
}

export default withModuleMessages(BookingFormEditPage, bookingCatalogues);
