import { sql } from 'drizzle-orm';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { payStorefrontOrder, placeOrder } from '../order/service';
import { acceptingSandbox } from '../wechat-messages/service';

const HOUR = 60 * 60 * 1000;

/**
 * Demo live rooms (one on air, one coming up, one over in the mall; one in the official site) made
 * in the sandbox, catalogue goods submitted as live goods (approved, one still under audit), two
 * goods in the rooms on air and over, and buyers' orders from those rooms for the sales reports.
 */
export const liveRoomSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const cover = demoPicture('#f44336', '直播');
  const share = demoPicture('#ff9800', '分享');
  const sandbox = acceptingSandbox();
  const rooms: [number, string, string, number, number][] = [
    [demo.mallSiteId, '春季新品发布直播', '小美', -1, 2],
    [demo.mallSiteId, '周末好物秒杀专场', '阿杰', 48, 50],
    [demo.mallSiteId, '店长带你逛新店', '店长老王', -72, -70],
    [demo.secondSiteId, '产品发布会直播', '市场部', 24, 26],
  ];
  const ids: number[] = [];
  for (const [siteId, title, anchor, start, end] of rooms) {
    const startTime = Math.floor((now + start * HOUR) / 1000);
    const { roomId } = await sandbox.createRoom({
      name: title,
      coverImg: 'sandbox-media',
      shareImg: 'sandbox-media',
      feedsImg: 'sandbox-media',
      startTime,
      endTime: Math.floor((now + end * HOUR) / 1000),
      anchorName: anchor,
      anchorWechat: 'demo_anchor',
      type: 0,
      closeComment: 0,
      closeShare: 0,
      closeLike: 0,
      closeGoods: 0,
    });
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into live_rooms (site_id, title, image, share_image, anchor, anchor_wechat, starts_at, ends_at,
                                  wechat_room_id, provider)
          values (${siteId}, ${title}, ${cover}, ${share}, ${anchor}, 'demo_anchor',
                  ${new Date(now + start * HOUR).toISOString()}::timestamptz,
                  ${new Date(now + end * HOUR).toISOString()}::timestamptz, ${roomId}, 'sandbox')
          returning id`,
    );
    ids.push(row!.id);
  }
  const products = await queryRows<{
    id: number;
    name: string;
    image: string;
    price_fen: number;
    sku_id: number;
  }>(
    db,
    sql`select p.id, p.name, coalesce(p.gallery->>0, '') as image, s.price_fen, s.id as sku_id
          from products p join lateral (select id, price_fen from skus where product_id = p.id and stock >= 20
                                         order by id limit 1) s on true
         where p.site_id = ${demo.mallSiteId} and p.recycle_state = 'active' and p.shelf_state = 'on'
           and p.audit_state = 'approved' and p.kind = 'physical'
         order by p.id limit 4`,
  );
  const goods: { id: number; skuId: number; priceFen: number }[] = [];
  for (const [index, product] of products.entries()) {
    const name = product.name.slice(0, 14).padEnd(3, '款');
    const added = await sandbox.addGoods({
      coverImgUrl: 'sandbox-media',
      name,
      priceType: 1,
      price: product.price_fen / 100,
      url: `pages/goods/detail?id=${product.id}`,
    });
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into live_goods (site_id, product_id, name, cover, price_fen, state, wechat_goods_id, audit_id, provider)
          values (${demo.mallSiteId}, ${product.id}, ${name}, ${product.image}, ${product.price_fen},
                  ${index === products.length - 1 ? 'auditing' : 'approved'}, ${added.goodsId}, ${added.auditId}, 'sandbox')
          returning id`,
    );
    goods.push({ id: row!.id, skuId: product.sku_id, priceFen: product.price_fen });
  }
  const onAir = ids[0]!;
  const over = ids[2]!;
  for (const room of [onAir, over])
    for (const good of goods.slice(0, 2))
      await db.execute(
        sql`insert into live_room_goods (site_id, room_id, goods_id) values (${demo.mallSiteId}, ${room}, ${good.id})`,
      );
  // Buyers watching the rooms order their goods, as the mini-program's live page does.
  const buyers = await queryRows<{ open_id: string; nickname: string; mobile: string }>(
    db,
    sql`select open_id, nickname, mobile from members where site_id = ${demo.mallSiteId} and status = 'active'
          and mobile <> '' order by id limit 6`,
  );
  for (const [index, buyer] of buyers.entries()) {
    const room = index % 3 === 2 ? onAir : over;
    const good = goods[index % 2];
    if (!good) break;
    await db.transaction(async (tx) => {
      const context = { tx, siteId: demo.mallSiteId, now: new Date(), locale: 'zh' as const };
      const order = await placeOrder(context, {
        Buyer: { Id: buyer.open_id, Name: buyer.nickname || '直播观众', Phone: buyer.mobile },
        Source: 'miniProgram',
        DeliveryType: 'express',
        Address: {
          Name: buyer.nickname || '直播观众',
          Phone: buyer.mobile,
          Province: '广东省',
          City: '深圳市',
          District: '南山区',
          Detail: '科技园路 1 号',
        },
        Lines: [{ SkuId: good.skuId, Quantity: 1 + (index % 2) }],
        BuyerRemark: '',
        LiveRoomId: room,
      });
      await payStorefrontOrder(context, {
        OrderNo: order.orderNo,
        BuyerId: buyer.open_id,
        PaymentMethod: 'wechat',
        AmountFen: order.totalFen,
        TransactionNo: `4200live${String(index).padStart(6, '0')}`,
      });
    });
  }
};
