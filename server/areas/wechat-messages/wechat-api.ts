import type { WechatProvider } from '../../../contract/endpoints/wechat-messages';

/**
 * The WeChat adapter of messages and live rooms (DESIGN §11): one interface with WeChat's published
 * HTTP API behind it when the shop has connected its mini-program, the sandbox otherwise. Calls go
 * over the network: never make one inside a database transaction.
 */

export interface LibraryTitle {
  tid: number;
  title: string;
  type: number;
  categoryId: string;
}

export interface LibraryKeyword {
  kid: number;
  name: string;
  example: string;
  rule: string;
}

export interface RoomRequest {
  name: string;
  coverImg: string;
  shareImg: string;
  feedsImg: string;
  startTime: number;
  endTime: number;
  anchorName: string;
  anchorWechat: string;
  type: 0 | 1;
  closeComment: 0 | 1;
  closeShare: 0 | 1;
  closeLike: 0;
  closeGoods: 0;
}

export interface GoodsRequest {
  coverImgUrl: string;
  name: string;
  priceType: 1;
  price: number;
  url: string;
}

/** audit_status of getgoodswarehouse: 0 not submitted, 1 auditing, 2 approved, 3 rejected. */
export interface GoodsAudit {
  goodsId: number;
  auditStatus: number;
}

export interface WechatAdapter {
  readonly provider: WechatProvider;
  libraryTitles(query: {
    start: number;
    limit: number;
    keyword?: string;
  }): Promise<{ count: number; data: LibraryTitle[] }>;
  libraryKeywords(tid: number): Promise<LibraryKeyword[]>;
  addTemplate(request: { tid: number; kidList: number[]; sceneDesc: string }): Promise<string>;
  deleteTemplate(priTmplId: string): Promise<void>;
  sendSubscribe(payload: Record<string, unknown>): Promise<void>;
  sendCustom(payload: Record<string, unknown>): Promise<void>;
  /** Uploads an image as temporary media (customer-service images, cards, live rooms and goods). */
  uploadImage(bytes: Buffer, fileName: string, contentType: string): Promise<string>;
  createRoom(request: RoomRequest): Promise<{ roomId: number }>;
  addGoods(request: GoodsRequest): Promise<{ goodsId: number; auditId: number }>;
  goodsAudit(goodsIds: number[]): Promise<GoodsAudit[]>;
  addRoomGoods(roomId: number, goodsIds: number[]): Promise<void>;
  /** One page of the mini-program's live rooms (getliveinfo), wherever they were created. */
  liveRooms(page: { start: number; limit: number }): Promise<{ total: number; rooms: LiveRoomInfo[] }>;
}

/** A room as getliveinfo lists it; times in Unix seconds. */
export interface LiveRoomInfo {
  roomId: number;
  name: string;
  coverImg: string;
  shareImg: string;
  /** 101 live, 102 not started, 103 ended, 104 banned, 105 paused, 106 abnormal, 107 expired. */
  liveStatus: number;
  startTime: number;
  endTime: number;
  anchorName: string;
}

/** getliveinfo's errcode when the mini-program has never created a room. */
const NO_ROOMS_ERRCODE = 1;

/** Our own codes beside WeChat's: the service could not be reached, or the outcome is unknown. */
export const UNREACHABLE = -100;
export const INTERRUPTED = -101;
export const BAD_ANSWER = -102;

/** WeChat answered an errcode other than 0, or could not be reached (our negative codes). */
export class WechatError extends Error {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(message);
  }

  /** Worth another attempt: WeChat said it was busy, or the request never left this machine. */
  get retryable(): boolean {
    return this.errcode === -1 || this.errcode === UNREACHABLE;
  }
}

/** Errcodes that mean the token is void: forget it and try once more with a new one. */
const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);
const TIMEOUT_MS = 15_000;

interface HttpOptions {
  apiBase: string;
  /** The mini-program's access token (the platform's authorizer token, cached and shared). */
  token(): Promise<string>;
  /** Drops `token` after WeChat called it void, unless another caller has replaced it already. */
  invalidate(token: string): Promise<void>;
}

