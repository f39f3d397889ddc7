import { temporal } from 'zundo';
import { createStore } from 'zustand/vanilla';
import { type FormDefinition, type FormField, MAX_FIELDS } from '../../contract/smart-form';
import {
  commitStep,
  continuesStep,
  historyOptions,
  historySteps,
  type TemporalControls,
} from '../store/labelled-history';

/**
 * The form builder's state, on the studio's history engine: only `history` (the field list and the
 * labelled step that made it) is undoable; selection and the preview's answers change freely.
 */

export type BuilderAction = 'open' | 'add' | 'move' | 'duplicate' | 'delete' | 'edit';

export interface BuilderStep {
  action: BuilderAction;
  /** The field acted on: its label when the step was made (history rows name it). */
  fieldLabel: string | null;
  fieldId: string | null;
  coalesceKey: string | null;
  at: number;
}

export interface BuilderHistory {
  fields: FormField[];
  step: BuilderStep;
}

export interface BuilderState {
  history: BuilderHistory;
  selection: string | null;
  load(definition: FormDefinition): void;
  select(fieldId: string | null): void;
  /** Adds a field (already labelled in the builder's language) at `index` or after the selection. */
  add(field: FormField, index?: number): boolean;
  move(fieldId: string, toIndex: number): void;
  moveBy(fieldId: string, delta: number): void;
  duplicate(fieldId: string): void;
  remove(fieldId: string): void;
  /** Changes settings of a field; edits of one setting in quick succession are one step. */
  update(fieldId: string, patch: Partial<Omit<FormField, 'id' | 'type'>>): void;
  undo(): void;
  redo(): void;
}

export interface BuilderOptions {
  definition: FormDefinition;
  now?: () => number;
  newId?: () => string;
}

let counter = 0;
/** Ids unique within a form; the time part keeps them apart across sessions. */
export function fieldId(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter.toString(36)}`;
}

export function createBuilderStore(options: BuilderOptions) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? fieldId;
  const opening = (): BuilderStep => ({
    action: 'open',
    fieldLabel: null,
    fieldId: null,
    coalesceKey: null,
    at: now(),
  });
  return createStore<BuilderState>()(
    temporal((set, get, store) => {
      const controls = () =>
        (
          store as unknown as { temporal: { getState(): TemporalControls<BuilderHistory> } }
        ).temporal.getState();
      const fields = () => get().history.fields;
      const commit = (
        action: BuilderAction,
        next: FormField[],
        field: FormField | undefined,
        coalesceKey: string | null = null,
      ) => {
        const at = now();
        const step: BuilderStep = {
          action,
          fieldLabel: field?.label ?? null,
          fieldId: field?.id ?? null,
          coalesceKey,
          at,
        };
        const merge = continuesStep(get().history.step, coalesceKey, at);
        const selection = action === 'delete' ? null : (field?.id ?? get().selection);
        commitStep(controls(), merge, () => set({ history: { fields: next, step }, selection }));
      };
      /** After undo or redo: the field of the step, when it still exists, is selected. */
      const focusOn = (step: BuilderStep) => {
        const exists = get().history.fields.some((field) => field.id === step.fieldId);
        set({ selection: exists ? step.fieldId : null });
      };

      return {
        history: { fields: options.definition.fields, step: opening() },
        selection: null,
        load(definition) {
          set({ history: { fields: definition.fields, step: opening() }, selection: null });
          controls().clear();
        },
        select: (selection) => set({ selection }),
        add(field, index) {
          if (fields().length >= MAX_FIELDS) return false;
          const selected = fields().findIndex((entry) => entry.id === get().selection);
          const at = index ?? (selected === -1 ? fields().length : selected + 1);
          const next = [...fields()];
          next.splice(Math.max(0, Math.min(at, next.length)), 0, field);
          commit('add', next, field);
          return true;
        },
        move(id, toIndex) {
          const from = fields().findIndex((field) => field.id === id);
          const to = Math.max(0, Math.min(toIndex, fields().length - 1));
          if (from === -1 || from === to) return;
          const next = [...fields()];
          const [moved] = next.splice(from, 1);
          next.splice(to, 0, moved!);
          commit('move', next, moved);
        },
        moveBy(id, delta) {
          const from = fields().findIndex((field) => field.id === id);
          if (from !== -1) get().move(id, from + delta);
        },
        duplicate(id) {
          const index = fields().findIndex((field) => field.id === id);
          if (index === -1 || fields().length >= MAX_FIELDS) return;
          const copy = { ...fields()[index]!, id: newId() };
          const next = [...fields()];
          next.splice(index + 1, 0, copy);
          commit('duplicate', next, copy);
        },
        remove(id) {
          const removed = fields().find((field) => field.id === id);
          if (!removed) return;
          commit(
            'delete',
            fields().filter((field) => field.id !== id),
            removed,
          );
        },
        update(id, patch) {
          const index = fields().findIndex((field) => field.id === id);
          if (index === -1) return;
          const changed = { ...fields()[index]!, ...patch };
          const next = [...fields()];
          next[index] = changed;
          commit('edit', next, changed, `${id}:${Object.keys(patch).sort().join(',')}`);
        },
        undo() {
          if (controls().pastStates.length === 0) return;
          const undone = get().history.step;
          controls().undo();
          focusOn(undone);
        },
        redo() {
          if (controls().futureStates.length === 0) return;
          controls().redo();
          focusOn(get().history.step);
        },
      };
    }, historyOptions<BuilderState>()),
  );
}

export type BuilderStore = ReturnType<typeof createBuilderStore>;

/** The undo and redo buttons' steps: the one undo would revert and the one redo would apply. */
export function undoRedoSteps(store: BuilderStore): { undo: BuilderStep | null; redo: BuilderStep | null } {
  const { steps, current } = historySteps(store.temporal.getState(), store.getState().history.step);
  return { undo: current > 0 ? steps[current]! : null, redo: steps[current + 1] ?? null };
}
