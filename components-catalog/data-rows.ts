import type { EntityLinkKind } from '../contract/link-targets';

/**
 * Live rows that commerce and vertical blocks draw. The studio fetches them from the server for the
 * block's `data(props)` request and passes them to the renderer; a renderer never invents rows.
 * Money is in fen.
 */

export type DataSource =
  | 'products'
  | 'coupons'
  | 'seckill'
  | 'groupBuy'
  | 'bargain'
  | 'pointsProducts'
  | 'news'
  | 'stores'
  | 'courses'
  | 'rooms'
  | 'services'
  | 'technicians'
  | 'liveRooms'
  | 'votes'
  | 'lotteries'
  | 'notices'
  | 'video'
  | 'bookingForms';

/** The lookup (link kind) whose rows each data source draws; goods, notices and videos have their own calls. */
export const ENTITY_DATA_SOURCES = {
  coupons: 'coupon',
  seckill: 'seckill',
  groupBuy: 'groupBuy',
  bargain: 'bargain',
  pointsProducts: 'pointsProduct',
  news: 'news',
  stores: 'store',
  courses: 'course',
  rooms: 'hotel',
  services: 'service',
  technicians: 'technician',
  liveRooms: 'liveRoom',
  votes: 'vote',
  lotteries: 'activity',
  bookingForms: 'bookingForm',
} as const satisfies Partial<Record<DataSource, EntityLinkKind>>;

export interface DataRequest {
  source: DataSource;
  /** Rows chosen by hand, in this order; empty means "by filter". */
  ids: number[];
  filter?: Record<string, string | number>;
  limit: number;
}

export interface ProductRow {
  id: number;
  name: string;
  image: string;
  price: number;
  originalPrice?: number;
  sellingPoint?: string;
  sales?: number;
}

export interface CouponRow {
  id: number;
  name: string;
  /** `amount`: value is fen off; `discount`: value is the percent paid (85 = 8.5折); `freeShipping`: 0. */
  type: 'amount' | 'discount' | 'freeShipping';
  value: number;
  /** Minimum spend in fen; 0 for none. */
  threshold: number;
  /** Fixed validity as the block prints it; '' when copies last `validDays` from their claim. */
  validText: string;
  validDays?: number;
}

export interface ActivityProductRow extends ProductRow {
  /** Seckill: activity end; group buy / bargain: the offer's end. ISO 8601. */
  endsAt?: string;
  startsAt?: string;
  stock?: number;
  soldPercent?: number;
  /** The offer's state now (time and the shop's switch); blocks label offers not running. */
  state?: 'notStarted' | 'running' | 'ended' | 'off';
  groupSize?: number;
  joined?: number;
}

export interface PointsProductRow {
  id: number;
  name: string;
  image: string;
  points: number;
  /** Cash paid on top of the points, in fen. */
  price: number;
}

export interface NewsRow {
  id: number;
  title: string;
  image: string;
  summary: string;
  publishedAt: string;
  views: number;
}

export interface StoreRow {
  id: number;
  name: string;
  image: string;
  address: string;
  tel: string;
  hours: string;
  distanceMeters?: number;
}

export interface CourseRow {
  id: number;
  title: string;
  image: string;
  price: number;
  lessons: number;
  students: number;
  teacher: string;
}

export interface RoomRow {
  id: number;
  name: string;
  image: string;
  price: number;
  area: string;
  bed: string;
  tags: string[];
}

export interface ServiceRow {
  id: number;
  name: string;
  image: string;
  price: number;
  minutes: number;
  rating: number;
  subtitle: string;
}

export interface LiveRoomRow {
  id: number;
  name: string;
  cover: string;
  anchor: string;
  status: 'live' | 'upcoming' | 'ended';
  startsAt: string;
}

export interface VoteRow {
  id: number;
  title: string;
  image: string;
  options: { text: string; votes: number }[];
  endsAt: string;
}

/** A lucky draw with its real state (time and the shop's switch) and what one draw costs to enter. */
export interface LotteryRow {
  id: number;
  title: string;
  image: string;
  summary: string;
  state: 'notStarted' | 'running' | 'ended' | 'off';
  /** `free`: anyone may draw; `points`: each draw costs `pointsCost`; `order`: one draw per paid order. */
  entryMode: 'free' | 'points' | 'order';
  pointsCost: number;
  startsAt: string;
  endsAt: string;
}

/** A running shop notice (switched on, started, not ended), as the notice block shows it. */
export interface NoticeRow {
  id: number;
  title: string;
  content: string;
  mode: 'popup' | 'scroll';
}

/** The playable address a Tencent Video link resolves to (GetTxVideoMp4Url), for the video block. */
export interface VideoRow {
  url: string;
  title: string;
  /** Resolved by the built-in sandbox: no video service is configured. */
  sandbox: boolean;
}

/** A booking form as the booking entry block shows it, with its real state (time and switch). */
export interface BookingFormRow {
  id: number;
  title: string;
  image: string;
  summary: string;
  state: 'notStarted' | 'running' | 'ended' | 'off';
  /** `deposit`: booking asks for a deposit paid through an order. */
  price: 'free' | 'deposit';
}
