import { describe, expect, it } from 'vitest';
import { rangeProblems } from './list-query';

const pairs = [['MinFen', 'MaxFen'] as const, ['From', 'To'] as const];
const reversed = (min: string, max: string) => ({
  field: min,
  key: 'list.rangeReversed',
  params: { min, max },
});

describe('rangeProblems: a minimum above its maximum is refused, naming the minimum', () => {
  it.each([
    [{ MinFen: 500, MaxFen: 300 }, [reversed('MinFen', 'MaxFen')]],
    [{ MinFen: 300, MaxFen: 300 }, []],
    [{ MinFen: 299, MaxFen: 300 }, []],
    [{ MinFen: 301, MaxFen: 300 }, [reversed('MinFen', 'MaxFen')]],
    [{ MinFen: 0, MaxFen: 0 }, []],
    [{ MinFen: 500 }, []],
    [{ MaxFen: 300 }, []],
    [{}, []],
    [{ From: '2026-01-02', To: '2026-01-01' }, [reversed('From', 'To')]],
    [{ From: '2026-01-01', To: '2026-01-01' }, []],
    // A day as the minimum means its start: a time later that day is after it.
    [{ From: '2026-01-01', To: '2026-01-01T12:00:00+08:00' }, []],
    [{ From: '2026-01-01T12:00:00+08:00', To: '2026-01-01T11:59:59+08:00' }, [reversed('From', 'To')]],
    [
      { From: '2026-01-02', MinFen: 9, MaxFen: 1, To: '2026-01-01' },
      [reversed('MinFen', 'MaxFen'), reversed('From', 'To')],
    ],
  ])('%o → %o', (value, problems) => {
    expect(rangeProblems(value, pairs)).toEqual(problems);
  });
});
