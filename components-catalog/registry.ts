import type { ShopType } from '../contract/enums';
import { definition as bargain } from './bargain/definition';
import type { AnyBlockDefinition, BlockDefinition } from './block-definition';
import { definition as bookingEntry } from './booking-entry/definition';
import { definition as carousel } from './carousel/definition';
import { definition as contact } from './contact/definition';
import { definition as coupon } from './coupon/definition';
import { definition as courseList } from './course-list/definition';
import { definition as divider } from './divider/definition';
import { definition as floatingButton } from './floating-button/definition';
import { definition as groupBuy } from './group-buy/definition';
import { definition as hotZone } from './hot-zone/definition';
import { definition as hotelRoomList } from './hotel-room-list/definition';
import { definition as iconNav } from './icon-nav/definition';
import { definition as imageAd } from './image-ad/definition';
import { definition as liveRoom } from './live-room/definition';
import { definition as lottery } from './lottery/definition';
import { definition as magicCube } from './magic-cube/definition';
import { definition as menuList } from './menu-list/definition';
import { definition as navigationBar } from './navigation-bar/definition';
import { definition as newsList } from './news-list/definition';
import { definition as notice } from './notice/definition';
import { definition as orderEntry } from './order-entry/definition';
import { definition as pageSettings } from './page-settings/definition';
import { definition as pointsMall } from './points-mall/definition';
import { definition as popupAd } from './popup-ad/definition';
import { definition as productList } from './product-list/definition';
import { definition as productTabs } from './product-tabs/definition';
import { definition as richText } from './rich-text/definition';
import { definition as searchBar } from './search-bar/definition';
import { definition as seckill } from './seckill/definition';
import { definition as serviceList } from './service-list/definition';
import { definition as spacer } from './spacer/definition';
import { definition as storeInfo } from './store-info/definition';
import { definition as storeList } from './store-list/definition';
import { definition as tabBar } from './tab-bar/definition';
import { definition as title } from './title/definition';
import { definition as userCard } from './user-card/definition';
import { definition as video } from './video/definition';
import { definition as vote } from './vote/definition';

/**
 * Every block of the catalogue by type, in palette order. This is the one place that enumerates
 * blocks; the studio, the codec and the publish check look definitions up here. Definitions are
 * plain data and zod schemas (no React), so the server can run the same checks.
 */
const BLOCKS = {
  pageSettings,
  navigationBar,
  tabBar,
  floatingButton,
  popupAd,
  searchBar,
  notice,
  iconNav,
  menuList,
  title,
  richText,
  spacer,
  divider,
  carousel,
  imageAd,
  magicCube,
  hotZone,
  video,
  productList,
  productTabs,
  coupon,
  seckill,
  groupBuy,
  bargain,
  pointsMall,
  lottery,
  newsList,
  userCard,
  orderEntry,
  storeInfo,
  storeList,
  courseList,
  hotelRoomList,
  serviceList,
  contact,
  bookingEntry,
  liveRoom,
  vote,
} as const;

export type BlockType = keyof typeof BLOCKS;

/** The props of a block type, as its schema produces them. */
export type BlockProps<T extends BlockType> = (typeof BLOCKS)[T] extends BlockDefinition<infer P> ? P : never;

export const BLOCK_DEFINITIONS: readonly AnyBlockDefinition[] = Object.values(BLOCKS) as AnyBlockDefinition[];

/** What the studio's palette lists, in order: every block but the page settings, which every page has. */
export const PALETTE_BLOCKS: readonly AnyBlockDefinition[] = BLOCK_DEFINITIONS.filter(
  (definition) => definition.placement !== 'settings',
);

/** Whether a shop type may use a block: the palette enables only these (the publish check refuses the rest). */
export function blockAllowed(definition: AnyBlockDefinition, shopType: ShopType): boolean {
  return definition.shopTypes.includes(shopType);
}

/** The blocks a shop type may add, as the palette offers them (the system modules look-up). */
export function usableBlocks(shopType: ShopType): AnyBlockDefinition[] {
  return PALETTE_BLOCKS.filter((definition) => blockAllowed(definition, shopType));
}

const byType = new Map(BLOCK_DEFINITIONS.map((definition) => [definition.type, definition]));

export function blockDefinition(type: string): AnyBlockDefinition | undefined {
  return byType.get(type);
}

/** A definition with its own props type, for code that knows which block it handles. */
export function typedDefinition<Props extends Record<string, unknown>>(
  type: string,
): BlockDefinition<Props> | undefined {
  return byType.get(type) as BlockDefinition<Props> | undefined;
}
