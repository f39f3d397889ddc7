import type { Permission } from '../endpoint';
import { defineMachine } from '../state-machine';
import type { TimedState } from '../timed-state';

/**
 * Seckill, group buying and bargains (SPEC §2 /marketing secKillActivity, allCluster,
 * bargainActivity and their hidden pages). An activity's state comes from time and its switch
 * (contract/timed-state.ts); what an operator may do to it, and what teams and bargain launches
 * go through, is declared here once for the server and the screens.
 */

export const DealPermission = {
  seckill: '/marketing/secKillActivity',
  seckillText: '/marketing/secKillGoodsText',
  seckillGoods: '/marketing/seckillGoodList',
  groupBuy: '/marketing/allCluster',
  bargain: '/marketing/bargainActivity',
  bargainEdit: '/marketing/editBargain',
  bargainText: '/marketing/bargainText',
  bargainLaunches: '/marketing/bargainDetails',
  bargainLaunch: '/marketing/bargainDefiniteDetails',
} as const;

export const DEAL_KINDS = ['seckill', 'groupBuy', 'bargain'] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

/**
 * The operator's switch of an activity (seckill, group buy, bargain event) and its removal.
 * Deleted rows stay for the orders and links that name them; lists leave them out.
 */
function switchMachine<const Id extends string>(id: Id, permission: Permission) {
  return defineMachine({
    id,
    states: ['on', 'off', 'deleted'],
    initial: 'on',
    actions: [
      { name: 'switchOn', from: ['off'], to: 'on', permission },
      { name: 'switchOff', from: ['on'], to: 'off', permission, confirm: true },
      { name: 'delete', from: ['on', 'off'], to: 'deleted', permission, confirm: true, destructive: true },
    ],
  });
}

export const seckillMachine = switchMachine('deals.seckill', DealPermission.seckill);
export const groupBuyMachine = switchMachine('deals.groupBuy', DealPermission.groupBuy);
export const bargainEventMachine = switchMachine('deals.bargainEvent', DealPermission.bargain);
/** A good of a bargain event is switched and removed on its own. */
export const bargainGoodsMachine = switchMachine('deals.bargainGoods', DealPermission.bargainEdit);

export const SWITCH_ACTIONS = ['switchOn', 'switchOff', 'delete'] as const;
export type SwitchAction = (typeof SWITCH_ACTIONS)[number];

/**
 * Why an activity in `state` may not be deleted: a running one must be switched off first, so no
 * buyer loses a page mid-purchase by accident. Null when it may.
 */
export function deleteBlocker(state: TimedState): 'running' | null {
  return state === 'running' ? 'running' : null;
}

/**
 * A group-buy team: forming until its members have paid for every seat (success), or until its time
 * runs out: then it succeeds with virtual members when the activity allows it and someone paid, and
 * fails otherwise, every member's order closed or refunded. An operator may fill a team at once
 * (the empty seats virtual) or disband it (failed, refunds).
 */
export const TEAM_STATES = ['forming', 'success', 'failed'] as const;
export type TeamState = (typeof TEAM_STATES)[number];

export const teamMachine = defineMachine({
  id: 'deals.team',
  states: TEAM_STATES,
  initial: 'forming',
  actions: [
    { name: 'fill', from: ['forming'], to: 'success', permission: 'public', automatic: true },
    { name: 'virtualFill', from: ['forming'], to: 'success', permission: 'public', automatic: true },
    { name: 'expire', from: ['forming'], to: 'failed', permission: 'public', automatic: true },
    { name: 'fillNow', from: ['forming'], to: 'success', permission: DealPermission.groupBuy, confirm: true },
    {
      name: 'disband',
      from: ['forming'],
      to: 'failed',
      permission: DealPermission.groupBuy,
      confirm: true,
      destructive: true,
    },
  ],
});
export type TeamAction = (typeof teamMachine.actions)[number]['name'];
export const TEAM_COMMANDS = ['fillNow', 'disband'] as const;
export type TeamCommand = (typeof TEAM_COMMANDS)[number];

/** Why a team command cannot be taken; null when it can. Filling needs one paid member at least. */
export function teamCommandBlocker(
  team: { state: TeamState; paid: number },
  command: TeamCommand,
): 'illegalState' | 'nobodyPaid' | null {
  if (team.state !== 'forming') return 'illegalState';
  return command === 'fillNow' && team.paid === 0 ? 'nobodyPaid' : null;
}

/**
 * A seat in a team: taken with the order (joined), paid, or given up when the order closed unpaid
 * (left); after the team fails, a paid member is refunded.
 */
export const MEMBER_STATES = ['joined', 'paid', 'left', 'refunded'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/**
 * A bargain launch: cutting while friends help, success when the price reaches the floor, failed
 * when its hours run out first, ended early when the buyer paid for the goods at the price reached
 * before the floor (the goods allow buying at any price). While an order of the launch waits for
 * payment no one helps; if it closes unpaid the launch carries on.
 */
export const LAUNCH_STATES = ['cutting', 'success', 'failed', 'endedEarly'] as const;
export type LaunchState = (typeof LAUNCH_STATES)[number];

export const launchMachine = defineMachine({
  id: 'deals.launch',
  states: LAUNCH_STATES,
  initial: 'cutting',
  actions: [
    { name: 'reachFloor', from: ['cutting'], to: 'success', permission: 'public', automatic: true },
    { name: 'expire', from: ['cutting'], to: 'failed', permission: 'public', automatic: true },
    { name: 'buyNow', from: ['cutting'], to: 'endedEarly', permission: 'public', automatic: true },
  ],
});
export type LaunchAction = (typeof launchMachine.actions)[number]['name'];

export const BUY_MODES = ['floor', 'any'] as const;
export type BuyMode = (typeof BUY_MODES)[number];

/**
 * Why the buyer may not buy a launch now; null when they may. At the floor always (until the hours
 * end); before it only when the goods allow any price. One order per launch: `ordered` while one
 * waits for payment or once it is paid.
 */
export function launchBuyBlocker(launch: {
  state: LaunchState;
  buyMode: BuyMode;
  expired: boolean;
  ordered: boolean;
}): 'ordered' | 'expired' | 'notAtFloor' | 'illegalState' | null {
  if (launch.ordered) return 'ordered';
  if (launch.state === 'failed' || launch.state === 'endedEarly') return 'illegalState';
  if (launch.expired) return 'expired';
  if (launch.state === 'cutting' && launch.buyMode === 'floor') return 'notAtFloor';
  return null;
}
