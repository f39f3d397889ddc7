import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { lookupEndpoints } from '../../../contract/endpoints/link-entities';
import {
  getStoreInfo,
  STORE_ADDRESS_MAX,
  STORE_CONTACT_MAX,
  STORE_LIST_PERMISSION,
  STORE_NAME_MAX,
  type StoreRow,
  saveStore,
} from '../../../contract/endpoints/stores';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { useSessionStore } from '../../../src/lib/session';
import { type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { AreaField } from './area-field';
import { storeCatalogues } from './messages';
import { StoreAccountsSection } from './store-accounts-section';
import { NEW_STORE, type StoreDraft, storeDraft, storeInput } from './store-form';
import { WeekdayField } from './weekday-field';

type Spec = FieldSpec<StoreDraft>;

function StoreEditor({ detail }: { detail?: StoreRow }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const isStore = useSessionStore((state) => state.isStore);
  const record = detail ? { Id: detail.Id, Version: detail.Version } : undefined;
  const { form, submit } = useResourceForm({
    defaultValues: detail ? storeDraft(detail) : NEW_STORE,
    save: saveStore,
    toInput: (draft: StoreDraft) => storeInput(draft, record),
    savedMessage: 'stores.form.saved',
    invalidates: [lookupEndpoints.store],
    afterSave: () => ({ to: STORE_LIST_PERMISSION }),
  });

  const basics: Spec[] = [
    { name: 'Name', kind: 'text', label: t('stores.form.name'), required: true, maxLength: STORE_NAME_MAX },
    { name: 'Contact', kind: 'text', label: t('stores.form.contact'), maxLength: STORE_CONTACT_MAX },
    {
      name: 'Phone',
      kind: 'text',
      label: t('stores.form.phone'),
      required: true,
      help: t('stores.form.phoneHelp'),
    },
    { name: 'Sort', kind: 'number', label: t('stores.form.sort'), help: t('stores.form.sortHelp') },
  ];
  const location: Spec[] = [
    {
      name: 'Address',
      kind: 'text',
      label: t('stores.form.address'),
      required: true,
      maxLength: STORE_ADDRESS_MAX,
    },
    {
      name: 'Lat',
      kind: 'text',
      label: t('stores.form.lat'),
      help: t('stores.form.latHelp'),
      inputMode: 'decimal',
    },
    {
      name: 'Lng',
      kind: 'text',
      label: t('stores.form.lng'),
      help: t('stores.form.lngHelp'),
      inputMode: 'decimal',
    },
  ];
  const business: Spec[] = [
    {
      name: 'OpenTime',
      kind: 'text',
      label: t('stores.form.openTime'),
      required: true,
      help: t('stores.form.timeHelp'),
    },
    {
      name: 'CloseTime',
      kind: 'text',
      label: t('stores.form.closeTime'),
      required: true,
      help: t('stores.form.closeHelp'),
    },
  ];

  const title = t(detail ? 'stores.form.editTitle' : 'stores.form.createTitle');
  return (
    <Stack gap="4" padding="5">
      <form aria-label={title} onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormHeading
            title={title}
            backTo={STORE_LIST_PERMISSION}
            backLabel={t('stores.form.backToList')}
            saving={form.formState.isSubmitting}
          />

          <FormSection title={t('stores.form.basics')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields form={form} fields={basics} />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="Logo"
              render={({ field }) => (
                <ImageField
                  label={t('stores.form.logo')}
                  value={field.value}
                  onChange={(url) => field.onChange(url)}
                />
              )}
            />
          </FormSection>

          <FormSection title={t('stores.form.location')}>
            <AreaField form={form} />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormFields form={form} fields={location} />
            </SimpleGrid>
          </FormSection>

          <FormSection title={t('stores.form.business')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields form={form} fields={business} />
            </SimpleGrid>
            <WeekdayField form={form} />
            <FormFields
              form={form}
              fields={[{ name: 'Pickup', kind: 'checkbox', label: t('stores.form.pickup') }]}
            />
          </FormSection>
        </Stack>
      </form>
      {detail && !isStore && <StoreAccountsSection storeId={detail.Id} storeName={detail.Name} />}
    </Stack>
  );
}

/** /shop/moreShopEdit: a new store (no id) or an existing one (?id=), with its store accounts. */
function StoreFormPage() {
  const isStore = useSessionStore((state) => state.isStore);
  // Store accounts cannot add stores, so without an id they get the "open one from its list" notice.
  const record = useRecord(getStoreInfo, { allowNew: !isStore });
  return (
    <RecordView record={record} renderNew={() => <StoreEditor key="new" />}>
      {(detail) => <StoreEditor key={`${detail.Id}-${detail.Version}`} detail={detail} />}
    </RecordView>
  );
}

export default withModuleMessages(StoreFormPage, storeCatalogues);
