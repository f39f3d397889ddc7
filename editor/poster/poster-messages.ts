import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { en as editorEn } from '../i18n/en';
import { zh as editorZh } from '../i18n/zh';
import { posterEn } from './i18n/en';
import { posterZh } from './i18n/zh';

/** The poster screens' text on top of the editor's shared words (dialog buttons, name prompts). */
export const posterCatalogues: ModuleCatalogues = {
  en: { ...editorEn, ...posterEn },
  zh: { ...editorZh, ...posterZh },
};
