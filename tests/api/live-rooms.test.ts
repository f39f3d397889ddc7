import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as live from '../../contract/endpoints/live-rooms';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, placeOrder, prepareSku, storefront, storefrontKey } from './order-helpers';
import { PLATFORM_ENV } from './wechat-platform-stand-in';
import { authoriseMiniProgram, startWechatStandIn, type WechatStandIn } from './wechat-stand-in';

let server: TestServer;
let standIn: WechatStandIn;
let admin: string;
let site2: string;
let key: string;

const PNG = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}`;
const hours = (count: number) => new Date(Date.now() + count * 3600_000).toISOString();
const ROOM = {
  Title: '冬季新品直播',
  Cover: PNG,
  ShareImage: PNG,
  AnchorName: '小美',
  AnchorWechat: 'anchor_01',
  StartsAt: hours(2),
  EndsAt: hours(4),
  Type: 'phone',
  CloseComment: false,
  CloseShare: true,
};

beforeAll(async () => {
  standIn = await startWechatStandIn();
  server = await startTestServer({ env: { ...PLATFORM_ENV, WECHAT_API_BASE: standIn.url } });
  admin = await server.login('admin');
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('the demo seed', () => {
  it('shows rooms, live goods and sales from the rooms’ orders', async () => {
    const rooms = await server.call(live.getLiveRoomList, {}, { token: admin });
    expect(rooms.body.Counts).toMatchObject({ all: 3, live: 1, notStarted: 1, ended: 1 });
    const sales = await server.call(live.getLiveRoomSalesReport, {}, { token: admin });
    const selling = sales.body.Data.filter((row) => row.Orders > 0);
    expect(selling.length).toBe(2);
    expect(selling.every((row) => row.PaidFen > 0)).toBe(true);
    const goods = await server.call(live.getLiveGoodsList, {}, { token: admin });
    expect(goods.body.Counts).toMatchObject({ approved: 3, auditing: 1 });
    expect((await server.call(live.getLiveRoomList, {}, { token: site2 })).body.Total).toBe(1);
  });
});

describe('room input', () => {
  it('refuse times and names WeChat would refuse, naming the field', async () => {
    expectError(
      await server.call(live.createLiveRoom, { ...ROOM, Title: '春季' }, { token: admin }),
      /3 to 17 Chinese/,
    );
    expectError(
      await server.call(live.createLiveRoom, { ...ROOM, StartsAt: hours(0.1) }, { token: admin }),
      /at least 10 minutes/,
    );
    expectError(
      await server.call(live.createLiveRoom, { ...ROOM, EndsAt: hours(2.25) }, { token: admin }),
      /at least 30 minutes/,
    );
    const bad = await server.call(live.createLiveRoom, { ...ROOM, AnchorWechat: '1x' }, { token: admin });
    expectError(bad);
    expect((bad.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe('AnchorWechat');
  });
});

describe('rooms on WeChat', () => {
  let roomId: number;

  beforeAll(() => authoriseMiniProgram(server, standIn, admin));

  it('create a room with its images uploaded as media', async () => {
    const created = await server.call(live.createLiveRoom, ROOM, { token: admin });
    expect(created.body.Errmsg).toBe('');
    roomId = created.body.Id;
    const call = standIn.sent('/wxaapi/broadcast/room/create').at(-1)!;
    expect(call.body).toMatchObject({
      name: '冬季新品直播',
      anchorName: '小美',
      closeShare: 1,
      closeComment: 0,
      type: 0,
    });
    expect(String(call.body.coverImg)).toMatch(/^media-/);
    expect(created.body.WechatRoomId).toBeGreaterThan(0);
  });

  it('say WeChat’s refusal of an unverified anchor', async () => {
    expectError(
      await server.call(
        live.createLiveRoom,
        { ...ROOM, AnchorWechat: 'unverified_anchor' },
        { token: admin, locale: 'zh-CN' },
      ),
      '微信拒绝：主播微信号未完成实名认证',
    );
  });

  it('put two goods through the audit and into the room, and report what the room sold', async () => {
    const ids: number[] = [];
    for (const skip of [5, 6]) {
      const sku = await prepareSku(server, MALL_SITE, 30, { skip });
      const added = await server.call(
        live.addLiveGoods,
        { ProductId: sku.productId, Name: `直播好物${skip}号`, PriceFen: 9900 },
        { token: admin },
      );
      expect(added.body.Errmsg).toBe('');
      ids.push(added.body.Id);
    }
    expectError(
      await server.call(live.addLiveRoomGoods, { RoomId: roomId, GoodsIds: ids }, { token: admin }),
      /not passed WeChat’s audit/,
    );
    const [first, second] = await server.query<{ wechat_goods_id: number }>(
      sql`select wechat_goods_id from live_goods where id in (${ids[0]}, ${ids[1]}) order by id`,
    );
    standIn.goodsAudit.set(first!.wechat_goods_id, 2);
    standIn.goodsAudit.set(second!.wechat_goods_id, 2);
    expect(
      (await server.call(live.refreshLiveGoodsAudit, {}, { token: admin })).body.Changed,
    ).toBeGreaterThanOrEqual(2);
    const placed = await server.call(
      live.addLiveRoomGoods,
      { RoomId: roomId, GoodsIds: ids },
      { token: admin },
    );
    expect(placed.body.Added).toBe(2);
    const [room] = await server.query<{ wechat_room_id: number }>(
      sql`select wechat_room_id from live_rooms where id = ${roomId}`,
    );
    expect(standIn.sent('/wxaapi/broadcast/room/addgoods').at(-1)!.body).toEqual({
      ids: [first!.wechat_goods_id, second!.wechat_goods_id],
      roomId: room!.wechat_room_id,
    });
    const inRoom = await server.call(live.getLiveRoomGoods, { id: roomId }, { token: admin });
    expect(inRoom.body.Total).toBe(2);
    expectError(
      await server.call(live.getLiveRoomGoods, { id: roomId }, { token: site2 }),
      /No such live room/,
    );

    const sku = await prepareSku(server, MALL_SITE, 30, { skip: 5 });
    const order = await placeOrder(server, key, sku, 2, { LiveRoomId: roomId });
    await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: 'buyer-001',
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    const report = await server.call(live.getLiveGoodsSalesReport, { id: roomId }, { token: admin });
    expect(report.body.Data).toEqual([
      expect.objectContaining({
        ProductId: sku.productId,
        Orders: 1,
        Quantity: 2,
        PaidFen: sku.priceFen * 2,
      }),
    ]);
    const rooms = await server.call(live.getLiveRoomSalesReport, { keyword: '冬季新品' }, { token: admin });
    expect(rooms.body.Data[0]).toMatchObject({ Orders: 1, Buyers: 1, PaidFen: order.TotalFen });
  });

  it('refuses an order naming another shop’s room', async () => {
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from live_rooms where site_id <> ${MALL_SITE} limit 1`,
    );
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 7 });
    const refused = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: { Id: 'buyer-001', Name: '张三', Phone: '13800000001' },
      DeliveryType: 'express',
      Address: {
        Name: '张三',
        Phone: '13800000001',
        Province: '广东省',
        City: '深圳市',
        District: '南山区',
        Detail: '科技园路 1 号',
      },
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
      LiveRoomId: foreign!.id,
    });
    expectError(refused, /No such live room in this shop/);
  });

  it('refuse accounts without the menu', async () => {
    const store = await server.login('store');
    expect((await server.call(live.getLiveRoomList, {}, { token: store })).status).toBe(403);
  });
});

