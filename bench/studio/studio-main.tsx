import { ChakraProvider } from '@chakra-ui/react';
import { DndContext } from '@dnd-kit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../../contract/enums';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { createTemplate } from '../../contract/template/create-template';
import { insertBlock } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { createStudioStore, type StudioStore } from '../../editor/store/studio-store';
import { PhoneCanvas } from '../../editor/studio/phone-canvas';
import { StudioContext } from '../../editor/studio/studio-context';
import { studioCatalogues } from '../../editor/studio/studio-messages';
import { system } from '../../src/app/system';
import { AD_IMAGE, BLOCK_COUNT, type BlockSpec, benchBlocks } from './blocks';
import { type EditorAdapter, exposeBench } from './measure';

/**
 * Our side: the studio's real store (document operations, zundo history) and its real phone canvas
 * drawing the catalogue's renderers, inside the providers the edit page gives them. The edit page
 * itself needs the server (template data, saving); the canvas does not.
 */

const BLOCK_TYPES = { title: 'title', text: 'richText', imageAd: 'imageAd', spacer: 'spacer' } as const;

function propsOf(block: BlockSpec): Record<string, unknown> {
  const definition = blockDefinition(BLOCK_TYPES[block.kind])!;
  const defaults = definition.defaults() as Record<string, unknown>;
  switch (block.kind) {
    case 'title':
      return { ...defaults, text: block.text };
    case 'text':
      return { ...defaults, html: `<p>${block.text}</p>` };
    case 'imageAd':
      return { ...defaults, items: [{ image: AD_IMAGE, link: { linkType: 0 } }] };
    case 'spacer':
      return { ...defaults, height: 20 };
  }
}

function documentOf(blocks: readonly BlockSpec[]): TemplateDocument {
  let document = createTemplate(1, 'Home');
  for (const [index, block] of blocks.entries()) {
    const outcome = insertBlock(document, {
      rules: blockDefinition,
      pageId: document.homePageId,
      type: BLOCK_TYPES[block.kind],
      index,
      props: propsOf(block),
      id: block.id,
    });
    if (!outcome.ok) throw new Error(`cannot add ${block.kind}: ${outcome.problem.key}`);
    document = outcome.document;
  }
  return document;
}

const container = document.getElementById('root')!;
const queryClient = new QueryClient();
let store: StudioStore | null = null;
let showStudio: (studioStore: StudioStore | null) => void = () => {
  throw new Error('the providers are not mounted');
};

/** Where the edit page sits in the app: inside the providers, which opening a template leaves alone. */
function StudioSlot() {
  const [studioStore, setStudioStore] = useState<StudioStore | null>(null);
  showStudio = setStudioStore;
  if (!studioStore) return null;
  return (
    <StudioContext.Provider value={studioStore}>
      <DndContext>
        <PhoneCanvas />
      </DndContext>
    </StudioContext.Provider>
  );
}

/**
 * The app's providers stay mounted from one load to the next, as in the app, where opening a
 * template mounts the edit page inside the shell's providers: each load mounts a store and its canvas.
 */
flushSync(() =>
  createRoot(container).render(
    <ChakraProvider value={system}>
      <IntlProvider locale="zh" messages={studioCatalogues.zh}>
        <QueryClientProvider client={queryClient}>
          <StudioSlot />
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>,
  ),
);

const studio = () => {
  if (!store) throw new Error('the studio is not mounted');
  return store.getState();
};
const canvasBlocks = () => container.querySelectorAll('[data-testid^="canvas-block-"]');

const adapter: EditorAdapter = {
  save: (blocks) => serializeTemplate(documentOf(blocks)),
  mount(saved) {
    const parsed = parseTemplate(saved, blockDefinition);
    if (!parsed.ok) throw new Error(`the saved page does not parse: ${parsed.errors[0]?.code}`);
    store = createStudioStore({ document: parsed.document, shopType: ShopType.mall });
    showStudio(store);
  },
  unmount() {
    store = null;
    flushSync(() => showStudio(null));
  },
  order: () => {
    const state = studio();
    return state.history.document.pages.find((page) => page.id === state.pageId)!.blockIds;
  },
  count: () => canvasBlocks().length,
  pending: () => [...container.querySelectorAll('[data-pending]')],
  blockElement: (id) => container.querySelector(`[data-testid="canvas-block-${id}"]`),
  idOf: (element) => element?.getAttribute('data-testid')?.replace('canvas-block-', '') ?? null,
  setText: (id, text) => studio().setProp(id, ['text'], text),
  insert: (index) => void studio().insertBlock('title', index),
  move: (id, toIndex) => studio().moveBlock(id, toIndex),
  remove: (id) => studio().deleteBlocks([id]),
  duplicate: (id) => studio().duplicateBlocks([id]),
  undo: () => studio().undo(),
  redo: () => studio().redo(),
  historyDelayMs: 0,
};

exposeBench(adapter, benchBlocks(BLOCK_COUNT));
