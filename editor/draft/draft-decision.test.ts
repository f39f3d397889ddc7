import { describe, expect, it } from 'vitest';
import {
  asLocalDraft,
  DRAFT_MAX_AGE_MS,
  type DraftDecision,
  draftDecision,
  draftKey,
} from './draft-decision';

const NOW = 1_800_000_000_000;
const server = { version: 4, data: '{"saved":true}' };
const draft = (patch: Partial<{ baseVersion: number; savedAt: number; data: string }> = {}) => ({
  templateId: 7,
  baseVersion: 4,
  savedAt: NOW - 60_000,
  data: '{"edited":true}',
  ...patch,
});

describe('draftDecision', () => {
  const cases: [string, ReturnType<typeof draft> | null, DraftDecision][] = [
    ['no draft', null, { kind: 'none' }],
    ['edits on the server version', draft(), { kind: 'offer', serverChanged: false }],
    [
      'edits on an older version (a failed or stale save)',
      draft({ baseVersion: 3 }),
      { kind: 'offer', serverChanged: true },
    ],
    ['the same document as saved', draft({ data: server.data }), { kind: 'drop' }],
    ['older than the age limit', draft({ savedAt: NOW - DRAFT_MAX_AGE_MS - 1 }), { kind: 'drop' }],
    [
      'just inside the age limit',
      draft({ savedAt: NOW - DRAFT_MAX_AGE_MS }),
      { kind: 'offer', serverChanged: false },
    ],
    ['based on a version the server never reached', draft({ baseVersion: 5 }), { kind: 'drop' }],
  ];
  it.each(cases)('%s', (_name, value, expected) => {
    expect(draftDecision(value, server, NOW)).toEqual(expected);
  });
});

describe('asLocalDraft', () => {
  const good = draft();
  const cases: [string, unknown, boolean][] = [
    ['a draft', good, true],
    ['undefined', undefined, false],
    ['a string', 'draft', false],
    ['no data', { ...good, data: undefined }, false],
    ['a fractional version', { ...good, baseVersion: 1.5 }, false],
    ['a negative time', { ...good, savedAt: -1 }, false],
  ];
  it.each(cases)('%s', (_name, value, valid) => {
    expect(asLocalDraft(value) !== null).toBe(valid);
  });
  it('keeps only the known fields', () => {
    expect(asLocalDraft({ ...good, extra: 1 })).toEqual(good);
  });
});

describe('draftKey', () => {
  it('separates sites, accounts and templates', () => {
    const keys = new Set([
      draftKey(1, 'admin', 7),
      draftKey(2, 'admin', 7),
      draftKey(1, 'editor', 7),
      draftKey(1, 'admin', 8),
    ]);
    expect(keys.size).toBe(4);
  });
});
