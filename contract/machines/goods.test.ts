import { describe, expect, it } from 'vitest';
import { nextState } from '../state-machine';
import {
  auditMachine,
  auditStateAfterSave,
  commentMachine,
  GoodsPermission,
  type GoodsRowStates,
  goodsRowActions,
  recycleMachine,
  type ShelfFacts,
  shelfAfterSave,
  shelfMachine,
  shelfOnBlockers,
} from './goods';

describe('goods machines: every state × action', () => {
  it.each([
    ['off', 'putOn', 'on'],
    ['off', 'takeOff', null],
    ['on', 'putOn', null],
    ['on', 'takeOff', 'off'],
  ])('shelf: %s + %s → %s', (state, action, expected) => {
    expect(nextState(shelfMachine, state, action)).toBe(expected);
  });

  it.each([
    ['pending', 'approve', 'approved'],
    ['pending', 'reject', 'rejected'],
    ['pending', 'edited', null],
    ['approved', 'approve', null],
    ['approved', 'reject', null],
    ['approved', 'edited', 'pending'],
    ['rejected', 'approve', null],
    ['rejected', 'reject', null],
    ['rejected', 'edited', 'pending'],
  ])('audit: %s + %s → %s', (state, action, expected) => {
    expect(nextState(auditMachine, state, action)).toBe(expected);
  });

  it.each([
    ['active', 'recycle', 'recycled'],
    ['active', 'restore', null],
    ['active', 'purge', null],
    ['recycled', 'recycle', null],
    ['recycled', 'restore', 'active'],
    ['recycled', 'purge', 'purged'],
    ['purged', 'recycle', null],
    ['purged', 'restore', null],
    ['purged', 'purge', null],
  ])('recycle: %s + %s → %s', (state, action, expected) => {
    expect(nextState(recycleMachine, state, action)).toBe(expected);
  });

  it.each([
    ['visible', 'show', null],
    ['visible', 'hide', 'hidden'],
    ['visible', 'delete', 'deleted'],
    ['hidden', 'show', 'visible'],
    ['hidden', 'hide', null],
    ['hidden', 'delete', 'deleted'],
    ['deleted', 'show', null],
    ['deleted', 'hide', null],
    ['deleted', 'delete', null],
  ])('comment: %s + %s → %s', (state, action, expected) => {
    expect(nextState(commentMachine, state, action)).toBe(expected);
  });

  it('asks before destroying anything', () => {
    for (const machine of [shelfMachine, auditMachine, recycleMachine, commentMachine]) {
      for (const action of machine.actions) if (action.destructive) expect(action.confirm).toBe(true);
    }
  });
});

const ready: ShelfFacts = {
  recycleState: 'active',
  auditState: 'approved',
  auditRequired: true,
  skuCount: 2,
  priceFen: 100,
};

describe('shelfOnBlockers', () => {
  it.each([
    ['ready goods', {}, []],
    ['goods in the recycle bin', { recycleState: 'recycled' }, ['notActive']],
    ['pending goods when audit is required', { auditState: 'pending' }, ['auditNotApproved']],
    ['pending goods when audit is off', { auditState: 'pending', auditRequired: false }, []],
    ['rejected goods', { auditState: 'rejected' }, ['auditNotApproved']],
    ['goods without SKUs (price irrelevant)', { skuCount: 0, priceFen: 0 }, ['noSku']],
    ['goods with exactly one SKU', { skuCount: 1 }, []],
    ['goods at the lowest price, 1 fen', { priceFen: 1 }, []],
    ['free goods', { priceFen: 0 }, ['noPrice']],
    [
      'everything wrong',
      { recycleState: 'recycled', auditState: 'pending', priceFen: 0 },
      ['notActive', 'auditNotApproved', 'noPrice'],
    ],
  ])('%s: %j', (_, overrides, expected) => {
    expect(shelfOnBlockers({ ...ready, ...(overrides as Partial<ShelfFacts>) })).toEqual(expected);
  });
});

