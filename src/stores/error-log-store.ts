import { create } from 'zustand';

export interface ErrorLogEntry {
  id: number;
  message: string;
  /** The component (stack) where a render error happened, or the source of a window error. */
  component: string;
  url: string;
  stack: string;
  time: number;
}

/** Older entries are dropped past this, so a loop of errors cannot eat the memory. */
export const ERROR_LOG_LIMIT = 100;

interface ErrorLogState {
  logs: ErrorLogEntry[];
  addErrorLog(entry: Omit<ErrorLogEntry, 'id' | 'time'> & { time?: number }): void;
  clearErrorLog(): void;
}

let nextId = 1;

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  addErrorLog: (entry) =>
    set((state) => ({
      logs: [...state.logs, { ...entry, id: nextId++, time: entry.time ?? Date.now() }].slice(
        -ERROR_LOG_LIMIT,
      ),
    })),
  clearErrorLog: () => set({ logs: [] }),
}));

export function describeError(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}
