import { describe, expect, it } from 'vitest';
import type { UserCenterMenu, UserCenterSettings } from '../../contract/endpoints/module-library';
import { LinkType } from '../../contract/link-value';
import { COALESCE_MS, createUserCenterStore, movedMenus } from './user-center-store';

const menu = (Id: string): UserCenterMenu => ({
  Id,
  Icon: 'order',
  Title: Id,
  Link: { linkType: LinkType.navigate, linkUrl: '/pages/order/list' },
  Visible: true,
});

const settings: UserCenterSettings = {
  HeaderStyle: 'card',
  BackgroundColour: '#ff4444',
  BackgroundImage: '',
  Menus: [menu('a'), menu('b'), menu('c')],
};

const ids = (menus: readonly UserCenterMenu[]) => menus.map((entry) => entry.Id).join('');

describe('movedMenus', () => {
  it.each([
    ['a', 2, 'bca'],
    ['c', 0, 'cab'],
    ['b', 1, 'abc'],
    ['b', 9, 'acb'],
    ['b', -3, 'bac'],
    ['x', 0, 'abc'],
  ])('moves %s to %i: %s', (id, toIndex, expected) => {
    expect(ids(movedMenus(settings.Menus, id, toIndex))).toBe(expected);
  });
});

describe('the user-center store', () => {
  it('undoes and redoes adds, moves and removals', () => {
    const store = createUserCenterStore(settings);
    store.getState().addMenu(menu('d'));
    store.getState().moveMenu('d', 0);
    store.getState().removeMenu('a');
    expect(ids(store.getState().settings.Menus)).toBe('dbc');
    store.getState().undo();
    expect(ids(store.getState().settings.Menus)).toBe('dabc');
    store.getState().undo();
    store.getState().undo();
    expect(ids(store.getState().settings.Menus)).toBe('abc');
    store.getState().redo();
    expect(ids(store.getState().settings.Menus)).toBe('abcd');
  });

  it('folds typing in one title into one step, but not edits of different fields', () => {
    let clock = 0;
    const store = createUserCenterStore(settings, () => clock);
    for (const title of ['我', '我的', '我的券']) {
      store.getState().updateMenu('a', { Title: title });
      clock += 100;
    }
    clock += COALESCE_MS;
    store.getState().updateMenu('a', { Visible: false });
    store.getState().undo();
    expect(store.getState().settings.Menus[0]).toMatchObject({ Title: '我的券', Visible: true });
    store.getState().undo();
    expect(store.getState().settings.Menus[0]!.Title).toBe('a');
  });

  it('refuses more items than the limit and starts a fresh history on load', () => {
    const store = createUserCenterStore({ ...settings, Menus: [] });
    for (let index = 0; index < 20; index += 1)
      expect(store.getState().addMenu(menu(`m${index}`))).toBe(true);
    expect(store.getState().addMenu(menu('extra'))).toBe(false);
    store.getState().load(settings);
    store.getState().undo();
    expect(ids(store.getState().settings.Menus)).toBe('abc');
  });
});
