import { z } from 'zod';
import { defineMachine, type MachineAction, permitted, type StateMachine } from '../state-machine';

/** Menu paths of the goods screens (SPEC §2 /goods). */
export const GoodsPermission = {
  list: '/goods/goodsList',
  classify: '/goods/goodsClassify',
  issue: '/goods/issueGoods',
  edit: '/goods/editGoodsDetails',
  comment: '/goods/goodsComment',
  recycled: '/goods/recycledList',
  properties: '/goods/formatProperties',
} as const;

/** Shelf: whether buyers can see and buy the goods. */
export const shelfMachine = defineMachine({
  id: 'goods.shelf',
  states: ['off', 'on'],
  initial: 'off',
  labels: {
    off: { zh: '已下架', en: 'Off shelf' },
    on: { zh: '已上架', en: 'On shelf' },
  },
  actions: [
    { name: 'putOn', from: ['off'], to: 'on', permission: GoodsPermission.list },
    { name: 'takeOff', from: ['on'], to: 'off', permission: GoodsPermission.list, confirm: true },
  ],
});
export type ShelfState = (typeof shelfMachine.states)[number];
export type ShelfAction = (typeof shelfMachine.actions)[number]['name'];

/**
 * Audit (only enforced when the site requires goods audit). `edited` is the server's own move:
 * changing an audited field of approved goods, or saving rejected goods at all (the operator has
 * answered the rejection), sends them back to pending.
 */
export const auditMachine = defineMachine({
  id: 'goods.audit',
  states: ['pending', 'approved', 'rejected'],
  initial: 'pending',
  labels: {
    pending: { zh: '待审核', en: 'Pending audit' },
    approved: { zh: '已审核通过', en: 'Approved' },
    rejected: { zh: '已驳回', en: 'Rejected' },
  },
  actions: [
    { name: 'approve', from: ['pending'], to: 'approved', permission: GoodsPermission.list, confirm: true },
    {
      name: 'reject',
      from: ['pending'],
      to: 'rejected',
      permission: GoodsPermission.list,
      form: 'auditRejectForm',
    },
    {
      name: 'edited',
      from: ['approved', 'rejected'],
      to: 'pending',
      permission: GoodsPermission.edit,
      automatic: true,
    },
  ],
});
export type AuditState = (typeof auditMachine.states)[number];
export type AuditAction = (typeof auditMachine.actions)[number]['name'];

/** Recycle bin: deleting moves goods to the bin; purging keeps a tombstone so old orders still resolve. */
export const recycleMachine = defineMachine({
  id: 'goods.recycle',
  states: ['active', 'recycled', 'purged'],
  initial: 'active',
  labels: {
    active: { zh: '不在回收站', en: 'Active' },
    recycled: { zh: '在回收站中', en: 'In recycle bin' },
    purged: { zh: '已彻底删除', en: 'Purged' },
  },
  actions: [
    {
      name: 'recycle',
      from: ['active'],
      to: 'recycled',
      permission: GoodsPermission.list,
      confirm: true,
      destructive: true,
    },
    {
      name: 'restore',
      from: ['recycled'],
      to: 'active',
      permission: GoodsPermission.recycled,
      confirm: true,
    },
    {
      name: 'purge',
      from: ['recycled'],
      to: 'purged',
      permission: GoodsPermission.recycled,
      confirm: true,
      destructive: true,
    },
  ],
});
export type RecycleState = (typeof recycleMachine.states)[number];
export type RecycleAction = (typeof recycleMachine.actions)[number]['name'];

/** Buyer comments: shown, hidden by the shop, or deleted (kept out of every list). */
export const commentMachine = defineMachine({
  id: 'goods.comment',
  states: ['visible', 'hidden', 'deleted'],
  initial: 'visible',
  labels: {
    visible: { zh: '显示中', en: 'Shown' },
    hidden: { zh: '已隐藏', en: 'Hidden' },
    deleted: { zh: '已删除', en: 'Deleted' },
  },
  actions: [
    { name: 'show', from: ['hidden'], to: 'visible', permission: GoodsPermission.comment },
    { name: 'hide', from: ['visible'], to: 'hidden', permission: GoodsPermission.comment },
    {
      name: 'delete',
      from: ['visible', 'hidden'],
      to: 'deleted',
      permission: GoodsPermission.comment,
      confirm: true,
      destructive: true,
    },
  ],
});
export type CommentState = (typeof commentMachine.states)[number];
export type CommentAction = (typeof commentMachine.actions)[number]['name'];

