// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { type TagView, useTagsStore, withView } from './tags-store';

const dashboard: TagView = { path: '/dashboard', fullPath: '/dashboard', titleKey: 'dashboard', affix: true };
const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  titleKey: path,
  ...extra,
});

describe('tags store (SPEC §4 tabs)', () => {
  beforeEach(() => {
    useTagsStore.getState().reset();
    sessionStorage.clear();
  });

  it('adds a tab once per path and keeps the latest query', () => {
    const store = useTagsStore.getState();
    store.addView(dashboard);
    store.addView(view('/goods/goodsList', { fullPath: '/goods/goodsList?page=1' }));
    store.addView(view('/goods/goodsList', { fullPath: '/goods/goodsList?page=3' }));
    expect(useTagsStore.getState().visitedViews.map((tag) => tag.fullPath)).toEqual([
      '/dashboard',
      '/goods/goodsList?page=3',
    ]);
  });

  it('keeps affixed tabs first', () => {
    expect(withView([view('/a')], dashboard).map((tag) => tag.path)).toEqual(['/dashboard', '/a']);
  });

  it('closes one, the others or all, never an affixed tab', () => {
    const store = useTagsStore.getState();
    for (const tag of [dashboard, view('/a'), view('/b'), view('/c')]) store.addView(tag);
    expect(store.delView('/b').map((tag) => tag.path)).toEqual(['/dashboard', '/a', '/c']);
    expect(store.delView('/dashboard').map((tag) => tag.path)).toEqual(['/dashboard', '/a', '/c']);
    expect(store.delOthersViews('/c').map((tag) => tag.path)).toEqual(['/dashboard', '/c']);
    expect(store.delAllViews().map((tag) => tag.path)).toEqual(['/dashboard']);
  });

  it('counts refreshes per path so the page mounts anew', () => {
    const store = useTagsStore.getState();
    store.refreshView('/a');
    store.refreshView('/a');
    expect(useTagsStore.getState().refreshKeys['/a']).toBe(2);
  });

  it('keeps the open tabs in sessionStorage so they survive a reload', () => {
    useTagsStore.getState().addView(view('/a'));
    const saved = JSON.parse(sessionStorage.getItem('tags-view') ?? '{}');
    expect(saved.state.visitedViews.map((tag: TagView) => tag.path)).toEqual(['/a']);
  });
});
