import { sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/live-rooms';
import { goodsNameProblems, roomProblems } from '../../../contract/wechat/live-room-rules';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { Locale } from '../../i18n/messages';
import {
  askWechat,
  environmentOf,
  type LiveRoomInfo,
  readSiteImage,
  siteAdapter,
} from '../wechat-messages/service';
import './messages';

/**
 * Live rooms on WeChat's live broadcast through the shop's WeChat adapter. Creating a room or a
 * good calls WeChat first (outside any transaction) and keeps the row only when WeChat took it, so
 * the operator sees WeChat's refusal on the form and nothing half-made is left behind.
 */

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

const STATE_SQL = {
  notStarted: sql`r.starts_at > now()`,
  live: sql`r.starts_at <= now() and r.ends_at > now()`,
  ended: sql`r.ends_at <= now()`,
};

interface RoomRecord extends Record<string, unknown> {
  id: number;
  title: string;
  image: string;
  anchor: string;
  starts_at: Date | string;
  ends_at: Date | string;
  type: 'phone' | 'push';
  close_comment: boolean;
  close_share: boolean;
  wechat_room_id: number;
  provider: 'wechat' | 'sandbox';
  goods: number;
  created_at: Date | string;
}

const roomSelect = (siteId: number) => sql`
  select r.*, (select count(*)::int from live_room_goods g where g.room_id = r.id) as goods
    from live_rooms r where r.site_id = ${siteId} and not r.deleted`;

function roomRow(row: RoomRecord, now: Date): api.LiveRoomRow {
  const start = new Date(row.starts_at);
  const end = new Date(row.ends_at);
  return {
    Id: row.id,
    Title: row.title,
    Cover: row.image,
    AnchorName: row.anchor,
    StartsAt: start.toISOString(),
    EndsAt: end.toISOString(),
    State: start > now ? 'notStarted' : end > now ? 'live' : 'ended',
    Type: row.type,
    CloseComment: row.close_comment,
    CloseShare: row.close_share,
    WechatRoomId: row.wechat_room_id,
    Provider: row.provider,
    Goods: row.goods,
    CreatedAt: iso(row.created_at),
  };
}

async function findRoom(db: Executor, siteId: number, id: number, field = 'id'): Promise<RoomRecord> {
  const [row] = await queryRows<RoomRecord>(db, sql`${roomSelect(siteId)} and r.id = ${id}`);
  if (!row) throw new AppError('live.roomNotFound', { id }, { field });
  return row;
}

interface GoodsRecord extends Record<string, unknown> {
  id: number;
  product_id: number;
  name: string;
  cover: string;
  price_fen: number;
  state: api.LiveGoodsState;
  wechat_goods_id: number;
  rooms: number;
  created_at: Date | string;
}

const goodsSelect = (siteId: number) => sql`
  select l.*, (select count(*)::int from live_room_goods g where g.goods_id = l.id) as rooms
    from live_goods l where l.site_id = ${siteId} and not l.deleted`;

function goodsRow(row: GoodsRecord): api.LiveGoodsRow {
  return {
    Id: row.id,
    ProductId: row.product_id,
    Name: row.name,
    Cover: row.cover,
    PriceFen: row.price_fen,
    State: row.state,
    WechatGoodsId: row.wechat_goods_id,
    Rooms: row.rooms,
    CreatedAt: iso(row.created_at),
  };
}

/** getliveinfo's pages: WeChat suggests at most 100 rooms a call; a sync reads at most 1000. */
const SYNC_PAGE = 100;
const SYNC_ROOMS_MAX = 1000;
/** The advisory lock's first key, naming what it serialises (the second is the site). */
const SYNC_LOCK = 20_005;

function firstProblem(problems: { field: string; key: string; params?: Record<string, number> }[]) {
  const [problem] = problems;
  if (problem) throw new AppError(problem.key, problem.params ?? {}, { field: problem.field });
}

/** Uploads one of the shop's images as WeChat media for a room or a good. */
async function media(
  adapter: Awaited<ReturnType<typeof siteAdapter>>,
  files: Parameters<typeof readSiteImage>[0],
  siteId: number,
  url: string,
  field: string,
  locale: Locale,
): Promise<string> {
  let image: Awaited<ReturnType<typeof readSiteImage>>;
  try {
    image = await readSiteImage(files, siteId, url);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.key, error.params, { field });
    throw error;
  }
  return askWechat(locale, () => adapter.uploadImage(image.bytes, image.fileName, image.contentType), field);
}

