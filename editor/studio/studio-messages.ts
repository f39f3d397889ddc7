import { en as catalogueEn } from '../../components-catalog/i18n/en';
import { zh as catalogueZh } from '../../components-catalog/i18n/zh';
import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';

/** The studio's text: the editor's own catalogue on top of the block catalogue's. */
export const studioCatalogues: ModuleCatalogues = {
  en: { ...catalogueEn, ...en },
  zh: { ...catalogueZh, ...zh },
};
