import { en as engineEn } from '../../admin/core/i18n/en';
import { zh as engineZh } from '../../admin/core/i18n/zh';
import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { toolbarEn } from '../i18n/toolbar-en';
import { toolbarZh } from '../i18n/toolbar-zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** The smart form screens' text with the list engine's and the editors' shared toolbar. */
export const smartFormCatalogues: ModuleCatalogues = {
  en: { ...engineEn, ...toolbarEn, ...en },
  zh: { ...engineZh, ...toolbarZh, ...zh },
};