async function request(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers:
        init.body instanceof FormData
          ? init.headers
          : { 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // A refused connection never reached WeChat; a timeout may have, so its outcome is unknown.
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new WechatError(INTERRUPTED, 'timed out');
    throw new WechatError(UNREACHABLE, (error as Error).message);
  }
  let body: Record<string, unknown>;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new WechatError(BAD_ANSWER, `HTTP ${response.status} without JSON`);
  }
  const errcode = Number(body.errcode ?? 0);
  if (errcode !== 0) throw new WechatError(errcode, String(body.errmsg ?? ''));
  return body;
}

export function wechatHttpAdapter(options: HttpOptions): WechatAdapter {
  const { apiBase } = options;
  async function call(
    path: string,
    init: RequestInit = {},
    retried = false,
  ): Promise<Record<string, unknown>> {
    const token = await options.token();
    const separator = path.includes('?') ? '&' : '?';
    try {
      return await request(`${apiBase}${path}${separator}access_token=${encodeURIComponent(token)}`, init);
    } catch (error) {
      if (!retried && error instanceof WechatError && TOKEN_ERRCODES.has(error.errcode)) {
        await options.invalidate(token);
        return call(path, init, true);
      }
      throw error;
    }
  }
  const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });
  return {
    provider: 'wechat',
    async libraryTitles({ start, limit, keyword }) {
      // Category ids are the mini-program's own (getcategory); the library is searched within them.
      const categories = (await call('/wxaapi/newtmpl/getcategory')).data as { id: number }[];
      const ids = categories.map((category) => category.id).join(',');
      const query = new URLSearchParams({ ids, start: String(start), limit: String(limit) });
      if (keyword) query.set('keyword', keyword);
      const answer = await call(`/wxaapi/newtmpl/getpubtemplatetitles?${query}`);
      return { count: Number(answer.count ?? 0), data: (answer.data ?? []) as LibraryTitle[] };
    },
    async libraryKeywords(tid) {
      const answer = await call(`/wxaapi/newtmpl/getpubtemplatekeywords?tid=${tid}`);
      return (answer.data ?? []) as LibraryKeyword[];
    },
    async addTemplate(body) {
      const answer = await post('/wxaapi/newtmpl/addtemplate', body);
      return String(answer.priTmplId);
    },
    async deleteTemplate(priTmplId) {
      await post('/wxaapi/newtmpl/deltemplate', { priTmplId });
    },
    async sendSubscribe(payload) {
      await post('/cgi-bin/message/subscribe/send', payload);
    },
    async sendCustom(payload) {
      await post('/cgi-bin/message/custom/send', payload);
    },
    async uploadImage(bytes, fileName, contentType) {
      const form = new FormData();
      form.append('media', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
      const answer = await call('/cgi-bin/media/upload?type=image', { method: 'POST', body: form });
      return String(answer.media_id);
    },
    async createRoom(room) {
      const answer = await post('/wxaapi/broadcast/room/create', room);
      return { roomId: Number(answer.roomId) };
    },
    async addGoods(goods) {
      const answer = await post('/wxaapi/broadcast/goods/add', { goodsInfo: goods });
      return { goodsId: Number(answer.goodsId), auditId: Number(answer.auditId) };
    },
    async goodsAudit(goodsIds) {
      const answer = await post('/wxa/business/getgoodswarehouse', { goods_ids: goodsIds });
      return ((answer.goods ?? []) as { goods_id: number; audit_status: number }[]).map((goods) => ({
        goodsId: goods.goods_id,
        auditStatus: goods.audit_status,
      }));
    },
    async addRoomGoods(roomId, goodsIds) {
      await post('/wxaapi/broadcast/room/addgoods', { ids: goodsIds, roomId });
    },
    async liveRooms({ start, limit }) {
      let answer: Record<string, unknown>;
      try {
        answer = await post('/wxa/business/getliveinfo', { start, limit });
      } catch (error) {
        if (error instanceof WechatError && error.errcode === NO_ROOMS_ERRCODE)
          return { total: 0, rooms: [] };
        throw error;
      }
      const rooms = (answer.room_info ?? []) as Record<string, unknown>[];
      return {
        total: Number(answer.total ?? rooms.length),
        rooms: rooms.map((room) => ({
          roomId: Number(room.roomid),
          name: String(room.name ?? ''),
          coverImg: String(room.cover_img ?? ''),
          shareImg: String(room.share_img ?? ''),
          liveStatus: Number(room.live_status ?? 0),
          startTime: Number(room.start_time ?? 0),
          endTime: Number(room.end_time ?? 0),
          anchorName: String(room.anchor_name ?? ''),
        })),
      };
    },
  };
}
