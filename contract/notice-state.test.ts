import { describe, expect, it } from 'vitest';
import { noticeState } from './notice-state';

const startsAt = '2026-05-01T00:00:00.000Z';
const endsAt = '2026-05-10T00:00:00.000Z';
const at = (instant: string) => new Date(instant);

describe('noticeState', () => {
  it.each([
    ['one millisecond before the start', '2026-04-30T23:59:59.999Z', 'notStarted'],
    ['at the start', startsAt, 'running'],
    ['between start and end', '2026-05-05T12:00:00.000Z', 'running'],
    ['one millisecond before the end', '2026-05-09T23:59:59.999Z', 'running'],
    ['at the end', endsAt, 'ended'],
    ['after the end', '2026-06-01T00:00:00.000Z', 'ended'],
  ])('switched on, %s: %s', (_, now, state) => {
    expect(noticeState({ status: 'on', startsAt, endsAt }, at(now))).toBe(state);
  });

  it.each([['2026-04-01T00:00:00.000Z'], ['2026-05-05T00:00:00.000Z'], ['2026-06-01T00:00:00.000Z']])(
    'switched off is off whatever the time (%s)',
    (now) => {
      expect(noticeState({ status: 'off', startsAt, endsAt }, at(now))).toBe('off');
    },
  );

  it('takes times as dates or text and now as a number', () => {
    const running = Date.parse('2026-05-02T00:00:00.000Z');
    expect(
      noticeState({ status: 'on', startsAt: new Date(startsAt), endsAt: new Date(endsAt) }, running),
    ).toBe('running');
  });
});
