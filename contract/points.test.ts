import { describe, expect, it } from 'vitest';
import {
  type ExchangeFacts,
  exchangeProblem,
  expiredEarningCutoff,
  nextExpiry,
  pointsExpireAt,
  pointsGoodsState,
  pointsToExpire,
  shopYear,
} from './points';

/** Instants written as the shop reads them (China time, UTC+8). */
const china = (wall: string) => new Date(`${wall}+08:00`);
const iso = (instant: Date | null) => instant?.toISOString() ?? null;

describe('pointsExpireAt', () => {
  it.each([
    ['the first moment of a year', '2024-01-01T00:00:00', '2026-01-01T00:00:00'],
    ['mid-year', '2024-06-15T12:00:00', '2026-01-01T00:00:00'],
    ['the last moment of a year', '2024-12-31T23:59:59.999', '2026-01-01T00:00:00'],
    ['a leap day', '2024-02-29T08:00:00', '2026-01-01T00:00:00'],
    ['one moment later, the next year', '2025-01-01T00:00:00', '2027-01-01T00:00:00'],
  ])('earned at %s (%s): gone at %s, shop time', (_, earned, gone) => {
    expect(iso(pointsExpireAt(china(earned), 'yearEnd'))).toBe(china(gone).toISOString());
  });

  it('reads the year in China time, not UTC: 31 Dec 17:00 UTC is already 1 Jan in the shop', () => {
    expect(iso(pointsExpireAt(new Date('2024-12-31T16:00:00Z'), 'yearEnd'))).toBe(
      china('2027-01-01T00:00:00').toISOString(),
    );
    expect(iso(pointsExpireAt(new Date('2024-12-31T15:59:59.999Z'), 'yearEnd'))).toBe(
      china('2026-01-01T00:00:00').toISOString(),
    );
  });

  it('never, under the never rule', () => {
    expect(pointsExpireAt(china('2024-06-15T12:00:00'), 'never')).toBeNull();
  });
});

describe('expiredEarningCutoff and nextExpiry', () => {
  it.each([
    ['the last moment of 2025', '2025-12-31T23:59:59.999', '2024-01-01', '2026-01-01', '2025-01-01'],
    ['the first moment of 2026', '2026-01-01T00:00:00', '2025-01-01', '2027-01-01', '2026-01-01'],
    ['mid 2026', '2026-07-01T09:30:00', '2025-01-01', '2027-01-01', '2026-01-01'],
  ])(
    'at %s: earned before %s expired; next expiry %s takes what was earned before %s',
    (_, now, cutoff, at, next) => {
      const instant = china(now);
      expect(expiredEarningCutoff(instant).toISOString()).toBe(china(`${cutoff}T00:00:00`).toISOString());
      expect(nextExpiry(instant).at.toISOString()).toBe(china(`${at}T00:00:00`).toISOString());
      expect(nextExpiry(instant).cutoff.toISOString()).toBe(china(`${next}T00:00:00`).toISOString());
    },
  );

  it('agrees with pointsExpireAt: points are gone exactly when their expiry passes', () => {
    for (const earned of ['2024-01-01T00:00:00', '2024-12-31T23:59:59', '2025-03-03T03:03:03']) {
      const gone = pointsExpireAt(china(earned), 'yearEnd')!;
      expect(china(earned) < expiredEarningCutoff(gone)).toBe(true);
      expect(china(earned) < expiredEarningCutoff(new Date(gone.getTime() - 1))).toBe(false);
    }
  });

  it('names the shop year', () => {
    expect(shopYear(new Date('2025-12-31T16:00:00Z'))).toBe(2026);
    expect(shopYear(new Date('2025-12-31T15:59:59Z'))).toBe(2025);
  });
});

