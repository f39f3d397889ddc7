import { describe, expect, it } from 'vitest';
import { publishFieldValue, publishInstant } from './article-form';

describe('publish time field', () => {
  it.each([
    ['2026-05-01T00:00:00.000Z', '2026-05-01T08:00'],
    ['2026-04-30T16:00:00.000Z', '2026-05-01T00:00'],
    ['2026-04-30T15:59:59.000Z', '2026-04-30T23:59'],
  ])('shows %s in China time as %s', (iso, field) => {
    expect(publishFieldValue(iso)).toBe(field);
  });

  it('sends the typed China time as an instant with its offset', () => {
    expect(publishInstant('2026-05-01T08:30')).toBe('2026-05-01T08:30:00+08:00');
    expect(new Date(publishInstant('2026-05-01T08:30')).toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(publishInstant('')).toBe('');
  });

  it('round-trips a whole minute', () => {
    const iso = '2026-11-11T03:45:00.000Z';
    expect(new Date(publishInstant(publishFieldValue(iso))).toISOString()).toBe(iso);
  });
});
