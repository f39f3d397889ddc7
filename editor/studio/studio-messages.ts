import { en as catalogueEn } from '../../components-catalog/i18n/en';
import { zh as catalogueZh } from '../../components-catalog/i18n/zh';
import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import { en } from '../i18n/en';
import { linkPickerEn } from '../i18n/link-picker-en';
import { linkPickerZh } from '../i18n/link-picker-zh';
import { previewEn } from '../i18n/preview-en';
import { previewZh } from '../i18n/preview-zh';
import { zh } from '../i18n/zh';

/** The studio's text: the editor's own catalogue on top of the block catalogue's. */
export const studioCatalogues: ModuleCatalogues = {
  en: { ...catalogueEn, ...en, ...linkPickerEn, ...previewEn },
  zh: { ...catalogueZh, ...zh, ...linkPickerZh, ...previewZh },
};
