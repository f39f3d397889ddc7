import Cookies from 'js-cookie';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { en, type MessageKey } from './en';
import { zh } from './zh';

export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const LANGUAGE_STORAGE_KEY = 'language';

export function catalogueFor(language: Language): Record<MessageKey, string> {
  return language === 'zh' ? zh : en;
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
