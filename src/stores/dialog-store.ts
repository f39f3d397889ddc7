import { create } from 'zustand';

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  resolve(confirmed: boolean): void;
}

interface DialogState {
  queue: DialogRequest[];
  open(request: Omit<DialogRequest, 'id'>): void;
  settle(id: number, confirmed: boolean): void;
}

let nextId = 1;

/** Prompts shown one at a time by the dialog host; each resolves when the user answers. */
export const useDialogStore = create<DialogState>()((set, get) => ({
  queue: [],
  open: (request) => set((state) => ({ queue: [...state.queue, { ...request, id: nextId++ }] })),
  settle: (id, confirmed) => {
    const request = get().queue.find((entry) => entry.id === id);
    set((state) => ({ queue: state.queue.filter((entry) => entry.id !== id) }));
    request?.resolve(confirmed);
  },
}));

export function confirmDialog(options: {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
}): Promise<boolean> {
  return new Promise((resolve) => useDialogStore.getState().open({ kind: 'confirm', ...options, resolve }));
}

export function alertDialog(title: string, message: string): Promise<void> {
  return new Promise((resolve) =>
    useDialogStore.getState().open({ kind: 'alert', title, message, resolve: () => resolve() }),
  );
}
