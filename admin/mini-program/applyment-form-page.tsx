import { Alert, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type ApplymentDetail,
  BANK_ACCOUNT_TYPES,
  getApplymentInfo,
  MINI_PROGRAM_PICS_MAX,
  SALES_SCENES,
  SUBJECT_TYPES,
  saveApplyment,
} from '../../contract/endpoints/pay-applyment';
import { PAY_APPLYMENT_LIST_PERMISSION } from '../../contract/machines/pay-applyment';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { ImageField } from '../../src/lib/image-library/image-field';
import { AreaPicker } from '../core/area-picker';
import { AuthoriseFirstNotice } from '../core/authorise-first-notice';
import { errorAt, type FieldSpec, FormFields, FormSection } from '../core/form-field';
import { FormHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';
import { miniProgramCatalogues } from './messages';

const TEXT_FIELDS = [
  'MerchantName',
  'LicenseNumber',
  'LegalPerson',
  'IdCardName',
  'IdCardNumber',
  'IdCardValidFrom',
  'IdCardValidTo',
  'AccountBank',
  'AccountName',
  'BankAddressCode',
  'AccountNumber',
  'ContactName',
  'ContactMobile',
  'ContactEmail',
  'MerchantShortname',
  'ServicePhone',
  'StoreName',
  'StoreProvinceCode',
  'StoreCityCode',
  'StoreDistrictCode',
  'StoreStreet',
] as const;
const IMAGE_FIELDS = ['LicenseCopy', 'IdCardCopy', 'IdCardNational'] as const;
const STORE_IMAGE_FIELDS = ['StoreEntrancePic', 'StoreIndoorPic'] as const;
const ALL_FIELDS = [...TEXT_FIELDS, ...IMAGE_FIELDS, ...STORE_IMAGE_FIELDS] as const;
const STORE_AREA = {
  ProvinceCode: 'StoreProvinceCode',
  CityCode: 'StoreCityCode',
  DistrictCode: 'StoreDistrictCode',
} as const;
/** Kept sealed on the server: a blank field on an edit keeps the stored number. */
const SECRET_FIELDS = ['IdCardNumber', 'AccountNumber', 'ContactMobile'] as const;

type Draft = Record<(typeof ALL_FIELDS)[number], string> & {
  SubjectType: (typeof SUBJECT_TYPES)[number];
  BankAccountType: (typeof BANK_ACCOUNT_TYPES)[number];
  SalesScenes: (typeof SALES_SCENES)[number];
  MiniProgramPics: string[];
};

function draftOf(row?: ApplymentDetail): Draft {
  const blank = Object.fromEntries(ALL_FIELDS.map((name) => [name, ''])) as unknown as Draft;
  if (!row)
    return {
      ...blank,
      SubjectType: 'SUBJECT_TYPE_ENTERPRISE',
      BankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
      SalesScenes: 'miniProgram',
      MiniProgramPics: [],
    };
  const draft = {
    ...blank,
    SubjectType: row.SubjectType,
    BankAccountType: row.BankAccountType,
    SalesScenes: row.SalesScenes,
    MiniProgramPics: row.MiniProgramPics,
  };
  for (const name of ALL_FIELDS) {
    if ((SECRET_FIELDS as readonly string[]).includes(name)) continue;
    draft[name] = String((row as unknown as Record<string, unknown>)[name] ?? '');
  }
  return draft;
}

function ApplymentEditor({ row }: { row?: ApplymentDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: draftOf(row),
    save: saveApplyment,
    toInput: (draft: Draft) => {
      const input: Record<string, unknown> = { ...draft };
      for (const name of SECRET_FIELDS) if (draft[name] === '') delete input[name];
      if (row) Object.assign(input, { Id: row.Id, Version: row.Version });
      return input;
    },
    savedMessage: 'applyment.saved',
    afterSave: () => ({ to: PAY_APPLYMENT_LIST_PERMISSION }),
  });
  const field = (
    name: (typeof TEXT_FIELDS)[number],
    extra: Partial<FieldSpec<Draft>> = {},
  ): FieldSpec<Draft> => ({
    name,
    kind: 'text',
    label: t(`applyment.field.${name}`),
    ...extra,
  });
  const masked = (name: (typeof SECRET_FIELDS)[number], maskValue: string | undefined) =>
    field(name, {
      kind: 'password',
      help: maskValue
        ? intl.formatMessage({ id: 'applyment.keepSecret' }, { mask: maskValue })
        : t('applyment.sealedHelp'),
    });
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const title = t(row ? 'applyment.editTitle' : 'applyment.newTitle');
  const [salesScenes, pics, ...storeArea] = useWatch({
    control: form.control,
    name: ['SalesScenes', 'MiniProgramPics', 'StoreProvinceCode', 'StoreCityCode', 'StoreDistrictCode'],
  });
  // The screenshots chosen, and one empty slot to add another while fewer than the most allowed.
  const picSlots = pics.length < MINI_PROGRAM_PICS_MAX ? [...pics, ''] : pics;
  const setPic = (index: number, url: string) => {
    const next = [...pics];
    if (url && !pics.includes(url)) next[index] = url;
    else if (!url) next.splice(index, 1);
    form.setValue('MiniProgramPics', next, { shouldDirty: true });
  };
  const hasStore = salesScenes === 'miniProgramAndStore';
  const imageField = (name: (typeof IMAGE_FIELDS)[number] | (typeof STORE_IMAGE_FIELDS)[number]) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field: image }) => (
        <ImageField
          label={t(`applyment.field.${name}`)}
          value={image.value}
          onChange={(url) => form.setValue(name, url, { shouldDirty: true })}
        />
      )}
    />
  );
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={PAY_APPLYMENT_LIST_PERMISSION}
          backLabel={t('applyment.backToList')}
          saving={form.formState.isSubmitting}
        />
        {row?.Status === 'rejected' && row.Reason && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="applyment.rejectedBecause" values={{ reason: row.Reason }} />
            </Alert.Title>
          </Alert.Root>
        )}
        <FormSection title={t('applyment.section.subject')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                {
                  name: 'SubjectType',
                  kind: 'select',
                  label: t('applyment.field.SubjectType'),
                  options: options(SUBJECT_TYPES, 'applyment.subject'),
                },
                field('MerchantName', { maxLength: 128 }),
                field('LicenseNumber', { maxLength: 18 }),
                field('LegalPerson', { maxLength: 64 }),
              ]}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('applyment.section.identity')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                field('IdCardName', { maxLength: 64 }),
                masked('IdCardNumber', row?.IdCardNumberMask),
                field('IdCardValidFrom', { kind: 'date' }),
                field('IdCardValidTo', { help: t('applyment.validToHelp'), maxLength: 10 }),
              ]}
            />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {IMAGE_FIELDS.map(imageField)}
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('applyment.section.account')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                {
                  name: 'BankAccountType',
                  kind: 'select',
                  label: t('applyment.field.BankAccountType'),
                  options: options(BANK_ACCOUNT_TYPES, 'applyment.bankAccount'),
                },
                field('AccountBank', { maxLength: 64 }),
                field('AccountName', { maxLength: 128 }),
                field('BankAddressCode', { help: t('applyment.bankAddressHelp'), maxLength: 6 }),
                masked('AccountNumber', row?.AccountNumberMask),
              ]}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('applyment.section.contact')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields
              form={form}
              fields={[
                field('ContactName', { maxLength: 64 }),
                masked('ContactMobile', row?.ContactMobileMask),
                field('ContactEmail', { maxLength: 128 }),
                field('MerchantShortname', { maxLength: 64 }),
                field('ServicePhone', { maxLength: 20 }),
              ]}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('applyment.section.store')}>
          <FormFields
            form={form}
            fields={[
              {
                name: 'SalesScenes',
                kind: 'select',
                label: t('applyment.field.SalesScenes'),
                options: options(SALES_SCENES, 'applyment.salesScenes'),
              },
            ]}
          />
          {row &&
            (row.MiniProgramAppId ? (
              <Text>
                <FormattedMessage id="applyment.miniProgramAppId" values={{ appId: row.MiniProgramAppId }} />
              </Text>
            ) : (
              <AuthoriseFirstNotice />
            ))}
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="applyment.miniProgramPicsHelp" values={{ max: MINI_PROGRAM_PICS_MAX }} />
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {picSlots.map((url, index) => (
              <ImageField
                // A screenshot is chosen once (setPic keeps them distinct): its address names its slot.
                key={url || 'next'}
                label={intl.formatMessage({ id: 'applyment.field.MiniProgramPic' }, { number: index + 1 })}
                value={url}
                onChange={(next) => setPic(index, next)}
              />
            ))}
          </SimpleGrid>
          {hasStore && (
            <>
              <FormFields form={form} fields={[field('StoreName', { maxLength: 128, required: true })]} />
              <AreaPicker
                value={{ ProvinceCode: storeArea[0], CityCode: storeArea[1], DistrictCode: storeArea[2] }}
                required
                labels={{
                  ProvinceCode: t('applyment.field.StoreProvinceCode'),
                  CityCode: t('applyment.field.StoreCityCode'),
                  DistrictCode: t('applyment.field.StoreDistrictCode'),
                  choose: t('applyment.chooseArea'),
                }}
                errors={{
                  ProvinceCode: errorAt(form.formState.errors, 'StoreProvinceCode'),
                  CityCode: errorAt(form.formState.errors, 'StoreCityCode'),
                  DistrictCode: errorAt(form.formState.errors, 'StoreDistrictCode'),
                }}
                onChange={(codes) => {
                  for (const [level, name] of Object.entries(STORE_AREA))
                    form.setValue(name, codes[level as keyof typeof STORE_AREA], { shouldDirty: true });
                  form.clearErrors(Object.values(STORE_AREA));
                }}
              />
              <FormFields form={form} fields={[field('StoreStreet', { maxLength: 256, required: true })]} />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {STORE_IMAGE_FIELDS.map(imageField)}
              </SimpleGrid>
            </>
          )}
        </FormSection>
      </Stack>
    </form>
  );
}

/** /smallRoutine/payApplyment: an applyment, new (no id) or a draft or rejected one (?id=). */
function ApplymentFormPage() {
  const record = useRecord(getApplymentInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <ApplymentEditor key="new" />}>
      {(row) => <ApplymentEditor key={`${row.Id}-${row.Version}`} row={row} />}
    </RecordView>
  );
}

export default withModuleMessages(ApplymentFormPage, miniProgramCatalogues);