describe('rooms created in WeChat’s console', () => {
  const consoleRoom = (roomid: number, name: string, startHours: number) => ({
    name,
    roomid,
    cover_img: `http://mmbiz.qpic.cn/console-${roomid}.jpg`,
    share_img: `http://mmbiz.qpic.cn/console-share-${roomid}.jpg`,
    live_status: 102,
    start_time: Math.floor(Date.now() / 1000) + startHours * 3600,
    end_time: Math.floor(Date.now() / 1000) + (startHours + 2) * 3600,
    anchor_name: '后台主播',
    goods: [],
  });
  const mallRooms = () =>
    server.query<{
      id: number;
      title: string;
      image: string;
      anchor: string;
      anchor_wechat: string;
      close_share: boolean;
      wechat_room_id: number;
    }>(
      sql`select id, title, image, anchor, anchor_wechat, close_share, wechat_room_id from live_rooms
           where site_id = ${MALL_SITE} and provider = 'wechat' and not deleted order by wechat_room_id`,
    );

  it('are brought in page by page, once, keeping what only the back-office holds', async () => {
    // 103 rooms made in the console: more than one page of getliveinfo.
    for (let index = 0; index < 103; index += 1)
      standIn.liveRooms.push(consoleRoom(800_000 + index, `后台直播${index}`, 24 + index));
    const ours = (await mallRooms()).filter((row) => row.wechat_room_id < 800_000);
    expect(ours.length).toBeGreaterThan(0);
    const pagesBefore = standIn.sent('/wxa/business/getliveinfo').length;

    const first = await server.call(live.syncLiveRooms, {}, { token: admin });
    expect(first.body).toMatchObject({ Errcode: 0, Added: 103, Updated: ours.length });
    const pages = standIn.sent('/wxa/business/getliveinfo').slice(pagesBefore);
    expect(pages.map((page) => page.body)).toEqual([
      { start: 0, limit: 100 },
      { start: 100, limit: 100 },
    ]);
    const rooms = await mallRooms();
    const added = rooms.find((row) => row.wechat_room_id === 800_005)!;
    expect(added).toMatchObject({
      title: '后台直播5',
      anchor: '后台主播',
      image: 'http://mmbiz.qpic.cn/console-800005.jpg',
    });
    const listed = await server.call(live.getLiveRoomList, { keyword: '后台直播5' }, { token: admin });
    expect(listed.body.Data.map((row) => row.WechatRoomId)).toContain(800_005);

    // Renamed and moved in the console: the next sync adds nothing and takes the new name and times,
    // while the room made here keeps its library cover, anchor WeChat id and switches.
    const renamed = standIn.liveRooms.find((room) => room.roomid === 800_005)!;
    renamed.name = '后台直播改名';
    const own = ours[0]!;
    const ownOnWechat = standIn.liveRooms.find((room) => room.roomid === own.wechat_room_id)!;
    ownOnWechat.name = '微信里改的名';
    ownOnWechat.anchor_name = '换了主播';
    const second = await server.call(live.syncLiveRooms, {}, { token: admin });
    expect(second.body).toMatchObject({ Added: 0, Updated: 103 + ours.length });
    const after = await mallRooms();
    expect(after).toHaveLength(rooms.length);
    expect(after.find((row) => row.wechat_room_id === 800_005)!.title).toBe('后台直播改名');
    expect(after.find((row) => row.id === own.id)).toEqual({
      ...own,
      title: '微信里改的名',
      anchor: '换了主播',
    });
  });

  it('are synced once when two syncs run together', async () => {
    standIn.liveRooms.push(consoleRoom(810_000, '并发同步直播', 300));
    const [one, two] = await Promise.all([
      server.call(live.syncLiveRooms, {}, { token: admin }),
      server.call(live.syncLiveRooms, {}, { token: admin }),
    ]);
    expect(one.body.Added + two.body.Added).toBe(1);
    expect((await mallRooms()).filter((row) => row.wechat_room_id === 810_000)).toHaveLength(1);
  });

  it('stay in their shop: another shop neither syncs the mall’s rooms nor sees them', async () => {
    // The second shop has not authorised its mini-program: its sync is refused before any call.
    const calls = standIn.calls.length;
    expectError(await server.call(live.syncLiveRooms, {}, { token: site2 }), /authorise the mini-program/);
    expect(standIn.calls.length).toBe(calls);
    const seen = await server.call(live.getLiveRoomList, { keyword: '后台直播' }, { token: site2 });
    expect(seen.body.Total).toBe(0);
    const store = await server.login('store');
    expect((await server.call(live.syncLiveRooms, {}, { token: store })).status).toBe(403);
  });
});
