import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../contract/endpoints/goods';
import { auditMachine, GoodsPermission } from '../../contract/machines/goods';
import { goodsCall, goodsListDefinition } from '../goods/goods-list-resource';
import { type ActionSpec, offeredActions, type ResourceDefinition } from './resource-definition';

const all = new Set(Object.values(GoodsPermission));
const listOnly = new Set([GoodsPermission.list]);

function goods(states: Partial<ProductRow>): ProductRow {
  return {
    Id: 1,
    ShelfState: 'off',
    AuditState: 'approved',
    RecycleState: 'active',
    SkuCount: 1,
    PriceFen: 100,
    ...states,
  } as ProductRow;
}
const page = (AuditRequired: boolean) => ({ Data: [], Total: 0, AuditRequired });
const ids = (offers: { id: string }[]) => offers.map((offer) => offer.id);

describe('offeredActions: the goods list', () => {
  it.each([
    [
      'off, approved',
      [goods({})],
      all,
      false,
      ['edit', 'goods.shelf.putOn', 'copy', 'goods.recycle.recycle'],
    ],
    [
      'on',
      [goods({ ShelfState: 'on' })],
      all,
      false,
      ['edit', 'goods.shelf.takeOff', 'copy', 'goods.recycle.recycle'],
    ],
    // Waiting for audit: no shelf yet; rejecting needs a reason dialog this list does not have.
    [
      'pending',
      [goods({ AuditState: 'pending' })],
      all,
      true,
      ['edit', 'goods.audit.approve', 'copy', 'goods.recycle.recycle'],
    ],
    [
      'pending, audit off',
      [goods({ AuditState: 'pending' })],
      all,
      false,
      ['edit', 'goods.shelf.putOn', 'goods.audit.approve', 'copy', 'goods.recycle.recycle'],
    ],
    ['without a SKU', [goods({ SkuCount: 0 })], all, false, ['edit', 'copy', 'goods.recycle.recycle']],
    ['list permission only', [goods({})], listOnly, false, ['goods.shelf.putOn', 'goods.recycle.recycle']],
    ['no permission', [goods({})], new Set<string>(), false, []],
    // A selection: links and row-only commands drop out, audit is not a bulk action here.
    [
      'on and off',
      [goods({ ShelfState: 'on' }), goods({ Id: 2, AuditState: 'pending' })],
      all,
      false,
      ['goods.shelf.putOn', 'goods.shelf.takeOff', 'goods.recycle.recycle'],
    ],
    ['one blocked of two', [goods({}), goods({ Id: 2, PriceFen: 0 })], all, false, ['goods.recycle.recycle']],
    ['nothing selected', [], all, false, []],
  ] as const)('%s', (_case, rows, granted, auditRequired, expected) => {
    expect(ids(offeredActions(goodsListDefinition, rows, granted, page(auditRequired)))).toEqual(expected);
  });

  it('asks first for the actions their machine confirms, destructive ones marked', () => {
    const offers = offeredActions(goodsListDefinition, [goods({ ShelfState: 'on' })], all, page(false));
    const summary = offers.map(({ id, confirm, destructive }) => [id, confirm ?? null, destructive]);
    expect(summary).toEqual([
      ['edit', null, false],
      ['goods.shelf.takeOff', 'goods.confirm.takeOff', false],
      ['copy', null, false],
      ['goods.recycle.recycle', 'goods.confirm.recycle', true],
    ]);
  });

  it("offers an action with a form when the list has that form's dialog, without a confirmation", () => {
    const withDialog: ResourceDefinition<ProductRow> = {
      ...goodsListDefinition,
      actions: [
        {
          kind: 'machine',
          machine: auditMachine,
          state: (row) => row.AuditState,
          call: goodsCall(auditMachine),
          dialogs: { auditRejectForm: () => null },
        },
      ],
    };
    const offers = offeredActions(withDialog, [goods({ AuditState: 'pending' })], all);
    expect(offers.map(({ id, confirm }) => [id, confirm ?? null])).toEqual([
      ['goods.audit.approve', 'goods.confirm.approve'],
      ['goods.audit.reject', null],
    ]);
  });
});

describe('offeredActions: commands', () => {
  interface Entry {
    Id: number;
    Status: 'new' | 'handled';
  }
  const command = (id: string, on: 'row' | 'bulk' | 'both', status: Entry['Status']): ActionSpec<Entry> => ({
    kind: 'command',
    id,
    label: id,
    permission: 'session',
    on,
    offer: (row) => row.Status === status,
  });
  const definition = {
    list: goodsListDefinition.list,
    actions: [
      command('handled', 'both', 'new'),
      command('new', 'bulk', 'handled'),
      command('note', 'row', 'new'),
    ],
  };
  const entry = (Id: number, Status: Entry['Status']): Entry => ({ Id, Status });
  it.each([
    [[entry(1, 'new')], ['handled', 'note']],
    [[entry(1, 'handled')], []],
    // On a selection, a command is offered when it changes one row at least.
    [
      [entry(1, 'new'), entry(2, 'handled')],
      ['handled', 'new'],
    ],
    [[entry(1, 'handled'), entry(2, 'handled')], ['new']],
  ])('%o', (rows, expected) => {
    expect(ids(offeredActions(definition, rows, new Set()))).toEqual(expected);
  });
});

describe('offeredActions: links on a selection', () => {
  type Entry = { Id: number };
  const definition = (bulkTo?: (rows: Entry[]) => string) => ({
    list: goodsListDefinition.list,
    actions: [
      {
        kind: 'link' as const,
        id: 'send',
        label: 'send',
        permission: '/customer/sendCoupon' as const,
        to: (row: Entry) => `/send?ids=${row.Id}`,
        offer: (row: Entry) => row.Id !== 3,
        ...(bulkTo ? { bulkTo } : {}),
      },
    ],
  });
  const granted = new Set(['/customer/sendCoupon']);

  const toMany = (): string => '/send';
  it.each<[string, ((rows: Entry[]) => string) | undefined, Entry[], ReadonlySet<string>, string[]]>([
    ['a row link, one row', undefined, [{ Id: 1 }], granted, ['send']],
    ['a row link, two rows', undefined, [{ Id: 1 }, { Id: 2 }], granted, []],
    ['a link that takes a selection, two rows', toMany, [{ Id: 1 }, { Id: 2 }], granted, ['send']],
    ['a link that takes a selection, not permitted', toMany, [{ Id: 1 }, { Id: 2 }], new Set<string>(), []],
    ['a link one row of the selection has no use for', toMany, [{ Id: 1 }, { Id: 3 }], granted, []],
    ['a link the one row has no use for', undefined, [{ Id: 3 }], granted, []],
  ])('%s', (_, bulkTo, rows, paths, expected) => {
    expect(ids(offeredActions(definition(bulkTo), rows, paths))).toEqual(expected);
  });
});
