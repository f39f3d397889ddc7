import { Button, Checkbox, Fieldset, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { lookupEndpoints } from '../../../contract/endpoints/link-entities';
import {
  getServiceInfo,
  NAME_MAX,
  type ServiceRow,
  ServiceShopPermission,
  saveService,
} from '../../../contract/endpoints/service-shop';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt, FormFields, FormSection } from '../../core/form-field';
import { fenToYuanText } from '../../core/list-state';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { priceToFen, ratingToTenths, tenthsToRating } from './form-values';
import { serviceShopCatalogues } from './messages';

interface ServiceDraft {
  Name: string;
  PriceText: string;
  Minutes: number;
  Image: string;
  TechnicianIds: number[];
  BookingFormId: string;
  RatingText: string;
  Sort: number;
  SwitchedOn: boolean;
}

const NEW_SERVICE: ServiceDraft = {
  Name: '',
  PriceText: '',
  Minutes: 60,
  Image: '',
  TechnicianIds: [],
  BookingFormId: '',
  RatingText: '5.0',
  Sort: 0,
  SwitchedOn: true,
};

interface Choice {
  Id: number;
  Title: string;
}

function ServiceEditor({
  detail,
  people,
  forms,
}: {
  detail?: ServiceRow;
  people: Choice[];
  forms: Choice[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const { form, submit } = useResourceForm({
    defaultValues: detail
      ? {
          Name: detail.Name,
          PriceText: fenToYuanText(detail.PriceFen),
          Minutes: detail.Minutes,
          Image: detail.Image,
          TechnicianIds: detail.TechnicianIds,
          BookingFormId: detail.BookingFormId === null ? '' : String(detail.BookingFormId),
          RatingText: tenthsToRating(detail.Rating),
          Sort: detail.Sort,
          SwitchedOn: detail.Status === 'on',
        }
      : NEW_SERVICE,
    save: saveService,
    toInput: (draft: ServiceDraft) => ({
      ...(detail ? { Id: detail.Id, Version: detail.Version } : {}),
      Name: draft.Name,
      PriceFen: priceToFen(draft.PriceText),
      Minutes: Number(draft.Minutes),
      Image: draft.Image,
      TechnicianIds: draft.TechnicianIds,
      BookingFormId: draft.BookingFormId === '' ? null : Number(draft.BookingFormId),
      Rating: ratingToTenths(draft.RatingText),
      Sort: Number(draft.Sort),
      Status: draft.SwitchedOn ? 'on' : 'off',
    }),
    renames: { PriceFen: 'PriceText', Rating: 'RatingText', Status: 'SwitchedOn' },
    savedMessage: 'serviceShop.saved',
    afterSave: () => ({ to: ServiceShopPermission.services }),
  });
  const title = t(detail ? 'serviceForm.editTitle' : 'serviceForm.createTitle');
  const technicianError = errorAt(form.formState.errors, 'TechnicianIds');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading title={title}>
          <Button variant="outline" onClick={() => navigate(ServiceShopPermission.services)}>
            <FormattedMessage id="serviceShop.backToList" />
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            loadingText={t('engine.saving')}
          >
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>
        <FormSection title={t('serviceForm.section')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                {
                  name: 'Name',
                  kind: 'text',
                  label: t('serviceForm.name'),
                  required: true,
                  maxLength: NAME_MAX,
                },
                {
                  name: 'PriceText',
                  kind: 'text',
                  label: t('serviceForm.price'),
                  required: true,
                  inputMode: 'decimal',
                },
                { name: 'Minutes', kind: 'number', label: t('serviceForm.minutes'), required: true },
                {
                  name: 'BookingFormId',
                  kind: 'select',
                  label: t('serviceForm.bookingForm'),
                  options: [
                    { value: '', label: t('serviceShop.noBookingForm') },
                    ...forms.map((row) => ({ value: String(row.Id), label: row.Title })),
                  ],
                },
                {
                  name: 'RatingText',
                  kind: 'text',
                  label: t('serviceShopForm.rating'),
                  inputMode: 'decimal',
                },
                {
                  name: 'Sort',
                  kind: 'number',
                  label: t('serviceShopForm.sort'),
                  help: t('serviceShopForm.sortHelp'),
                },
              ]}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="TechnicianIds"
            render={({ field }) => (
              <Fieldset.Root invalid={Boolean(technicianError)}>
                <Fieldset.Legend>{t('serviceForm.technicians')}</Fieldset.Legend>
                {people.length === 0 ? (
                  <Text color="fg.muted">{t('serviceForm.noTechnicians')}</Text>
                ) : (
                  <HStack gap="4" wrap="wrap">
                    {people.map((person) => (
                      <Checkbox.Root
                        key={person.Id}
                        checked={field.value.includes(person.Id)}
                        onCheckedChange={(event) =>
                          field.onChange(
                            event.checked === true
                              ? [...field.value, person.Id]
                              : field.value.filter((id: number) => id !== person.Id),
                          )
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{person.Title}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </HStack>
                )}
                <Fieldset.ErrorText>{technicianError}</Fieldset.ErrorText>
              </Fieldset.Root>
            )}
          />
          <Controller
            control={form.control}
            name="Image"
            render={({ field }) => (
              <ImageField label={t('serviceForm.cover')} value={field.value} onChange={field.onChange} />
            )}
          />
          <FormFields
            form={form}
            fields={[{ name: 'SwitchedOn', kind: 'checkbox', label: t('serviceShopForm.switchedOn') }]}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /shop/serviceEdit: a service, new (no id) or existing (?id=). */
function ServiceEditPage() {
  const record = useRecord(getServiceInfo, { allowNew: true });
  // The choices are loaded before the form, so the saved ones are ticked from the start.
  const people = useQuery(endpointQuery(lookupEndpoints.technician, { page: 1, pageSize: 100 }));
  const forms = useQuery(endpointQuery(lookupEndpoints.bookingForm, { page: 1, pageSize: 100 }));
  if (!people.data || !forms.data) return <Skeleton height="64" margin="5" />;
  const lists = { people: people.data.Data, forms: forms.data.Data };
  return (
    <RecordView record={record} renderNew={() => <ServiceEditor key="new" {...lists} />}>
      {(detail) => <ServiceEditor key={`${detail.Id}-${detail.Version}`} detail={detail} {...lists} />}
    </RecordView>
  );
}

export default withModuleMessages(ServiceEditPage, serviceShopCatalogues);
