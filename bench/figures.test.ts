import { describe, expect, it } from 'vitest';
import { baselineFigures, LOAD_TARGETS, targetFigures } from './api-load';
import { baselineRef } from './baseline';
import {
  cpuPerRequest,
  type Figure,
  formatBudget,
  formatValue,
  medianBy,
  medianOfPercentiles,
  percentile,
  ratio,
  splitRun,
  verdict,
} from './figures';
import { nodeFlagsOf } from './server-process';

const figure = (value: number | undefined, budget?: Figure['budget']): Figure => ({
  figure: 'f',
  value,
  unit: 'ms',
  ...(budget ? { budget } : {}),
});

describe('verdict', () => {
  it.each([
    ['no budget', figure(3), ''],
    ['not measured', figure(undefined, { max: 5 }), 'n/a'],
    ['below a max', figure(4, { max: 5 }), 'ok'],
    ['at a strict max', figure(5, { max: 5 }), 'over'],
    ['at an inclusive max', figure(5, { max: 5, inclusive: true }), 'ok'],
    ['above a max', figure(6, { max: 5, inclusive: true }), 'over'],
    ['above a min', figure(6, { min: 5 }), 'ok'],
    ['at a strict min', figure(5, { min: 5 }), 'over'],
    ['at an inclusive min', figure(5, { min: 5, inclusive: true }), 'ok'],
    ['below a min', figure(4.9, { min: 5, inclusive: true }), 'over'],
  ])('%s', (_, input, expected) => {
    expect(verdict(input)).toBe(expected);
  });
});

describe('formatBudget', () => {
  it.each([
    [figure(1, { max: 16, inclusive: true }), '≤ 16 ms'],
    [figure(1, { max: 16 }), '< 16 ms'],
    [{ ...figure(1, { min: 5, inclusive: true }), unit: '×' as const }, '≥ 5 ×'],
    [figure(1, { min: 5 }), '> 5 ms'],
    [figure(1), ''],
  ])('%j', (input, expected) => {
    expect(formatBudget(input)).toBe(expected);
  });
});

