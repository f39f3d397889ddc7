import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDERS } from '../../../contract/endpoints/payment';
import { OFFLINE_PAYMENT_METHODS } from '../../../contract/machines/order';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** Literal keys in the screen's source, and the keys it builds from values. */
function namedKeys(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(import.meta.dirname)) {
    if (!file.endsWith('.tsx')) continue;
    for (const match of readFileSync(`${import.meta.dirname}/${file}`, 'utf8').matchAll(
      /['"`](payment\.[A-Za-z0-9.]+)['"`]/g,
    ))
      keys.add(match[1]!);
  }
  for (const method of OFFLINE_PAYMENT_METHODS) keys.add(`payment.offline.${method}`);
  for (const provider of PAYMENT_PROVIDERS) {
    keys.add(`payment.provider.${provider}`);
    keys.add(`payment.check.ok.${provider}`);
  }
  return [...keys];
}

describe('payment catalogues', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries({ ...en, ...zh }).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('hold every key the screen names', () => {
    expect(namedKeys().filter((key) => !(key in en))).toEqual([]);
  });
});
