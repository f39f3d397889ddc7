import { DAY_MS, SHOP_UTC_OFFSET_MS } from './shop-time';

/**
 * The daily sessions of a seckill activity (10:00–12:00, 20:00–22:00…), on the shop's clock. Within
 * the activity's dates, goods sell only while a session is open; an activity without sessions sells
 * all day. A session's end is exclusive; `24:00` ends it at midnight.
 */

export interface SeckillSession {
  /** `HH:MM`, 00:00 to 23:59. */
  Start: string;
  /** `HH:MM`, after the start; 24:00 is midnight at the day's end. */
  End: string;
}

export const MAX_SESSIONS = 8;
export const SESSION_START = /^([01]\d|2[0-3]):[0-5]\d$/;
export const SESSION_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const MINUTE_MS = 60_000;

/** Minutes after midnight of an `HH:MM` time. */
export function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The minute of the shop's day an instant falls on, and the instant that day started. */
function shopDay(at: number): { minute: number; dayStart: number } {
  const wall = at + SHOP_UTC_OFFSET_MS;
  const dayStart = Math.floor(wall / DAY_MS) * DAY_MS - SHOP_UTC_OFFSET_MS;
  return { minute: Math.floor((at - dayStart) / MINUTE_MS), dayStart };
}

export type SessionProblem = { index: number; key: 'session.order' | 'session.overlap' };

/**
 * What is wrong with well-formed sessions: one that does not end after it starts, or one that starts
 * before the previous one ends (sessions are listed in time order). Empty when they are fine.
 */
export function sessionProblems(sessions: readonly SeckillSession[]): SessionProblem[] {
  const problems: SessionProblem[] = [];
  sessions.forEach((session, index) => {
    if (minuteOfDay(session.End) <= minuteOfDay(session.Start)) {
      problems.push({ index, key: 'session.order' });
      return;
    }
    const previous = sessions[index - 1];
    if (previous && minuteOfDay(session.Start) < minuteOfDay(previous.End))
      problems.push({ index, key: 'session.overlap' });
  });
  return problems;
}

/** The session open at `now`, or null between sessions; with no sessions the whole day is open. */
export function openSession(sessions: readonly SeckillSession[], now: Date | number): SeckillSession | null {
  if (sessions.length === 0) return { Start: '00:00', End: '24:00' };
  const { minute } = shopDay(typeof now === 'number' ? now : now.getTime());
  return (
    sessions.find((session) => minuteOfDay(session.Start) <= minute && minute < minuteOfDay(session.End)) ??
    null
  );
}

/**
 * When the next session opens at or after `now` and before the window ends; null when none will.
 * A session open now counts from now.
 */
export function nextSessionStart(
  sessions: readonly SeckillSession[],
  window: { startsAt: Date | string; endsAt: Date | string },
  now: Date | number,
): Date | null {
  const from = Math.max(new Date(now).getTime(), new Date(window.startsAt).getTime());
  const until = new Date(window.endsAt).getTime();
  if (from >= until) return null;
  // Without sessions the whole day is open (openSession).
  if (openSession(sessions, from)) return new Date(from);
  const { dayStart } = shopDay(from);
  // A later session today, else tomorrow's first: every day holds the same sessions.
  // Stryker disable next-line EqualityOperator: a third day is never reached, tomorrow's first session always comes after from.
  for (let day = 0; day < 2; day += 1) {
    for (const session of sessions) {
      const start = dayStart + day * DAY_MS + minuteOfDay(session.Start) * MINUTE_MS;
      // Stryker disable next-line EqualityOperator: a session starting at from is open at from, answered above.
      if (start >= from) return start < until ? new Date(start) : null;
    }
  }
  return null;
}
