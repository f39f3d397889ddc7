import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/endpoints/user';
import {
  commentMachine,
  GoodsPermission,
  goodsRowActions,
  recycleMachine,
  shelfMachine,
} from '../../contract/machines/goods';
import { bulkActions, grantedPathsFromMenus } from './row-actions';

function menu(Path: string, ChildrenList: MenuItem[] = []): MenuItem {
  return {
    Id: 1,
    Path,
    PathName: '',
    Title: '',
    Icon: '',
    IsHidden: false,
    Roles: [],
    NoCache: false,
    Redirect: '',
    ChildrenList,
  };
}

const all = new Set(Object.values(GoodsPermission));
const listOnly = new Set([GoodsPermission.list]);

describe('grantedPathsFromMenus', () => {
  it('collects absolute and nested relative paths', () => {
    const paths = grantedPathsFromMenus([menu('/goods', [menu('/goods/goodsList'), menu('recycledList')])]);
    expect([...paths].sort()).toEqual(['/goods', '/goods/goodsList', '/goods/recycledList']);
  });
});

describe('bulkActions', () => {
  const names = (actions: { name: string }[]) => actions.map((action) => action.name);
  it.each([
    [shelfMachine, ['off', 'off'], all, ['putOn']],
    [shelfMachine, ['on', 'off'], all, ['putOn', 'takeOff']],
    [shelfMachine, ['on'], all, ['takeOff']],
    [shelfMachine, [], all, []],
    [shelfMachine, ['off'], new Set<string>(), []],
    [recycleMachine, ['active', 'recycled'], all, ['recycle', 'restore']],
    [recycleMachine, ['recycled'], all, ['restore', 'purge']],
    [recycleMachine, ['recycled'], listOnly, []],
    [commentMachine, ['visible', 'hidden'], all, ['show', 'hide', 'delete']],
  ])('%o in %o', (machine, states, granted, expected) => {
    expect(names(bulkActions(machine, states, granted))).toEqual(expected);
  });
});

describe('goods row buttons', () => {
  const names = (granted: Set<string>, row: Parameters<typeof goodsRowActions>[0]) =>
    goodsRowActions(row, granted).map(({ action }) => action.name);
  it.each([
    [{ ShelfState: 'off', AuditState: 'approved', RecycleState: 'active' }, all, ['putOn', 'recycle']],
    [{ ShelfState: 'on', AuditState: 'approved', RecycleState: 'active' }, all, ['takeOff', 'recycle']],
    [
      { ShelfState: 'off', AuditState: 'pending', RecycleState: 'active' },
      all,
      ['putOn', 'approve', 'reject', 'recycle'],
    ],
    [{ ShelfState: 'off', AuditState: 'approved', RecycleState: 'recycled' }, all, ['restore', 'purge']],
    [{ ShelfState: 'off', AuditState: 'approved', RecycleState: 'recycled' }, listOnly, []],
    [{ ShelfState: 'off', AuditState: 'approved', RecycleState: 'active' }, new Set<string>(), []],
  ] as const)('%o', (row, granted, expected) => {
    expect(names(new Set(granted), row)).toEqual(expected);
  });
});
