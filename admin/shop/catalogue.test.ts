import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FREIGHT_TABS } from '../../contract/endpoints/freight-templates';
import { shopInfoProblems, shopInfoSchema } from '../../contract/endpoints/shop-info';
import { NOTICE_MODES, NOTICE_TABS } from '../../contract/endpoints/shop-notices';
import { CHARGE_MODES, FREE_WHEN, ruleProblems } from '../../contract/freight';
import { en as freightEn } from './freight/i18n/en';
import { zh as freightZh } from './freight/i18n/zh';
import { en as noticesEn } from './notices/i18n/en';
import { zh as noticesZh } from './notices/i18n/zh';
import { en as shopInfoEn } from './shop-info/i18n/en';
import { zh as shopInfoZh } from './shop-info/i18n/zh';

/** Literal catalogue keys written in a folder's sources. */
function keysInSource(folder: string, prefix: string): string[] {
  const root = path.join(import.meta.dirname, folder);
  const keys = new Set<string>();
  for (const file of readdirSync(root)) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(new RegExp(`['"\`](${prefix}\\.[A-Za-z0-9.]+)['"\`]`, 'g')))
      keys.add(match[1]!);
  }
  return [...keys];
}

describe.each([
  ['shop-info', 'shopInfo', shopInfoEn, shopInfoZh],
  ['notices', 'notices', noticesEn, noticesZh],
  ['freight', 'freight', freightEn, freightZh],
])('%s catalogues', (folder, prefix, en, zh) => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...en, ...zh }).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('hold every key the screens name', () => {
    // A prefix handed to the engine (`notices.column`) names the keys under it.
    const named = (key: string) => key in en || Object.keys(en).some((known) => known.startsWith(`${key}.`));
    expect(keysInSource(folder, prefix).filter((key) => !named(key))).toEqual([]);
  });
});

describe('keys built from values', () => {
  it('name every shop info field, rule and the SPEC message verbatim', () => {
    for (const name of Object.keys(shopInfoSchema.shape)) {
      if (name.startsWith('Province') || name.startsWith('City') || name.startsWith('District')) continue;
      expect(shopInfoEn).toHaveProperty([`shopInfo.field.${name}`]);
    }
    const problems = shopInfoProblems(
      {
        ...Object.fromEntries(Object.keys(shopInfoSchema.shape).map((key) => [key, ''])),
        Lng: 500,
        Lat: 500,
      } as never,
      { sameCityDelivery: true },
    );
    for (const problem of problems) expect(shopInfoEn).toHaveProperty([problem.key]);
    expect(shopInfoEn['shopInfo.rule.shopNameRequired']).toBe('Shop name cannot be empty');
  });

  it('name every notice tab and mode', () => {
    for (const tab of NOTICE_TABS) expect(noticesEn).toHaveProperty([`notices.tab.${tab}`]);
    for (const mode of NOTICE_MODES) {
      expect(noticesEn).toHaveProperty([`notices.mode.${mode}`]);
      expect(noticesEn).toHaveProperty([`notices.filter.mode.${mode}`]);
    }
  });
});

describe('freight keys built from values', () => {
  it('name every tab, charge mode, unit and free-shipping condition', () => {
    for (const tab of FREIGHT_TABS) expect(freightEn).toHaveProperty([`freight.tab.${tab}`]);
    for (const mode of CHARGE_MODES) {
      for (const key of [
        `freight.mode.${mode}`,
        `freight.summary.${mode}`,
        `freight.form.first.${mode}`,
        `freight.form.next.${mode}`,
        `freight.form.chargeModeHelp.${mode}`,
      ])
        expect(freightEn).toHaveProperty([key]);
    }
    for (const when of FREE_WHEN) expect(freightEn).toHaveProperty([`freight.form.freeWhen.${when}`]);
    for (const badge of ['default', 'other']) expect(freightEn).toHaveProperty([`freight.badge.${badge}`]);
  });

  it('say every rule the contract may break', () => {
    const keys = CHARGE_MODES.flatMap((mode) =>
      ruleProblems(
        {
          First: 1e9,
          FirstFen: 0,
          Next: 1e9,
          NextFen: 0,
          FreeWhen: 'both',
          FreeQuantity: 0,
          FreeAmountFen: 0,
        },
        mode,
      ).map((problem) => problem.key),
    );
    for (const key of [...keys, 'freight.rule.overlapRule', 'freight.rule.overlapUndeliverable']) {
      expect(freightEn).toHaveProperty([key]);
      expect(freightZh).toHaveProperty([key]);
    }
  });
});
