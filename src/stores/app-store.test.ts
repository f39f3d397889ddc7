// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import {
  CHAKRA_SIZE,
  DEFAULT_SIZE,
  deviceForWidth,
  SIDEBAR_COOKIE,
  SIZE_COOKIE,
  useAppStore,
} from './app-store';

describe('app store', () => {
  it('remembers the sidebar as 1 or 0 in the sidebarStatus cookie', () => {
    useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } });
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    expect(useAppStore.getState().sidebar.opened).toBe(false);
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
    useAppStore.getState().closeSidebar(true);
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
  });

  it.each([
    [1440, 'desktop'],
    [993, 'desktop'],
    [992, 'mobile'],
    [390, 'mobile'],
  ] as const)('a %i px wide window is %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });

  it('defaults to medium and maps SPEC sizes onto Chakra sizes', () => {
    expect(DEFAULT_SIZE).toBe('medium');
    expect(CHAKRA_SIZE).toEqual({ default: 'md', medium: 'sm', small: 'xs', mini: '2xs' });
    useAppStore.getState().setSize('mini');
    expect(Cookies.get(SIZE_COOKIE)).toBe('mini');
  });

  it('saves the language in the language cookie and localStorage', () => {
    useAppStore.getState().setLanguage('zh');
    expect(Cookies.get('language')).toBe('zh');
    expect(localStorage.getItem('language')).toBe('zh');
    expect(useAppStore.getState().language).toBe('zh');
  });
});
