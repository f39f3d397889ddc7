import {
  Alert,
  Badge,
  Box,
  Button,
  ButtonGroup,
  CloseButton,
  Dialog,
  Flex,
  Grid,
  Heading,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useBlocker, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { blockDefinition } from '../../components-catalog/registry';
import {
  getTemplateData,
  previewPath,
  publishModule,
  saveModule,
} from '../../contract/endpoints/module-library';
import type { ShopType } from '../../contract/enums';
import { describeCodecIssue, parseTemplate, serializeTemplate } from '../../contract/template/codec';
import {
  describePublishProblem,
  type PublishProblem,
  publishCheck,
  publishWarnings,
} from '../../contract/template/publish-check';
import type { TemplateDocument } from '../../contract/template-document';
import { EnumLabel } from '../../src/lib/enum-values';
import { ApiError, callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointKey } from '../../src/lib/query-options';
import { useSessionStore } from '../../src/lib/session';
import { useSortableSensors } from '../../src/lib/sortable-list';
import { createStudioStore, type StudioStore } from '../store/studio-store';
import { CataloguePanel, PALETTE_PREFIX } from './catalogue-panel';
import { disabledEntities } from './disabled-links';
import { HistoryPanel } from './history-panel';
import { OutlinePanel } from './outline-panel';
import { PagesPanel } from './pages-panel';
import { CANVAS_DROP_ID, PhoneCanvas } from './phone-canvas';
import { DraftDialog, PreviewDialog, PreviewShopTypeSelect } from './preview-controls';
import { PageSettingsPanel, PropertyPanel } from './property-panel';
import { isTypingTarget, SHORTCUT_HELP, shortcutCommand } from './shortcuts';
import { StudioContext, useStudio, useTemporal } from './studio-context';
import { studioCatalogues } from './studio-messages';
import { useLocalDraft } from './use-local-draft';

const TEMPLATES_PATH = '/shop/decorateShop/miniProgramsTemplate';

interface Saved {
  id: number;
  name: string;
  shopType: ShopType;
  version: number;
  isCurrent: boolean;
  /** The document as last saved or loaded; the studio is dirty while it shows another. */
  document: TemplateDocument;
}

/** The server refused a save because the template changed since this copy was loaded. */
function isStaleSave(envelope: object): boolean {
  return (envelope as { StaleVersion?: unknown }).StaleVersion === true;
}

/** Where a drop lands in the page's block list: before a block, or at the end. */
export function dropIndex(overId: string, blockIds: readonly string[]): number {
  if (overId === CANVAS_DROP_ID) return blockIds.length;
  const id = overId.startsWith('drop:') ? overId.slice('drop:'.length) : overId;
  const index = blockIds.indexOf(id);
  return index === -1 ? blockIds.length : index;
}

function ShortcutsPanel() {
  return (
    <Table.Root size="sm" data-testid="shortcuts-panel">
      <Table.Body>
        {SHORTCUT_HELP.map((row) => (
          <Table.Row key={row.action}>
            <Table.Cell>
              <Text as="kbd" fontFamily="mono" fontSize="xs">
                {row.keys}
              </Text>
            </Table.Cell>
            <Table.Cell fontSize="xs">
              <FormattedMessage id={row.action} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * What the publish check found. Problems refuse publishing; warnings (`onContinue` given) let the
 * designer publish anyway or go back and fix them.
 */
function ProblemsDialog({
  problems,
  onClose,
  onJump,
  onContinue,
}: {
  problems: PublishProblem[];
  onClose: () => void;
  onJump: (problem: PublishProblem) => void;
  onContinue?: () => void;
}) {
  const intl = useIntl();
  const locale = intl.locale.startsWith('zh') ? 'zh' : 'en';
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="publish-problems">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage
                  id={onContinue ? 'studio.publish.warningsTitle' : 'studio.publish.problemsTitle'}
                  values={{ count: problems.length }}
                />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack as="ol" gap="1" listStyleType="none">
                {problems.map((problem, index) => (
                  // Problems of one block can repeat kind and path; the list order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: positional list of check results
                  <li key={index}>
                    <Button
                      size="sm"
                      variant="ghost"
                      width="full"
                      justifyContent="flex-start"
                      whiteSpace="normal"
                      textAlign="start"
                      height="auto"
                      paddingY="1"
                      onClick={() => onJump(problem)}
                    >
                      {describePublishProblem(problem, locale, studioCatalogues[locale])}
                    </Button>
                  </li>
                ))}
              </Stack>
            </Dialog.Body>
            {onContinue && (
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  <FormattedMessage id="studio.publish.goBack" />
                </Button>
                <Button colorPalette="brand" onClick={onContinue}>
                  <FormattedMessage id="studio.publish.anyway" />
                </Button>
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'studio.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function StaleDialog({
  onReload,
  onOverwrite,
  onClose,
}: {
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="stale-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="studio.stale.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                <FormattedMessage id="studio.stale.message" />
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="studio.cancel" />
              </Button>
              <Button variant="outline" onClick={onReload}>
                <FormattedMessage id="studio.stale.reload" />
              </Button>
              <Button colorPalette="red" onClick={onOverwrite}>
                <FormattedMessage id="studio.stale.overwrite" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Studio({ initial, reload }: { initial: Saved; reload: () => Promise<Saved | null> }) {
  const intl = useIntl();
  const storeRef = useRef<StudioStore | null>(null);
  storeRef.current ??= createStudioStore({ document: initial.document, shopType: initial.shopType });
  const store = storeRef.current;
  const [saved, setSaved] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const [problems, setProblems] = useState<PublishProblem[] | null>(null);
  const [warnings, setWarnings] = useState<PublishProblem[] | null>(null);
  const queryClient = useQueryClient();
  const [dragging, setDragging] = useState<string | null>(null);
  const [rightTab, setRightTab] = useState('properties');
  const [previewing, setPreviewing] = useState(false);
  const document = useStore(store, (state) => state.history.document);
  const notice = useStore(store, (state) => state.notice);
  const pageId = useStore(store, (state) => state.pageId);
  const siteId = useSessionStore((state) => state.siteId);
  const dirty = document !== saved.document;
  const draft = useLocalDraft(store, saved);
  const restoreDraft = () => {
    const baseVersion = draft.restore();
    // Saving then names the draft's version: changes saved since raise the reload-or-overwrite choice.
    if (baseVersion !== null) setSaved((previous) => ({ ...previous, version: baseVersion }));
    showToast(
      baseVersion !== null ? 'success' : 'error',
      intl.formatMessage({ id: baseVersion !== null ? 'draft.restored' : 'draft.unreadable' }),
    );
  };

  useEffect(() => {
    if (!notice) return;
    showToast('error', intl.formatMessage({ id: notice.key }, notice.params));
    store.getState().dismissNotice();
  }, [notice, intl, store]);

  const save = useCallback(
    async (version = saved.version): Promise<number | null> => {
      const current = store.getState().history.document;
      setSaving(true);
      try {
        const result = await callEndpoint(
          saveModule,
          { Id: saved.id, Data: serializeTemplate(current), Version: version },
          // The reload-or-overwrite dialog tells of a stale save; a toast on top would say it twice.
          { quietErrors: isStaleSave },
        );
        setSaved((previous) => ({ ...previous, version: result.Version, document: current }));
        draft.forget();
        showToast('success', intl.formatMessage({ id: 'studio.saved' }));
        return result.Version;
      } catch (error) {
        if (error instanceof ApiError && error.body && isStaleSave(error.body)) setStale(true);
        return null;
      } finally {
        setSaving(false);
      }
    },
    [saved.id, saved.version, store, intl, draft.forget],
  );

  const overwrite = async () => {
    setStale(false);
    const fresh = await reload();
    if (fresh) await save(fresh.version);
  };
  const reloadFromServer = async () => {
    setStale(false);
    const fresh = await reload();
    if (!fresh) return;
    store.getState().load(fresh.document);
    setSaved(fresh);
  };

  const jump = (problem: PublishProblem) => {
    const state = store.getState();
    state.showPage(problem.pageId);
    if (problem.blockId) {
      state.select([problem.blockId]);
      setRightTab('properties');
    } else setRightTab('page');
    setProblems(null);
    setWarnings(null);
  };

  const publish = async (confirmed = false) => {
    const current = store.getState().history.document;
    const found = publishCheck(current, saved.shopType, {}, blockDefinition);
    if (found.length > 0) {
      setProblems(found);
      return;
    }
    if (!confirmed) {
      const warned = publishWarnings(current, await disabledEntities(queryClient, current), blockDefinition);
      if (warned.length > 0) {
        setWarnings(warned);
        return;
      }
    }
    setWarnings(null);
    const version = dirty ? await save() : saved.version;
    if (version === null) return;
    try {
      await callEndpoint(publishModule, { Id: saved.id, Version: version });
      showToast('success', intl.formatMessage({ id: 'studio.published' }));
    } catch (error) {
      const rows =
        (error instanceof ApiError &&
          (
            error.body as {
              Problems?: {
                PageId: string;
                BlockId: string | null;
                BlockType: string;
                Path: string;
                Kind: string;
                Message: string;
              }[];
            }
          )?.Problems) ||
        [];
      if (rows.length > 0)
        setProblems(
          rows.map((row) => ({
            pageId: row.PageId,
            blockId: row.BlockId,
            blockType: row.BlockType,
            kind: row.Kind as PublishProblem['kind'],
            path: row.Path,
            messageKey: 'publish.blockProblem',
            params: { block: row.BlockType, detail: row.Message },
          })),
        );
    }
  };

  // Keyboard shortcuts for the whole studio; typing in a field keeps the browser's own keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = shortcutCommand(event);
      if (!command) return;
      const typing = isTypingTarget(event.target);
      if (typing && command !== 'save') return;
      if (
        window.document.querySelector(
          '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
        )
      )
        return;
      const state = store.getState();
      const selected = state.selection.at(-1);
      event.preventDefault();
      if (command === 'undo') state.undo();
      else if (command === 'redo') state.redo();
      else if (command === 'save') void save();
      else if (command === 'delete' && state.selection.length > 0) state.deleteBlocks();
      else if (command === 'duplicate' && state.selection.length > 0) state.duplicateBlocks();
      else if (command === 'copy' && state.selection.length > 0) state.copy();
      else if (command === 'paste') state.paste();
      else if (command === 'moveUp' && selected) state.moveBlockBy(selected, -1);
      else if (command === 'moveDown' && selected) state.moveBlockBy(selected, 1);
      else if (command === 'deselect') state.select([]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, save]);

  // Closing the tab or the browser with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      title: intl.formatMessage({ id: 'studio.leave.title' }),
      message: intl.formatMessage({ id: 'studio.leave.message' }),
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, intl]);

  const sensors = useSortableSensors();
  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const { active, over } = event;
    if (!over) return;
    const state = store.getState();
    const page = state.history.document.pages.find((entry) => entry.id === state.pageId);
    if (!page) return;
    const activeId = String(active.id);
    const index = dropIndex(String(over.id), page.blockIds);
    if (activeId.startsWith(PALETTE_PREFIX)) {
      state.insertBlock(activeId.slice(PALETTE_PREFIX.length), index);
      return;
    }
    if (String(over.id) === activeId) return;
    state.moveBlock(activeId, Math.min(index, page.blockIds.length - 1));
  };
  const draggedType = dragging?.startsWith(PALETTE_PREFIX) ? dragging.slice(PALETTE_PREFIX.length) : null;

  return (
    <StudioContext.Provider value={store}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
      >
        {/* Below 992 px the panels stack under the canvas and the page scrolls as a whole. */}
        <Stack
          gap="0"
          height={{ base: 'auto', lg: 'calc(100vh - 84px)' }}
          minHeight={{ lg: '640px' }}
          bg="gray.100"
          data-testid="studio"
        >
          <Toolbar
            name={saved.name}
            dirty={dirty}
            saving={saving}
            shopType={saved.shopType}
            draftKept={dirty && draft.kept}
            onSave={() => void save()}
            onPublish={() => void publish()}
            onPreview={() => setPreviewing(true)}
          />
          <Grid
            templateColumns={{ base: 'minmax(0, 1fr)', lg: '248px minmax(0, 1fr) 340px' }}
            flex="1"
            minHeight="0"
          >
            <Box
              bg="white"
              borderRightWidth={{ lg: '1px' }}
              overflowY="auto"
              order={{ base: 2, lg: 0 }}
              data-testid="catalogue"
            >
              <CataloguePanel />
            </Box>
            <Flex
              direction={{ base: 'column-reverse', md: 'row' }}
              align={{ base: 'stretch', md: 'flex-start' }}
              gap="4"
              padding={{ base: '2', md: '4' }}
              overflow="auto"
              minWidth="0"
              order={{ base: 1, lg: 0 }}
            >
              <Stack
                gap="4"
                width={{ base: 'auto', md: '220px' }}
                flexShrink="0"
                bg="white"
                borderRadius="md"
                padding="3"
                boxShadow="xs"
              >
                <PagesPanel />
                <OutlinePanel />
              </Stack>
              {/* The phone is 399 px wide: on a phone it is drawn a little smaller, so it fits whole. */}
              <Box flex="1" paddingY="2" overflowX="auto" zoom={{ base: '0.9', sm: '1' }}>
                <PhoneCanvas />
              </Box>
            </Flex>
            <Box bg="white" borderLeftWidth={{ lg: '1px' }} overflowY="auto" order={{ base: 3, lg: 0 }}>
              <Tabs.Root
                value={rightTab}
                onValueChange={(details) => setRightTab(details.value)}
                size="sm"
                variant="line"
              >
                <Tabs.List
                  paddingX="2"
                  position="sticky"
                  top="0"
                  bg="white"
                  zIndex="1"
                  overflowX="auto"
                  whiteSpace="nowrap"
                  wordBreak="keep-all"
                >
                  <Tabs.Trigger value="properties" flexShrink="0">
                    <FormattedMessage id="studio.tab.properties" />
                  </Tabs.Trigger>
                  <Tabs.Trigger value="page" flexShrink="0">
                    <FormattedMessage id="studio.tab.page" />
                  </Tabs.Trigger>
                  <Tabs.Trigger value="history" flexShrink="0">
                    <FormattedMessage id="studio.tab.history" />
                  </Tabs.Trigger>
                  <Tabs.Trigger value="shortcuts" flexShrink="0">
                    <FormattedMessage id="studio.tab.shortcuts" />
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="properties" padding="3">
                  <PropertyPanel />
                </Tabs.Content>
                <Tabs.Content value="page" padding="3">
                  <PageSettingsPanel />
                </Tabs.Content>
                <Tabs.Content value="history" padding="3">
                  <HistoryPanel />
                </Tabs.Content>
                <Tabs.Content value="shortcuts" padding="3">
                  <ShortcutsPanel />
                </Tabs.Content>
              </Tabs.Root>
            </Box>
          </Grid>
        </Stack>
        <DragOverlay>
          {draggedType ? (
            <Badge size="lg" colorPalette="blue" boxShadow="md">
              {intl.formatMessage({
                id: blockDefinition(draggedType)?.label ?? 'studio.canvas.unknownBlock',
              })}
            </Badge>
          ) : null}
        </DragOverlay>
      </DndContext>
      {stale && (
        <StaleDialog
          onClose={() => setStale(false)}
          onReload={() => void reloadFromServer()}
          onOverwrite={() => void overwrite()}
        />
      )}
      {problems && <ProblemsDialog problems={problems} onClose={() => setProblems(null)} onJump={jump} />}
      {warnings && (
        <ProblemsDialog
          problems={warnings}
          onClose={() => setWarnings(null)}
          onJump={jump}
          onContinue={() => void publish(true)}
        />
      )}
      {draft.offer && (
        <DraftDialog
          offer={draft.offer}
          serverVersion={saved.version}
          onRestore={restoreDraft}
          onDiscard={draft.discard}
        />
      )}
      {previewing && (
        <PreviewDialog
          path={previewPath(Number(siteId), {
            pageId,
            ...(saved.isCurrent ? {} : { templateId: saved.id }),
          })}
          dirty={dirty}
          isCurrent={saved.isCurrent}
          onClose={() => setPreviewing(false)}
        />
      )}
    </StudioContext.Provider>
  );
}

function Toolbar({
  name,
  dirty,
  saving,
  shopType,
  draftKept,
  onSave,
  onPublish,
  onPreview,
}: {
  name: string;
  dirty: boolean;
  saving: boolean;
  shopType: ShopType;
  draftKept: boolean;
  onSave: () => void;
  onPublish: () => void;
  onPreview: () => void;
}) {
  const intl = useIntl();
  const undo = useStudio((state) => state.undo);
  const redo = useStudio((state) => state.redo);
  const canUndo = useTemporal((state) => state.pastStates.length > 0);
  const canRedo = useTemporal((state) => state.futureStates.length > 0);
  const previewShopType = useStudio((state) => state.previewShopType);
  const setPreviewShopType = useStudio((state) => state.setPreviewShopType);
  return (
    <HStack
      as="header"
      justify="space-between"
      paddingX="4"
      paddingY="2"
      bg="white"
      borderBottomWidth="1px"
      gap="3"
      flexWrap="wrap"
    >
      <HStack gap="3" minWidth="0" flexWrap="wrap">
        <Button asChild size="xs" variant="ghost">
          <RouterLink to={TEMPLATES_PATH}>
            <FormattedMessage id="studio.backToTemplates" />
          </RouterLink>
        </Button>
        <Heading as="h1" size="sm" lineClamp={1}>
          {name}
        </Heading>
        <Badge colorPalette="gray">
          <EnumLabel type="shopType" value={shopType} />
        </Badge>
        {dirty ? (
          <Badge colorPalette="orange" data-testid="dirty-mark">
            <FormattedMessage id="studio.unsaved" />
          </Badge>
        ) : (
          <Badge colorPalette="green" data-testid="saved-mark">
            <FormattedMessage id="studio.allSaved" />
          </Badge>
        )}
        {draftKept && (
          <Text fontSize="xs" color="fg.muted" data-testid="draft-kept" whiteSpace="nowrap">
            <FormattedMessage id="draft.kept" />
          </Text>
        )}
      </HStack>
      <HStack gap="2" flexWrap="wrap">
        <PreviewShopTypeSelect value={previewShopType} onChange={setPreviewShopType} />
        <ButtonGroup size="sm" variant="outline" attached>
          <Button onClick={undo} disabled={!canUndo} title={intl.formatMessage({ id: 'studio.undoHint' })}>
            <span aria-hidden="true">↶</span>
            <FormattedMessage id="studio.undo" />
          </Button>
          <Button onClick={redo} disabled={!canRedo} title={intl.formatMessage({ id: 'studio.redoHint' })}>
            <span aria-hidden="true">↷</span>
            <FormattedMessage id="studio.redo" />
          </Button>
        </ButtonGroup>
        <Button size="sm" variant="outline" onClick={onPreview}>
          <FormattedMessage id="studio.preview" />
        </Button>
        <Button size="sm" variant="outline" onClick={onSave} loading={saving}>
          <FormattedMessage id="studio.save" />
        </Button>
        <Button size="sm" colorPalette="brand" onClick={onPublish}>
          <FormattedMessage id="studio.publish" />
        </Button>
      </HStack>
    </HStack>
  );
}

type Loaded = { ok: true; saved: Saved } | { ok: false; messages: string[] };

async function loadTemplate(
  id: number | undefined,
  catalogue: Record<string, string>,
  signal?: AbortSignal,
): Promise<Loaded> {
  const response = await callEndpoint(getTemplateData, id ? { Id: id } : {}, { signal });
  const parsed = parseTemplate(response.Data, blockDefinition);
  if (!parsed.ok)
    return { ok: false, messages: parsed.errors.map((issue) => describeCodecIssue(issue, catalogue)) };
  return {
    ok: true,
    saved: {
      id: response.Id,
      name: response.Name,
      shopType: response.ShopType as ShopType,
      version: response.Version,
      isCurrent: response.IsCurrent,
      document: parsed.document,
    },
  };
}

/** The studio route (?id=<templateId>): loads the template, then edits it. */
function EditTemplatePage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const language = intl.locale.startsWith('zh') ? 'zh' : 'en';
  const catalogue = studioCatalogues[language];
  const query = useQuery({
    queryKey: endpointKey(getTemplateData, id ? { Id: id } : {}),
    queryFn: ({ signal }) => loadTemplate(id, catalogue, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const reload = async () => {
    const fresh = await loadTemplate(id, catalogue).catch(() => null);
    return fresh?.ok ? fresh.saved : null;
  };
  if (query.isPending) return <Skeleton height="80vh" margin="4" />;
  if (query.isError) {
    return (
      <Alert.Root status="error" margin="4">
        <Alert.Indicator />
        <Alert.Title>
          <FormattedMessage id="studio.loadFailed" />
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (!query.data.ok) {
    return (
      <Alert.Root status="error" margin="4" data-testid="codec-errors">
        <Alert.Indicator />
        <Stack gap="1">
          <Alert.Title>
            <FormattedMessage id="studio.unreadable" />
          </Alert.Title>
          {query.data.messages.map((message) => (
            <Alert.Description key={message}>{message}</Alert.Description>
          ))}
        </Stack>
      </Alert.Root>
    );
  }
  return <Studio key={`${query.data.saved.id}`} initial={query.data.saved} reload={reload} />;
}

export default withModuleMessages(EditTemplatePage, studioCatalogues);
