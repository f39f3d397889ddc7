/**
 * A shop notice's state, decided by time and the operator's switch (DESIGN §11 "time decides activity
 * states"): switched off wins; otherwise not started before its start, running until its end
 * (exclusive), then ended.
 */

export const NOTICE_STATES = ['notStarted', 'running', 'ended', 'off'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export interface NoticeTiming {
  status: 'on' | 'off';
  startsAt: Date | string;
  endsAt: Date | string;
}

export function noticeState(notice: NoticeTiming, now: Date | number): NoticeState {
  if (notice.status === 'off') return 'off';
  const at = typeof now === 'number' ? now : now.getTime();
  if (new Date(notice.startsAt).getTime() > at) return 'notStarted';
  return new Date(notice.endsAt).getTime() > at ? 'running' : 'ended';
}
