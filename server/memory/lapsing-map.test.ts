import { describe, expect, it } from 'vitest';
import { LapsingMap } from './lapsing-map';

function mapAt(start: number, lifetime = 100) {
  const clock = { now: start };
  return { clock, map: new LapsingMap<{ id: number }>(lifetime, () => clock.now, 3) };
}

describe('LapsingMap', () => {
  it('keeps a value for its lifetime and not one millisecond past it', () => {
    const { clock, map } = mapAt(5_000);
    map.set('a', { id: 1 });
    clock.now += 99;
    expect(map.get('a')).toEqual({ id: 1 });
    clock.now += 1;
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('forgets the values that match, live or lapsed, and keeps the rest', () => {
    const { clock, map } = mapAt(0);
    map.set('a', { id: 1 });
    map.set('b', { id: 2 });
    clock.now += 100;
    map.set('c', { id: 1 });
    map.forget((value) => value.id === 1);
    expect(map.size).toBe(1);
    clock.now -= 100;
    expect(map.get('b')).toEqual({ id: 2 });
  });

  it('sweeps lapsed entries before adding once it holds sweepAt of them', () => {
    const { clock, map } = mapAt(0);
    map.set('a', { id: 1 });
    map.set('b', { id: 2 });
    clock.now += 50;
    map.set('c', { id: 3 });
    clock.now += 50;
    map.set('d', { id: 4 });
    // a and b lapsed at 100 and were swept; c lives until 150.
    expect(map.size).toBe(2);
    expect(map.get('c')).toEqual({ id: 3 });
  });
});
