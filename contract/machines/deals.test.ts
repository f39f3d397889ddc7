import { describe, expect, it } from 'vitest';
import { nextState, type StateMachine } from '../state-machine';
import { TIMED_STATES } from '../timed-state';
import {
  bargainEventMachine,
  bargainGoodsMachine,
  DealPermission,
  deleteBlocker,
  groupBuyMachine,
  LAUNCH_STATES,
  launchBuyBlocker,
  launchMachine,
  seckillMachine,
  TEAM_STATES,
  teamCommandBlocker,
  teamMachine,
} from './deals';

/** Where each action of a machine leads from each state (absent: illegal). */
function checkTable(machine: StateMachine, table: Record<string, Record<string, string>>) {
  const cases = Object.entries(table).flatMap(([action, legal]) =>
    machine.states.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(machine, state, action)).toBe(expected);
  });
  it('declares exactly the actions of the table', () => {
    expect(machine.actions.map((action) => action.name).sort()).toEqual(Object.keys(table).sort());
  });
}

const SWITCH_TABLE = {
  switchOn: { off: 'on' },
  switchOff: { on: 'off' },
  delete: { on: 'deleted', off: 'deleted' },
};

describe.each([
  ['seckill', seckillMachine, DealPermission.seckill],
  ['group buy', groupBuyMachine, DealPermission.groupBuy],
  ['bargain event', bargainEventMachine, DealPermission.bargain],
  ['bargain goods', bargainGoodsMachine, DealPermission.bargainEdit],
])('the %s switch', (_, machine, permission) => {
  checkTable(machine, SWITCH_TABLE);

  it('needs its screen, and asks before switching off or deleting', () => {
    expect(machine.actions.every((action) => action.permission === permission)).toBe(true);
    const byName = Object.fromEntries(machine.actions.map((action) => [action.name, action]));
    expect(byName.switchOn).not.toHaveProperty('confirm');
    expect(byName.switchOff).toMatchObject({ confirm: true });
    expect(byName.delete).toMatchObject({ confirm: true, destructive: true });
  });
});

describe('deleteBlocker', () => {
  it.each(TIMED_STATES.map((state) => [state, state === 'running' ? 'running' : null]))(
    '%s → %s',
    (state, blocker) => {
      expect(deleteBlocker(state)).toBe(blocker);
    },
  );
});

describe('the team machine', () => {
  checkTable(teamMachine, {
    fill: { forming: 'success' },
    virtualFill: { forming: 'success' },
    expire: { forming: 'failed' },
    fillNow: { forming: 'success' },
    disband: { forming: 'failed' },
  });

  it('offers operators only filling and disbanding, disbanding as destructive', () => {
    const offered = teamMachine.actions.filter((action) => !action.automatic).map((action) => action.name);
    expect(offered).toEqual(['fillNow', 'disband']);
    expect(teamMachine.actions.find((action) => action.name === 'disband')).toMatchObject({
      confirm: true,
      destructive: true,
      permission: DealPermission.groupBuy,
    });
  });

  it.each([
    [{ state: 'forming', paid: 1 }, 'fillNow', null],
    [{ state: 'forming', paid: 0 }, 'fillNow', 'nobodyPaid'],
    [{ state: 'forming', paid: 0 }, 'disband', null],
    [{ state: 'success', paid: 2 }, 'fillNow', 'illegalState'],
    [{ state: 'failed', paid: 0 }, 'disband', 'illegalState'],
    [{ state: 'success', paid: 2 }, 'disband', 'illegalState'],
  ] as const)('%o: %s blocked by %s', (team, command, blocker) => {
    expect(teamCommandBlocker(team, command)).toBe(blocker);
  });

  it('knows its states', () => {
    expect(teamMachine.states).toEqual(TEAM_STATES);
    expect(teamMachine.initial).toBe('forming');
  });
});

describe('the launch machine', () => {
  checkTable(launchMachine, {
    reachFloor: { cutting: 'success' },
    expire: { cutting: 'failed' },
    buyNow: { cutting: 'endedEarly' },
  });

  it('is moved only by helps, time and the buyer', () => {
    expect(launchMachine.actions.every((action) => action.automatic && action.permission === 'public')).toBe(
      true,
    );
    expect(launchMachine.states).toEqual(LAUNCH_STATES);
  });
});

describe('launchBuyBlocker', () => {
  const launch = (change: Partial<Parameters<typeof launchBuyBlocker>[0]>) =>
    launchBuyBlocker({ state: 'cutting', buyMode: 'floor', expired: false, ordered: false, ...change });
  it.each([
    ['cutting, floor only', {}, 'notAtFloor'],
    ['cutting, any price', { buyMode: 'any' }, null],
    ['at the floor', { state: 'success' }, null],
    ['at the floor, any price', { state: 'success', buyMode: 'any' }, null],
    ['at the floor but its hours over', { state: 'success', expired: true }, 'expired'],
    ['cutting, any price, hours over', { buyMode: 'any', expired: true }, 'expired'],
    ['with an order already', { state: 'success', ordered: true }, 'ordered'],
    ['failed', { state: 'failed', buyMode: 'any' }, 'illegalState'],
    ['ended early', { state: 'endedEarly', buyMode: 'any' }, 'illegalState'],
    ['ended early with its order', { state: 'endedEarly', ordered: true }, 'ordered'],
  ] as const)('%s → %s', (_, change, blocker) => {
    expect(launch(change)).toBe(blocker);
  });
});
