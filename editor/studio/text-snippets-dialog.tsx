import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addText,
  delText,
  getTextList,
  setText,
  TEXT_CONTENT_MAX,
  TEXT_TITLE_MAX,
  type TextSnippet,
} from '../../contract/endpoints/module-library-lookups';
import { ApiError, callEndpoint } from '../../src/lib/http';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';

const PAGE_SIZE = 50;

/** A snippet's text as a paragraph of the text block's HTML, line breaks kept. */
export function snippetHtml(content: string): string {
  const escaped = content
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return `<p>${escaped.split('\n').join('<br>')}</p>`;
}

type Editing = { snippet: TextSnippet | null; title: string; content: string };

/**
 * The shop's text snippets (SPEC §7 "texts"), managed where they are used: the text block inserts
 * one, and adds, edits or deletes them here. SPEC §2 has no route for them, so no admin screen.
 */
export function TextSnippetsDialog({
  onInsert,
  onClose,
}: {
  onInsert: (content: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const search = keyword.trim();
  const list = useQuery({
    ...endpointQuery(getTextList, { pageSize: PAGE_SIZE, ...(search ? { Keyword: search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.Data ?? [];

  const refresh = () => invalidateAreas(client, getTextList);
  const save = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      const fields = { Title: editing.title, Content: editing.content };
      if (editing.snippet)
        await callEndpoint(setText, { ...fields, Id: editing.snippet.Id, Version: editing.snippet.Version });
      else await callEndpoint(addText, fields);
      showToast('success', say('studio.snippets.saved'));
      setEditing(null);
    } catch (error) {
      // The envelope's message is already shown; a stale or deleted snippet reloads the list.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const remove = async (snippet: TextSnippet) => {
    const confirmed = await confirmDialog({
      title: say('studio.snippets.delete'),
      message: say('studio.snippets.confirmDelete', { title: snippet.Title }),
    });
    if (!confirmed) return;
    try {
      await callEndpoint(delText, { Id: snippet.Id });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    await refresh();
  };
  const titleMissing = editing !== null && editing.title.trim() === '';
  const contentMissing = editing !== null && editing.content.trim() === '';

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="text-snippets">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="studio.snippets.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {editing ? (
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (!titleMissing && !contentMissing) void save();
                  }}
                >
                  <Stack gap="3">
                    <Field.Root required invalid={titleMissing}>
                      <Field.Label>
                        <FormattedMessage id="studio.snippets.snippetTitle" />
                      </Field.Label>
                      <Input
                        size="sm"
                        maxLength={TEXT_TITLE_MAX}
                        value={editing.title}
                        onChange={(event) => setEditing({ ...editing, title: event.target.value })}
                      />
                      <Field.ErrorText>
                        <FormattedMessage id="studio.snippets.required" />
                      </Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={contentMissing}>
                      <Field.Label>
                        <FormattedMessage id="studio.snippets.content" />
                      </Field.Label>
                      <Textarea
                        size="sm"
                        rows={5}
                        maxLength={TEXT_CONTENT_MAX}
                        value={editing.content}
                        onChange={(event) => setEditing({ ...editing, content: event.target.value })}
                      />
                      <Field.ErrorText>
                        <FormattedMessage id="studio.snippets.required" />
                      </Field.ErrorText>
                    </Field.Root>
                    <HStack justify="flex-end">
                      <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
                        <FormattedMessage id="studio.snippets.back" />
                      </Button>
                      <Button
                        size="sm"
                        type="submit"
                        loading={busy}
                        disabled={titleMissing || contentMissing}
                      >
                        <FormattedMessage id="studio.snippets.save" />
                      </Button>
                    </HStack>
                  </Stack>
                </form>
              ) : (
                <Stack gap="3">
                  <HStack>
                    <Input
                      size="sm"
                      type="search"
                      value={keyword}
                      aria-label={say('studio.snippets.search')}
                      placeholder={say('studio.snippets.search')}
                      onChange={(event) => setKeyword(event.target.value)}
                    />
                    <Button
                      size="sm"
                      variant="outline"
                      flexShrink={0}
                      onClick={() => setEditing({ snippet: null, title: '', content: '' })}
                    >
                      <FormattedMessage id="studio.snippets.add" />
                    </Button>
                  </HStack>
                  {list.isPending ? (
                    <Skeleton height="24" />
                  ) : list.isError ? (
                    <Text color="red.600" role="alert">
                      <FormattedMessage id="studio.link.loadFailed" />
                    </Text>
                  ) : rows.length === 0 ? (
                    <Text color="fg.muted">
                      <FormattedMessage id={search ? 'studio.snippets.noMatch' : 'studio.snippets.empty'} />
                    </Text>
                  ) : (
                    <Stack as="ul" gap="2" listStyleType="none">
                      {rows.map((snippet) => (
                        <Stack
                          as="li"
                          key={snippet.Id}
                          gap="1"
                          borderWidth="1px"
                          borderRadius="md"
                          padding="2"
                        >
                          <Text fontSize="sm" fontWeight="medium">
                            {snippet.Title}
                          </Text>
                          <Text fontSize="xs" color="fg.muted" lineClamp={2} whiteSpace="pre-line">
                            {snippet.Content}
                          </Text>
                          <HStack gap="1">
                            <Button
                              size="xs"
                              aria-label={say('studio.snippets.insertNamed', { title: snippet.Title })}
                              onClick={() => {
                                onInsert(snippet.Content);
                                onClose();
                              }}
                            >
                              <FormattedMessage id="studio.snippets.insert" />
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              aria-label={say('studio.snippets.editNamed', { title: snippet.Title })}
                              onClick={() =>
                                setEditing({ snippet, title: snippet.Title, content: snippet.Content })
                              }
                            >
                              <FormattedMessage id="studio.snippets.edit" />
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              aria-label={say('studio.snippets.deleteNamed', { title: snippet.Title })}
                              onClick={() => void remove(snippet)}
                            >
                              <FormattedMessage id="studio.snippets.delete" />
                            </Button>
                          </HStack>
                        </Stack>
                      ))}
                    </Stack>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={say('studio.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
