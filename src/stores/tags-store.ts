import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** One open tab: a path (one tab per path) and the full path it was last shown with. */
export interface TagView {
  path: string;
  fullPath: string;
  titleKey: string;
  affix?: boolean;
  noCache?: boolean;
}

interface TagsState {
  visitedViews: TagView[];
  /** Bumped per path by Refresh so the kept-alive page mounts afresh. */
  refreshKeys: Record<string, number>;
  addView(view: TagView): void;
  delView(path: string): TagView[];
  delOthersViews(path: string): TagView[];
  delAllViews(): TagView[];
  refreshView(path: string): void;
  /** Drops every tab, affixed ones included (logout, site switch). */
  reset(): void;
}

/** Adds a tab once per path; a visit with another query updates its full path. */
export function withView(views: readonly TagView[], view: TagView): TagView[] {
  const index = views.findIndex((existing) => existing.path === view.path);
  if (index === -1) {
    if (!view.affix) return [...views, view];
    // Affixed tabs stay together at the front.
    const lastAffix = views.findLastIndex((existing) => existing.affix);
    return [...views.slice(0, lastAffix + 1), view, ...views.slice(lastAffix + 1)];
  }
  const copy = [...views];
  copy[index] = { ...views[index]!, fullPath: view.fullPath, titleKey: view.titleKey };
  return copy;
}

export const useTagsStore = create<TagsState>()(
  persist(
    (set, get) => ({
      visitedViews: [],
      refreshKeys: {},
      addView: (view) => set((state) => ({ visitedViews: withView(state.visitedViews, view) })),
      delView: (path) => {
        const visitedViews = get().visitedViews.filter((view) => view.path !== path || view.affix);
        set({ visitedViews });
        return visitedViews;
      },
      delOthersViews: (path) => {
        const visitedViews = get().visitedViews.filter((view) => view.affix || view.path === path);
        set({ visitedViews });
        return visitedViews;
      },
      delAllViews: () => {
        const visitedViews = get().visitedViews.filter((view) => view.affix);
        set({ visitedViews });
        return visitedViews;
      },
      refreshView: (path) =>
        set((state) => ({
          refreshKeys: { ...state.refreshKeys, [path]: (state.refreshKeys[path] ?? 0) + 1 },
        })),
      reset: () => set({ visitedViews: [], refreshKeys: {} }),
    }),
    {
      name: 'tags-view',
      // Per browser tab, like the tabs themselves; survives a reload, not a new window.
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ visitedViews }) => ({ visitedViews }),
    },
  ),
);
