import { temporal } from 'zundo';
import { createStore } from 'zustand/vanilla';
import {
  MAX_USER_CENTER_MENUS,
  type UserCenterMenu,
  type UserCenterSettings,
} from '../../contract/endpoints/module-library';

/**
 * The user-center editor's state. Like the studio, only the settings are tracked by zundo, so undo
 * and redo step through edits and never through selection; edits of one field within a second
 * (typing a title) make one step.
 */

export const COALESCE_MS = 1000;
export const USER_CENTER_HISTORY_LIMIT = 100;

export interface UserCenterState {
  settings: UserCenterSettings;
  selectedId: string | null;
  load(settings: UserCenterSettings): void;
  select(id: string | null): void;
  setPage(patch: Partial<Omit<UserCenterSettings, 'Menus'>>): void;
  addMenu(menu: UserCenterMenu): boolean;
  updateMenu(id: string, patch: Partial<Omit<UserCenterMenu, 'Id'>>): void;
  removeMenu(id: string): void;
  /** Moves an item so it ends up at `toIndex`. */
  moveMenu(id: string, toIndex: number): void;
  undo(): void;
  redo(): void;
}

/** The list with one item moved to a new place; unchanged for an unknown id or the same place. */
export function movedMenus(menus: readonly UserCenterMenu[], id: string, toIndex: number): UserCenterMenu[] {
  const from = menus.findIndex((menu) => menu.Id === id);
  const target = Math.max(0, Math.min(toIndex, menus.length - 1));
  if (from < 0 || from === target) return [...menus];
  const next = [...menus];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

interface TemporalControls {
  pause(): void;
  resume(): void;
  undo(): void;
  redo(): void;
  clear(): void;
}

export function createUserCenterStore(initial: UserCenterSettings, now: () => number = Date.now) {
  let lastEdit = { key: '', at: 0 };
  return createStore<UserCenterState>()(
    temporal(
      (set, get, store) => {
        const controls = () =>
          (store as unknown as { temporal: { getState(): TemporalControls } }).temporal.getState();
        /** Applies an edit; a repeat of the same field soon after is folded into the previous step. */
        const edit = (key: string, next: UserCenterSettings) => {
          const at = now();
          const coalesce = key !== '' && key === lastEdit.key && at - lastEdit.at < COALESCE_MS;
          lastEdit = { key, at };
          if (coalesce) controls().pause();
          set({ settings: next });
          if (coalesce) controls().resume();
        };
        return {
          settings: initial,
          selectedId: null,
          load: (settings) => {
            set({ settings, selectedId: null });
            lastEdit = { key: '', at: 0 };
            controls().clear();
          },
          select: (id) => set({ selectedId: id }),
          setPage: (patch) => {
            const key = Object.keys(patch).join(',');
            edit(key === 'BackgroundColour' || key === 'BackgroundImage' ? key : '', {
              ...get().settings,
              ...patch,
            });
          },
          addMenu: (menu) => {
            const { settings } = get();
            if (settings.Menus.length >= MAX_USER_CENTER_MENUS) return false;
            edit('', { ...settings, Menus: [...settings.Menus, menu] });
            set({ selectedId: menu.Id });
            return true;
          },
          updateMenu: (id, patch) => {
            const { settings } = get();
            const fields = Object.keys(patch).join(',');
            edit(fields === 'Title' || fields === 'Link' ? `${id}:${fields}` : '', {
              ...settings,
              Menus: settings.Menus.map((menu) => (menu.Id === id ? { ...menu, ...patch } : menu)),
            });
          },
          removeMenu: (id) => {
            const { settings, selectedId } = get();
            edit('', { ...settings, Menus: settings.Menus.filter((menu) => menu.Id !== id) });
            if (selectedId === id) set({ selectedId: null });
          },
          moveMenu: (id, toIndex) => {
            const { settings } = get();
            const menus = movedMenus(settings.Menus, id, toIndex);
            if (menus.every((menu, index) => menu === settings.Menus[index])) return;
            edit('', { ...settings, Menus: menus });
          },
          undo: () => {
            lastEdit = { key: '', at: 0 };
            controls().undo();
          },
          redo: () => {
            lastEdit = { key: '', at: 0 };
            controls().redo();
          },
        };
      },
      {
        partialize: (state) => ({ settings: state.settings }),
        equality: (past, current) => past.settings === current.settings,
        limit: USER_CENTER_HISTORY_LIMIT,
      },
    ),
  );
}

export type UserCenterStore = ReturnType<typeof createUserCenterStore>;
