import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { fen, id, queryId } from '../scalars';
import { WECHAT_PROVIDERS } from './wechat-messages';

/**
 * Live rooms (SPEC §2 livePlayer and its hidden pages): rooms created on WeChat's live broadcast,
 * live goods from the catalogue submitted for WeChat's audit, goods placed in rooms, and sales
 * reports from the orders a room brought (the storefront's CreateOrder takes `LiveRoomId`).
 */

export const LivePermission = {
  rooms: '/smallRoutine/livePlayer',
  create: '/smallRoutine/createrLivePlayerRoom',
  goods: '/smallRoutine/livePlayerGoodList',
  roomGoods: '/smallRoutine/liveRoomAndGoodList',
  goodsReport: '/smallRoutine/liveRoomGoodSaleReport',
  orderReport: '/smallRoutine/liveRoomOrderSalesReport',
} as const;

const BASE = '/SmallRoutineLive';

export const LIVE_STATES = ['notStarted', 'live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const LIVE_TABS = ['all', ...LIVE_STATES] as const;
/** 0: the anchor streams from the phone; 1: pushed from streaming software. */
export const ROOM_TYPES = ['phone', 'push'] as const;

export const liveRoomRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Cover: z.string(),
  AnchorName: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  State: z.enum(LIVE_STATES),
  Type: z.enum(ROOM_TYPES),
  CloseComment: z.boolean(),
  CloseShare: z.boolean(),
  /** WeChat's room id; 0 for rooms kept only here (the demo's older rooms). */
  WechatRoomId: z.number().int(),
  Provider: z.enum(WECHAT_PROVIDERS),
  Goods: z.number().int(),
  CreatedAt: z.string(),
});
export type LiveRoomRow = z.infer<typeof liveRoomRowSchema>;

export const getLiveRoomList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLiveRoomList`,
  permission: LivePermission.rooms,
  input: listQuerySchema.extend({
    state: z.enum(LIVE_TABS).default('all'),
    keyword: z.string().trim().max(40).optional(),
  }),
  output: pagedSchema(liveRoomRowSchema).extend({ Counts: z.record(z.enum(LIVE_TABS), z.number().int()) }),
});

export const liveRoomListResource: ListResource = {
  resource: 'liveRooms',
  list: getLiveRoomList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'state', values: LIVE_TABS, default: 'all' },
  sortFields: [],
  defaultSort: '',
};

const instant = z.iso.datetime({ offset: true });
const image = z.string().trim().min(1).max(2000);

export const createLiveRoom = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CreateLiveRoom`,
  permission: LivePermission.create,
  input: z.strictObject({
    Title: z.string().trim().min(1).max(17),
    Cover: image,
    ShareImage: image,
    AnchorName: z.string().trim().min(1).max(15),
    AnchorWechat: z
      .string()
      .trim()
      .regex(/^[A-Za-z][-_A-Za-z0-9]{5,19}$/),
    StartsAt: instant,
    EndsAt: instant,
    Type: z.enum(ROOM_TYPES),
    CloseComment: z.boolean(),
    CloseShare: z.boolean(),
  }),
  output: z.object({ Id: z.number().int(), WechatRoomId: z.number().int() }),
});

/**
 * Brings in the rooms created in WeChat's own console (getliveinfo): new ones are added, known ones
 * (by WeChat's room id) get WeChat's title, anchor and times; what only this back-office keeps
 * (covers from the image library, the anchor's WeChat id, switches) stays.
 */
export const syncLiveRooms = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SyncLiveRooms`,
  permission: LivePermission.rooms,
  input: z.strictObject({}),
  output: z.object({ Added: z.number().int(), Updated: z.number().int() }),
});

export const delLiveRoom = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelLiveRoom`,
  permission: LivePermission.rooms,
  input: z.strictObject({ Ids: z.array(id).min(1).max(50) }),
  output: z.object({ Deleted: z.number().int() }),
});

// Live goods (livePlayerGoodList)

export const LIVE_GOODS_STATES = ['auditing', 'approved', 'rejected'] as const;
export type LiveGoodsState = (typeof LIVE_GOODS_STATES)[number];
export const LIVE_GOODS_TABS = ['all', ...LIVE_GOODS_STATES] as const;

export const liveGoodsRowSchema = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  Name: z.string(),
  Cover: z.string(),
  PriceFen: z.number().int(),
  State: z.enum(LIVE_GOODS_STATES),
  WechatGoodsId: z.number().int(),
  Rooms: z.number().int(),
  CreatedAt: z.string(),
});
export type LiveGoodsRow = z.infer<typeof liveGoodsRowSchema>;

