import type { ModuleCatalogues } from '../../../src/lib/i18n/module-messages';
import { en as engineEn } from '../../core/i18n/en';
import { zh as engineZh } from '../../core/i18n/zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/**
 * The text of the order settings, walk-in, recharge and receipt screens with the engine's: one
 * catalogue, since they share payment methods, states and form messages.
 */
export const orderCounterCatalogues: ModuleCatalogues = {
  en: { ...engineEn, ...en },
  zh: { ...engineZh, ...zh },
};
