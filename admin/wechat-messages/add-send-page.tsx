import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  createMessageSend,
  getMessageSendOptions,
  getMessageTemplateOptions,
  MessagePermission,
  type MessageTarget,
} from '../../contract/endpoints/wechat-messages';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { FormHeading } from '../core/record-view';
import { messageCatalogues } from './messages';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: React.ReactNode;
}) {
  return (
    <Field.Root required>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * /smallRoutine/addSend: one template to all members, a tag or a grade, now or at a time. Bespoke
 * because the keyword fields follow the chosen template. One request key per visit, so a double
 * submit makes one send.
 */
function AddSendPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useQueryClient();
  const templates = useQuery(endpointQuery(getMessageTemplateOptions, {}));
  const options = useQuery(endpointQuery(getMessageSendOptions, {}));
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [page, setPage] = useState('pages/index/index');
  const [kind, setKind] = useState<MessageTarget['Kind']>('all');
  const [tag, setTag] = useState('');
  const [gradeId, setGradeId] = useState('');
  const [when, setWhen] = useState('');
  const [saving, setSaving] = useState(false);
  const [requestKey] = useState(() => `send-${crypto.randomUUID()}`);
  const template = templates.data?.Data.find((entry) => String(entry.Id) === templateId);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (!template) return;
    const Target: MessageTarget =
      kind === 'tag'
        ? { Kind: 'tag', Tag: tag }
        : kind === 'grade'
          ? { Kind: 'grade', GradeId: Number(gradeId) }
          : { Kind: 'all' };
    setSaving(true);
    try {
      const created = await callEndpoint(createMessageSend, {
        TemplateId: template.Id,
        Values: Object.fromEntries(
          template.Keywords.map((keyword) => [keyword.Key, values[keyword.Key] ?? '']),
        ),
        Page: page,
        Target,
        ...(when ? { ScheduledAt: new Date(when).toISOString() } : {}),
        RequestKey: requestKey,
      });
      showToast('success', t('messages.send.created'));
      await invalidateAreas(client, createMessageSend);
      navigate(`${MessagePermission.sendDetails}?id=${created.Id}`);
    } catch {
      // The client shows the refusal; the form stays.
    } finally {
      setSaving(false);
    }
  }

  const title = t('messages.send.title');
  return (
    <Stack gap="4" padding="5" maxWidth="3xl">
      <form aria-label={title} onSubmit={send} noValidate>
        <Stack gap="4">
          <FormHeading
            title={title}
            backTo={MessagePermission.sends}
            backLabel={t('messages.send.back')}
            saving={saving}
          />
          <Select label={t('messages.send.template')} value={templateId} onChange={setTemplateId}>
            <option value="">{t('messages.scene.choose')}</option>
            {templates.data?.Data.map((entry) => (
              <option key={entry.Id} value={entry.Id}>
                {entry.Title}
              </option>
            ))}
          </Select>
          {template?.Keywords.map((keyword) => (
            <Field.Root key={keyword.Key} required>
              <Field.Label>{t('messages.send.value', { name: keyword.Name })}</Field.Label>
              <Input
                value={values[keyword.Key] ?? ''}
                maxLength={40}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [keyword.Key]: event.target.value }))
                }
              />
            </Field.Root>
          ))}
          <Field.Root>
            <Field.Label>{t('messages.send.page')}</Field.Label>
            <Input value={page} maxLength={200} onChange={(event) => setPage(event.target.value)} />
          </Field.Root>
          <Select
            label={t('messages.send.target')}
            value={kind}
            onChange={(value) => setKind(value as MessageTarget['Kind'])}
          >
            <option value="all">
              {t('messages.send.target.all', { count: options.data?.Members ?? 0 })}
            </option>
            <option value="tag">{t('messages.send.target.tag')}</option>
            <option value="grade">{t('messages.send.target.grade')}</option>
          </Select>
          {kind === 'tag' && (
            <Select label={t('messages.send.tag')} value={tag} onChange={setTag}>
              <option value="" />
              {options.data?.Tags.map((entry) => (
                <option key={entry.Tag} value={entry.Tag}>
                  {t('messages.send.option', { name: entry.Tag, count: entry.Members })}
                </option>
              ))}
            </Select>
          )}
          {kind === 'grade' && (
            <Select label={t('messages.send.grade')} value={gradeId} onChange={setGradeId}>
              <option value="" />
              {options.data?.Grades.map((entry) => (
                <option key={entry.Id} value={entry.Id}>
                  {t('messages.send.option', { name: entry.Name, count: entry.Members })}
                </option>
              ))}
            </Select>
          )}
          <Field.Root>
            <Field.Label>{t('messages.send.when')}</Field.Label>
            <Input type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
          </Field.Root>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="messages.send.consentNote" />
          </Text>
          <HStack>
            <Button type="submit" colorPalette="blue" loading={saving} disabled={!template}>
              {t('messages.send.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}

export default withModuleMessages(AddSendPage, messageCatalogues);
