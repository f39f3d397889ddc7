// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, useSettingsStore } from './settings-store';

describe('settings store (SPEC §9 defaults, persisted)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState(DEFAULT_SETTINGS);
  });

  it('starts with tags view on, fixed header off, sidebar logo on and #409EFF', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      theme: '#409EFF',
      showSettings: true,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
    });
  });

  it('saves every change to localStorage', () => {
    const { changeSetting } = useSettingsStore.getState();
    changeSetting('fixedHeader', true);
    changeSetting('theme', '#11a983');
    const saved = JSON.parse(localStorage.getItem('settings') ?? '{}');
    expect(saved.state).toMatchObject({ fixedHeader: true, theme: '#11a983', tagsView: true });
  });

  it('refuses a theme that is not a colour', () => {
    useSettingsStore.getState().changeSetting('theme', 'red; background: url(x)');
    expect(useSettingsStore.getState().theme).toBe('#409EFF');
  });

  it('ignores tampered saved values when it loads them', async () => {
    localStorage.setItem(
      'settings',
      JSON.stringify({
        state: { theme: 'javascript:alert(1)', tagsView: 'yes', sidebarLogo: false },
        version: 0,
      }),
    );
    await useSettingsStore.persist.rehydrate();
    const state = useSettingsStore.getState();
    expect(state.theme).toBe('#409EFF');
    expect(state.tagsView).toBe(true);
    expect(state.sidebarLogo).toBe(false);
  });
});
