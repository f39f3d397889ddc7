import { temporal } from 'zundo';
import { createStore } from 'zustand/vanilla';
import { blockDefinition } from '../../components-catalog/registry';
import type { ShopType } from '../../contract/enums';
import { pageOfBlock } from '../../contract/template/create-template';
import * as operations from '../../contract/template/operations';
import type { BlockId, PageId, PageSettings, TemplateDocument } from '../../contract/template-document';
import type { HistoryAction, HistoryStep } from './history-step';
import {
  COALESCE_MS,
  commitStep,
  continuesStep,
  HISTORY_LIMIT,
  historyOptions,
  historySteps,
  type TemporalControls,
} from './labelled-history';

/**
 * The studio's state. Only `history` (the document and the step that made it) is tracked by zundo;
 * selection, hover, the current page, panels and notices change freely without making undo steps.
 */

export { COALESCE_MS, HISTORY_LIMIT };

export interface HistorySlice {
  document: TemplateDocument;
  step: HistoryStep;
}

export interface StudioState {
  history: HistorySlice;
  shopType: ShopType;
  /** The shop type the canvas checks blocks and links against; edits still follow `shopType`. */
  previewShopType: ShopType;
  pageId: PageId;
  selection: BlockId[];
  hover: BlockId | null;
  clipboard: operations.ClipboardPayload | null;
  /** The last refused action's reason, for a toast. */
  notice: operations.DocumentProblem | null;

  load(document: TemplateDocument): void;
  setShopType(shopType: ShopType): void;
  setPreviewShopType(shopType: ShopType): void;
  showPage(pageId: PageId): void;
  select(blockIds: BlockId[], mode?: 'replace' | 'toggle' | 'add'): void;
  setHover(blockId: BlockId | null): void;
  dismissNotice(): void;

  insertBlock(type: string, index: number, pageId?: PageId): BlockId | null;
  moveBlock(blockId: BlockId, toIndex: number): void;
  moveBlockBy(blockId: BlockId, delta: number): void;
  deleteBlocks(blockIds?: BlockId[]): void;
  duplicateBlocks(blockIds?: BlockId[]): void;
  setHidden(blockIds: BlockId[], hidden: boolean): void;
  setLocked(blockIds: BlockId[], locked: boolean): void;
  setProp(blockId: BlockId, path: operations.PropPath, value: unknown): void;
  replaceProps(blockId: BlockId, props: Record<string, unknown>): void;
  copy(blockIds?: BlockId[]): void;
  paste(index?: number, payload?: operations.ClipboardPayload): void;

  addPage(title: string): void;
  renamePage(pageId: PageId, title: string): void;
  deletePage(pageId: PageId): void;
  reorderPage(pageId: PageId, toIndex: number): void;
  setHomePage(pageId: PageId): void;
  updatePageSettings(pageId: PageId, patch: Partial<PageSettings>): void;

  undo(): void;
  redo(): void;
  /** Jumps to a step of the history panel: negative goes back, positive forward. */
  travel(steps: number): void;
}

export interface StudioOptions {
  document: TemplateDocument;
  shopType: ShopType;
  /** Clock for coalescing; tests pass their own. */
  now?: () => number;
  limit?: number;
}

function openingStep(document: TemplateDocument, at: number): HistoryStep {
  return {
    action: 'open',
    blockType: null,
    count: 0,
    pageId: document.homePageId,
    blockIds: [],
    coalesceKey: null,
    at,
  };
}

function sameIds(current: readonly BlockId[], next: readonly BlockId[]): boolean {
  return current.length === next.length && current.every((id, index) => id === next[index]);
}

