import {
  Alert,
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  getMessageScene,
  getMessageTemplateOptions,
  type KeywordMapping,
  MESSAGE_SCENES,
  MessagePermission,
  type MessageScene,
  type MessageSceneRow,
  SCENE_FIELDS,
  setMessageScene,
} from '../../contract/endpoints/wechat-messages';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { FormHeading } from '../core/record-view';
import { messageCatalogues } from './messages';

/**
 * /smallRoutine/settingSubscribeMsg?scene=…: binds a scene to a template, each keyword filled from
 * one of the scene's fields or a fixed text. Bespoke because its fields follow the chosen template.
 */
function SceneEditor({ scene, row }: { scene: MessageScene; row: MessageSceneRow }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useQueryClient();
  const templates = useQuery(endpointQuery(getMessageTemplateOptions, {}));
  const [templateId, setTemplateId] = useState<number | null>(row.TemplateId);
  const [mapping, setMapping] = useState<KeywordMapping[]>(row.Mapping);
  const [page, setPage] = useState(row.Page);
  const [enabled, setEnabled] = useState(row.TemplateId === null ? true : row.Enabled);
  const [saving, setSaving] = useState(false);
  const template = templates.data?.Data.find((entry) => entry.Id === templateId);
  const fields = ['text', ...SCENE_FIELDS[scene]];
  const entryOf = (key: string, index: number): KeywordMapping =>
    mapping.find((entry) => entry.Key === key) ?? { Key: key, Field: fields[index + 1] ?? 'text', Text: '' };
  const change = (key: string, index: number, next: Partial<KeywordMapping>) =>
    setMapping((current) => [
      ...current.filter((entry) => entry.Key !== key),
      { ...entryOf(key, index), ...next },
    ]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!template) return;
    setSaving(true);
    try {
      await callEndpoint(setMessageScene, {
        Scene: scene,
        TemplateId: template.Id,
        Mapping: template.Keywords.map((keyword, index) => entryOf(keyword.Key, index)),
        Page: page,
        Enabled: enabled,
        Version: row.Version,
      });
      showToast('success', t('messages.scene.saved'));
      await invalidateAreas(client, setMessageScene);
      navigate(MessagePermission.subscribe);
    } catch {
      // The envelope's message is shown by the client; the form stays for another try.
    } finally {
      setSaving(false);
    }
  }

  const title = t('messages.scene.title', { scene: t(`messages.scene.${scene}`) });
  return (
    <Stack gap="4" padding="5">
      <form aria-label={title} onSubmit={save} noValidate>
        <Stack gap="4" maxWidth="3xl">
          <FormHeading
            title={title}
            backTo={MessagePermission.subscribe}
            backLabel={t('messages.scene.back')}
            saving={saving}
          />
          <Field.Root required>
            <Field.Label>{t('messages.scene.template')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={templateId ?? ''}
                onChange={(event) => {
                  setTemplateId(event.target.value ? Number(event.target.value) : null);
                  setMapping([]);
                }}
              >
                <option value="">{t('messages.scene.choose')}</option>
                {templates.data?.Data.map((entry) => (
                  <option key={entry.Id} value={entry.Id}>
                    {entry.Title}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('messages.scene.templateHelp')}</Field.HelperText>
          </Field.Root>
          {template?.Keywords.map((keyword, index) => {
            const entry = entryOf(keyword.Key, index);
            return (
              <HStack key={keyword.Key} gap="4" align="end">
                <Field.Root flex="1">
                  <Field.Label>
                    {t('messages.scene.keyword', { name: keyword.Name, rule: keyword.Key })}
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={entry.Field}
                      onChange={(event) => change(keyword.Key, index, { Field: event.target.value })}
                    >
                      {fields.map((field) => (
                        <option key={field} value={field}>
                          {t(`messages.field.${field}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {entry.Field === 'text' && (
                  <Field.Root flex="1">
                    <Field.Label>{t('messages.scene.fixed', { name: keyword.Name })}</Field.Label>
                    <Input
                      value={entry.Text}
                      maxLength={40}
                      onChange={(event) => change(keyword.Key, index, { Text: event.target.value })}
                    />
                  </Field.Root>
                )}
              </HStack>
            );
          })}
          <Field.Root>
            <Field.Label>{t('messages.scene.page')}</Field.Label>
            <Input value={page} maxLength={200} onChange={(event) => setPage(event.target.value)} />
            <Field.HelperText>{t('messages.scene.pageHelp')}</Field.HelperText>
          </Field.Root>
          <Checkbox.Root
            checked={enabled}
            onCheckedChange={(details) => setEnabled(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('messages.scene.enabled')}</Checkbox.Label>
          </Checkbox.Root>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="messages.send.consentNote" />
          </Text>
          <HStack>
            <Button type="submit" colorPalette="blue" loading={saving} disabled={!template}>
              {t('messages.save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}

function SceneLoader({ scene }: { scene: MessageScene }) {
  const intl = useIntl();
  const record = useQuery(endpointQuery(getMessageScene, { Scene: scene }));
  if (!record.data) return <Spinner aria-label={intl.formatMessage({ id: 'messages.loading' })} margin="5" />;
  return <SceneEditor key={record.data.Version} scene={scene} row={record.data} />;
}

function SceneSettingPage() {
  const [search] = useSearchParams();
  const scene = search.get('scene');
  if (!scene || !(MESSAGE_SCENES as readonly string[]).includes(scene))
    return (
      <Alert.Root status="warning" margin="5" width="auto">
        <Alert.Indicator />
        <Alert.Title>
          <FormattedMessage id="messages.scene.missing" />
        </Alert.Title>
      </Alert.Root>
    );
  return <SceneLoader scene={scene as MessageScene} />;
}

export default withModuleMessages(SceneSettingPage, messageCatalogues);
