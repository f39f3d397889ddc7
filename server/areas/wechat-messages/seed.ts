import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { messagesSweep } from './outbox';
import { sandboxAdapter } from './sandbox-adapter';
import { enqueueSceneMessage, receiveCustomerMessage, wechatEnvironment } from './service';

/**
 * Demo messages of the mall, all through the sandbox: three templates from the library, the
 * shipped and paid scenes bound and on, buyers' acceptances, the messages of recent parcels and
 * payments, a mass send already sent (with members who had not accepted refused) and one scheduled,
 * keyword replies and a conversation answered by them.
 */

const HOUR = 60 * 60 * 1000;

async function addTemplate(
  db: Database,
  siteId: number,
  tid: number,
  kids: number[],
  title: string,
  sceneDesc: string,
) {
  const sandbox = sandboxAdapter({ errcode: 0 });
  const library = await sandbox.libraryKeywords(tid);
  const priTmplId = await sandbox.addTemplate({ tid, kidList: kids, sceneDesc });
  const keywords = kids.map((kid, index) => {
    const keyword = library.find((entry) => entry.kid === kid)!;
    return { Key: `${keyword.rule}${index + 1}`, Name: keyword.name, Rule: keyword.rule };
  });
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into message_templates (site_id, pri_tmpl_id, tid, title, scene_desc, keywords, provider)
        values (${siteId}, ${priTmplId}, ${tid}, ${title}, ${sceneDesc}, ${JSON.stringify(keywords)}::jsonb, 'sandbox')
        returning id`,
  );
  return { id: row!.id, priTmplId, keywords };
}

export const messagesSeed: AreaSeed = async (db, demo) => {
  const siteId = demo.mallSiteId;
  const now = new Date();
  const reply = (Text: string) => ({ Kind: 'text' as const, Text, Image: '', CardTitle: '', CardPage: '' });
  await db.execute(
    sql`insert into wechat_connections (site_id, default_reply_on, default_reply)
        values (${siteId}, true,
                ${JSON.stringify(reply('您好，客服稍后回复您；查询订单请回复“物流”。'))}::jsonb)`,
  );
  const shipped = await addTemplate(db, siteId, 1856, [1, 2, 3, 4, 5], '订单发货提醒', '订单发货后通知买家');
  const paid = await addTemplate(db, siteId, 1453, [1, 2, 3, 4], '订单支付成功通知', '支付成功后通知买家');
  const arrivals = await addTemplate(db, siteId, 2011, [1, 2, 3], '新品上架通知', '新品上架通知会员');
  const fields = ['orderNo', 'goodsName', 'carrier', 'trackingNo', 'shippedAt'];
  await db.execute(
    sql`insert into message_scenes (site_id, scene, template_id, mapping, page, enabled) values
        (${siteId}, 'orderShipped', ${shipped.id},
         ${JSON.stringify(shipped.keywords.map((keyword, index) => ({ Key: keyword.Key, Field: fields[index], Text: '' })))}::jsonb,
         'pages/order/detail', true),
        (${siteId}, 'orderPaid', ${paid.id},
         ${JSON.stringify(paid.keywords.map((keyword, index) => ({ Key: keyword.Key, Field: ['orderNo', 'goodsName', 'amount', 'paidAt'][index], Text: '' })))}::jsonb,
         'pages/order/detail', true)`,
  );
  // Two of every three members accepted the shipped and new-arrival messages in the mini-program.
  const members = await queryRows<{ id: number; open_id: string }>(
    db,
    sql`select id, open_id from members where site_id = ${siteId} and status = 'active' order by id`,
  );
  const accepting = members.filter((_, index) => index % 3 !== 2);
  for (const template of [shipped, paid, arrivals]) {
    for (const member of accepting)
      await db.execute(
        sql`insert into message_consents (site_id, open_id, pri_tmpl_id, remaining, last_result)
            values (${siteId}, ${member.open_id}, ${template.priTmplId}, 2, 'accept')`,
      );
  }
  // The shipped message of the last parcels, as the order lifecycle enqueues it.
  const parcels = await queryRows<{
    id: number;
    order_no: string;
    buyer_id: string;
    goods_name: string;
    carrier: string;
    tracking_no: string;
    shipped_at: Date;
  }>(
    db,
    sql`select o.id, o.order_no, o.buyer_id, o.goods_name, s.carrier, s.tracking_no, s.shipped_at
          from orders o join order_shipments s on s.order_id = o.id
         where o.site_id = ${siteId} and o.state in ('shipped', 'received', 'completed') and o.buyer_id <> ''
         order by s.shipped_at desc limit 12`,
  );
  await db.transaction(async (tx) => {
    for (const parcel of parcels)
      await enqueueSceneMessage(tx, {
        siteId,
        scene: 'orderShipped',
        openId: parcel.buyer_id,
        fields: {
          orderNo: parcel.order_no,
          goodsName: parcel.goods_name,
          carrier: parcel.carrier,
          trackingNo: parcel.tracking_no,
          shippedAt: new Date(parcel.shipped_at).toISOString().slice(0, 16).replace('T', ' '),
        },
        key: `scene:orderShipped:order:${parcel.id}`,
        now,
      });
  });
  // The paid message of the last payments, as the order lifecycle enqueues it.
  const payments = await queryRows<{
    id: number;
    order_no: string;
    buyer_id: string;
    goods_name: string;
    paid_fen: number;
    paid_at: Date;
  }>(
    db,
    sql`select id, order_no, buyer_id, goods_name, paid_fen, paid_at from orders
         where site_id = ${siteId} and paid_at is not null and buyer_id <> ''
         order by paid_at desc limit 8`,
  );
  await db.transaction(async (tx) => {
    for (const payment of payments)
      await enqueueSceneMessage(tx, {
        siteId,
        scene: 'orderPaid',
        openId: payment.buyer_id,
        fields: {
          orderNo: payment.order_no,
          goodsName: payment.goods_name,
          amount: `${(payment.paid_fen / 100).toFixed(2)}元`,
          paidAt: new Date(payment.paid_at).toISOString().slice(0, 16).replace('T', ' '),
        },
        key: `scene:orderPaid:order:${payment.id}`,
        now,
      });
  });
  const values = { thing1: '冬季新品羽绒服', time2: '2026-12-01 10:00', thing3: '会员专享九折，先到先得' };
  await db.execute(
    sql`insert into message_sends (site_id, template_id, values, page, target, target_label, scheduled_at, request_key,
                                   created_by, created_by_name, created_at)
        values (${siteId}, ${arrivals.id}, ${JSON.stringify(values)}::jsonb, 'pages/index/index', 'all', '全部会员',
                ${new Date(now.getTime() - 2 * HOUR).toISOString()}::timestamptz, 'demo-send-sent', ${demo.adminAccountId},
                'admin', ${new Date(now.getTime() - 3 * HOUR).toISOString()}::timestamptz),
               (${siteId}, ${arrivals.id}, ${JSON.stringify(values)}::jsonb, 'pages/index/index', 'tag', 'VIP',
                ${new Date(now.getTime() + 48 * HOUR).toISOString()}::timestamptz, 'demo-send-later', ${demo.adminAccountId},
                'admin', ${now.toISOString()}::timestamptz)`,
  );
  await db.execute(sql`update message_sends set tag = 'VIP' where request_key = 'demo-send-later'`);
  await db.execute(
    sql`insert into auto_replies (site_id, keyword, match, reply, hits) values
        (${siteId}, '物流', 'contains', ${JSON.stringify(reply('请在“我的订单”中查看物流；如有延误请留言订单号。'))}::jsonb, 0),
        (${siteId}, '营业时间', 'exact', ${JSON.stringify(reply('门店营业时间：每天 9:00–21:00。'))}::jsonb, 0),
        (${siteId}, '发票', 'contains', ${JSON.stringify(reply('下单时填写发票抬头即可，发货后三个工作日内开具。'))}::jsonb, 0)`,
  );
  // A conversation as WeChat's pushes bring it through the platform, answered by the rules above.
  const talk = ['我的物流到哪了？', '营业时间', '可以开发票吗', '衣服有点大，可以换吗'];
  for (const [index, member] of members.slice(0, talk.length).entries())
    await receiveCustomerMessage(db, siteId, {
      FromUserName: member.open_id,
      MsgType: 'text',
      MsgId: `demo-${index + 1}`,
      Content: talk[index]!,
    });
  // The sandbox sends everything enqueued above, as the sweeper would.
  await messagesSweep(db, new Date(), wechatEnvironment());
};
