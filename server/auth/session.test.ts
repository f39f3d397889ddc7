import { describe, expect, it } from 'vitest';
import { parsedLookupRow } from './session';

const rowText = (fields: Record<string, unknown>) =>
  JSON.stringify({
    sessionId: 1,
    accountId: 2,
    roles: ['admin'],
    userName: 'admin',
    touchDue: false,
    ...fields,
  });

describe('parsedLookupRow', () => {
  it('gives the row the text holds', () => {
    expect(parsedLookupRow(rowText({ userName: '店主' }))).toEqual(JSON.parse(rowText({ userName: '店主' })));
  });

  it('gives the same object for the same text, so answers built from it can be kept', () => {
    expect(parsedLookupRow(rowText({}))).toBe(parsedLookupRow(rowText({})));
  });

  it.each([
    ['another account name', { userName: 'admin2' }],
    ['other roles', { roles: ['clerk'] }],
    ['a touch now due', { touchDue: true }],
    ['another session', { sessionId: 9 }],
  ])('gives a fresh row for %s', (_, fields) => {
    const row = parsedLookupRow(rowText(fields));
    expect(row).toEqual(JSON.parse(rowText(fields)));
    expect(row).not.toBe(parsedLookupRow(rowText({})));
  });

  it('freezes the row and its roles, which every call of the session shares', () => {
    const row = parsedLookupRow(rowText({ sessionId: 3 }));
    expect(Object.isFrozen(row)).toBe(true);
    expect(Object.isFrozen(row.roles)).toBe(true);
  });

  it('still parses rows after more sessions than it keeps', () => {
    for (let sessionId = 100; sessionId < 1300; sessionId++) {
      expect(parsedLookupRow(rowText({ sessionId })).sessionId).toBe(sessionId);
    }
    expect(parsedLookupRow(rowText({ sessionId: 100 })).sessionId).toBe(100);
  });
});
