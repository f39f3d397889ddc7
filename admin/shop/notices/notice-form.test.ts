import { describe, expect, it } from 'vitest';
import { bindNoticeInfo, type NoticeRow } from '../../../contract/endpoints/shop-notices';
import { noticeDraft, noticeInput, wallClock } from './notice-form';

const row: NoticeRow = {
  Id: 7,
  Title: '五一营业时间调整',
  Content: '10:00-21:00',
  Mode: 'popup',
  StartsAt: '2026-04-30T16:00:00.000Z',
  EndsAt: '2026-05-05T16:00:00.000Z',
  Sort: 2,
  Status: 'off',
  State: 'off',
  Version: 4,
  CreatedAt: '2026-04-01T00:00:00.000Z',
};

describe('notice form', () => {
  it('shows times on the shop’s clock (UTC+8) and gives back the same instants with the version', () => {
    const draft = noticeDraft(row);
    expect(draft).toEqual({
      Title: row.Title,
      Content: row.Content,
      Mode: 'popup',
      StartsAt: '2026-05-01T00:00',
      EndsAt: '2026-05-06T00:00',
      Sort: 2,
      SwitchedOn: false,
    });
    const input = noticeInput(draft, row);
    expect(Date.parse(input.StartsAt)).toBe(Date.parse(row.StartsAt));
    expect(Date.parse(input.EndsAt)).toBe(Date.parse(row.EndsAt));
    expect(input).toMatchObject({ Id: 7, Version: 4, Status: 'off' });
    expect(bindNoticeInfo.input.safeParse(input).success).toBe(true);
  });

  it('starts a new notice at the next whole hour, running for a week, switched on, without an id', () => {
    const draft = noticeDraft(null, new Date('2026-05-01T01:20:00.000Z'));
    expect(draft).toMatchObject({
      StartsAt: '2026-05-01T10:00',
      EndsAt: '2026-05-08T10:00',
      SwitchedOn: true,
    });
    const input = noticeInput({ ...draft, Title: 't', Content: 'c' }, null);
    expect(input).not.toHaveProperty('Id');
    expect(input.Status).toBe('on');
    expect(bindNoticeInfo.input.safeParse(input).success).toBe(true);
  });

  it('passes unfinished times on for the schema to refuse on their field', () => {
    const input = noticeInput({ ...noticeDraft(row), EndsAt: '2026-05-06' }, row);
    const result = bindNoticeInfo.input.safeParse(input);
    expect(result.error!.issues[0]!.path).toEqual(['EndsAt']);
    expect(wallClock(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01T00:00');
  });
});
