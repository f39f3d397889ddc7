import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { studioCatalogues } from '../studio/studio-messages';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** The library screens reuse the studio's text (link picker, blocks, preview) and add their own. */
export const libraryCatalogues: ModuleCatalogues = {
  en: { ...studioCatalogues.en, ...en },
  zh: { ...studioCatalogues.zh, ...zh },
};
