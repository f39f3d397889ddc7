import { describe, expect, it } from 'vitest';
import { legalActions, nextState } from '../state-machine';
import { LotteryPermission, lotteryRecordMachine, RECORD_STATES, shipPrizeForm } from './lottery';

const table: Record<string, Record<string, string>> = {
  ship: { toShip: 'shipped' },
  confirmReceipt: { shipped: 'received' },
};

describe('the draw record machine', () => {
  const cases = Object.entries(table).flatMap(([action, legal]) =>
    RECORD_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(lotteryRecordMachine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table', () => {
    expect(lotteryRecordMachine.actions.map((action) => action.name).sort()).toEqual(
      Object.keys(table).sort(),
    );
  });

  it('offers only shipping as a button, to the details screen, with its form', () => {
    const granted = new Set([LotteryPermission.details]);
    const buttons = legalActions(lotteryRecordMachine, 'toShip', granted);
    expect(buttons.map((action) => action.name)).toEqual(['ship']);
    expect(buttons[0]?.form).toBe('shipPrizeForm');
    expect(legalActions(lotteryRecordMachine, 'shipped', granted)).toEqual([]);
    expect(legalActions(lotteryRecordMachine, 'toShip', new Set([LotteryPermission.list]))).toEqual([]);
  });
});

describe('the ship form', () => {
  it.each([
    [{ Carrier: 'SF', TrackingNo: 'SF1234567890' }, true],
    [{ Carrier: 'SF' }, true],
    [{ Carrier: 'pigeon', TrackingNo: 'SF1234567890' }, false],
    [{ Carrier: 'SF', TrackingNo: 'SF1234567890', LineIds: [1] }, false],
  ])('%j is valid: %s', (input, valid) => {
    expect(shipPrizeForm.safeParse(input).success).toBe(valid);
  });
});
