import { and, desc, eq, sql } from 'drizzle-orm';
import { API_BASE } from '../../../contract/endpoint';
import { WECHAT_NOTIFY_PATH } from '../../../contract/endpoints/payment';
import * as mall from '../../../contract/endpoints/points-exchange';
import { nextExpiry } from '../../../contract/points';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { Locale } from '../../i18n/messages';
import { holding } from '../customer/service';
import { askProvider, sitePaymentAdapter } from '../payment/service';
import { storefrontSite } from '../storefront/service';
import {
  assertExchangePayable,
  cancelExchangeOrder,
  confirmExchange,
  type ExchangeContext,
  type ExchangeRecord,
  exchangeGoods,
  findExchange,
  lockExchange,
  payExchange,
} from './exchange';
import { pointsDue } from './flows';
import { GOODS_COLUMNS, GOODS_FROM, type GoodsRecord, goodsStateSql } from './goods';
import { readPointsSetting } from './settings';
import { pointsExchanges } from './tables';
import './messages';

/** The buyer's side of the points mall, under /storefront/ with the shop's key (DESIGN §11). */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function goodsView(record: GoodsRecord) {
  return {
    Id: record.id,
    Title: record.title,
    Image: record.image || record.cover || '',
    Kind: record.kind,
    Points: record.points,
    PriceFen: record.price_fen,
    Stock: record.stock,
    PerMemberLimit: record.per_member_limit,
    EndsAt: iso(record.ends_at),
    Description: record.description,
  };
}

async function exchangeView(db: Executor, exchange: ExchangeRecord) {
  const tickets = await queryRows<{ code: string; valid_until: Date | string }>(
    db,
    sql`select code, valid_until from tickets where exchange_id = ${exchange.id} order by id`,
  );
  return {
    Id: exchange.id,
    ExchangeNo: exchange.exchangeNo,
    State: exchange.state,
    Kind: exchange.kind,
    GoodsId: exchange.goodsId,
    Title: exchange.title,
    Image: exchange.image,
    Quantity: exchange.quantity,
    Points: exchange.points,
    CashFen: exchange.cashFen,
    CreatedAt: iso(exchange.createdAt)!,
    Carrier: exchange.carrier,
    TrackingNo: exchange.trackingNo,
    PayDueAt: exchange.state === 'toPay' ? iso(exchange.payDueAt) : null,
    Tickets: tickets.map((ticket) => ({ Code: ticket.code, ValidUntil: iso(ticket.valid_until)! })),
  };
}

function buyerContext(tx: Executor, siteId: number, locale: Locale, name: string): ExchangeContext {
  return { tx, siteId, actor: { kind: 'buyer', accountId: null, name }, now: new Date(), locale };
}

