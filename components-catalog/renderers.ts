import type { ComponentType } from 'react';
import { BargainBlock } from './bargain/renderer';
import { BookingEntryBlock } from './booking-entry/renderer';
import { CarouselBlock } from './carousel/renderer';
import { ContactBlock } from './contact/renderer';
import { CouponBlock } from './coupon/renderer';
import { CourseListBlock } from './course-list/renderer';
import { DividerBlock } from './divider/renderer';
import { FloatingButtonBlock } from './floating-button/renderer';
import { GroupBuyBlock } from './group-buy/renderer';
import { HotZoneBlock } from './hot-zone/renderer';
import { HotelRoomListBlock } from './hotel-room-list/renderer';
import { IconNavBlock } from './icon-nav/renderer';
import { ImageAdBlock } from './image-ad/renderer';
import { LiveRoomBlock } from './live-room/renderer';
import { LotteryBlock } from './lottery/renderer';
import { MagicCubeBlock } from './magic-cube/renderer';
import { MenuListBlock } from './menu-list/renderer';
import { NavigationBarBlock } from './navigation-bar/renderer';
import { NewsListBlock } from './news-list/renderer';
import { NoticeBlock } from './notice/renderer';
import { OrderEntryBlock } from './order-entry/renderer';
import { PageSettingsBlock } from './page-settings/renderer';
import { PointsMallBlock } from './points-mall/renderer';
import { PopupAdBlock } from './popup-ad/renderer';
import { ProductListBlock } from './product-list/renderer';
import { ProductTabsBlock } from './product-tabs/renderer';
import type { BlockProps, BlockType } from './registry';
import type { RendererProps } from './renderer-kit';
import { RichTextBlock } from './rich-text/renderer';
import { SearchBarBlock } from './search-bar/renderer';
import { SeckillBlock } from './seckill/renderer';
import { ServiceListBlock } from './service-list/renderer';
import { SpacerBlock } from './spacer/renderer';
import { StoreInfoBlock } from './store-info/renderer';
import { StoreListBlock } from './store-list/renderer';
import { TabBarBlock } from './tab-bar/renderer';
import { TitleBlock } from './title/renderer';
import { UserCardBlock } from './user-card/renderer';
import { VideoBlock } from './video/renderer';
import { VoteBlock } from './vote/renderer';

/**
 * The renderer of each block type, typed by it (Puck's `Config<Components>`): a block without a
 * renderer, or a renderer drawing other props than its block's schema produces, does not compile.
 * Kept apart from the definitions so the server never loads React.
 */
export type BlockRenderers = {
  readonly [T in BlockType]: ComponentType<RendererProps<BlockProps<T>, never>>;
};

export const BLOCK_RENDERERS: BlockRenderers = {
  pageSettings: PageSettingsBlock,
  navigationBar: NavigationBarBlock,
  tabBar: TabBarBlock,
  floatingButton: FloatingButtonBlock,
  popupAd: PopupAdBlock,
  searchBar: SearchBarBlock,
  notice: NoticeBlock,
  iconNav: IconNavBlock,
  menuList: MenuListBlock,
  title: TitleBlock,
  richText: RichTextBlock,
  spacer: SpacerBlock,
  divider: DividerBlock,
  carousel: CarouselBlock,
  imageAd: ImageAdBlock,
  magicCube: MagicCubeBlock,
  hotZone: HotZoneBlock,
  video: VideoBlock,
  productList: ProductListBlock,
  productTabs: ProductTabsBlock,
  coupon: CouponBlock,
  seckill: SeckillBlock,
  groupBuy: GroupBuyBlock,
  bargain: BargainBlock,
  pointsMall: PointsMallBlock,
  lottery: LotteryBlock,
  newsList: NewsListBlock,
  userCard: UserCardBlock,
  orderEntry: OrderEntryBlock,
  storeInfo: StoreInfoBlock,
  storeList: StoreListBlock,
  courseList: CourseListBlock,
  hotelRoomList: HotelRoomListBlock,
  serviceList: ServiceListBlock,
  contact: ContactBlock,
  bookingEntry: BookingEntryBlock,
  liveRoom: LiveRoomBlock,
  vote: VoteBlock,
};

/** A renderer for a block read from a document, whose type is any string until looked up. */
export type AnyRenderer = ComponentType<RendererProps<unknown, unknown>>;

export function rendererOf(type: string): AnyRenderer | undefined {
  return Object.hasOwn(BLOCK_RENDERERS, type)
    ? (BLOCK_RENDERERS[type as BlockType] as unknown as AnyRenderer)
    : undefined;
}
