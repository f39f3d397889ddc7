import type { ModuleCatalogues } from '../../src/lib/i18n/module-messages';
import type { FinderLabels } from '../core/finder';
import { en as engineEn } from '../core/i18n/en';
import { zh as engineZh } from '../core/i18n/zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

/** The seckill, group-buy and bargain screens' text with the engine's. */
export const dealCatalogues: ModuleCatalogues = {
  en: { ...engineEn, ...en },
  zh: { ...engineZh, ...zh },
};

/** The goods finder of the deal dialogs: one good, on the shelf, per activity or event goods row. */
export const DEAL_GOODS_FINDER: FinderLabels = {
  search: 'deals.findGoods',
  add: 'deals.pickGoods',
  noMatch: 'deals.noGoodsMatch',
};
