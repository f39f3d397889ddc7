import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PosterEditorState, PosterStore } from './poster-store';

export const PosterContext = createContext<PosterStore | null>(null);

export function usePosterStore(): PosterStore {
  const store = useContext(PosterContext);
  if (!store) throw new Error('usePosterStore outside the poster editor');
  return store;
}

export function usePoster<T>(selector: (state: PosterEditorState) => T): T {
  return useStore(usePosterStore(), selector);
}
