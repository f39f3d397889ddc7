import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TICKET_SETTINGS,
  MAX_TICKET_DAYS,
  type TicketSettings,
  ticketSettingsProblems,
  ticketSettingsSchema,
  ticketValidity,
} from './goods-kind';

const paidAt = new Date('2026-05-01T10:00:00Z');
const settings = (change: Partial<TicketSettings>): TicketSettings => ({
  ...DEFAULT_TICKET_SETTINGS,
  ...change,
});

describe('ticketValidity', () => {
  it.each([
    [1, '2026-05-02T10:00:00.000Z'],
    [30, '2026-05-31T10:00:00.000Z'],
  ])('%i days from payment end %s', (Days, until) => {
    const validity = ticketValidity(settings({ Mode: 'days', Days }), paidAt);
    expect(validity.from).toEqual(paidAt);
    expect(validity.until.toISOString()).toBe(until);
  });

  it('fixed days run from the first day 00:00 to the end of the last, China time', () => {
    const validity = ticketValidity(
      settings({ Mode: 'fixed', From: '2026-06-01', Until: '2026-06-01' }),
      paidAt,
    );
    expect(validity.from.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(validity.until.toISOString()).toBe('2026-06-01T16:00:00.000Z');
  });

  it('fixed mode without its days falls back to the day count', () => {
    const validity = ticketValidity(settings({ Mode: 'fixed', Days: 2, From: null, Until: null }), paidAt);
    expect(validity.until.toISOString()).toBe('2026-05-03T10:00:00.000Z');
  });
});

describe('ticketSettingsProblems', () => {
  it.each([
    ['days mode ignores the days', settings({ Mode: 'days', From: '2026-06-02', Until: '2026-06-01' }), []],
    ['fixed needs a first day', settings({ Mode: 'fixed', Until: '2026-06-01' }), ['Ticket.From']],
    ['fixed needs a last day', settings({ Mode: 'fixed', From: '2026-06-01' }), ['Ticket.Until']],
    ['one day is fine', settings({ Mode: 'fixed', From: '2026-06-01', Until: '2026-06-01' }), []],
    [
      'the last day before the first',
      settings({ Mode: 'fixed', From: '2026-06-02', Until: '2026-06-01' }),
      ['Ticket.Until'],
    ],
  ])('%s', (_label, value, fields) => {
    expect(ticketSettingsProblems(value, 'Ticket').map((problem) => problem.field)).toEqual(fields);
  });
});

describe('ticketSettingsSchema', () => {
  it.each([
    [{ Days: 0 }, false],
    [{ Days: 1 }, true],
    [{ Days: MAX_TICKET_DAYS }, true],
    [{ Days: MAX_TICKET_DAYS + 1 }, false],
    [{ Mode: 'fixed', From: ' 2026-06-01 ', Until: '2026-06-30' }, true],
    [{ Mode: 'fixed', From: '2026-02-30', Until: '2026-06-30' }, false],
    [{ StoreIds: [0] }, false],
  ])('%j accepted: %s', (value, ok) => {
    expect(ticketSettingsSchema.safeParse(value).success).toBe(ok);
  });

  it('fills the defaults: 30 days, every store', () => {
    expect(ticketSettingsSchema.parse({})).toEqual(DEFAULT_TICKET_SETTINGS);
  });
});