function counts<T extends string>(tabs: readonly T[], rows: { state: string; count: number }[]) {
  return Object.fromEntries(
    tabs.map((tab) => [
      tab,
      rows.filter((row) => tab === 'all' || row.state === tab).reduce((sum, row) => sum + row.count, 0),
    ]),
  ) as Record<T, number>;
}

export const liveRoomRoutes = [
  defineRoute(api.getLiveRoomList, async ({ db, session, input }) => {
    const now = new Date();
    const keyword = input.keyword ? sql` and r.title ilike ${containsPattern(input.keyword)}` : sql``;
    const state = input.state === 'all' ? sql`` : sql` and ${STATE_SQL[input.state]}`;
    const rows = await queryRows<RoomRecord>(
      db,
      sql`${roomSelect(session.siteId)}${keyword}${state} order by r.starts_at desc, r.id desc
          limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const tallies = await queryRows<{ state: string; count: number }>(
      db,
      sql`select case when ${STATE_SQL.notStarted} then 'notStarted' when ${STATE_SQL.live} then 'live' else 'ended' end as state,
                 count(*)::int as count
            from live_rooms r where r.site_id = ${session.siteId} and not r.deleted${keyword} group by 1`,
    );
    const Counts = counts(api.LIVE_TABS, tallies);
    return { Data: rows.map((row) => roomRow(row, now)), Total: Counts[input.state], Counts };
  }),

  defineRoute(api.syncLiveRooms, async ({ db, session, locale, config, files }) => {
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    const rooms: LiveRoomInfo[] = [];
    for (let start = 0; start < SYNC_ROOMS_MAX; start += SYNC_PAGE) {
      const page = await askWechat(locale, () => adapter.liveRooms({ start, limit: SYNC_PAGE }));
      rooms.push(...page.rooms);
      if (page.rooms.length < SYNC_PAGE || start + SYNC_PAGE >= page.total) break;
    }
    return db.transaction(async (tx) => {
      // Two syncs of one shop at once would both add the same new room: one waits for the other.
      await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK}, ${session.siteId})`);
      let added = 0;
      let updated = 0;
      for (const room of rooms) {
        const startsAt = new Date(room.startTime * 1000).toISOString();
        const endsAt = new Date(room.endTime * 1000).toISOString();
        const changed = await queryRows<{ id: number }>(
          tx,
          sql`update live_rooms set title = ${room.name}, anchor = ${room.anchorName},
                     starts_at = ${startsAt}::timestamptz, ends_at = ${endsAt}::timestamptz
               where site_id = ${session.siteId} and provider = ${adapter.provider}
                 and wechat_room_id = ${room.roomId} and not deleted
           returning id`,
        );
        if (changed.length > 0) {
          updated += changed.length;
          continue;
        }
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into live_rooms (site_id, title, image, anchor, starts_at, ends_at, share_image,
                                      wechat_room_id, provider)
              values (${session.siteId}, ${room.name}, ${room.coverImg}, ${room.anchorName}, ${startsAt}::timestamptz,
                      ${endsAt}::timestamptz, ${room.shareImg}, ${room.roomId}, ${adapter.provider})
           returning id`,
        );
        await audit(tx, session, 'live.room.sync', `liveRoom:${row!.id}`, {
          Title: room.name,
          WechatRoomId: room.roomId,
        });
        added += 1;
      }
      return { Added: added, Updated: updated };
    });
  }),

  defineRoute(api.createLiveRoom, async ({ db, session, input, locale, config, files }) => {
    const now = new Date();
    firstProblem(roomProblems({ ...input }, now));
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    const cover = await media(adapter, files, session.siteId, input.Cover, 'Cover', locale);
    const share = await media(adapter, files, session.siteId, input.ShareImage, 'ShareImage', locale);
    const { roomId } = await askWechat(locale, () =>
      adapter.createRoom({
        name: input.Title,
        coverImg: cover,
        shareImg: share,
        feedsImg: cover,
        startTime: Math.floor(Date.parse(input.StartsAt) / 1000),
        endTime: Math.floor(Date.parse(input.EndsAt) / 1000),
        anchorName: input.AnchorName,
        anchorWechat: input.AnchorWechat,
        type: input.Type === 'push' ? 1 : 0,
        closeComment: input.CloseComment ? 1 : 0,
        closeShare: input.CloseShare ? 1 : 0,
        closeLike: 0,
        closeGoods: 0,
      }),
    );
    return db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into live_rooms (site_id, title, image, anchor, starts_at, ends_at, share_image, anchor_wechat, type,
                                    close_comment, close_share, wechat_room_id, provider)
            values (${session.siteId}, ${input.Title}, ${input.Cover}, ${input.AnchorName}, ${input.StartsAt}::timestamptz,
                    ${input.EndsAt}::timestamptz, ${input.ShareImage}, ${input.AnchorWechat}, ${input.Type},
                    ${input.CloseComment}, ${input.CloseShare}, ${roomId}, ${adapter.provider})
         returning id`,
      );
      await audit(tx, session, 'live.room.create', `liveRoom:${row!.id}`, {
        Title: input.Title,
        WechatRoomId: roomId,
        StartsAt: input.StartsAt,
      });
      return { Id: row!.id, WechatRoomId: roomId };
    });
  }),

  defineRoute(api.delLiveRoom, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const deleted = await queryRows<{ id: number; title: string }>(
        tx,
        sql`update live_rooms set deleted = true where site_id = ${session.siteId} and not deleted
             and id in (${sql.join(
               input.Ids.map((id) => sql`${id}`),
               sql`, `,
             )}) returning id, title`,
      );
      for (const row of deleted)
        await audit(tx, session, 'live.room.delete', `liveRoom:${row.id}`, { Title: row.title });
      return { Deleted: deleted.length };
    });
  }),

  defineRoute(api.getLiveGoodsList, async ({ db, session, input }) => {
    const keyword = input.keyword ? sql` and l.name ilike ${containsPattern(input.keyword)}` : sql``;
    const state = input.state === 'all' ? sql`` : sql` and l.state = ${input.state}`;
    const rows = await queryRows<GoodsRecord>(
      db,
      sql`${goodsSelect(session.siteId)}${keyword}${state} order by l.id desc
          limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const tallies = await queryRows<{ state: string; count: number }>(
      db,
      sql`select l.state, count(*)::int as count from live_goods l
           where l.site_id = ${session.siteId} and not l.deleted${keyword} group by l.state`,
    );
    const Counts = counts(api.LIVE_GOODS_TABS, tallies);
    return { Data: rows.map(goodsRow), Total: Counts[input.state], Counts };
  }),

  defineRoute(api.getLiveGoodsOptions, async ({ db, session, input }) => {
    const keyword = input.Keyword ? sql` and p.name ilike ${containsPattern(input.Keyword)}` : sql``;
    const rows = await queryRows<{ id: number; name: string; image: string; price_fen: number }>(
      db,
      sql`select p.id, p.name, coalesce(p.gallery->>0, '') as image,
                 (select min(s.price_fen) from skus s where s.product_id = p.id)::int as price_fen
            from products p
           where p.site_id = ${session.siteId} and p.recycle_state = 'active' and p.shelf_state = 'on'${keyword}
           order by p.id desc limit 50`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Image: row.image,
        PriceFen: row.price_fen ?? 0,
      })),
    };
  }),

  defineRoute(api.addLiveGoods, async ({ db, session, input, locale, config, files }) => {
    firstProblem(goodsNameProblems(input.Name));
    const [product] = await queryRows<{ id: number; image: string }>(
      db,
      sql`select id, coalesce(gallery->>0, '') as image from products
           where site_id = ${session.siteId} and id = ${input.ProductId} and recycle_state = 'active'`,
    );
    if (!product) throw new AppError('live.productNotFound', { id: input.ProductId }, { field: 'ProductId' });
    if (!product.image) throw new AppError('live.productNoImage', {}, { field: 'ProductId' });
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    const cover = await media(adapter, files, session.siteId, product.image, 'ProductId', locale);
    const added = await askWechat(locale, () =>
      adapter.addGoods({
        coverImgUrl: cover,
        name: input.Name,
        priceType: 1,
        price: input.PriceFen / 100,
        url: `pages/goods/detail?id=${product.id}`,
      }),
    );
    return db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into live_goods (site_id, product_id, name, cover, price_fen, wechat_goods_id, audit_id, provider)
            values (${session.siteId}, ${product.id}, ${input.Name}, ${product.image}, ${input.PriceFen},
                    ${added.goodsId}, ${added.auditId}, ${adapter.provider})
         returning id`,
      );
      await audit(tx, session, 'live.goods.add', `liveGoods:${row!.id}`, {
        Name: input.Name,
        PriceFen: input.PriceFen,
        WechatGoodsId: added.goodsId,
      });
      return { Id: row!.id, State: 'auditing' as const };
    });
  }),

  defineRoute(api.refreshLiveGoodsAudit, async ({ db, session, locale, config, files }) => {
    const waiting = await queryRows<{ id: number; wechat_goods_id: number }>(
      db,
      sql`select id, wechat_goods_id from live_goods where site_id = ${session.siteId} and not deleted and state = 'auditing'`,
    );
    if (waiting.length === 0) return { Changed: 0 };
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    const audits = await askWechat(locale, () =>
      adapter.goodsAudit(waiting.map((row) => row.wechat_goods_id)),
    );
    return db.transaction(async (tx) => {
      let changed = 0;
      for (const result of audits) {
        const state = result.auditStatus === 2 ? 'approved' : result.auditStatus === 3 ? 'rejected' : null;
        if (!state) continue;
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`update live_goods set state = ${state} where site_id = ${session.siteId} and state = 'auditing'
                 and wechat_goods_id = ${result.goodsId} returning id`,
        );
        for (const row of rows) await audit(tx, session, `live.goods.${state}`, `liveGoods:${row.id}`);
        changed += rows.length;
      }
      return { Changed: changed };
    });
  }),

  defineRoute(api.getLiveRoomGoods, async ({ db, session, input }) => {
    const room = await findRoom(db, session.siteId, input.id);
    const inRoom = sql`${goodsSelect(session.siteId)} and l.id in (select goods_id from live_room_goods where room_id = ${room.id})`;
    const rows = await queryRows<GoodsRecord>(
      db,
      sql`${inRoom} order by l.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const [total] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${inRoom}) as found`,
    );
    return { Data: rows.map(goodsRow), Total: total!.total, Room: roomRow(room, new Date()) };
  }),

  defineRoute(api.addLiveRoomGoods, async ({ db, session, input, locale, config, files }) => {
    const room = await findRoom(db, session.siteId, input.RoomId, 'RoomId');
    if (new Date(room.ends_at) <= new Date()) throw new AppError('live.roomEnded', {}, { field: 'RoomId' });
    const goods = await queryRows<GoodsRecord>(
      db,
      sql`${goodsSelect(session.siteId)} and l.id in (${sql.join(
        input.GoodsIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const unknown = input.GoodsIds.find((id) => !goods.some((row) => row.id === id));
    if (unknown !== undefined)
      throw new AppError('live.goodsNotFound', { id: unknown }, { field: 'GoodsIds' });
    const unapproved = goods.find((row) => row.state !== 'approved');
    if (unapproved)
      throw new AppError('live.goodsNotApproved', { name: unapproved.name }, { field: 'GoodsIds' });
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    if (room.wechat_room_id > 0)
      await askWechat(locale, () =>
        adapter.addRoomGoods(
          room.wechat_room_id,
          goods.map((row) => row.wechat_goods_id),
        ),
      );
    return db.transaction(async (tx) => {
      const added = await queryRows<{ goods_id: number }>(
        tx,
        sql`insert into live_room_goods (site_id, room_id, goods_id)
            select ${session.siteId}, ${room.id}, unnest(${`{${goods.map((row) => row.id).join(',')}}`}::int[])
            on conflict do nothing returning goods_id`,
      );
      await audit(tx, session, 'live.room.addGoods', `liveRoom:${room.id}`, {
        Goods: goods.filter((row) => added.some((entry) => entry.goods_id === row.id)).map((row) => row.name),
      });
      return { Added: added.length };
    });
  }),

  defineRoute(api.getLiveRoomSalesReport, async ({ db, session, input }) => {
    const keyword = input.keyword ? sql` and r.title ilike ${containsPattern(input.keyword)}` : sql``;
    const where = sql`r.site_id = ${session.siteId} and not r.deleted${keyword}`;
    const rows = await queryRows<{
      id: number;
      title: string;
      starts_at: Date | string;
      orders: number;
      buyers: number;
      paid_fen: number;
      refunded_fen: number;
    }>(
      db,
      sql`select r.id, r.title, r.starts_at, count(o.id)::int as orders, count(distinct o.buyer_id)::int as buyers,
                 coalesce(sum(o.paid_fen), 0)::int as paid_fen, coalesce(sum(o.refunded_fen), 0)::int as refunded_fen
            from live_rooms r
            left join orders o on o.site_id = r.site_id and o.live_room_id = r.id and o.paid_at is not null
           where ${where}
           group by r.id order by r.starts_at desc, r.id desc
           limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const [total] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from live_rooms r where ${where}`,
    );
    return {
      Data: rows.map((row) => ({
        RoomId: row.id,
        Title: row.title,
        StartsAt: iso(row.starts_at),
        Orders: row.orders,
        Buyers: row.buyers,
        PaidFen: row.paid_fen,
        RefundedFen: row.refunded_fen,
      })),
      Total: total!.total,
    };
  }),

  defineRoute(api.getLiveGoodsSalesReport, async ({ db, session, input }) => {
    const room = await findRoom(db, session.siteId, input.id);
    const lines = sql`from order_lines l join orders o on o.id = l.order_id
                      where o.site_id = ${session.siteId} and o.live_room_id = ${room.id} and o.paid_at is not null`;
    const rows = await queryRows<{
      product_id: number;
      name: string;
      image: string;
      orders: number;
      quantity: number;
      paid_fen: number;
    }>(
      db,
      sql`select l.product_id, min(l.name) as name, min(l.image) as image, count(distinct o.id)::int as orders,
                 sum(l.quantity)::int as quantity, sum(l.amount_fen)::int as paid_fen
          ${lines} group by l.product_id order by sum(l.amount_fen) desc, l.product_id
          limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const [total] = await queryRows<{ total: number }>(
      db,
      sql`select count(distinct l.product_id)::int as total ${lines}`,
    );
    return {
      Data: rows.map((row) => ({
        Key: String(row.product_id),
        ProductId: row.product_id,
        Name: row.name,
        Image: row.image,
        Orders: row.orders,
        Quantity: row.quantity,
        PaidFen: row.paid_fen,
      })),
      Total: total!.total,
      Room: roomRow(room, new Date()),
    };
  }),
];