export const getLiveGoodsList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLiveGoodsList`,
  permission: LivePermission.goods,
  input: listQuerySchema.extend({
    state: z.enum(LIVE_GOODS_TABS).default('all'),
    keyword: z.string().trim().max(40).optional(),
  }),
  output: pagedSchema(liveGoodsRowSchema).extend({
    Counts: z.record(z.enum(LIVE_GOODS_TABS), z.number().int()),
  }),
});

export const liveGoodsListResource: ListResource = {
  resource: 'liveGoods',
  list: getLiveGoodsList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'state', values: LIVE_GOODS_TABS, default: 'all' },
  sortFields: [],
  defaultSort: '',
};

/** Submits a catalogue good for WeChat's audit at a fixed price. */
export const addLiveGoods = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddLiveGoods`,
  permission: LivePermission.goods,
  input: z.strictObject({
    ProductId: id,
    Name: z.string().trim().min(1).max(14),
    PriceFen: fen.min(1),
  }),
  output: z.object({ Id: z.number().int(), State: z.enum(LIVE_GOODS_STATES) }),
});

/** Asks WeChat for the audit state of the goods still under audit. */
export const refreshLiveGoodsAudit = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RefreshLiveGoodsAudit`,
  permission: LivePermission.goods,
  input: z.strictObject({}),
  output: z.object({ Changed: z.number().int() }),
});

export const getLiveGoodsOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLiveGoodsOptions`,
  permission: LivePermission.goods,
  input: z.strictObject({ Keyword: z.string().trim().max(40).optional() }),
  output: z.object({
    Data: z.array(
      z.object({ Id: z.number().int(), Name: z.string(), Image: z.string(), PriceFen: z.number().int() }),
    ),
  }),
});

// Goods in a room (liveRoomAndGoodList)

export const getLiveRoomGoods = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLiveRoomGoods`,
  permission: LivePermission.roomGoods,
  input: listQuerySchema.extend({ id: queryId }),
  output: pagedSchema(liveGoodsRowSchema).extend({ Room: liveRoomRowSchema }),
});

export const liveRoomGoodsResource: ListResource = {
  resource: 'liveRoomGoods',
  list: getLiveRoomGoods,
  filters: [],
  sortFields: [],
  defaultSort: '',
};

export const addLiveRoomGoods = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddLiveRoomGoods`,
  permission: LivePermission.roomGoods,
  input: z.strictObject({ RoomId: id, GoodsIds: z.array(id).min(1).max(50) }),
  output: z.object({ Added: z.number().int() }),
});

// Reports (liveRoomOrderSalesReport per room, liveRoomGoodSaleReport per good of a room)

export const liveRoomSalesRowSchema = z.object({
  RoomId: z.number().int(),
  Title: z.string(),
  StartsAt: z.string(),
  Orders: z.number().int(),
  Buyers: z.number().int(),
  PaidFen: z.number().int(),
  RefundedFen: z.number().int(),
});
export type LiveRoomSalesRow = z.infer<typeof liveRoomSalesRowSchema>;

export const getLiveRoomSalesReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLiveRoomSalesReport`,
  permission: LivePermission.orderReport,
  input: listQuerySchema.extend({ keyword: z.string().trim().max(40).optional() }),
  output: pagedSchema(liveRoomSalesRowSchema),
});

export const liveRoomSalesResource: ListResource = {
  resource: 'liveRoomSales',
  list: getLiveRoomSalesReport,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: [],
  defaultSort: '',
};

export const liveGoodsSalesRowSchema = z.object({
  Key: z.string(),
  ProductId: z.number().int(),
  Name: z.string(),
  Image: z.string(),
  Orders: z.number().int(),
  Quantity: z.number().int(),
  PaidFen: z.number().int(),
});
export type LiveGoodsSalesRow = z.infer<typeof liveGoodsSalesRowSchema>;

export const getLiveGoodsSalesReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLiveGoodsSalesReport`,
  permission: LivePermission.goodsReport,
  input: listQuerySchema.extend({ id: queryId }),
  output: pagedSchema(liveGoodsSalesRowSchema).extend({ Room: liveRoomRowSchema }),
});

export const liveGoodsSalesResource: ListResource = {
  resource: 'liveGoodsSales',
  list: getLiveGoodsSalesReport,
  filters: [],
  sortFields: [],
  defaultSort: '',
};