export const storefrontPointsRoutes = [
  defineRoute(mall.getStorefrontPointsGoodsList, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const running = sql`g.site_id = ${siteId} and not g.deleted and g.product_id is not null
      and ${goodsStateSql(new Date())} = 'running' ${input.kind ? sql`and g.kind = ${input.kind}` : sql``}`;
    const [rows, [count]] = await Promise.all([
      queryRows<GoodsRecord>(
        db,
        sql`select ${GOODS_COLUMNS} from ${GOODS_FROM} where ${running}
             order by g.sort desc, g.id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from ${GOODS_FROM} where ${running}`,
      ),
    ]);
    return { Data: rows.map(goodsView), Total: count?.total ?? 0 };
  }),

  defineRoute(mall.getStorefrontPointsGoods, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const [record] = await queryRows<GoodsRecord>(
      db,
      sql`select ${GOODS_COLUMNS} from ${GOODS_FROM}
           where g.id = ${input.id} and g.site_id = ${siteId} and not g.deleted and g.status = 'on'`,
    );
    if (!record) throw new AppError('points.goods.notFound', { id: input.id }, { field: 'id' });
    return { Goods: goodsView(record) };
  }),

  defineRoute(mall.getPointsAccount, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const setting = await readPointsSetting(db, siteId);
    const key = { siteId, buyerId: input.buyerId };
    const balance = await holding(db, { ...key, currency: 'points' });
    const next = nextExpiry(new Date());
    const expiring = setting.Expiry === 'never' ? 0 : await pointsDue(db, key, next.cutoff, balance);
    const { Version: _version, ...Rules } = setting;
    return {
      Points: balance,
      Expiring: expiring > 0 ? { Points: expiring, At: next.at.toISOString() } : null,
      Rules,
    };
  }),

  defineRoute(mall.exchangePoints, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Exchange = await db.transaction(async (tx) => {
      const exchange = await exchangeGoods(buyerContext(tx, siteId, locale, input.Buyer.Name), {
        buyer: { id: input.Buyer.Id, name: input.Buyer.Name, phone: input.Buyer.Phone },
        goodsId: input.GoodsId,
        quantity: input.Quantity,
        address: input.Address,
        remark: input.Remark,
      });
      return exchangeView(tx, exchange);
    });
    return { Exchange };
  }),

  defineRoute(mall.payExchange, async ({ db, request, input, locale, config }) => {
    const siteId = await storefrontSite(db, request);
    const pay = (transactionNo: string) =>
      db.transaction(async (tx) => {
        const exchange = await lockExchange(tx, siteId, { exchangeNo: input.ExchangeNo }, input.BuyerId);
        const context = buyerContext(tx, siteId, locale, exchange.buyerName);
        const paid = await payExchange(context, exchange, {
          method: input.PaymentMethod,
          amountFen: input.AmountFen,
          transactionNo,
        });
        return exchangeView(tx, paid);
      });
    if (input.PaymentMethod === 'balance') return { Exchange: await pay(input.TransactionNo), Payment: null };
    const adapter = await sitePaymentAdapter(db, siteId, config.payment);
    if (adapter.provider === 'wechat' && input.PaymentMethod !== 'wechat') {
      throw new AppError('payment.methodUnavailable', {}, { field: 'PaymentMethod' });
    }
    const exchange = await findExchange(db, siteId, { exchangeNo: input.ExchangeNo }, input.BuyerId);
    assertExchangePayable({ locale, now: new Date() }, exchange, input.AmountFen);
    // Outside any transaction: the provider is a network call.
    const prepaid = await askProvider(() =>
      adapter.prepay(
        {
          orderNo: exchange.exchangeNo,
          description: exchange.title,
          totalFen: exchange.cashFen,
          openId: exchange.buyerId,
          notifyUrl: `${request.protocol}://${request.host}${API_BASE}${WECHAT_NOTIFY_PATH}?site=${siteId}`,
        },
        new Date(),
      ),
    );
    if (prepaid.kind === 'jsapi')
      return { Exchange: await exchangeView(db, exchange), Payment: prepaid.payment };
    return { Exchange: await pay(input.TransactionNo || prepaid.transactionNo), Payment: null };
  }),

  defineRoute(mall.withdrawExchange, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Exchange = await db.transaction(async (tx) => {
      const exchange = await lockExchange(tx, siteId, { exchangeNo: input.ExchangeNo }, input.BuyerId);
      const context = buyerContext(tx, siteId, locale, exchange.buyerName);
      return exchangeView(tx, await cancelExchangeOrder(context, exchange, 'withdraw', input.Reason));
    });
    return { Exchange };
  }),

  defineRoute(mall.confirmExchange, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Exchange = await db.transaction(async (tx) => {
      const exchange = await lockExchange(tx, siteId, { exchangeNo: input.ExchangeNo }, input.BuyerId);
      const context = buyerContext(tx, siteId, locale, exchange.buyerName);
      return exchangeView(tx, await confirmExchange(context, exchange));
    });
    return { Exchange };
  }),

  defineRoute(mall.getMyExchanges, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const mine = and(eq(pointsExchanges.siteId, siteId), eq(pointsExchanges.buyerId, input.buyerId));
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(pointsExchanges)
        .where(mine)
        .orderBy(desc(pointsExchanges.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      db.$count(pointsExchanges, mine),
    ]);
    const Data = [];
    for (const row of rows) Data.push(await exchangeView(db, row));
    return { Data, Total: total };
  }),
];
