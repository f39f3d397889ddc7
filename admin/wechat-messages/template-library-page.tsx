import { Button, Checkbox, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  addMessageTemplate,
  getLibraryKeywords,
  getLibraryTitles,
  KEYWORDS_MAX,
  KEYWORDS_MIN,
  MessagePermission,
  SCENE_DESC_MAX,
} from '../../contract/endpoints/wechat-messages';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { FormHeading } from '../core/record-view';
import { messageCatalogues } from './messages';

/**
 * /smallRoutine/settingTemplateMessage: searches WeChat's template library and adds one with the
 * chosen keywords. Bespoke because the keywords come from WeChat once a title is chosen.
 */
function TemplateLibraryPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [tid, setTid] = useState<number | null>(null);
  const [kids, setKids] = useState<number[]>([]);
  const [title, setTitle] = useState('');
  const [sceneDesc, setSceneDesc] = useState('');
  const [saving, setSaving] = useState(false);
  const titles = useQuery(
    endpointQuery(getLibraryTitles, { page: 1, pageSize: 20, ...(keyword ? { Keyword: keyword } : {}) }),
  );
  const keywords = useQuery({
    ...endpointQuery(getLibraryKeywords, { Tid: tid ?? 0 }),
    enabled: tid !== null,
  });

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (tid === null) return;
    setSaving(true);
    try {
      await callEndpoint(addMessageTemplate, { Tid: tid, Title: title, Kids: kids, SceneDesc: sceneDesc });
      showToast('success', t('messages.library.added'));
      await invalidateAreas(client, addMessageTemplate);
      navigate(MessagePermission.templates);
    } catch {
      // The client shows WeChat's refusal; the choice stays for another try.
    } finally {
      setSaving(false);
    }
  }

  const heading = t('messages.library.title');
  return (
    <Stack gap="4" padding="5" maxWidth="4xl">
      <form aria-label={heading} onSubmit={add} noValidate>
        <Stack gap="4">
          <FormHeading
            title={heading}
            backTo={MessagePermission.templates}
            backLabel={t('messages.library.back')}
            saving={saving}
          />
          {titles.data?.Provider === 'sandbox' && (
            <Text color="orange.700">
              <FormattedMessage id="messages.sandboxNotice" />
            </Text>
          )}
          <HStack as="search" gap="2" align="end">
            <Field.Root maxWidth="sm">
              <Field.Label>{t('messages.library.search')}</Field.Label>
              <Input value={typed} maxLength={20} onChange={(event) => setTyped(event.target.value)} />
            </Field.Root>
            <Button type="button" variant="outline" onClick={() => setKeyword(typed.trim())}>
              {t('messages.library.searchButton')}
            </Button>
          </HStack>
          <Table.Root size="sm">
            <Table.Body>
              {titles.data?.Data.map((entry) => (
                <Table.Row key={entry.Tid} aria-selected={entry.Tid === tid}>
                  <Table.Cell>{entry.Title}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant={entry.Tid === tid ? 'solid' : 'outline'}
                      aria-pressed={entry.Tid === tid}
                      onClick={() => {
                        setTid(entry.Tid);
                        setKids([]);
                        setTitle(entry.Title);
                      }}
                    >
                      {t('messages.library.pick', { title: entry.Title })}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {titles.data?.Data.length === 0 && <Text>{t('messages.library.empty')}</Text>}
          {tid !== null && keywords.data && (
            <Stack gap="3">
              <fieldset>
                <legend>
                  {t('messages.library.keywords')} · {t('messages.library.count', { count: kids.length })}
                </legend>
                <Stack gap="2" marginTop="2">
                  {keywords.data.Data.map((entry) => (
                    <Checkbox.Root
                      key={entry.Kid}
                      checked={kids.includes(entry.Kid)}
                      disabled={!kids.includes(entry.Kid) && kids.length >= KEYWORDS_MAX}
                      onCheckedChange={(details) =>
                        setKids((current) =>
                          details.checked
                            ? [...current, entry.Kid]
                            : current.filter((kid) => kid !== entry.Kid),
                        )
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {entry.Name} ({entry.Example})
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </fieldset>
              <Field.Root required>
                <Field.Label>{t('messages.library.name')}</Field.Label>
                <Input value={title} maxLength={40} onChange={(event) => setTitle(event.target.value)} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('messages.library.sceneDesc')}</Field.Label>
                <Input
                  value={sceneDesc}
                  maxLength={SCENE_DESC_MAX}
                  onChange={(event) => setSceneDesc(event.target.value)}
                />
              </Field.Root>
              <HStack>
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={saving}
                  disabled={kids.length < KEYWORDS_MIN || !title.trim() || !sceneDesc.trim()}
                >
                  {t('messages.library.add')}
                </Button>
              </HStack>
            </Stack>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

export default withModuleMessages(TemplateLibraryPage, messageCatalogues);