export const REJECT_REASON_MAX = 200;
/** The small form of the `reject` action. */
export const auditRejectForm = z.strictObject({ Reason: z.string().trim().min(1).max(REJECT_REASON_MAX) });

/** The forms named by the goods machines' `form` fields. */
export const goodsActionForms: Record<string, z.ZodType> = { auditRejectForm };

/** What putting goods on the shelf depends on besides the shelf state itself. */
export interface ShelfFacts {
  recycleState: RecycleState;
  auditState: AuditState;
  /** The site's "goods need audit" setting. */
  auditRequired: boolean;
  skuCount: number;
  /** Lowest price of the goods (its cheapest SKU), in fen. */
  priceFen: number;
}

export const SHELF_BLOCKERS = ['notActive', 'auditNotApproved', 'noSku', 'noPrice'] as const;
export type ShelfBlocker = (typeof SHELF_BLOCKERS)[number];

/** Why goods cannot go on the shelf; empty when they can. i18n key of each: `goods.blocker.<code>`. */
export function shelfOnBlockers(facts: ShelfFacts): ShelfBlocker[] {
  const blockers: ShelfBlocker[] = [];
  if (facts.recycleState !== 'active') blockers.push('notActive');
  if (facts.auditRequired && facts.auditState !== 'approved') blockers.push('auditNotApproved');
  if (facts.skuCount < 1) blockers.push('noSku');
  else if (facts.priceFen <= 0) blockers.push('noPrice');
  return blockers;
}

/** Fields whose change sends approved goods back to audit (when the site requires audit). */
export const AUDITED_FIELDS = ['Name', 'PriceFen', 'Description', 'Gallery'] as const;

export interface GoodsRowStates {
  ShelfState: ShelfState;
  AuditState: AuditState;
  RecycleState: RecycleState;
}

export interface RowAction {
  machine: StateMachine;
  action: MachineAction;
}

/**
 * The buttons a goods row offers: shelf and audit moves while the goods are active, restore and
 * purge once they are in the recycle bin, nothing after a purge.
 */
export function goodsRowActions(row: GoodsRowStates, grantedPaths: ReadonlySet<string>): RowAction[] {
  const pick = (machine: StateMachine, state: string): RowAction[] =>
    machine.actions
      .filter(
        (action) =>
          !action.automatic && action.from.includes(state) && permitted(action.permission, grantedPaths),
      )
      .map((action) => ({ machine, action }));
  if (row.RecycleState === 'active') {
    return [
      ...pick(shelfMachine, row.ShelfState),
      ...pick(auditMachine, row.AuditState),
      ...pick(recycleMachine, row.RecycleState),
    ];
  }
  return pick(recycleMachine, row.RecycleState);
}

/** The audit state after saving goods (`current` null: new goods). */
export function auditStateAfterSave(
  current: AuditState | null,
  auditRequired: boolean,
  auditedFieldsChanged: boolean,
): AuditState {
  if (current === null) return auditRequired ? 'pending' : 'approved';
  if (!auditRequired) return current;
  if (current === 'rejected' || (current === 'approved' && auditedFieldsChanged)) return 'pending';
  return current;
}

export interface ShelfDecision {
  shelf: ShelfState;
  /** Put on the shelf once the pending audit is approved. */
  autoShelf: boolean;
  /** Non-empty: the wanted shelf state is impossible and the save must be refused. */
  blockers: ShelfBlocker[];
}

/**
 * The shelf state after saving. `wanted` undefined keeps what the goods had (on, or waiting to go
 * on after audit). Goods that should be on the shelf but wait for audit stay off with `autoShelf`.
 */
export function shelfAfterSave(
  wanted: boolean | undefined,
  current: { shelf: ShelfState; autoShelf: boolean },
  facts: ShelfFacts,
): ShelfDecision {
  const wantOn = wanted ?? (current.shelf === 'on' || current.autoShelf);
  if (!wantOn) return { shelf: 'off', autoShelf: false, blockers: [] };
  const blockers = shelfOnBlockers(facts);
  if (blockers.length === 0) return { shelf: 'on', autoShelf: false, blockers };
  if (blockers.length === 1 && blockers[0] === 'auditNotApproved')
    return { shelf: 'off', autoShelf: true, blockers: [] };
  // Goods merely waiting to go on after audit just stop waiting; asked-for or current shelving is refused.
  if (wanted === undefined && current.shelf === 'off')
    return { shelf: 'off', autoShelf: false, blockers: [] };
  return { shelf: current.shelf, autoShelf: current.autoShelf, blockers };
}
