import { TIMED_STATES, type TimedState, type Timing, timedState } from './timed-state';

/**
 * A shop notice's state, decided by time and the operator's switch as every timed thing's is
 * (contract/timed-state.ts).
 */

export const NOTICE_STATES = TIMED_STATES;
export type NoticeState = TimedState;
export type NoticeTiming = Timing;

export function noticeState(notice: NoticeTiming, now: Date | number): NoticeState {
  return timedState(notice, now);
}
