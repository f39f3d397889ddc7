import { beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { zh } from './zh';

/** A fresh copy of the module, as the app starts with: no catalogue loaded yet. */
async function freshLanguageModule() {
  vi.resetModules();
  return import('./language');
}

describe('catalogues loaded per language', () => {
  let language: Awaited<ReturnType<typeof freshLanguageModule>>;
  beforeEach(async () => {
    language = await freshLanguageModule();
  });

  it('refuses a catalogue not loaded yet, naming the language', () => {
    expect(() => language.catalogueFor('zh')).toThrow(/zh/);
    expect(() => language.createTranslator('en')).toThrow(/en/);
  });

  it.each([
    ['zh', zh],
    ['en', en],
  ] as const)('gives the %s catalogue once loaded, leaving the other unloaded', async (loaded, catalogue) => {
    await language.loadCatalogue(loaded);
    expect(language.catalogueFor(loaded)).toEqual(catalogue);
    const other = loaded === 'zh' ? 'en' : 'zh';
    expect(() => language.catalogueFor(other)).toThrow();
  });

  it('loads a language once however often it is asked for', () => {
    expect(language.loadCatalogue('zh')).toBe(language.loadCatalogue('zh'));
  });
});
