import { describe, expect, it } from 'vitest';
import { type Figure, formatBudget, verdict } from './figures';

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
