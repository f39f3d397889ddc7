/**
 * The state of anything that runs for a window and has an on/off switch (notices, seckill, group
 * buying, bargains), decided by time and the operator's switch (DESIGN §11 "time decides activity
 * states"): switched off wins; otherwise not started before its start, running until its end
 * (exclusive), then ended.
 */

export const TIMED_STATES = ['notStarted', 'running', 'ended', 'off'] as const;
export type TimedState = (typeof TIMED_STATES)[number];

export interface Timing {
  status: 'on' | 'off';
  startsAt: Date | string;
  endsAt: Date | string;
}

export function timedState(timing: Timing, now: Date | number): TimedState {
  if (timing.status === 'off') return 'off';
  const at = typeof now === 'number' ? now : now.getTime();
  if (new Date(timing.startsAt).getTime() > at) return 'notStarted';
  return new Date(timing.endsAt).getTime() > at ? 'running' : 'ended';
}
