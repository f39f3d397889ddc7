import { Box, Button, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { previewPath } from '../../contract/endpoints/module-library';
import { getPosterData, setPoster } from '../../contract/endpoints/posters';
import {
  CANVAS_PRESETS,
  PALETTE,
  type PosterDocument,
  type PosterKind,
  posterDocumentSchema,
} from '../../contract/poster-document';
import { saveFile } from '../../src/lib/file-download';
import { ApiError, callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointKey } from '../../src/lib/query-options';
import { useSessionStore } from '../../src/lib/session';
import { isTypingTarget, shortcutCommand } from '../studio/shortcuts';
import { dialogIsOpen, HistoryToolbar, useHistoryShortcuts } from '../toolbar/history-toolbar';
import type { PosterData } from './draw-ops';
import { pngFileName, renderPosterPng } from './export-png';
import { nudgeFor } from './keys';
import { LayersPanel } from './layers-panel';
import { PosterCanvas } from './poster-canvas';
import { PosterContext } from './poster-context';
import { posterCatalogues } from './poster-messages';
import { createPosterStore, type PosterStep, type PosterStore } from './poster-store';
import { PropertyPanel } from './property-panel';

const LIST_PATH = '/shop/decorateShop/posterSupervise';

interface Saved {
  id: number;
  kind: PosterKind;
  name: string;
  version: number;
  document: PosterDocument;
}

/** Sample member and goods data the editor and the export fill placeholders with. */
function useSampleData(): PosterData {
  const intl = useIntl();
  const siteId = useSessionStore((state) => state.siteId);
  return useMemo(
    () => ({
      nickname: intl.formatMessage({ id: 'poster.sample.nickname' }),
      avatar: '',
      goodsName: intl.formatMessage({ id: 'poster.sample.goodsName' }),
      goodsPriceFen: 12_990,
      goodsImage: '',
      holderName: intl.formatMessage({ id: 'poster.sample.holderName' }),
      certificateNumber: 'NO.20260001',
      issueDate: new Date().toISOString().slice(0, 10),
      qrText: `${window.location.origin}${previewPath(Number(siteId) || 0)}`,
    }),
    [intl, siteId],
  );
}

function useStepLabel() {
  const intl = useIntl();
  return (step: PosterStep) => {
    const element =
      step.elementType !== null
        ? intl.formatMessage({ id: `poster.element.${step.elementType}` })
        : intl.formatMessage({ id: 'poster.history.elements' }, { count: step.elementIds.length });
    return intl.formatMessage({ id: `poster.history.${step.action}` }, { element });
  };
}

function Editor({ initial, reload }: { initial: Saved; reload: () => Promise<Saved | null> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const storeRef = useRef<PosterStore | null>(null);
  storeRef.current ??= createPosterStore({ document: initial.document });
  const store = storeRef.current;
  const [saved, setSaved] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const document = useStore(store, (state) => state.history.document);
  const step = useStore(store, (state) => state.history.step);
  // Counts, not the arrays: zundo may change its arrays in place.
  const pastCount = useStore(store.temporal, (state) => state.pastStates.length);
  const futureCount = useStore(store.temporal, (state) => state.futureStates.length);
  const redoStep = useStore(store.temporal, (state) => state.futureStates.at(-1)?.history?.step);
  const data = useSampleData();
  const label = useStepLabel();
  const dirty = document !== saved.document;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const save = useCallback(
    async (version = saved.version): Promise<void> => {
      const current = store.getState().history.document;
      setSaving(true);
      try {
        const result = await callEndpoint(setPoster, {
          Id: saved.id,
          Version: version,
          Data: JSON.stringify(current),
        });
        setSaved((previous) => ({ ...previous, version: result.Version, document: current }));
        showToast('success', intl.formatMessage({ id: 'poster.editor.saved' }));
      } catch (error) {
        const stale =
          error instanceof ApiError && (error.body as { StaleVersion?: boolean } | undefined)?.StaleVersion;
        if (!stale) return;
        const overwrite = await confirmDialog({
          title: intl.formatMessage({ id: 'poster.editor.stale.title' }),
          message: intl.formatMessage({ id: 'poster.editor.stale.message' }),
          confirmText: intl.formatMessage({ id: 'poster.editor.stale.overwrite' }),
        });
        const fresh = overwrite ? await reload() : null;
        if (fresh) await save(fresh.version);
      } finally {
        setSaving(false);
      }
    },
    [saved.id, saved.version, store, intl, reload],
  );

  const exportPng = async () => {
    setExporting(true);
    try {
      const blob = await renderPosterPng(store.getState().history.document, data);
      const current = store.getState().history.document;
      saveFile({ blob, fileName: pngFileName(saved.name, current.width, current.height) });
      showToast('success', intl.formatMessage({ id: 'poster.editor.exported' }));
    } finally {
      setExporting(false);
    }
  };

  useHistoryShortcuts({
    undo: () => store.getState().undo(),
    redo: () => store.getState().redo(),
    save: () => void save(),
  });
  // The studio's element shortcuts, plus arrow keys to nudge; typing in a field keeps the browser's own keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || dialogIsOpen()) return;
      const typing = isTypingTarget(event.target);
      const state = store.getState();
      const nudge = typing ? null : nudgeFor(event);
      if (nudge && state.selection.length > 0) {
        event.preventDefault();
        state.nudge(nudge.dx, nudge.dy);
        return;
      }
      const command = shortcutCommand(event);
      if (!command || typing) return;
      const selected = state.selection.length > 0;
      if (command === 'delete' && selected) state.remove();
      else if (command === 'duplicate' && selected) state.duplicate();
      else if (command === 'deselect') state.select([]);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const presets = CANVAS_PRESETS[saved.kind];
  const sizeValue = `${document.width}x${document.height}`;
  const sizes = presets.some((size) => `${size.width}x${size.height}` === sizeValue)
    ? presets
    : [...presets, { width: document.width, height: document.height }];

  return (
    <PosterContext.Provider value={store}>
      <Stack gap="0" height="calc(100vh - 84px)" minHeight="640px" bg="gray.100" data-testid="poster-editor">
        <HStack gap="2" paddingX="3" paddingY="2" bg="white" borderBottomWidth="1px" wrap="wrap">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => navigate(`${LIST_PATH}${saved.kind === 'certificate' ? '?kind=certificate' : ''}`)}
          >
            <FormattedMessage id="poster.editor.back" />
          </Button>
          <Heading as="h1" size="md" flex="1" minWidth="0" lineClamp={1}>
            {saved.name}
          </Heading>
          <Text fontSize="xs" color={dirty ? 'orange.700' : 'fg.muted'} aria-live="polite">
            <FormattedMessage id={dirty ? 'poster.editor.unsaved' : 'poster.editor.saved'} />
          </Text>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label={t('poster.editor.canvasSize')}
              value={sizeValue}
              onChange={(event) => {
                const [width, height] = event.target.value.split('x').map(Number);
                if (width && height) store.getState().setCanvasSize({ width, height });
              }}
            >
              {sizes.map((size) => (
                <option key={`${size.width}x${size.height}`} value={`${size.width}x${size.height}`}>
                  {size.width} × {size.height}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <HistoryToolbar
            canUndo={pastCount > 0}
            canRedo={futureCount > 0}
            undoStep={label(step)}
            redoStep={redoStep && label(redoStep)}
            saving={saving}
            onUndo={() => store.getState().undo()}
            onRedo={() => store.getState().redo()}
            onSave={() => void save()}
          >
            <Button size="sm" variant="outline" loading={exporting} onClick={exportPng}>
              <FormattedMessage id="poster.editor.export" />
            </Button>
          </HistoryToolbar>
        </HStack>
        <HStack flex="1" minHeight="0" gap="0" align="stretch">
          <Stack
            width="64"
            flexShrink={0}
            bg="white"
            borderRightWidth="1px"
            padding="3"
            gap="4"
            overflowY="auto"
          >
            <Stack gap="2">
              <Text as="h2" fontWeight="semibold" fontSize="sm">
                <FormattedMessage id="poster.editor.add" />
              </Text>
              <HStack gap="1" wrap="wrap" data-testid="poster-palette">
                {PALETTE[saved.kind].map((type) => (
                  <Button
                    key={type}
                    size="xs"
                    variant="outline"
                    aria-label={t('poster.editor.addElement', { element: t(`poster.element.${type}`) })}
                    onClick={() => store.getState().add(type, t('poster.editor.newText'))}
                  >
                    {t(`poster.element.${type}`)}
                  </Button>
                ))}
              </HStack>
            </Stack>
            <LayersPanel />
          </Stack>
          <Stack flex="1" minWidth="0" gap="0">
            <PosterCanvas data={data} />
            <Text id="poster-canvas-help" fontSize="xs" color="fg.muted" paddingX="4" paddingBottom="2">
              <FormattedMessage id="poster.editor.canvasHelp" />{' '}
              <FormattedMessage id="poster.editor.shortcuts" />
            </Text>
          </Stack>
          <Box width="72" flexShrink={0} bg="white" borderLeftWidth="1px" padding="3" overflowY="auto">
            <PropertyPanel />
          </Box>
        </HStack>
      </Stack>
    </PosterContext.Provider>
  );
}

async function loadDesign(id: number): Promise<Saved> {
  const response = await callEndpoint(getPosterData, { Id: id });
  return {
    id: response.Id,
    kind: response.Kind,
    name: response.Name,
    version: response.Version,
    document: posterDocumentSchema.parse(JSON.parse(response.Data)),
  };
}

/** editPoster and editCertificate: the free-layout editor of one design (?id=). */
function PosterEditorPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const design = useQuery({
    queryKey: endpointKey(getPosterData, { Id: id }),
    queryFn: () => loadDesign(id),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const reload = useCallback(async () => {
    try {
      return await loadDesign(id);
    } catch {
      return null;
    }
  }, [id]);
  if (!valid)
    return (
      <Text padding="5">
        <FormattedMessage id="poster.editor.noId" />
      </Text>
    );
  if (design.isError)
    return (
      <Text padding="5" color="red.700">
        <FormattedMessage id="poster.editor.loadFailed" />
      </Text>
    );
  if (!design.data) return <Skeleton height="80vh" margin="5" />;
  return <Editor key={`${design.data.id}`} initial={design.data} reload={reload} />;
}

export default withModuleMessages(PosterEditorPage, posterCatalogues);
