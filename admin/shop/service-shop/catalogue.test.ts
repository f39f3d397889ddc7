import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_SHOP_TABS } from '../../../contract/endpoints/service-shop';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** Literal catalogue keys the screens name (engine keys excepted). */
function keysInSources(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(import.meta.dirname)) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
    const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    for (const match of text.matchAll(/['"`]((?!engine\.)[a-zA-Z]+\.[A-Za-z0-9.]+)['"`]/g)) {
      if (/^(technicians|services|serviceShop|technicianForm|serviceForm|serviceShopForm)\./.test(match[1]!))
        keys.add(match[1]!);
    }
  }
  return [...keys];
}

describe('the technician and service catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every key the screens use, every tab and every status', () => {
    const wanted = [
      // A column prefix (`services.column`) is named with each column's id after it.
      ...keysInSources().filter((key) => !Object.keys(en).some((known) => known.startsWith(`${key}.`))),
      ...SERVICE_SHOP_TABS.flatMap((tab) => [`technicians.tab.${tab}`, `services.tab.${tab}`]),
      'serviceShop.status.on',
      'serviceShop.status.off',
    ];
    expect(wanted.filter((key) => !(key in en))).toEqual([]);
  });
});
