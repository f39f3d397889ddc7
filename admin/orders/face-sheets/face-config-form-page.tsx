import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import {
  type faceConfigDetailSchema,
  getFaceConfigInfo,
  PAPER_SIZES,
  saveFaceConfig,
  WAYBILL_CARRIERS,
  WAYBILL_PROVIDERS,
} from '../../../contract/endpoints/orders';
import { OrderPermission } from '../../../contract/machines/order';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import {
  type FaceConfigValues,
  faceConfigInput,
  faceConfigValues,
  NEW_FACE_CONFIG,
} from './face-config-form';
import { issueMessage } from './form-issues';
import { faceSheetCatalogues } from './messages';

type FaceConfigDetail = z.infer<typeof faceConfigDetailSchema>;
type Spec = FieldSpec<FaceConfigValues>;

const SENDER_FIELDS = ['Name', 'Phone', 'Province', 'City', 'District', 'Detail'] as const;
const SENDER_REQUIRED = new Set<string>(['Name', 'Phone', 'Province', 'City', 'Detail']);
const KUAIDI100_FIELDS = ['Key', 'PartnerId', 'PartnerName', 'Net', 'Code', 'TempId', 'ExpType'] as const;
const SECRET_FLAGS = {
  Secret: 'HasSecret',
  PartnerKey: 'HasPartnerKey',
  PartnerSecret: 'HasPartnerSecret',
} as const;
const withProvider = (values: FaceConfigValues) => values.Provider !== 'none';

function FaceConfigEditor({ detail }: { detail?: FaceConfigDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const carriers = useEnumLabels('carrier');
  const record = detail ? { Id: detail.Id, Version: detail.Version } : undefined;
  const { form, submit } = useResourceForm({
    defaultValues: detail ? faceConfigValues(detail) : NEW_FACE_CONFIG,
    save: saveFaceConfig,
    // The schema checks what will be sent: no provider account without a provider, kept secrets left out.
    toInput: (values: FaceConfigValues) => faceConfigInput(values, record),
    issueMessage,
    savedMessage: 'face.form.saved',
    afterSave: (saved) =>
      detail
        ? { to: OrderPermission.faceConfig }
        : { to: `${OrderPermission.editFaceConfig}?id=${saved.Id}`, replace: true },
  });
  const provider = form.watch('Provider');
  const choices = (path: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`face.${path}.${value}`) }));

  const account: Spec[] = [
    { name: 'Name', kind: 'text', label: t('face.form.name'), required: true },
    {
      name: 'Carrier',
      kind: 'select',
      label: t('face.form.carrier'),
      options: WAYBILL_CARRIERS.map((value) => ({ value, label: carriers.label(value) })),
    },
    { name: 'Paper', kind: 'select', label: t('face.form.paper'), options: choices('paper', PAPER_SIZES) },
  ];
  const sender: Spec[] = SENDER_FIELDS.map((field) => ({
    name: `Sender.${field}`,
    kind: 'text',
    label: t(`face.form.sender.${field}`),
    required: SENDER_REQUIRED.has(field),
  }));
  const kuaidi100: Spec[] = [
    ...KUAIDI100_FIELDS.map(
      (field): Spec => ({
        name: `Kuaidi100.${field}`,
        kind: 'text',
        label: t(`face.form.kuaidi100.${field}`),
        visibleWhen: withProvider,
      }),
    ),
    ...Object.entries(SECRET_FLAGS).map(
      ([field, flag]): Spec => ({
        name: `Kuaidi100.${field as keyof typeof SECRET_FLAGS}`,
        kind: 'password',
        label: t(`face.form.kuaidi100.${field}`),
        help: detail?.Kuaidi100?.[flag] ? t('face.form.secretKept') : t('face.form.secretNotSet'),
        visibleWhen: withProvider,
      }),
    ),
  ];

  const title = t(detail ? 'face.form.editTitle' : 'face.form.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={OrderPermission.faceConfig}
          backLabel={t('face.form.backToList')}
          saving={form.formState.isSubmitting}
        />

        <FormSection title={t('face.form.account')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={account} />
          </SimpleGrid>
          <FormFields
            form={form}
            fields={[{ name: 'IsDefault', kind: 'checkbox', label: t('face.form.isDefault') }]}
          />
        </FormSection>

        <FormSection title={t('face.form.sender')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={sender} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('face.form.provider')}>
          <FormFields
            form={form}
            fields={[
              {
                name: 'Provider',
                kind: 'select',
                label: t('face.form.providerLabel'),
                options: choices('provider', WAYBILL_PROVIDERS),
              },
            ]}
          />
          {provider === 'none' && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage id="face.noProviderNotice" />
              </Alert.Description>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={kuaidi100} />
          </SimpleGrid>
        </FormSection>
      </Stack>
    </form>
  );
}

/** /order/editFaceConfig: a carrier account, new (no id) or existing (?id=). */
function FaceConfigFormPage() {
  const record = useRecord(getFaceConfigInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <FaceConfigEditor key="new" />}>
      {(detail) => <FaceConfigEditor key={`${detail.Id}-${detail.Version}`} detail={detail} />}
    </RecordView>
  );
}

export default withModuleMessages(FaceConfigFormPage, faceSheetCatalogues);
