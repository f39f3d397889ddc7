import { Alert, Badge, Box, Button, Field, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  checkPayConfig,
  getPayConfig,
  type PayCheck,
  type PayConfig,
  PEM_MAX,
  savePayConfig,
} from '../../../contract/endpoints/payment';
import { OFFLINE_PAYMENT_METHODS } from '../../../contract/machines/order';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { invalidateAreas } from '../../../src/lib/query-options';
import { errorAt, type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { paymentCatalogues } from './messages';
import { type PayConfigDraft, payConfigDraft, payConfigInput } from './pay-config-form';

type Spec = FieldSpec<PayConfigDraft>;
const withWechat = (values: PayConfigDraft) => values.WechatEnabled;

/**
 * A PEM file chosen from disk and read as text into the draft. Bespoke beside FormFields (which has
 * no file kind): the stored file is never shown, only whether one is kept, so choosing replaces it.
 */
function PemUpload({
  form,
  name,
  label,
  stored,
}: {
  form: UseFormReturn<PayConfigDraft>;
  name: 'PrivateKey' | 'PlatformCertificate';
  label: string;
  stored: string;
}) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const helpId = useId();
  const error = errorAt(form.formState.errors, name);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    // One character past the limit is enough for the contract's check to refuse a file too large.
    const text = await file.slice(0, PEM_MAX + 1).text();
    setFileName(file.name);
    form.setValue(name, text, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="3" wrap="wrap">
        <input
          ref={input}
          type="file"
          accept=".pem,.key,.crt,text/plain,application/x-pem-file"
          hidden
          aria-label={label}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button variant="outline" size="sm" aria-describedby={helpId} onClick={() => input.current?.click()}>
          <FormattedMessage id={stored ? 'payment.file.replace' : 'payment.file.upload'} values={{ label }} />
        </Button>
        <Text id={helpId} fontSize="sm" color="fg.muted">
          {fileName
            ? intl.formatMessage({ id: 'payment.file.chosen' }, { name: fileName })
            : stored
              ? intl.formatMessage({ id: 'payment.file.stored' }, { mask: stored })
              : intl.formatMessage({ id: 'payment.file.none' })}
        </Text>
      </HStack>
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Outcomes the screen explains in the operator's words; any other shows WeChat Pay's code and message. */
const EXPLAINED_CODES = new Set([
  'SIGN_ERROR',
  'BAD_SIGNATURE',
  'API_V3_KEY',
  'PLATFORM_SERIAL',
  'NETWORK',
  'SANDBOX_REFUSED',
]);

function CheckOutcome({ check }: { check: PayCheck }) {
  const intl = useIntl();
  const when = intl.formatDate(check.CheckedAt, { dateStyle: 'medium', timeStyle: 'short' });
  const id = check.Ok ? `payment.check.ok.${check.Provider}` : 'payment.check.failed';
  return (
    <Alert.Root status={check.Ok ? 'success' : 'error'} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id={id} values={{ when }} />
        </Alert.Title>
        {!check.Ok && (
          <Alert.Description>
            <FormattedMessage
              id={`payment.check.code.${EXPLAINED_CODES.has(check.Code) ? check.Code : 'other'}`}
              values={{ code: check.Code, message: check.Message }}
            />
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

function PayConfigForm({ config }: { config: PayConfig }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = useRouteTitle();
  const client = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<PayCheck | null>(config.LastCheck);
  const { form, submit } = useResourceForm({
    defaultValues: payConfigDraft(config),
    save: savePayConfig,
    toInput: (draft: PayConfigDraft) => payConfigInput(draft, config.Version),
    renames: { OfflineMethods: 'cash' },
    savedMessage: 'payment.saved',
  });
  const { isDirty, isSubmitting } = form.formState;

  const runCheck = async () => {
    setChecking(true);
    try {
      setCheck(await callEndpoint(checkPayConfig, {}));
      await invalidateAreas(client, getPayConfig);
    } finally {
      setChecking(false);
    }
  };

  const merchant: Spec[] = [
    {
      name: 'MchId',
      kind: 'text',
      label: t('payment.field.MchId'),
      help: t('payment.help.MchId'),
      required: true,
      visibleWhen: withWechat,
      maxLength: 12,
    },
    {
      name: 'AppId',
      kind: 'text',
      label: t('payment.field.AppId'),
      help: t('payment.help.AppId'),
      required: true,
      visibleWhen: withWechat,
      maxLength: 18,
    },
    {
      name: 'SerialNo',
      kind: 'text',
      label: t('payment.field.SerialNo'),
      help: t('payment.help.SerialNo'),
      required: true,
      visibleWhen: withWechat,
      maxLength: 40,
    },
    {
      name: 'ApiV3Key',
      kind: 'password',
      label: t('payment.field.ApiV3Key'),
      help: config.ApiV3KeyMask
        ? t('payment.help.ApiV3KeyStored', { mask: config.ApiV3KeyMask })
        : t('payment.help.ApiV3KeyNone'),
      visibleWhen: withWechat,
      maxLength: 32,
    },
  ];
  const offline: Spec[] = OFFLINE_PAYMENT_METHODS.map((method) => ({
    name: method,
    kind: 'checkbox',
    label: t(`payment.offline.${method}`),
  }));

  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading>
          <Button variant="outline" disabled={!isDirty} onClick={() => form.reset()}>
            <FormattedMessage id="payment.discard" />
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={t('engine.saving')}>
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>

        {config.Provider === 'sandbox' ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <FormattedMessage id="payment.sandbox.title" />
              </Alert.Title>
              <Alert.Description>
                <FormattedMessage id="payment.sandbox.body" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="payment.live" values={{ mchId: config.MchId }} />
            </Alert.Description>
          </Alert.Root>
        )}

        <FormSection title={t('payment.section.wechat')}>
          <FormFields
            form={form}
            fields={[{ name: 'WechatEnabled', kind: 'checkbox', label: t('payment.field.WechatEnabled') }]}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={merchant} />
          </SimpleGrid>
          {form.watch('WechatEnabled') && (
            <Stack gap="4">
              <PemUpload
                form={form}
                name="PrivateKey"
                label={t('payment.field.PrivateKey')}
                stored={config.PrivateKeyMask}
              />
              <PemUpload
                form={form}
                name="PlatformCertificate"
                label={t('payment.field.PlatformCertificate')}
                stored={
                  config.PlatformSerial
                    ? t('payment.platformStored', {
                        serial: config.PlatformSerial,
                        expires: config.PlatformExpiresAt
                          ? intl.formatDate(config.PlatformExpiresAt, { dateStyle: 'medium' })
                          : '—',
                      })
                    : ''
                }
              />
            </Stack>
          )}
          {!form.watch('WechatEnabled') && (
            <FormFields
              form={form}
              fields={[
                {
                  name: 'SandboxRefuses',
                  kind: 'checkbox',
                  label: t('payment.field.SandboxRefuses'),
                  help: t('payment.help.SandboxRefuses'),
                },
              ]}
            />
          )}
        </FormSection>

        <FormSection title={t('payment.section.check')}>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage
              id={config.Provider === 'wechat' ? 'payment.check.help.wechat' : 'payment.check.help.sandbox'}
            />
          </Text>
          <Box>
            <Button variant="outline" onClick={() => void runCheck()} loading={checking} disabled={isDirty}>
              <FormattedMessage id="payment.check.run" />
            </Button>
            {isDirty && (
              <Text fontSize="sm" color="fg.muted" marginTop="2">
                <FormattedMessage id="payment.check.saveFirst" />
              </Text>
            )}
          </Box>
          {check && <CheckOutcome check={check} />}
          <HStack>
            <Text fontSize="sm">
              <FormattedMessage id="payment.provider" />
            </Text>
            <Badge colorPalette={config.Provider === 'wechat' ? 'green' : 'orange'}>
              <FormattedMessage id={`payment.provider.${config.Provider}`} />
            </Badge>
          </HStack>
        </FormSection>

        <FormSection title={t('payment.section.offline')}>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="payment.offline.help" />
          </Text>
          <HStack gap="6" wrap="wrap">
            <FormFields form={form} fields={offline} />
          </HStack>
        </FormSection>
      </Stack>
    </form>
  );
}

/** /shop/payConfig: WeChat Pay merchant settings (secrets replace-only), the check, offline methods. */
function PayConfigPage() {
  const record = useRecord(getPayConfig, { input: {} });
  return (
    <RecordView record={record}>
      {(config) => <PayConfigForm key={config.Version} config={config} />}
    </RecordView>
  );
}

export default withModuleMessages(PayConfigPage, paymentCatalogues);
