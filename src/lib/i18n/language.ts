import Cookies from 'js-cookie';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { MessageKey } from './en';

export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const LANGUAGE_STORAGE_KEY = 'language';

type Catalogue = Record<MessageKey, string>;

const catalogues: Partial<Record<Language, Catalogue>> = {};
const loads: Partial<Record<Language, Promise<void>>> = {};

/**
 * Loads a language's catalogue once. Each catalogue is its own chunk, so a visitor downloads the
 * language in use alone: the app loads it beside its code, and a switch loads the next before applying it.
 */
export function loadCatalogue(language: Language): Promise<void> {
  loads[language] ??= (
    language === 'zh'
      ? import('./zh').then((module) => module.zh)
      : import('./en').then((module) => module.en)
  )
    .then((catalogue) => {
      catalogues[language] = catalogue;
    })
    .catch((error: unknown) => {
      // A failed download (offline) may be tried again by the next switch.
      delete loads[language];
      throw error;
    });
  return loads[language];
}

/** The catalogue of a language loaded with loadCatalogue. */
export function catalogueFor(language: Language): Catalogue {
  const catalogue = catalogues[language];
  if (!catalogue)
    throw new Error(`The ${language} catalogue is used before loadCatalogue('${language}') ended`);
  return catalogue;
}

function asLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return null;
}

/** SPEC §1: the saved preference, else the first supported browser language, else English. */
export function resolveLanguage(
  saved: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  const preferred = asLanguage(saved);
  if (preferred) return preferred;
  for (const candidate of browserLanguages) {
    const language = asLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

export function savedLanguage(): string | null {
  return Cookies.get(LANGUAGE_STORAGE_KEY) ?? globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
}

export function saveLanguage(language: Language): void {
  Cookies.set(LANGUAGE_STORAGE_KEY, language, { expires: 365, sameSite: 'lax' });
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
}

export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return resolveLanguage(savedLanguage(), browser);
}

const cache = createIntlCache();

/** A translator for code outside React (HTTP effects, stores, document title). */
export function createTranslator(language: Language): IntlShape {
  return createIntl({ locale: language === 'zh' ? 'zh-CN' : 'en', messages: catalogueFor(language) }, cache);
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translatorFunction(intl: IntlShape): Translate {
  return (key, values) => intl.formatMessage({ id: key }, values) as string;
}
