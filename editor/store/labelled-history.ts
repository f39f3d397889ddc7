/**
 * The history engine the studio and the poster editor share: zundo tracks one `history` slice (the
 * document and the labelled step that made it), edits with the same coalescing key inside a short
 * window fold into one step (typing in one field), and undo/redo never touch selection or panels.
 */

export const HISTORY_LIMIT = 200;
export const COALESCE_MS = 1000;

export interface CoalescingStep {
  /** Edits with the same key within the coalescing window become one step. */
  coalesceKey: string | null;
  at: number;
}

/** Whether an edit continues the last step instead of making a new one. */
export function continuesStep(previous: CoalescingStep, coalesceKey: string | null, at: number): boolean {
  return coalesceKey !== null && previous.coalesceKey === coalesceKey && at - previous.at < COALESCE_MS;
}

export interface TemporalControls<Slice> {
  pastStates: Partial<{ history: Slice }>[];
  futureStates: Partial<{ history: Slice }>[];
  undo(steps?: number): void;
  redo(steps?: number): void;
  clear(): void;
  pause(): void;
  resume(): void;
}

/** Applies a state change as a new step, or silently folds it into the last one. */
export function commitStep<Slice>(
  controls: TemporalControls<Slice>,
  merge: boolean,
  change: () => void,
): void {
  if (!merge) {
    change();
    return;
  }
  controls.pause();
  change();
  controls.resume();
}

/** zundo's options: only the `history` slice is remembered, and only when it changed. */
export function historyOptions<State extends { history: unknown }>(limit = HISTORY_LIMIT) {
  return {
    partialize: (state: State): Pick<State, 'history'> => ({ history: state.history }),
    equality: (past: Pick<State, 'history'>, current: Pick<State, 'history'>) =>
      past.history === current.history,
    limit,
  };
}

/** The history panel's rows: past steps, the current one and the redoable ones, and which is current. */
export function historySteps<Step>(
  controls: Pick<TemporalControls<{ step: Step }>, 'pastStates' | 'futureStates'>,
  current: Step,
): { steps: Step[]; current: number } {
  const past = controls.pastStates.map((state) => state.history!.step);
  const future = [...controls.futureStates].reverse().map((state) => state.history!.step);
  return { steps: [...past, current, ...future], current: past.length };
}