export function createStudioStore(options: StudioOptions) {
  const now = options.now ?? Date.now;
  return createStore<StudioState>()(
    temporal((set, get, store) => {
      const temporalApi = () =>
        (
          store as unknown as { temporal: { getState(): TemporalControls<HistorySlice> } }
        ).temporal.getState();

      /** Applies an operation as one history step (or merges it into the last, when coalescing). */
      const apply = (
        action: HistoryAction,
        outcome: operations.Outcome,
        coalesceKey: string | null = null,
        /** Where the step happened when that is not where the studio goes next (a deleted page). */
        origin?: PageId,
      ): boolean => {
        if (!outcome.ok) {
          set({ notice: outcome.problem });
          return false;
        }
        const { document, focus } = outcome;
        const types = new Set(
          focus.blockIds.map((id) => document.blocks[id]?.type ?? get().history.document.blocks[id]?.type),
        );
        const at = now();
        const step: HistoryStep = {
          action,
          blockType: types.size === 1 ? ([...types][0] ?? null) : null,
          count: focus.blockIds.length,
          pageId: origin ?? focus.pageId,
          blockIds: focus.blockIds,
          coalesceKey,
          at,
        };
        const previous = get().history.step;
        const merge = continuesStep(previous, coalesceKey, at);
        const selection = action === 'delete' || action === 'deletePage' ? [] : focus.blockIds;
        const next = {
          history: { document, step },
          notice: null,
          pageId: focus.pageId,
          // The same selection keeps its identity: typing into the selected block would otherwise
          // re-render everything that follows the selection (the canvas's list of 300 blocks) per key.
          selection: sameIds(get().selection, selection) ? get().selection : selection,
        };
        commitStep(temporalApi(), merge, () => set(next));
        return true;
      };

      /** After undo or redo: back to the step's page, its blocks selected when they exist. */
      const focusOn = (step: HistoryStep) => {
        const { document } = get().history;
        const pageId = document.pages.some((page) => page.id === step.pageId)
          ? step.pageId
          : document.homePageId;
        set({
          pageId,
          selection: step.blockIds.filter((id) => Object.hasOwn(document.blocks, id)),
          notice: null,
        });
      };

      const doc = () => get().history.document;
      const targets = (blockIds?: BlockId[]) => blockIds ?? get().selection;
      const pageFor = (blockId: BlockId | undefined) =>
        (blockId && pageOfBlock(doc(), blockId)?.id) || get().pageId;

      return {
        history: { document: options.document, step: openingStep(options.document, now()) },
        shopType: options.shopType,
        previewShopType: options.shopType,
        pageId: options.document.homePageId,
        selection: [],
        hover: null,
        clipboard: null,
        notice: null,

        load(document) {
          set({
            history: { document, step: openingStep(document, now()) },
            pageId: document.homePageId,
            selection: [],
            hover: null,
            notice: null,
          });
          temporalApi().clear();
        },
        setShopType: (shopType) => set({ shopType }),
        setPreviewShopType: (previewShopType) => set({ previewShopType }),
        showPage: (pageId) => set({ pageId, selection: [], hover: null }),
        select(blockIds, mode = 'replace') {
          const current = get().selection;
          if (mode === 'replace') set({ selection: blockIds });
          else if (mode === 'add')
            set({ selection: [...current, ...blockIds.filter((id) => !current.includes(id))] });
          else {
            const toggled = blockIds.filter((id) => !current.includes(id));
            set({ selection: [...current.filter((id) => !blockIds.includes(id)), ...toggled] });
          }
        },
        setHover: (hover) => set({ hover }),
        dismissNotice: () => set({ notice: null }),

        insertBlock(type, index, pageId = get().pageId) {
          const outcome = operations.insertBlock(doc(), {
            rules: blockDefinition,
            pageId,
            type,
            index,
            shopType: get().shopType,
          });
          return apply('insert', outcome) && outcome.ok ? outcome.focus.blockIds[0]! : null;
        },
        moveBlock(blockId, toIndex) {
          apply('move', operations.moveBlock(doc(), pageFor(blockId), blockId, toIndex));
        },
        moveBlockBy(blockId, delta) {
          apply('move', operations.moveBlockBy(doc(), pageFor(blockId), blockId, delta));
        },
        deleteBlocks(blockIds) {
          const ids = targets(blockIds);
          apply('delete', operations.deleteBlocks(doc(), pageFor(ids[0]), ids));
        },
        duplicateBlocks(blockIds) {
          const ids = targets(blockIds);
          apply(
            'duplicate',
            operations.duplicateBlocks(doc(), pageFor(ids[0]), ids, blockDefinition, get().shopType),
          );
        },
        setHidden(blockIds, hidden) {
          apply(hidden ? 'hide' : 'show', operations.setHidden(doc(), blockIds, hidden));
        },
        setLocked(blockIds, locked) {
          apply(locked ? 'lock' : 'unlock', operations.setLocked(doc(), blockIds, locked));
        },
        setProp(blockId, path, value) {
          apply('edit', operations.setProp(doc(), blockId, path, value), `${blockId}:${path.join('.')}`);
        },
        replaceProps(blockId, props) {
          apply('edit', operations.replaceProps(doc(), blockId, props));
        },
        copy(blockIds) {
          const payload = operations.copyBlocks(doc(), targets(blockIds));
          if (payload) set({ clipboard: payload });
        },
        paste(index, payload) {
          const clipboard = payload ?? get().clipboard;
          if (!clipboard) return;
          const page = doc().pages.find((entry) => entry.id === get().pageId);
          const selected = get().selection.at(-1);
          const after = selected && page ? page.blockIds.indexOf(selected) + 1 : (page?.blockIds.length ?? 0);
          apply(
            'paste',
            operations.pasteBlocks(doc(), clipboard, {
              rules: blockDefinition,
              pageId: get().pageId,
              index: index ?? after,
              shopType: get().shopType,
            }),
          );
        },

        addPage(title) {
          apply('addPage', operations.addPage(doc(), title));
        },
        renamePage(pageId, title) {
          apply('renamePage', operations.renamePage(doc(), pageId, title), `page:${pageId}:title`);
        },
        deletePage(pageId) {
          apply('deletePage', operations.deletePage(doc(), pageId), null, pageId);
        },
        reorderPage(pageId, toIndex) {
          apply('reorderPage', operations.reorderPage(doc(), pageId, toIndex));
        },
        setHomePage(pageId) {
          apply('setHome', operations.setHomePage(doc(), pageId));
        },
        updatePageSettings(pageId, patch) {
          const key = `page:${pageId}:${Object.keys(patch).sort().join(',')}`;
          apply('pageSettings', operations.updatePageSettings(doc(), pageId, patch), key);
        },

        undo() {
          const step = get().history.step;
          if (temporalApi().pastStates.length === 0) return;
          temporalApi().undo();
          focusOn(step);
        },
        redo() {
          if (temporalApi().futureStates.length === 0) return;
          temporalApi().redo();
          focusOn(get().history.step);
        },
        travel(steps) {
          if (steps < 0) {
            const past = temporalApi().pastStates.length;
            const count = Math.min(-steps, past);
            if (count === 0) return;
            // The step undone last is the earliest of those undone: focus where it happened.
            const target = [
              ...temporalApi()
                .pastStates.slice(past - count + 1)
                .map((state) => state.history?.step),
              get().history.step,
            ][0];
            temporalApi().undo(count);
            if (target) focusOn(target);
          } else if (steps > 0) {
            const count = Math.min(steps, temporalApi().futureStates.length);
            if (count === 0) return;
            temporalApi().redo(count);
            focusOn(get().history.step);
          }
        },
      };
    }, historyOptions<StudioState>(options.limit)),
  );
}

export type StudioStore = ReturnType<typeof createStudioStore>;

/** The history panel's rows: every step from the opening to the last redoable one, and which is current. */
export function historyEntries(store: StudioStore): { steps: HistoryStep[]; current: number } {
  return historySteps(store.temporal.getState(), store.getState().history.step);
}