describe('formatValue', () => {
  it.each([
    [{ ...figure(0.7349), unit: '×' as const }, '0.73 ×'],
    [{ ...figure(2), unit: '×' as const }, '2 ×'],
    [{ ...figure(12.34), unit: '×' as const }, '12.3 ×'],
    [{ ...figure(1234.6), unit: 'µs' as const }, '1235 µs'],
    [{ ...figure(99.5), unit: 'ms' as const }, '99.5 ms'],
    [figure(undefined), '—'],
  ])('%j', (input, expected) => {
    expect(formatValue(input)).toBe(expected);
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
  it.each([
    [[], 0.99, undefined],
    [[7], 0.99, 7],
    [hundred, 0.99, 99],
    [hundred, 0.5, 50],
    [hundred, 1, 100],
    [[...hundred, 101], 0.99, 100],
  ])('%#: nearest rank', (sorted, fraction, expected) => {
    expect(percentile(sorted, fraction)).toBe(expected);
  });
});

describe('ratio', () => {
  it.each([
    [700, 1000, 0.7],
    [2000, 1000, 2],
    [0, 1000, 0],
    [5, 0, undefined],
    [5, -1, undefined],
    [undefined, 1000, undefined],
    [5, undefined, undefined],
  ])('%s ÷ %s', (value, floor, expected) => {
    expect(ratio(value, floor)).toBe(expected);
  });
});

describe('splitRun', () => {
  it('counts a response before the ramp ends as ramp, at or after it as steady, and both in all', () => {
    const samples = [
      { atMilliseconds: 0, milliseconds: 900 },
      { atMilliseconds: 1999.9, milliseconds: 500 },
      { atMilliseconds: 2000, milliseconds: 3 },
      { atMilliseconds: 2500, milliseconds: 5 },
      { atMilliseconds: 7000, milliseconds: 4 },
    ];
    const { ramp, steady, all } = splitRun(samples, 2000);
    expect(ramp).toEqual({ requests: 2, p50: 500, p99: 900 });
    expect(steady).toEqual({ requests: 3, p50: 4, p99: 5 });
    expect(all).toEqual({ requests: 5, p50: 5, p99: 900 });
  });

  it('has no percentiles for a part without responses', () => {
    const { ramp, steady } = splitRun([{ atMilliseconds: 3000, milliseconds: 2 }], 2000);
    expect(ramp).toEqual({ requests: 0, p50: undefined, p99: undefined });
    expect(steady.p99).toBe(2);
  });
});

describe('cpuPerRequest', () => {
  it.each([
    [1_500_000, 1000, 1500],
    [0, 1000, 0],
    [1_000_000, 0, undefined],
    [undefined, 1000, undefined],
  ])('%s µs over %s requests', (cpu, requests, expected) => {
    expect(cpuPerRequest(cpu, requests)).toBe(expected);
  });
});

describe('targetFigures', () => {
  const run = (requestsPerSecond: number, steadyP99: number, allP99: number) => ({
    ramp: { requests: 10, p50: 1, p99: allP99 },
    steady: { requests: 100, p50: 1, p99: steadyP99 },
    all: { requests: 110, p50: 1, p99: allP99 },
    requestsPerSecond,
    cpuMicrosecondsPerRequest: 700,
    failures: 0,
  });
  const floor = run(1000, 10, 20);
  const postgres = { userInfoFloorShare: 0.7, userInfoP99Ratio: 2, listP99: 100 };
  const target = (name: string) => LOAD_TARGETS.find((entry) => entry.name === name)!;
  const verdicts = (figures: Figure[]) =>
    Object.fromEntries(
      figures.map((entry) => [entry.figure, `${formatValue(entry)} ${verdict(entry)}`.trim()]),
    );

  it.each([
    [700, 20, 'ok', 'ok'],
    [699, 20.1, 'over', 'over'],
  ])('holds GetUserInfo at %s req/s and p99 %s ms to the floor', (rps, p99, share, latency) => {
    const figures = verdicts(targetFigures(target('GetUserInfo'), run(rps, p99, 500), floor, postgres));
    expect(figures['GetUserInfo req/s ÷ floor']).toMatch(new RegExp(`${share}$`));
    expect(figures['GetUserInfo steady p99 ÷ floor']).toMatch(new RegExp(`${latency}$`));
    expect(figures['GetUserInfo p99 with the ramp']).toBe('500 ms');
  });

  it('names every pair’s share beside the one judged', () => {
    const [share] = targetFigures(
      target('GetUserInfo'),
      run(700, 20, 500),
      floor,
      postgres,
      [0.62, 0.7, 0.86],
    );
    expect(share?.note).toBe('700 req/s, CPU 700 µs/request; the 3 pairs: 0.62, 0.70, 0.86');
  });

  it.each([
    [99.9, 'ok'],
    [100, 'over'],
  ])('holds the lists to a steady p99 under 100 ms on PostgreSQL: %s ms', (p99, expected) => {
    for (const name of ['goods list page 2', 'order list']) {
      const figures = verdicts(targetFigures(target(name), run(10, p99, 900), floor, postgres));
      expect(figures[`${name} steady p99`]).toMatch(new RegExp(`${expected}$`));
      expect(figures[`${name} req/s ÷ floor`]).toBe('0.01 ×');
    }
  });

  it.each([
    [199, 'ok'],
    [200, 'over'],
  ])(
    'holds every call on the embedded database to a p99 with the ramp under 200 ms: %s ms',
    (p99, expected) => {
      for (const entry of LOAD_TARGETS) {
        const figures = verdicts(targetFigures(entry, run(10, 5000, p99), floor, { p99WithRamp: 200 }));
        expect(figures[`${entry.name} p99 with the ramp`]).toMatch(new RegExp(`${expected}$`));
        expect(figures[`${entry.name} steady p99`]).toBe('5000 ms');
      }
    },
  );
});

describe('medianBy', () => {
  it.each([
    [[], undefined],
    [[0.9], 0.9],
    [[0.9, 0.5], 0.5],
    [[0.62, 0.86, 0.7], 0.7],
    [[0.7, 0.7, 0.1], 0.7],
    [[0.4, 0.9, 0.6, 0.5], 0.5],
  ])('picks the middle of %j: %s', (shares, expected) => {
    const items = shares.map((share) => ({ share }));
    expect(medianBy(items, (item) => item.share)?.share).toBe(expected);
    expect(items.map((item) => item.share)).toEqual(shares);
  });
});

describe('medianOfPercentiles', () => {
  const hundred = (offset: number) => Array.from({ length: 100 }, (_, index) => index + 1 + offset);
  it.each([
    ['one run', [hundred(0)], 95, [95]],
    ['three runs: the middle p95', [hundred(10), hundred(0), hundred(20)], 105, [105, 95, 115]],
    ['two runs: the lower p95', [hundred(5), hundred(0)], 95, [100, 95]],
    ['unsorted times', [[3, 1, 2]], 3, [3]],
    ['a run with no times', [hundred(0), []], undefined, [95, undefined]],
    ['no runs', [], undefined, []],
  ])('%s', (_, runs, value, each) => {
    expect(medianOfPercentiles(runs, 0.95)).toEqual({ value, each });
  });
});

describe('the baseline', () => {
  it.each([
    [['--only', 'API', '--baseline', 'abc123'], 'abc123'],
    [['--baseline', 'main~3', '--strict'], 'main~3'],
    [['--only', 'API'], undefined],
    [['--baseline'], undefined],
  ])('reads the commit of %j', (argv, expected) => {
    expect(baselineRef(argv)).toBe(expected);
  });

  it('names each figure "before:", against the same floor, with no budget', () => {
    const run = {
      ramp: { requests: 10, p50: 1, p99: 300 },
      steady: { requests: 100, p50: 1, p99: 40 },
      all: { requests: 110, p50: 1, p99: 300 },
      requestsPerSecond: 450,
      cpuMicrosecondsPerRequest: 900,
      failures: 0,
    };
    const floor = { ...run, requestsPerSecond: 1000 };
    const figures = baselineFigures(LOAD_TARGETS[0]!, run, floor, 'dec2ecc');
    expect(figures.map((entry) => [entry.figure, formatValue(entry), verdict(entry)])).toEqual([
      ['before: GetUserInfo req/s ÷ floor', '0.45 ×', ''],
      ['before: GetUserInfo steady p99', '40 ms', ''],
      ['before: GetUserInfo p99 with the ramp', '300 ms', ''],
    ]);
    expect(figures[0]!.note).toBe('dec2ecc: 450 req/s, CPU 900 µs/request');
  });
});

describe('nodeFlagsOf', () => {
  it.each([
    ['tsx server/main.ts', []],
    ['tsx --max-semi-space-size=128 server/main.ts', ['--max-semi-space-size=128']],
    [
      'tsx --max-semi-space-size=128 --no-memory-reducer server/main.ts',
      ['--max-semi-space-size=128', '--no-memory-reducer'],
    ],
    ['  tsx  --a=1   --b server/main.ts  ', ['--a=1', '--b']],
    ['', []],
  ])('%j gives %j', (script, flags) => {
    expect(nodeFlagsOf(script)).toEqual(flags);
  });
});
