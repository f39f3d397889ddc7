import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from '../../contract/endpoint';
import * as miniProgram from '../../contract/endpoints/mini-program';
import type { TestServer } from './harness';
import {
  PLATFORM_ENV,
  startWechatPlatformStandIn,
  type WechatPlatformStandIn,
} from './wechat-platform-stand-in';

const PLATFORM_APP_ID = PLATFORM_ENV.WECHAT_COMPONENT_APP_ID;

/**
 * A local stand-in for WeChat's API of mini-program messages and live broadcast, following the
 * published protocol, behind the third-party platform's stand-in: calls are made with the authorizer
 * token the platform issued (42001 once it has expired, 40001 for any other), bodies are checked for
 * the fields each call requires, and the documented errcodes answered where a test asks for them.
 */

export interface StandInCall {
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface WechatStandIn {
  url: string;
  /** The platform behind it: authorisation, tokens and encrypted pushes. */
  platform: WechatPlatformStandIn;
  calls: StandInCall[];
  /** Authorizer tokens the platform has refreshed (api_authorizer_token). */
  readonly tokensIssued: number;
  /** errcode per open id for subscribe and custom sends (absent: 0). */
  sendAnswers: Map<string, number>;
  /** Ends the current authorizer token, as two hours passing would. */
  expireToken(): void;
  /** audit_status per goods id (absent: 1, still auditing). */
  goodsAudit: Map<number, number>;
  /**
   * The mini-program's live rooms as getliveinfo lists them (room_info entries), newest start first:
   * those created through the API, and any a test adds as made in WeChat's own console.
   */
  liveRooms: Record<string, unknown>[];
  sent(path: string): StandInCall[];
  close(): Promise<void>;
}

const KEYWORDS: Record<number, { kid: number; name: string; example: string; rule: string }[]> = {
  1856: [
    { kid: 1, name: '订单号', example: 'E1', rule: 'character_string' },
    { kid: 2, name: '商品名称', example: '裙子', rule: 'thing' },
    { kid: 3, name: '快递公司', example: '顺丰', rule: 'thing' },
    { kid: 4, name: '快递单号', example: 'SF1', rule: 'character_string' },
  ],
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startWechatStandIn(): Promise<WechatStandIn> {
  let nextId = 1000;
  const standIn = {
    calls: [] as StandInCall[],
    sendAnswers: new Map<string, number>(),
    goodsAudit: new Map<number, number>(),
    liveRooms: [] as Record<string, unknown>[],
  };
  let platform: WechatPlatformStandIn | null = null;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const raw = await readBody(request);
    const isJson = String(request.headers['content-type'] ?? '').includes('json');
    const body =
      isJson && raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
    const answer = (payload: Record<string, unknown>) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ...payload }));
    };
    const refuse = (errcode: number, errmsg: string) => answer({ errcode, errmsg });
    const token = platform?.authorizerToken ?? '';
    if (!token || query.access_token !== token)
      return query.access_token?.startsWith('authorizer@@@')
        ? refuse(42001, 'access_token expired')
        : refuse(40001, 'invalid credential, access_token is invalid');
    const call = { path: url.pathname, query, body };
    standIn.calls.push(call);
    const need = (...fields: string[]) =>
      fields.find((field) => body[field] === undefined || body[field] === '');
    switch (url.pathname) {
      case '/wxaapi/newtmpl/getcategory':
        return answer({ data: [{ id: 307, name: '服装' }] });
      case '/wxaapi/newtmpl/getpubtemplatetitles': {
        if (!query.ids || query.start === undefined || !query.limit)
          return refuse(47001, 'data format error');
        return answer({ count: 1, data: [{ tid: 1856, title: '订单发货提醒', type: 2, categoryId: '307' }] });
      }
      case '/wxaapi/newtmpl/getpubtemplatekeywords': {
        const keywords = KEYWORDS[Number(query.tid)];
        return keywords ? answer({ count: keywords.length, data: keywords }) : refuse(200014, 'invalid tid');
      }
      case '/wxaapi/newtmpl/addtemplate': {
        const kids = body.kidList as number[] | undefined;
        if (!KEYWORDS[Number(body.tid)]) return refuse(200014, 'invalid tid');
        if (!Array.isArray(kids) || kids.length < 2 || kids.length > 5)
          return refuse(200020, 'invalid kidList');
        if (typeof body.sceneDesc !== 'string' || body.sceneDesc.length > 15)
          return refuse(200021, 'invalid sceneDesc');
        nextId += 1;
        return answer({ priTmplId: `pri-${body.tid}-${nextId}` });
      }
      case '/wxaapi/newtmpl/deltemplate':
        return need('priTmplId') ? refuse(47001, 'data format error') : answer({});
      case '/cgi-bin/message/subscribe/send': {
        const missing = need('touser', 'template_id', 'data');
        if (missing) return refuse(47001, `missing ${missing}`);
        return refuse(standIn.sendAnswers.get(String(body.touser)) ?? 0, 'answered');
      }
      case '/cgi-bin/message/custom/send': {
        const missing = need('touser', 'msgtype');
        if (missing) return refuse(47001, `missing ${missing}`);
        const kind = String(body.msgtype);
        if (!['text', 'image', 'miniprogrampage', 'link'].includes(kind) || body[kind] === undefined)
          return refuse(40008, 'invalid message type');
        return refuse(standIn.sendAnswers.get(String(body.touser)) ?? 0, 'answered');
      }
      case '/cgi-bin/media/upload': {
        if (
          query.type !== 'image' ||
          !String(request.headers['content-type']).startsWith('multipart/form-data')
        )
          return refuse(40004, 'invalid media type');
        if (!raw.includes(Buffer.from('name="media"'))) return refuse(41005, 'media data missing');
        nextId += 1;
        return answer({ type: 'image', media_id: `media-${nextId}`, created_at: 1 });
      }
      case '/wxaapi/broadcast/room/create': {
        const missing = need(
          'name',
          'coverImg',
          'startTime',
          'endTime',
          'anchorName',
          'anchorWechat',
          'shareImg',
          'feedsImg',
        );
        if (missing) return refuse(47001, `missing ${missing}`);
        if (body.anchorWechat === 'unverified_anchor') return refuse(300036, 'anchor not verified');
        nextId += 1;
        standIn.liveRooms.push({
          name: body.name,
          roomid: nextId,
          cover_img: `http://mmbiz.qpic.cn/${String(body.coverImg)}`,
          share_img: `http://mmbiz.qpic.cn/${String(body.shareImg)}`,
          live_status: 102,
          start_time: body.startTime,
          end_time: body.endTime,
          anchor_name: body.anchorName,
          goods: [],
        });
        return answer({ roomId: nextId });
      }
      case '/wxaapi/broadcast/goods/add': {
        const goods = body.goodsInfo as Record<string, unknown> | undefined;
        if (!goods?.coverImgUrl || !goods.name || goods.priceType !== 1 || !goods.url)
          return refuse(47001, 'goodsInfo incomplete');
        nextId += 1;
        return answer({ goodsId: nextId, auditId: nextId + 1 });
      }
      case '/wxa/business/getgoodswarehouse': {
        const ids = body.goods_ids as number[];
        return answer({
          goods: ids.map((id) => ({ goods_id: id, audit_status: standIn.goodsAudit.get(id) ?? 1 })),
          total: ids.length,
        });
      }
      case '/wxa/business/getliveinfo': {
        const start = body.start;
        const limit = body.limit;
        if (typeof start !== 'number' || typeof limit !== 'number' || start < 0 || limit < 1 || limit > 100)
          return refuse(47001, 'data format error');
        // errcode 1: the mini-program has created no room yet.
        if (standIn.liveRooms.length === 0) return refuse(1, 'no room');
        const sorted = [...standIn.liveRooms].sort((a, b) => Number(b.start_time) - Number(a.start_time));
        return answer({
          room_info: sorted.slice(start, start + limit),
          total: sorted.length,
          live_replay: [],
        });
      }
      case '/wxaapi/broadcast/room/addgoods':
        return need('ids', 'roomId') ? refuse(47001, 'data format error') : answer({});
      default:
        return refuse(-1, `unknown path ${url.pathname}`);
    }
  };
  platform = await startWechatPlatformStandIn({ delegate: handle });
  const behind = platform;
  return {
    ...standIn,
    url: behind.url,
    platform: behind,
    // A getter: the count goes on as the platform refreshes.
    get tokensIssued() {
      return behind.count('/cgi-bin/component/api_authorizer_token');
    },
    expireToken: () => behind.expireAuthorizerToken(),
    sent: (path: string) => standIn.calls.filter((call) => call.path === path),
    close: () => behind.close(),
  };
}

/**
 * Authorises the shop of `token` to the platform as WeChat's pages would: the ticket push, the
 * authorisation link, and the code WeChat hands back.
 */
export async function authoriseMiniProgram(server: TestServer, standIn: WechatStandIn, token: string) {
  const push = standIn.platform.push({
    AppId: PLATFORM_APP_ID,
    CreateTime: Math.floor(Date.now() / 1000),
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: standIn.platform.ticket,
  });
  await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${miniProgram.componentNotify.path}?${push.query}`,
    headers: { 'content-type': 'text/xml' },
    payload: push.body,
  });
  await server.call(miniProgram.startAuthorization, {}, { token });
  const done = await server.call(
    miniProgram.completeAuthorization,
    { AuthCode: standIn.platform.authCode },
    { token },
  );
  if (done.body.Status !== 'authorized')
    throw new Error(`authorisation failed: ${JSON.stringify(done.body)}`);
}
