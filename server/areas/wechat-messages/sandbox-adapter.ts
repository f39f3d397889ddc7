import { createHash } from 'node:crypto';
import {
  type LibraryKeyword,
  type LibraryTitle,
  type LiveRoomInfo,
  type WechatAdapter,
  WechatError,
} from './wechat-api';

/**
 * The built-in sandbox for shops that have not connected their mini-program: a small template
 * library in WeChat's shapes, templates and rooms that are accepted at once, goods approved on the
 * first audit query, and sends answered with the errcode the shop chose (0 accepts), so every
 * refusal can be tried from the screens.
 */

const LIBRARY: (LibraryTitle & { keywords: LibraryKeyword[] })[] = [
  {
    tid: 1856,
    title: '订单发货提醒',
    type: 2,
    categoryId: '307',
    keywords: [
      { kid: 1, name: '订单号', example: 'E202611270001', rule: 'character_string' },
      { kid: 2, name: '商品名称', example: '春季连衣裙', rule: 'thing' },
      { kid: 3, name: '快递公司', example: '顺丰速运', rule: 'thing' },
      { kid: 4, name: '快递单号', example: 'SF1234567890', rule: 'character_string' },
      { kid: 5, name: '发货时间', example: '2026-11-27 10:00', rule: 'time' },
      { kid: 6, name: '收货人', example: '张三', rule: 'name' },
    ],
  },
  {
    tid: 1453,
    title: '订单支付成功通知',
    type: 2,
    categoryId: '307',
    keywords: [
      { kid: 1, name: '订单编号', example: 'E202611270001', rule: 'character_string' },
      { kid: 2, name: '商品名称', example: '春季连衣裙', rule: 'thing' },
      { kid: 3, name: '支付金额', example: '¥99.00', rule: 'amount' },
      { kid: 4, name: '支付时间', example: '2026-11-27 10:00', rule: 'time' },
    ],
  },
  {
    tid: 1435,
    title: '退款结果通知',
    type: 2,
    categoryId: '307',
    keywords: [
      { kid: 1, name: '订单号', example: 'E202611270001', rule: 'character_string' },
      { kid: 2, name: '退款金额', example: '¥99.00', rule: 'amount' },
      { kid: 3, name: '退款状态', example: '已退款', rule: 'phrase' },
      { kid: 4, name: '备注', example: '款项将原路退回', rule: 'thing' },
    ],
  },
  {
    tid: 2011,
    title: '新品上架通知',
    type: 2,
    categoryId: '307',
    keywords: [
      { kid: 1, name: '商品名称', example: '春季新品', rule: 'thing' },
      { kid: 2, name: '上架时间', example: '2026-11-27 10:00', rule: 'time' },
      { kid: 3, name: '温馨提示', example: '限时优惠，先到先得', rule: 'thing' },
    ],
  },
  {
    tid: 1948,
    title: '优惠券到期提醒',
    type: 2,
    categoryId: '307',
    keywords: [
      { kid: 1, name: '优惠券名称', example: '满100减20', rule: 'thing' },
      { kid: 2, name: '到期时间', example: '2026-11-30', rule: 'date' },
      { kid: 3, name: '温馨提示', example: '您的优惠券即将到期', rule: 'thing' },
    ],
  },
  {
    tid: 3029,
    title: '直播开播提醒',
    type: 2,
    categoryId: '307',
    keywords: [
      { kid: 1, name: '直播主题', example: '春季新品发布', rule: 'thing' },
      { kid: 2, name: '开播时间', example: '2026-11-27 20:00', rule: 'time' },
      { kid: 3, name: '主播', example: '小美', rule: 'name' },
    ],
  },
];

/** A stable number from text, so the sandbox's ids repeat for the same request. */
function idOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % 1_000_000_000;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The rooms the sandbox says were created in WeChat's own console: one tomorrow evening and one that
 * ended yesterday, with fixed room ids so a second sync finds the same rooms.
 */
function sandboxConsoleRooms(now: Date): LiveRoomInfo[] {
  const today = Math.floor(now.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const room = (roomId: number, name: string, startTime: number, liveStatus: number): LiveRoomInfo => ({
    roomId,
    name,
    coverImg: '',
    shareImg: '',
    liveStatus,
    startTime,
    endTime: startTime + 2 * 60 * 60,
    anchorName: '官方主播',
  });
  return [
    room(900_001, '微信后台创建的新品直播', today + DAY_SECONDS + 12 * 60 * 60, 102),
    room(900_002, '微信后台创建的清仓直播', today - DAY_SECONDS + 12 * 60 * 60, 103),
  ];
}

export function sandboxAdapter(options: { errcode: number }): WechatAdapter {
  const answer = async () => {
    if (options.errcode !== 0) throw new WechatError(options.errcode, `sandbox answers ${options.errcode}`);
  };
  return {
    provider: 'sandbox',
    async libraryTitles({ start, limit, keyword }) {
      const found = LIBRARY.filter((entry) => !keyword || entry.title.includes(keyword));
      return {
        count: found.length,
        data: found.slice(start, start + limit).map(({ keywords: _keywords, ...title }) => title),
      };
    },
    async libraryKeywords(tid) {
      const entry = LIBRARY.find((candidate) => candidate.tid === tid);
      if (!entry) throw new WechatError(200014, 'invalid tid');
      return entry.keywords;
    },
    async addTemplate({ tid, kidList, sceneDesc }) {
      const entry = LIBRARY.find((candidate) => candidate.tid === tid);
      if (!entry) throw new WechatError(200014, 'invalid tid');
      if (kidList.some((kid) => !entry.keywords.some((keyword) => keyword.kid === kid)))
        throw new WechatError(200020, 'invalid kidList');
      return `sandbox-${tid}-${kidList.join('_')}-${idOf(sceneDesc).toString(36)}`;
    },
    async deleteTemplate() {},
    sendSubscribe: answer,
    sendCustom: answer,
    async uploadImage(bytes) {
      return `sandbox-media-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
    },
    async createRoom(room) {
      return { roomId: idOf(`${room.name}${room.startTime}`) % 100_000 };
    },
    async addGoods(goods) {
      const goodsId = idOf(`${goods.name}${goods.url}`) % 1_000_000;
      return { goodsId, auditId: goodsId + 1 };
    },
    async goodsAudit(goodsIds) {
      return goodsIds.map((goodsId) => ({ goodsId, auditStatus: 2 }));
    },
    async addRoomGoods() {},
    async liveRooms({ start, limit }) {
      await answer();
      const rooms = sandboxConsoleRooms(new Date());
      return { total: rooms.length, rooms: rooms.slice(start, start + limit) };
    },
  };
}
