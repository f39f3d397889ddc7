import {
  Alert,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, type FieldErrors, get, type Path, type Resolver, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import {
  type FaceConfigForm,
  type faceConfigDetailSchema,
  faceConfigFormSchema,
  getFaceConfigInfo,
  PAPER_SIZES,
  saveFaceConfig,
  WAYBILL_CARRIERS,
  WAYBILL_PROVIDERS,
} from '../../../contract/endpoints/orders';
import { OrderPermission } from '../../../contract/machines/order';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { confirmDialog, showToast } from '../../../src/lib/notify';
import { isStaleVersion, serverFieldErrors } from '../../core/form-errors';
import { useUnsavedGuard } from '../../core/use-unsaved-guard';
import {
  type FaceConfigValues,
  faceConfigInput,
  faceConfigValues,
  NEW_FACE_CONFIG,
} from './face-config-form';
import { FACE_CONFIG_QUERY_ROOT } from './face-config-query';
import { issueMessage } from './form-issues';
import { faceSheetCatalogues } from './messages';

type FaceConfigDetail = z.infer<typeof faceConfigDetailSchema>;

/** The theme's error red is too light for small text on white (WCAG AA); this one passes. */
const ERROR_COLOR = 'red.700';

const SENDER_FIELDS = ['Name', 'Phone', 'Province', 'City', 'District', 'Detail'] as const;
const KUAIDI100_FIELDS = ['Key', 'PartnerId', 'PartnerName', 'Net', 'Code', 'TempId', 'ExpType'] as const;
const KUAIDI100_SECRETS = ['Secret', 'PartnerKey', 'PartnerSecret'] as const;
const SECRET_FLAGS = {
  Secret: 'HasSecret',
  PartnerKey: 'HasPartnerKey',
  PartnerSecret: 'HasPartnerSecret',
} as const;
const REQUIRED = new Set([
  'Name',
  'Sender.Name',
  'Sender.Phone',
  'Sender.Province',
  'Sender.City',
  'Sender.Detail',
]);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="5" aria-label={title}>
      <Heading as="h2" size="md" marginBottom="4">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

function errorAt(errors: FieldErrors<FaceConfigValues>, path: string): string | undefined {
  return (get(errors, path) as { message?: string } | undefined)?.message;
}

function FaceConfigEditor({ detail }: { detail?: FaceConfigDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useQueryClient();
  const record = detail ? { Id: detail.Id, Version: detail.Version } : undefined;
  const schemaResolver = zodResolver(faceConfigFormSchema, {
    error: (issue) => {
      const message = issueMessage(issue as never);
      return t(message.id, message.values);
    },
  });
  // The schema checks what will be sent: no provider account without a provider, kept secrets left out.
  const resolver: Resolver<FaceConfigValues, unknown, FaceConfigForm> = (values, context, options) =>
    schemaResolver(faceConfigInput(values, record) as never, context, options as never) as never;
  const form = useForm<FaceConfigValues, unknown, FaceConfigForm>({
    defaultValues: detail ? faceConfigValues(detail) : NEW_FACE_CONFIG,
    resolver,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedGuard(isDirty && !isSubmitting);
  const provider = form.watch('Provider');

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await callEndpoint(saveFaceConfig, values);
      form.reset(form.getValues());
      showToast('success', t('face.form.saved'));
      await client.invalidateQueries({ queryKey: [FACE_CONFIG_QUERY_ROOT] });
      // Leaving right after the reset would still see the form as dirty.
      window.setTimeout(() =>
        navigate(detail ? OrderPermission.faceConfig : `${OrderPermission.editFaceConfig}?id=${saved.Id}`, {
          replace: !detail,
        }),
      );
    } catch (failure) {
      if (isStaleVersion(failure)) {
        const reload = await confirmDialog({
          title: t('engine.staleTitle'),
          message: t('engine.staleMessage'),
          confirmText: t('engine.reload'),
          cancelText: t('engine.cancel'),
        });
        if (reload) {
          form.reset();
          await client.invalidateQueries({ queryKey: [FACE_CONFIG_QUERY_ROOT] });
        }
        return;
      }
      for (const [path, message] of Object.entries(serverFieldErrors(failure)))
        form.setError(path as Path<FaceConfigValues>, { message });
    }
  });

  const text = (
    path: Path<FaceConfigValues>,
    label: string,
    options: { type?: string; help?: string } = {},
  ) => {
    const error = errorAt(errors, path);
    return (
      <Field.Root invalid={Boolean(error)} required={REQUIRED.has(path)}>
        <Field.Label>
          {label}
          {REQUIRED.has(path) && <Field.RequiredIndicator />}
        </Field.Label>
        <Input type={options.type ?? 'text'} autoComplete="off" {...form.register(path)} />
        {options.help && !error && <Field.HelperText>{options.help}</Field.HelperText>}
        <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>
      </Field.Root>
    );
  };
  const select = (path: 'Carrier' | 'Paper' | 'Provider', label: string, options: readonly string[]) => (
    <Field.Root invalid={Boolean(errorAt(errors, path))}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...form.register(path)}>
          {options.map((value) => (
            <option key={value} value={value}>
              {t(`face.${path.toLowerCase()}.${value}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText color={ERROR_COLOR}>{errorAt(errors, path)}</Field.ErrorText>
    </Field.Root>
  );

  const title = t(detail ? 'face.form.editTitle' : 'face.form.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="lg">
            {title}
          </Heading>
          <HStack>
            <Button variant="outline" onClick={() => navigate(OrderPermission.faceConfig)}>
              <FormattedMessage id="face.form.backToList" />
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              loading={isSubmitting}
              loadingText={t('engine.saving')}
            >
              <FormattedMessage id="engine.save" />
            </Button>
          </HStack>
        </Flex>

        <Section title={t('face.form.account')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {text('Name', t('face.form.name'))}
            {select('Carrier', t('face.form.carrier'), WAYBILL_CARRIERS)}
            {select('Paper', t('face.form.paper'), PAPER_SIZES)}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="IsDefault"
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(event) => field.onChange(event.checked === true)}
              >
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>
                  <FormattedMessage id="face.form.isDefault" />
                </Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </Section>

        <Section title={t('face.form.sender')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {SENDER_FIELDS.map((field) => (
              <Box key={field}>{text(`Sender.${field}`, t(`face.form.sender.${field}`))}</Box>
            ))}
          </SimpleGrid>
        </Section>

        <Section title={t('face.form.provider')}>
          {select('Provider', t('face.form.providerLabel'), WAYBILL_PROVIDERS)}
          {provider === 'none' ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage id="face.noProviderNotice" />
              </Alert.Description>
            </Alert.Root>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {KUAIDI100_FIELDS.map((field) => (
                <Box key={field}>{text(`Kuaidi100.${field}`, t(`face.form.kuaidi100.${field}`))}</Box>
              ))}
              {KUAIDI100_SECRETS.map((field) => (
                <Box key={field}>
                  {text(`Kuaidi100.${field}`, t(`face.form.kuaidi100.${field}`), {
                    type: 'password',
                    help: detail?.Kuaidi100?.[SECRET_FLAGS[field]]
                      ? t('face.form.secretKept')
                      : t('face.form.secretNotSet'),
                  })}
                </Box>
              ))}
            </SimpleGrid>
          )}
        </Section>
      </Stack>
    </form>
  );
}

/** /order/editFaceConfig: a carrier account, new (no id) or existing (?id=). */
function FaceConfigFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: [FACE_CONFIG_QUERY_ROOT, 'detail', id],
    queryFn: () => callEndpoint(getFaceConfigInfo, { id }),
    enabled: editing,
  });
  if (!editing) return <FaceConfigEditor key="new" />;
  if (!detail.data)
    return (
      <Flex justify="center" padding="10">
        <Spinner />
      </Flex>
    );
  return <FaceConfigEditor key={`${detail.data.Id}-${detail.data.Version}`} detail={detail.data} />;
}

export default withModuleMessages(FaceConfigFormPage, faceSheetCatalogues);
