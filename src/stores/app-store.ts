import Cookies from 'js-cookie';
import { create } from 'zustand';
import { initialLanguage, type Language, saveLanguage } from '../lib/i18n/language';

/** SPEC §9: the sidebar cookie holds 1 (open) or 0 (closed). */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
/** SPEC §9: below this width the device counts as mobile. */
export const MOBILE_BREAKPOINT = 992;

export type Device = 'desktop' | 'mobile';
export type ControlSize = 'default' | 'medium' | 'small' | 'mini';
export const CONTROL_SIZES: readonly ControlSize[] = ['default', 'medium', 'small', 'mini'];
export const DEFAULT_SIZE: ControlSize = 'medium';

/** SPEC's four sizes on Chakra's scale (Element heights 40/36/32/28 px). */
export const CHAKRA_SIZE = { default: 'md', medium: 'sm', small: 'xs', mini: '2xs' } as const;

export function isControlSize(value: unknown): value is ControlSize {
  return typeof value === 'string' && (CONTROL_SIZES as readonly string[]).includes(value);
}

export function deviceForWidth(width: number): Device {
  return width - 1 < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Language;
  size: ControlSize;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setLanguage(language: Language): void;
  setSize(size: ControlSize): void;
}

function initialSize(): ControlSize {
  const saved = Cookies.get(SIZE_COOKIE);
  return isControlSize(saved) ? saved : DEFAULT_SIZE;
}

export const useAppStore = create<AppState>()((set) => ({
  // A missing cookie means open, as on a first visit.
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
  device: 'desktop',
  language: initialLanguage(),
  size: initialSize(),
  toggleSidebar: () =>
    set((state) => {
      const opened = !state.sidebar.opened;
      Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: 365, sameSite: 'lax' });
      return { sidebar: { opened, withoutAnimation: false } };
    }),
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0', { expires: 365, sameSite: 'lax' });
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  setDevice: (device) => set({ device }),
  setLanguage: (language) => {
    saveLanguage(language);
    set({ language });
  },
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size, { expires: 365, sameSite: 'lax' });
    set({ size });
  },
}));

/** The Chakra size of the user's chosen global size, for controls that follow it. */
export function useControlSize() {
  return CHAKRA_SIZE[useAppStore((state) => state.size)];
}
