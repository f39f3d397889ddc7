import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION_EVENTS, VERSION_TABS } from '../../contract/endpoints/mini-program';
import { BATCH_ITEM_STATES } from '../../contract/endpoints/mini-program-batch';
import { APPLYMENT_TABS, BANK_ACCOUNT_TYPES, SUBJECT_TYPES } from '../../contract/endpoints/pay-applyment';
import { MINI_PROGRAM_VERSION_STATES } from '../../contract/machines/mini-program-version';
import { PAY_APPLYMENT_STATES } from '../../contract/machines/pay-applyment';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** Literal catalogue keys written in the screens' sources. */
function keysInSource(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(import.meta.dirname)) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    for (const match of text.matchAll(
      /['"`]((?:miniProgram|applyment|payApplyment)[A-Za-z]*\.[A-Za-z0-9.]+)['"`]/g,
    ))
      keys.add(match[1]!);
  }
  return [...keys];
}

describe('mini-program catalogues', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...en, ...zh }).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('hold every key the screens name, and one for every state, tab, event and choice', () => {
    const named = (key: string) => key in en || Object.keys(en).some((known) => known.startsWith(`${key}.`));
    expect(keysInSource().filter((key) => !named(key))).toEqual([]);
    const expected = [
      ...MINI_PROGRAM_VERSION_STATES.map((state) => `miniProgramVersion.state.${state}`),
      ...VERSION_TABS.map((tab) => `miniProgramVersions.tab.${tab}`),
      ...VERSION_EVENTS.map((event) => `miniProgram.event.${event}`),
      ...BATCH_ITEM_STATES.map((state) => `miniProgram.batch.state.${state}`),
      ...PAY_APPLYMENT_STATES.map((state) => `payApplyment.state.${state}`),
      ...APPLYMENT_TABS.map((tab) => `payApplyments.tab.${tab}`),
      ...SUBJECT_TYPES.map((type) => `applyment.subject.${type}`),
      ...BANK_ACCOUNT_TYPES.map((type) => `applyment.bankAccount.${type}`),
    ];
    expect(expected.filter((key) => !(key in en))).toEqual([]);
  });
});
