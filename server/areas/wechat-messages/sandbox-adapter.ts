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

type LibraryEntry = LibraryTitle & { keywords: LibraryKeyword[] };

/** A one-time subscription template of the e-commerce category (307); keywords numbered from 1. */
function libraryEntry(
  tid: number,
  title: string,
  keywords: [name: string, example: string, rule: string][],
): LibraryEntry {
  return {
    tid,
    title,
    type: 2,
    categoryId: '307',
    keywords: keywords.map(([name, example, rule], index) => ({ kid: index + 1, name, example, rule })),
  };
}

const LIBRARY: LibraryEntry[] = [
  libraryEntry(1856, '订单发货提醒', [
    ['订单号', 'E202611270001', 'character_string'],
    ['商品名称', '春季连衣裙', 'thing'],
    ['快递公司', '顺丰速运', 'thing'],
    ['快递单号', 'SF1234567890', 'character_string'],
    ['发货时间', '2026-11-27 10:00', 'time'],
    ['收货人', '张三', 'name'],
  ]),
  libraryEntry(1453, '订单支付成功通知', [
    ['订单编号', 'E202611270001', 'character_string'],
    ['商品名称', '春季连衣裙', 'thing'],
    ['支付金额', '¥99.00', 'amount'],
    ['支付时间', '2026-11-27 10:00', 'time'],
  ]),
  libraryEntry(1435, '退款结果通知', [
    ['订单号', 'E202611270001', 'character_string'],
    ['退款金额', '¥99.00', 'amount'],
    ['退款状态', '已退款', 'phrase'],
    ['备注', '款项将原路退回', 'thing'],
  ]),
  libraryEntry(2011, '新品上架通知', [
    ['商品名称', '春季新品', 'thing'],
    ['上架时间', '2026-11-27 10:00', 'time'],
    ['温馨提示', '限时优惠，先到先得', 'thing'],
  ]),
  libraryEntry(1948, '优惠券到期提醒', [
    ['优惠券名称', '满100减20', 'thing'],
    ['到期时间', '2026-11-30', 'date'],
    ['温馨提示', '您的优惠券即将到期', 'thing'],
  ]),
  libraryEntry(3029, '直播开播提醒', [
    ['直播主题', '春季新品发布', 'thing'],
    ['开播时间', '2026-11-27 20:00', 'time'],
    ['主播', '小美', 'name'],
  ]),
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
