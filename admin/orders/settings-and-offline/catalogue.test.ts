import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

const FOLDERS = ['settings', 'settings-and-offline', 'walk-in', 'recharge', 'receipts'];

/** Literal catalogue keys written in the screens' source (keys built from values are checked by the lists below). */
function keysInSource(): string[] {
  const root = path.join(import.meta.dirname, '..');
  const keys = new Set<string>();
  for (const folder of FOLDERS) {
    for (const file of readdirSync(path.join(root, folder))) {
      if (!file.endsWith('.tsx') && !(file.endsWith('.ts') && !file.endsWith('.test.ts'))) continue;
      const text = readFileSync(path.join(root, folder, file), 'utf8');
      for (const match of text.matchAll(
        // A column-kinds prefix (`columnKinds<Row>('offlineOrders.column')`) is no key itself.
        /(?<!columnKinds<\w+>\()['"`]((?:orders|offlineOrders|rechargeOrders)\.[A-Za-z0-9.]+)['"`]/g,
      ))
        keys.add(match[1]!);
    }
  }
  return [...keys];
}

describe('order counter catalogues', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...en, ...zh }).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('hold every key the screens name', () => {
    expect(keysInSource().filter((key) => !(key in en))).toEqual([]);
  });
});
