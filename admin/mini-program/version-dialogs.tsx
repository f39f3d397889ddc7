import { Field, HStack, Image, Input, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  AUDIT_TITLE_MAX,
  getAuditOptions,
  getExperienceQr,
  getVersionInfo,
  SANDBOX_AUDIT_RESULTS,
  sandboxAuditResult,
  submitAudit,
  USER_DESC_MAX,
  type VersionRow,
} from '../../contract/endpoints/mini-program';
import { FormDialog } from '../../src/lib/form-dialog';
import { parseTime } from '../../src/lib/format';
import { callEndpoint } from '../../src/lib/http';
import { InformationDialog } from '../../src/lib/information-dialog';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { serverFieldErrors } from '../core/form-errors';

const TIME = '{y}-{m}-{d} {h}:{i}';

interface DialogProps {
  rows: VersionRow[];
  onClose(): void;
}

/** The experience version's QR code, to try the version in WeChat before the audit. */
export function ExperienceQrDialog({ rows, onClose }: DialogProps) {
  const intl = useIntl();
  const row = rows[0]!;
  const qr = useQuery(endpointQuery(getExperienceQr, { id: row.Id }));
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'miniProgram.qr.title' }, { version: row.UserVersion })}
      onClose={onClose}
    >
      <Stack align="center" gap="3">
        {qr.data ? (
          <Image
            src={qr.data.Image}
            alt={intl.formatMessage({ id: 'miniProgram.qr.alt' }, { version: row.UserVersion })}
            boxSize="200px"
          />
        ) : qr.isError ? (
          <Text color="red.700">
            <FormattedMessage id="miniProgram.qr.failed" />
          </Text>
        ) : (
          <Skeleton boxSize="200px" />
        )}
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="miniProgram.qr.hint" />
        </Text>
      </Stack>
    </InformationDialog>
  );
}

/** The version's timeline: the operator's steps and WeChat's answers. */
export function TimelineDialog({ rows, onClose }: DialogProps) {
  const intl = useIntl();
  const row = rows[0]!;
  const info = useQuery(endpointQuery(getVersionInfo, { id: row.Id }));
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'miniProgram.timeline.title' }, { version: row.UserVersion })}
      onClose={onClose}
    >
      <Stack
        as="ol"
        gap="1"
        listStyleType="none"
        aria-label={intl.formatMessage({ id: 'miniProgram.timeline.list' })}
      >
        {info.data ? (
          info.data.Timeline.map((event) => (
            <li key={`${event.Event}-${event.CreatedAt}`}>
              <Text fontSize="sm">
                {parseTime(event.CreatedAt, TIME)}{' '}
                <FormattedMessage
                  id={`miniProgram.event.${event.Event}`}
                  values={{
                    actor: event.ActorName || intl.formatMessage({ id: 'miniProgram.wechat' }),
                    note: event.Note,
                  }}
                />
              </Text>
            </li>
          ))
        ) : (
          <Skeleton height="12" />
        )}
      </Stack>
    </InformationDialog>
  );
}

/**
 * The audit submission (submit_audit): one page of the version with its title, tags and one of the
 * mini-program's categories, as WeChat lists them for it.
 */
export function AuditDialog({ rows, onClose }: DialogProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const row = rows[0]!;
  const options = useQuery(endpointQuery(getAuditOptions, { id: row.Id }));
  const [page, setPage] = useState('');
  const [category, setCategory] = useState('');
  const [title, setTitle] = useState('');
  const [tag, setTag] = useState('');
  const [desc, setDesc] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const categories = options.data?.Categories ?? [];
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!page) missing.Address = t('miniProgram.audit.pageRequired');
    if (!category) missing.Category = t('miniProgram.audit.categoryRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const chosen = categories[Number(category)]!;
    setBusy(true);
    try {
      await callEndpoint(submitAudit, {
        Id: row.Id,
        Items: [{ Address: page, Tag: tag.trim(), Title: title.trim(), ...chosen }],
        VersionDesc: desc.trim(),
      });
      showToast('success', t('miniProgram.audit.submitted'));
      onClose();
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setErrors({ Form: Object.values(fields)[0] ?? '' });
    } finally {
      setBusy(false);
      void invalidateAreas(client, submitAudit);
    }
  };
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'miniProgram.audit.title' }, { version: row.UserVersion })}
      submitLabel={t('miniProgram.audit.submit')}
      busy={busy}
      size="md"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.Address)}>
          <Field.Label>
            {t('miniProgram.audit.page')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={page} onChange={(event) => setPage(event.target.value)}>
              <option value="">{t('miniProgram.audit.choose')}</option>
              {(options.data?.Pages ?? []).map((address) => (
                <option key={address} value={address}>
                  {address}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.Address}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.Category)}>
          <Field.Label>
            {t('miniProgram.audit.category')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={category} onChange={(event) => setCategory(event.target.value)}>
              <option value="">{t('miniProgram.audit.choose')}</option>
              {categories.map((entry, index) => (
                <option key={`${entry.FirstId}-${entry.SecondId}`} value={String(index)}>
                  {entry.FirstClass} / {entry.SecondClass}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.Category}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3" align="start">
          <Field.Root>
            <Field.Label>{t('miniProgram.audit.pageTitle')}</Field.Label>
            <Input
              value={title}
              maxLength={AUDIT_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('miniProgram.audit.tags')}</Field.Label>
            <Input value={tag} maxLength={200} onChange={(event) => setTag(event.target.value)} />
            <Field.HelperText>{t('miniProgram.audit.tagsHelp')}</Field.HelperText>
          </Field.Root>
        </HStack>
        <Field.Root>
          <Field.Label>{t('miniProgram.audit.versionDesc')}</Field.Label>
          <Textarea
            value={desc}
            maxLength={USER_DESC_MAX}
            onChange={(event) => setDesc(event.target.value)}
          />
        </Field.Root>
        {errors.Form && (
          <Text role="alert" color="red.700" fontSize="sm">
            {errors.Form}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/**
 * Sandbox only: the operator plays WeChat's audit. The result goes through the same path as WeChat's
 * signed push, so the version moves as it would with a real audit.
 */
export function SandboxAuditDialog({ rows, onClose }: DialogProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const row = rows[0]!;
  const [result, setResult] = useState<(typeof SANDBOX_AUDIT_RESULTS)[number]>('success');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (result === 'fail' && !reason.trim()) {
      setError(t('miniProgram.sandbox.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await callEndpoint(sandboxAuditResult, { Id: row.Id, Result: result, Reason: reason.trim() });
      showToast('success', t('miniProgram.sandbox.sent'));
      onClose();
    } catch (failure) {
      setError(Object.values(serverFieldErrors(failure))[0] ?? '');
    } finally {
      setBusy(false);
      void invalidateAreas(client, sandboxAuditResult);
    }
  };
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'miniProgram.sandbox.auditTitle' }, { version: row.UserVersion })}
      submitLabel={t('miniProgram.sandbox.send')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{t('miniProgram.sandbox.result')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={result}
              onChange={(event) => setResult(event.target.value as (typeof SANDBOX_AUDIT_RESULTS)[number])}
            >
              {SANDBOX_AUDIT_RESULTS.map((value) => (
                <option key={value} value={value}>
                  {t(`miniProgram.sandbox.result.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={Boolean(error)} required={result === 'fail'}>
          <Field.Label>
            {t('miniProgram.sandbox.reason')}
            {result === 'fail' && <Field.RequiredIndicator />}
          </Field.Label>
          <Textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
