/**
 * WeChat's rules for live rooms and live goods (wxaapi/broadcast), checked before a call so the
 * operator sees the field at fault instead of WeChat's errcode. WeChat counts a Chinese character
 * as two and any other as one ("最短3个汉字，最长17个汉字").
 */

export function wechatWidth(text: string): number {
  let width = 0;
  for (const character of text) width += /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(character) ? 2 : 1;
  return width;
}

export const ROOM_TITLE_WIDTH = { min: 6, max: 34 } as const;
export const ANCHOR_NAME_WIDTH = { min: 4, max: 30 } as const;
export const GOODS_NAME_WIDTH = { min: 6, max: 28 } as const;
/** The start at least 10 minutes ahead and at most 6 months; the show 30 minutes to 24 hours. */
export const START_LEAD_MINUTES = 10;
export const START_MAX_DAYS = 180;
export const LENGTH_MIN_MINUTES = 30;
export const LENGTH_MAX_HOURS = 24;

export interface RoomTimes {
  StartsAt: string;
  EndsAt: string;
}

export interface RuleProblem {
  field: string;
  key: string;
  params?: Record<string, number>;
}

const MINUTE = 60_000;

function widthProblem(field: string, text: string, limits: { min: number; max: number }): RuleProblem[] {
  const width = wechatWidth(text);
  return width < limits.min || width > limits.max
    ? [{ field, key: 'live.rule.width', params: { min: limits.min / 2, max: limits.max / 2 } }]
    : [];
}

export function roomProblems(
  room: RoomTimes & { Title: string; AnchorName: string },
  now: Date,
): RuleProblem[] {
  const problems = [
    ...widthProblem('Title', room.Title, ROOM_TITLE_WIDTH),
    ...widthProblem('AnchorName', room.AnchorName, ANCHOR_NAME_WIDTH),
  ];
  const start = Date.parse(room.StartsAt);
  const end = Date.parse(room.EndsAt);
  if (start < now.getTime() + START_LEAD_MINUTES * MINUTE)
    problems.push({
      field: 'StartsAt',
      key: 'live.rule.startTooSoon',
      params: { minutes: START_LEAD_MINUTES },
    });
  else if (start > now.getTime() + START_MAX_DAYS * 24 * 60 * MINUTE)
    problems.push({ field: 'StartsAt', key: 'live.rule.startTooLate', params: { days: START_MAX_DAYS } });
  if (end - start < LENGTH_MIN_MINUTES * MINUTE)
    problems.push({ field: 'EndsAt', key: 'live.rule.tooShort', params: { minutes: LENGTH_MIN_MINUTES } });
  else if (end - start > LENGTH_MAX_HOURS * 60 * MINUTE)
    problems.push({ field: 'EndsAt', key: 'live.rule.tooLong', params: { hours: LENGTH_MAX_HOURS } });
  return problems;
}

export function goodsNameProblems(name: string): RuleProblem[] {
  return widthProblem('Name', name, GOODS_NAME_WIDTH);
}
