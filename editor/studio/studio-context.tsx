import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { StudioState, StudioStore } from '../store/studio-store';

/** The open template's store, shared by the studio's panes. */
export const StudioContext = createContext<StudioStore | null>(null);

export function useStudioStore(): StudioStore {
  const store = useContext(StudioContext);
  if (!store) throw new Error('useStudioStore outside the studio');
  return store;
}

export function useStudio<T>(selector: (state: StudioState) => T): T {
  return useStore(useStudioStore(), selector);
}

/** Undo/redo availability and the history list change with the temporal store, not the main one. */
export function useTemporal<T>(
  selector: (state: { pastStates: unknown[]; futureStates: unknown[] }) => T,
): T {
  const store = useStudioStore();
  return useStore(store.temporal, selector);
}
