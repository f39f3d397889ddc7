import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { toolbarEn } from '../i18n/toolbar-en';
import { toolbarZh } from '../i18n/toolbar-zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** The smart form screens' text with the editors' shared toolbar. */
export const smartFormCatalogues: ModuleCatalogues = {
  en: { ...toolbarEn, ...en },
  zh: { ...toolbarZh, ...zh },
};