describe('pointsToExpire', () => {
  const flow = { earnedBefore: 1_000, consumed: 300, expired: 0, balance: 2_000 };
  it.each<[string, Partial<typeof flow>, number]>([
    ['what the old earnings have left', {}, 700],
    ['nothing when everything old was spent', { consumed: 1_000 }, 0],
    ['nothing when more than the old was spent', { consumed: 1_001 }, 0],
    ['one point when one is left', { consumed: 999 }, 1],
    ['less what an earlier sweep took', { expired: 200 }, 500],
    ['nothing after this sweep already ran', { expired: 700 }, 0],
    ['at most the balance', { balance: 699 }, 699],
    ['the balance exactly', { balance: 700 }, 700],
    ['nothing from an empty wallet', { balance: 0 }, 0],
    ['returns never make more than was earned', { consumed: -500 }, 1_000],
    ['nothing earned before the cutoff', { earnedBefore: 0 }, 0],
  ])('%s', (_, change, expected) => {
    expect(pointsToExpire({ ...flow, ...change })).toBe(expected);
  });
});

describe('pointsGoodsState', () => {
  const window = { startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-05-10T00:00:00.000Z' };
  it.each([
    ['one millisecond before the start', '2026-04-30T23:59:59.999Z', 'notStarted'],
    ['at the start', '2026-05-01T00:00:00.000Z', 'running'],
    ['one millisecond before the end', '2026-05-09T23:59:59.999Z', 'running'],
    ['at the end', '2026-05-10T00:00:00.000Z', 'ended'],
  ])('switched on, %s: %s', (_, now, state) => {
    expect(pointsGoodsState({ status: 'on', ...window }, new Date(now))).toBe(state);
  });

  it('runs for ever without an end', () => {
    expect(
      pointsGoodsState({ status: 'on', startsAt: window.startsAt, endsAt: null }, Date.UTC(2099, 0)),
    ).toBe('running');
  });

  it.each(['2026-04-01T00:00:00.000Z', '2026-05-05T00:00:00.000Z', '2026-06-01T00:00:00.000Z'])(
    'switched off is off whatever the time (%s)',
    (now) => {
      expect(pointsGoodsState({ status: 'off', ...window }, new Date(now))).toBe('off');
    },
  );
});

describe('exchangeProblem', () => {
  const facts: ExchangeFacts = {
    state: 'running',
    stock: 10,
    quantity: 2,
    perMemberLimit: 3,
    alreadyExchanged: 1,
    unitPoints: 500,
    balance: 1_000,
  };
  it.each<[string, Partial<ExchangeFacts>, ReturnType<typeof exchangeProblem>]>([
    ['nothing in the way', {}, null],
    ['not started', { state: 'notStarted' }, { key: 'notStarted' }],
    ['ended', { state: 'ended' }, { key: 'ended' }],
    ['switched off', { state: 'off' }, { key: 'off' }],
    ['sold out', { stock: 0 }, { key: 'soldOut' }],
    ['stock exactly the quantity', { stock: 2 }, null],
    ['stock one short', { stock: 1 }, { key: 'stockShort', stock: 1 }],
    ['the limit reached exactly', { alreadyExchanged: 1, quantity: 2 }, null],
    ['one over the limit', { alreadyExchanged: 2 }, { key: 'overLimit', limit: 3, left: 1 }],
    ['the limit used up', { alreadyExchanged: 3, quantity: 1 }, { key: 'overLimit', limit: 3, left: 0 }],
    ['no limit', { perMemberLimit: 0, alreadyExchanged: 99 }, null],
    ['points exactly enough', { balance: 1_000 }, null],
    ['one point short', { balance: 999 }, { key: 'pointsShort', needed: 1_000, balance: 999 }],
    // The first reason a buyer should hear: the goods' state before the stock, stock before points.
    ['ended and sold out', { state: 'ended', stock: 0 }, { key: 'ended' }],
    ['short of stock and points', { stock: 1, balance: 0 }, { key: 'stockShort', stock: 1 }],
  ])('%s', (_, change, expected) => {
    expect(exchangeProblem({ ...facts, ...change })).toEqual(expected);
  });
});
