import { describe, expect, it } from 'vitest';
import {
  minuteOfDay,
  nextSessionStart,
  openSession,
  SESSION_END,
  SESSION_START,
  type SeckillSession,
  sessionProblems,
} from './seckill-sessions';

/** An instant on the shop's clock (UTC+8) of 2026-05-10. */
const at = (time: string) => new Date(`2026-05-10T${time}:00+08:00`);
const day = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

const TWO: SeckillSession[] = [
  { Start: '10:00', End: '12:00' },
  { Start: '20:00', End: '22:00' },
];

describe('sessionProblems', () => {
  it.each([
    ['no sessions', [], []],
    ['two in order', TWO, []],
    [
      'touching sessions',
      [
        { Start: '10:00', End: '12:00' },
        { Start: '12:00', End: '13:00' },
      ],
      [],
    ],
    ['a whole day', [{ Start: '00:00', End: '24:00' }], []],
    ['a minute long', [{ Start: '09:59', End: '10:00' }], []],
    ['ending as it starts', [{ Start: '10:00', End: '10:00' }], [{ index: 0, key: 'session.order' }]],
    ['ending before it starts', [{ Start: '10:00', End: '09:59' }], [{ index: 0, key: 'session.order' }]],
    [
      'starting a minute before the previous ends',
      [
        { Start: '10:00', End: '12:00' },
        { Start: '11:59', End: '13:00' },
      ],
      [{ index: 1, key: 'session.overlap' }],
    ],
    [
      'listed out of order',
      [
        { Start: '20:00', End: '22:00' },
        { Start: '10:00', End: '12:00' },
      ],
      [{ index: 1, key: 'session.overlap' }],
    ],
  ] as const)('%s', (_, sessions, problems) => {
    expect(sessionProblems(sessions)).toEqual(problems);
  });
});

describe('openSession on the shop clock', () => {
  it.each([
    ['09:59', null],
    ['10:00', TWO[0]],
    ['11:59', TWO[0]],
    ['12:00', null],
    ['19:59', null],
    ['20:00', TWO[1]],
    ['21:59', TWO[1]],
    ['22:00', null],
  ] as const)('at %s', (time, session) => {
    expect(openSession(TWO, at(time))).toEqual(session);
  });

  it('reads the shop clock whatever the instant is written in', () => {
    // 02:30 UTC is 10:30 in the shop.
    expect(openSession(TWO, new Date('2026-05-10T02:30:00Z'))).toEqual(TWO[0]);
    expect(openSession(TWO, Date.parse('2026-05-10T01:59:00Z'))).toBeNull();
  });

  it('keeps a session ending at midnight open to the last minute', () => {
    const late = [{ Start: '23:00', End: '24:00' }];
    expect(openSession(late, at('23:59'))).toEqual(late[0]);
    expect(openSession(late, day('2026-05-11', '00:00'))).toBeNull();
  });

  it('is open all day without sessions', () => {
    expect(openSession([], at('03:00'))).toEqual({ Start: '00:00', End: '24:00' });
  });
});

describe('nextSessionStart', () => {
  const window = { startsAt: day('2026-05-09', '00:00'), endsAt: day('2026-05-12', '00:00') };
  it.each([
    ['during a session: now', at('10:30'), at('10:30')],
    ['before the first: its start', at('08:00'), at('10:00')],
    ['between sessions: the next today', at('12:00'), at('20:00')],
    ['after the last: tomorrow’s first', at('22:00'), day('2026-05-11', '10:00')],
  ])('%s', (_, now, expected) => {
    expect(nextSessionStart(TWO, window, now)).toEqual(expected);
  });

  it('counts from the window’s start when it has not come', () => {
    expect(nextSessionStart(TWO, window, day('2026-05-01', '11:00'))).toEqual(day('2026-05-09', '10:00'));
  });

  it('is none when the next session would open at or after the end', () => {
    const short = { startsAt: window.startsAt, endsAt: day('2026-05-10', '20:00') };
    expect(nextSessionStart(TWO, short, at('12:00'))).toBeNull();
    const justIn = { startsAt: window.startsAt, endsAt: day('2026-05-10', '20:01') };
    expect(nextSessionStart(TWO, justIn, at('12:00'))).toEqual(at('20:00'));
  });

  it('is none once the window is over, and now without sessions', () => {
    expect(nextSessionStart(TWO, window, day('2026-05-12', '00:00'))).toBeNull();
    expect(nextSessionStart([], window, at('03:00'))).toEqual(at('03:00'));
  });
});

describe('session times', () => {
  it.each([
    ['00:00', true, true],
    ['09:05', true, true],
    ['19:59', true, true],
    ['23:59', true, true],
    ['24:00', false, true],
    ['24:01', false, false],
    ['25:00', false, false],
    ['7:00', false, false],
    ['07:60', false, false],
    ['0a:00', false, false],
    ['07:0a', false, false],
    ['a07:00', false, false],
    ['07:00a', false, false],
    ['30:00', false, false],
  ])('%s: a start %s, an end %s', (time, start, end) => {
    expect(SESSION_START.test(time)).toBe(start);
    expect(SESSION_END.test(time)).toBe(end);
  });

  it.each([
    ['00:00', 0],
    ['10:30', 630],
    ['24:00', 1440],
  ])('%s is minute %i of the day', (time, minute) => {
    expect(minuteOfDay(time)).toBe(minute);
  });
});

describe('nextSessionStart at the edges', () => {
  const window = { startsAt: day('2026-05-09', '00:00'), endsAt: day('2026-05-12', '00:00') };
  it('takes now as a number', () => {
    expect(nextSessionStart(TWO, window, at('12:00').getTime())).toEqual(at('20:00'));
  });

  it('is none at the very end of the window, even without sessions', () => {
    expect(nextSessionStart([], window, window.endsAt)).toBeNull();
    expect(nextSessionStart([], window, window.endsAt.getTime() - 1)).toEqual(
      new Date(window.endsAt.getTime() - 1),
    );
  });
});
