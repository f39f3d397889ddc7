import type { ModuleCatalogues } from '../../../src/lib/i18n/module-messages';
import { en as engineEn } from '../../core/i18n/en';
import { zh as engineZh } from '../../core/i18n/zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** The technician and service screens' text with the engine's. */
export const serviceShopCatalogues: ModuleCatalogues = {
  en: { ...engineEn, ...en },
  zh: { ...engineZh, ...zh },
};
