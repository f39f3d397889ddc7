import { nanoid } from 'nanoid';
import { temporal } from 'zundo';
import { createStore } from 'zustand/vanilla';
import type { ElementType, PosterDocument } from '../../contract/poster-document';
import {
  type CoalescingStep,
  commitStep,
  continuesStep,
  historyOptions,
  type TemporalControls,
} from '../store/labelled-history';
import type { Rect, Size } from './geometry';
import * as operations from './operations';

/** What produced a state of the design: the label of one history step. */
export type PosterAction =
  | 'open'
  | 'add'
  | 'move'
  | 'resize'
  | 'nudge'
  | 'edit'
  | 'delete'
  | 'duplicate'
  | 'reorder'
  | 'lock'
  | 'unlock'
  | 'hide'
  | 'show'
  | 'background'
  | 'canvasSize';

export interface PosterStep extends CoalescingStep {
  action: PosterAction;
  /** Type of the element acted on when there was exactly one. */
  elementType: ElementType | null;
  elementIds: string[];
}

export interface PosterHistory {
  document: PosterDocument;
  step: PosterStep;
}

export interface PosterEditorState {
  history: PosterHistory;
  selection: string[];

  load(document: PosterDocument): void;
  select(ids: string[], mode?: 'replace' | 'toggle'): void;
  add(type: ElementType, text?: string): string;
  /** One step for a whole drag (the rectangle where the pointer let go); typed numbers coalesce by field. */
  place(id: string, rect: Rect, action: 'move' | 'resize', field?: string): void;
  /** Arrow keys: a burst of presses on the same elements is one step. */
  nudge(dx: number, dy: number): void;
  update(id: string, patch: operations.ElementPatch, field: string): void;
  remove(ids?: string[]): void;
  duplicate(ids?: string[]): void;
  reorder(id: string, toIndex: number): void;
  setLocked(ids: string[], locked: boolean): void;
  setHidden(ids: string[], hidden: boolean): void;
  setBackground(patch: Partial<PosterDocument['background']>, field: string): void;
  setCanvasSize(size: Size): void;
  undo(): void;
  redo(): void;
}

export interface PosterStoreOptions {
  document: PosterDocument;
  now?: () => number;
  newId?: () => string;
  limit?: number;
}

function openingStep(at: number): PosterStep {
  return { action: 'open', elementType: null, elementIds: [], coalesceKey: null, at };
}

export function createPosterStore(options: PosterStoreOptions) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => nanoid(10));
  return createStore<PosterEditorState>()(
    temporal((set, get, store) => {
      const controls = () =>
        (
          store as unknown as { temporal: { getState(): TemporalControls<PosterHistory> } }
        ).temporal.getState();
      const doc = () => get().history.document;
      const targets = (ids?: string[]) => ids ?? get().selection;

      /** Records a changed document as a step; an edit that changed nothing records nothing. */
      const apply = (
        action: PosterAction,
        document: PosterDocument,
        elementIds: string[],
        coalesceKey: string | null = null,
        selection = elementIds,
      ) => {
        if (document === doc()) return;
        const at = now();
        const types = new Set(
          elementIds.map(
            (id) => (operations.findElement(document, id) ?? operations.findElement(doc(), id))?.type,
          ),
        );
        const step: PosterStep = {
          action,
          elementType: elementIds.length === 1 ? ([...types][0] ?? null) : null,
          elementIds,
          coalesceKey,
          at,
        };
        const merge = continuesStep(get().history.step, coalesceKey, at);
        commitStep(controls(), merge, () => set({ history: { document, step }, selection }));
      };

      /** After undo or redo: select what the step was about, where it still exists. */
      const focusOn = (step: PosterStep) => {
        const { document } = get().history;
        set({ selection: step.elementIds.filter((id) => operations.findElement(document, id)) });
      };

      return {
        history: { document: options.document, step: openingStep(now()) },
        selection: [],

        load(document) {
          set({ history: { document, step: openingStep(now()) }, selection: [] });
          controls().clear();
        },
        select(ids, mode = 'replace') {
          if (mode === 'replace') set({ selection: ids });
          else {
            const current = get().selection;
            const added = ids.filter((id) => !current.includes(id));
            set({ selection: [...current.filter((id) => !ids.includes(id)), ...added] });
          }
        },
        add(type, text) {
          const id = newId();
          apply('add', operations.addElement(doc(), operations.createElement(type, id, doc(), text)), [id]);
          return id;
        },
        place(id, rect, action, field) {
          apply(action, operations.placeElement(doc(), id, rect), [id], field ? `${id}:${field}` : null);
        },
        nudge(dx, dy) {
          const ids = get().selection;
          if (ids.length === 0) return;
          apply('nudge', operations.nudgeElements(doc(), ids, dx, dy), ids, `nudge:${ids.join(',')}`);
        },
        update(id, patch, field) {
          apply('edit', operations.updateElement(doc(), id, patch), [id], `${id}:${field}`);
        },
        remove(ids) {
          const chosen = targets(ids);
          const document = operations.deleteElements(doc(), chosen);
          const kept = chosen.filter((id) => operations.findElement(document, id));
          apply('delete', document, chosen, null, kept);
        },
        duplicate(ids) {
          const result = operations.duplicateElements(doc(), targets(ids), newId);
          apply('duplicate', result.document, result.ids);
        },
        reorder(id, toIndex) {
          apply('reorder', operations.reorderElement(doc(), id, toIndex), [id]);
        },
        setLocked(ids, locked) {
          apply(locked ? 'lock' : 'unlock', operations.setFlag(doc(), ids, 'locked', locked), ids);
        },
        setHidden(ids, hidden) {
          apply(hidden ? 'hide' : 'show', operations.setFlag(doc(), ids, 'hidden', hidden), ids);
        },
        setBackground(patch, field) {
          apply(
            'background',
            operations.setBackground(doc(), patch),
            [],
            `background:${field}`,
            get().selection,
          );
        },
        setCanvasSize(size) {
          apply('canvasSize', operations.resizeCanvas(doc(), size), [], null, get().selection);
        },
        undo() {
          const step = get().history.step;
          if (controls().pastStates.length === 0) return;
          controls().undo();
          focusOn(step);
        },
        redo() {
          if (controls().futureStates.length === 0) return;
          controls().redo();
          focusOn(get().history.step);
        },
      };
    }, historyOptions<PosterEditorState>(options.limit)),
  );
}

export type PosterStore = ReturnType<typeof createPosterStore>;
