import { describe, expect, it } from 'vitest';
import { pointsForAmount, pointsToTakeBack } from './points';

describe('pointsForAmount', () => {
  it.each([
    { amountFen: 0, rate: 1, points: 0 },
    { amountFen: 99, rate: 1, points: 0 },
    { amountFen: 100, rate: 1, points: 1 },
    { amountFen: 12_345, rate: 1, points: 123 },
    { amountFen: 12_345, rate: 3, points: 370 },
    { amountFen: 12_345, rate: 0, points: 0 },
    { amountFen: 1, rate: 100, points: 1 },
    { amountFen: 1_000_000_000, rate: 100, points: 1_000_000_000 },
  ])('$amountFen fen at $rate per yuan earns $points', ({ amountFen, rate, points }) => {
    expect(pointsForAmount(amountFen, rate)).toBe(points);
  });
});

describe('pointsToTakeBack', () => {
  it.each([
    {
      name: 'a full refund takes everything',
      granted: 120,
      paid: 12_000,
      before: 0,
      refund: 12_000,
      back: 120,
    },
    { name: 'half a refund takes half', granted: 120, paid: 12_000, before: 0, refund: 6_000, back: 60 },
    { name: 'a share rounds down', granted: 10, paid: 1_000, before: 0, refund: 333, back: 3 },
    { name: 'the rest after a partial refund', granted: 10, paid: 1_000, before: 333, refund: 667, back: 7 },
    { name: 'the second third', granted: 10, paid: 900, before: 300, refund: 300, back: 3 },
    { name: 'nothing granted', granted: 0, paid: 1_000, before: 0, refund: 1_000, back: 0 },
    { name: 'nothing paid', granted: 5, paid: 0, before: 0, refund: 0, back: 0 },
    { name: 'never past the grant', granted: 10, paid: 1_000, before: 900, refund: 500, back: 1 },
  ])('$name', ({ granted, paid, before, refund, back }) => {
    expect(pointsToTakeBack({ granted, paidFen: paid, refundedBeforeFen: before, refundFen: refund })).toBe(
      back,
    );
  });

  it('partial refunds add up to the full grant', () => {
    let before = 0;
    let taken = 0;
    for (const refund of [101, 257, 333, 309]) {
      taken += pointsToTakeBack({
        granted: 97,
        paidFen: 1_000,
        refundedBeforeFen: before,
        refundFen: refund,
      });
      before += refund;
    }
    expect(taken).toBe(97);
  });
});
