import type { NoticeMode, NoticeRow } from '../../../contract/endpoints/shop-notices';
import { DAY_MS, SHOP_UTC_OFFSET, shopDateTime } from '../../../contract/shop-time';

/** The notice form's values: times as the shop's wall clock (`2026-05-01T09:00`), typed in a date-time box. */
export interface NoticeDraft {
  Title: string;
  Content: string;
  Mode: NoticeMode;
  StartsAt: string;
  EndsAt: string;
  Sort: number;
  SwitchedOn: boolean;
}

/** An instant as a date-time box shows it in the shop's time zone. */
export function wallClock(instant: Date): string {
  return shopDateTime(instant).slice(0, 16).replace(' ', 'T');
}

/** A new notice runs from the next whole hour for a week; an existing one shows what it holds. */
export function noticeDraft(row: NoticeRow | null, now = new Date()): NoticeDraft {
  if (row)
    return {
      Title: row.Title,
      Content: row.Content,
      Mode: row.Mode,
      StartsAt: wallClock(new Date(row.StartsAt)),
      EndsAt: wallClock(new Date(row.EndsAt)),
      Sort: row.Sort,
      SwitchedOn: row.Status === 'on',
    };
  const hour = 60 * 60 * 1000;
  const start = new Date(Math.ceil(now.getTime() / hour) * hour);
  return {
    Title: '',
    Content: '',
    Mode: 'scroll',
    StartsAt: wallClock(start),
    EndsAt: wallClock(new Date(start.getTime() + 7 * DAY_MS)),
    Sort: 0,
    SwitchedOn: true,
  };
}

/** A typed wall-clock time as an instant of the shop's zone; other text is passed on for the schema to refuse. */
function instant(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00${SHOP_UTC_OFFSET}` : text;
}

export function noticeInput(draft: NoticeDraft, row: NoticeRow | null) {
  return {
    Title: draft.Title,
    Content: draft.Content,
    Mode: draft.Mode,
    StartsAt: instant(draft.StartsAt),
    EndsAt: instant(draft.EndsAt),
    Sort: draft.Sort,
    Status: draft.SwitchedOn ? ('on' as const) : ('off' as const),
    ...(row ? { Id: row.Id, Version: row.Version } : {}),
  };
}