describe('auditStateAfterSave', () => {
  it.each([
    [null, true, false, 'pending'],
    [null, false, false, 'approved'],
    ['approved', true, true, 'pending'],
    ['approved', true, false, 'approved'],
    ['approved', false, true, 'approved'],
    ['rejected', true, false, 'pending'],
    ['rejected', false, true, 'rejected'],
    ['pending', true, true, 'pending'],
  ] as const)(
    'from %s (audit required %s, audited fields changed %s) → %s',
    (current, required, changed, expected) => {
      expect(auditStateAfterSave(current, required, changed)).toBe(expected);
    },
  );
});

describe('shelfAfterSave', () => {
  const off = { shelf: 'off' as const, autoShelf: false };
  const on = { shelf: 'on' as const, autoShelf: false };
  const waiting = { shelf: 'off' as const, autoShelf: true };
  it.each([
    ['keeps off goods off', undefined, off, {}, { shelf: 'off', autoShelf: false, blockers: [] }],
    ['puts ready goods on', true, off, {}, { shelf: 'on', autoShelf: false, blockers: [] }],
    ['takes goods off', false, on, {}, { shelf: 'off', autoShelf: false, blockers: [] }],
    ['keeps on goods on', undefined, on, {}, { shelf: 'on', autoShelf: false, blockers: [] }],
    [
      'waits for audit',
      true,
      off,
      { auditState: 'pending' },
      { shelf: 'off', autoShelf: true, blockers: [] },
    ],
    [
      'sends edited on goods to wait',
      undefined,
      on,
      { auditState: 'pending' },
      { shelf: 'off', autoShelf: true, blockers: [] },
    ],
    [
      'shelves waiting goods once approved',
      undefined,
      waiting,
      {},
      { shelf: 'on', autoShelf: false, blockers: [] },
    ],
    [
      'refuses asked-for shelving without SKUs',
      true,
      off,
      { skuCount: 0 },
      { shelf: 'off', autoShelf: false, blockers: ['noSku'] },
    ],
    [
      'refuses keeping on goods that lost their price',
      undefined,
      on,
      { priceFen: 0 },
      { shelf: 'on', autoShelf: false, blockers: ['noPrice'] },
    ],
    [
      'stops waiting goods that lost their SKUs',
      undefined,
      waiting,
      { skuCount: 0, auditState: 'pending' },
      { shelf: 'off', autoShelf: false, blockers: [] },
    ],
  ] as const)('%s', (_, wanted, current, facts, expected) => {
    expect(shelfAfterSave(wanted, current, { ...ready, ...(facts as Partial<ShelfFacts>) })).toEqual(
      expected,
    );
  });
});

describe('goodsRowActions', () => {
  const everything = new Set(Object.values(GoodsPermission));
  const names = (row: GoodsRowStates, grants: ReadonlySet<string> = everything) =>
    goodsRowActions(row, grants).map(({ machine, action }) => `${machine.id}:${action.name}`);
  it.each([
    [
      { ShelfState: 'off', AuditState: 'approved', RecycleState: 'active' },
      ['goods.shelf:putOn', 'goods.recycle:recycle'],
    ],
    [
      { ShelfState: 'on', AuditState: 'approved', RecycleState: 'active' },
      ['goods.shelf:takeOff', 'goods.recycle:recycle'],
    ],
    [
      { ShelfState: 'off', AuditState: 'pending', RecycleState: 'active' },
      ['goods.shelf:putOn', 'goods.audit:approve', 'goods.audit:reject', 'goods.recycle:recycle'],
    ],
    [
      { ShelfState: 'off', AuditState: 'approved', RecycleState: 'recycled' },
      ['goods.recycle:restore', 'goods.recycle:purge'],
    ],
    [{ ShelfState: 'off', AuditState: 'approved', RecycleState: 'purged' }, []],
  ] as const)('%j offers %j', (row, expected) => {
    expect(names(row)).toEqual(expected);
  });

  it('offers only what the account is granted', () => {
    const storeGrants = new Set([GoodsPermission.list]);
    expect(
      names({ ShelfState: 'off', AuditState: 'approved', RecycleState: 'recycled' }, storeGrants),
    ).toEqual([]);
  });
});
