import { describe, expect, it } from 'vitest';
import { activityDraft, activityInput, typedFen } from './deal-form';

describe('activityDraft and activityInput', () => {
  it('shows an activity’s times on the shop’s clock and sends them back as the same instants', () => {
    const row = {
      Title: '秒杀',
      Image: '/a.png',
      StartsAt: '2026-05-01T02:00:00.000Z',
      EndsAt: '2026-05-08T14:30:00.000Z',
      Sort: 3,
      Status: 'off' as const,
    };
    const draft = activityDraft(row);
    expect(draft).toEqual({
      Title: '秒杀',
      Image: '/a.png',
      StartsAt: '2026-05-01T10:00',
      EndsAt: '2026-05-08T22:30',
      Sort: 3,
      SwitchedOn: false,
    });
    const input = activityInput(draft);
    expect(Date.parse(input.StartsAt)).toBe(Date.parse(row.StartsAt));
    expect(Date.parse(input.EndsAt)).toBe(Date.parse(row.EndsAt));
    expect(input.Status).toBe('off');
  });

  it('starts a new activity at the next whole hour, for a week, switched on', () => {
    const draft = activityDraft(null, new Date('2026-05-01T01:20:00.000Z'));
    expect(draft).toMatchObject({
      StartsAt: '2026-05-01T10:00',
      EndsAt: '2026-05-08T10:00',
      SwitchedOn: true,
    });
  });

  it('passes text that is no time on, for the schema to refuse', () => {
    expect(activityInput({ ...activityDraft(null), StartsAt: 'soon' }).StartsAt).toBe('soon');
  });
});

describe('typedFen', () => {
  it.each([
    ['12.50', 1250],
    ['¥8', 800],
    ['0.01', 1],
    [' 3 ', 300],
    ['1.005', Number.NaN],
    ['', Number.NaN],
    ['abc', Number.NaN],
  ])('%j → %d', (text, fen) => {
    expect(typedFen(text)).toBe(fen);
  });
});
