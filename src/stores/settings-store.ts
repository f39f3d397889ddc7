import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** SPEC §9 default theme colour. */
export const DEFAULT_THEME = '#409EFF';
/** The preset colours of vue-element-admin's theme picker. */
export const THEME_PRESETS: readonly string[] = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
];

export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** SPEC §9: tags view on, fixed header off, sidebar logo on. */
export const DEFAULT_SETTINGS: Settings = {
  theme: DEFAULT_THEME,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
};

interface SettingsState extends Settings {
  changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      changeSetting: (key, value) => {
        if (key === 'theme' && !isHexColor(value)) return;
        set({ [key]: value } as Partial<Settings>);
      },
    }),
    {
      name: 'settings',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, showSettings, tagsView, fixedHeader, sidebarLogo }) => ({
        theme,
        showSettings,
        tagsView,
        fixedHeader,
        sidebarLogo,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Settings>;
        return {
          ...current,
          ...Object.fromEntries(
            Object.entries(saved).filter(([key, value]) =>
              key === 'theme' ? isHexColor(value) : key in DEFAULT_SETTINGS && typeof value === 'boolean',
            ),
          ),
        };
      },
    },
  ),
);
