import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

export const imageLibraryCatalogues: ModuleCatalogues = { en, zh };
