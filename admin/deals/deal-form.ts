import { DAY_MS } from '../../contract/shop-time';
import type { TimedState } from '../../contract/timed-state';
import { fenToYuanText, yuanToFen } from '../core/list-state';
import { wallClock, wallClockInstant } from '../core/wall-clock';

/** The fields every activity form of seckill, group buying and bargains shares, as typed. */
export interface ActivityDraft {
  Title: string;
  Image: string;
  StartsAt: string;
  EndsAt: string;
  Sort: number;
  SwitchedOn: boolean;
}

interface ActivityRow {
  Title: string;
  Image: string;
  StartsAt: string;
  EndsAt: string;
  Sort: number;
  Status: 'on' | 'off';
}

/** A new activity runs from the next whole hour for a week; an existing one shows what it holds. */
export function activityDraft(row: ActivityRow | null, now = new Date()): ActivityDraft {
  if (row)
    return {
      Title: row.Title,
      Image: row.Image,
      StartsAt: wallClock(row.StartsAt),
      EndsAt: wallClock(row.EndsAt),
      Sort: row.Sort,
      SwitchedOn: row.Status === 'on',
    };
  const hour = 60 * 60 * 1000;
  const start = new Date(Math.ceil(now.getTime() / hour) * hour);
  return {
    Title: '',
    Image: '',
    StartsAt: wallClock(start),
    EndsAt: wallClock(new Date(start.getTime() + 7 * DAY_MS)),
    Sort: 0,
    SwitchedOn: true,
  };
}

export function activityInput(draft: ActivityDraft) {
  return {
    Title: draft.Title,
    Image: draft.Image,
    StartsAt: wallClockInstant(draft.StartsAt),
    EndsAt: wallClockInstant(draft.EndsAt),
    Sort: draft.Sort,
    Status: draft.SwitchedOn ? ('on' as const) : ('off' as const),
  };
}

/** A price typed in yuan as fen for the schema; text that is no amount becomes NaN, which it refuses. */
export function typedFen(text: string): number {
  return yuanToFen(text) ?? Number.NaN;
}

export const yuanText = fenToYuanText;

/** Badge colours of the time-derived states, the same on every deal list. */
export const STATE_PALETTE: Readonly<Record<TimedState, 'blue' | 'green' | 'gray' | 'orange'>> = {
  notStarted: 'blue',
  running: 'green',
  ended: 'gray',
  off: 'orange',
};
