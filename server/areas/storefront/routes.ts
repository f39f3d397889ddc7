import { desc, eq } from 'drizzle-orm';
import { API_BASE } from '../../../contract/endpoint';
import * as orders from '../../../contract/endpoints/orders';
import { WECHAT_NOTIFY_PATH } from '../../../contract/endpoints/payment';
import * as storefront from '../../../contract/endpoints/storefront';
import { audit } from '../../audit';
import { afterCommit } from '../../db/after-commit';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { readWallet } from '../customer/service';
import type { rechargeOrders } from '../order/tables';
import { askProvider, sitePaymentAdapter } from '../payment/service';
import { forgetStorefrontKey, newKey, storefrontSite } from './service';
import './messages';
import { sql } from 'drizzle-orm';
import {
  applyStorefrontRefund,
  cancelStorefrontOrder,
  confirmStorefrontReceipt,
  findBuyersOrder,
  payableStorefrontOrder,
  payStorefrontOrder,
  payStorefrontRecharge,
  placeOrder,
  placeStorefrontRecharge,
  quoteStorefrontFreight,
  type StorefrontContext,
  storefrontView,
} from '../order/service';
import { storefrontKeys } from './tables';

function iso(value: Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

type RechargeRecord = typeof rechargeOrders.$inferSelect;

function rechargeView(recharge: RechargeRecord) {
  return {
    OrderNo: recharge.orderNo,
    Kind: recharge.kind,
    State: recharge.state,
    AmountFen: recharge.amountFen,
    PackageCode: recharge.packageCode,
    Phone: recharge.phone,
    PayDueAt: recharge.state === 'toPay' ? iso(recharge.payDueAt) : null,
    CreatedAt: iso(recharge.createdAt)!,
  };
}

/** SPEC §7 has no storefront; these are the buyer's calls a mini-program's server makes with its key. */
export const storefrontRoutes = [
  defineRoute(storefront.createOrder, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Order = await db.transaction(async (tx) => {
      const context: StorefrontContext = { tx, siteId, now: new Date(), locale };
      return storefrontView(tx, await placeOrder(context, input));
    });
    return { Order };
  }),

  defineRoute(storefront.quoteExpressFreight, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const quote = await quoteStorefrontFreight(db, siteId, input, new Date());
    const activity = quote.price.freeShippingActivity;
    return {
      FreightFen: quote.freightFen,
      FreightRulesFen: quote.price.freightRulesFen,
      FreeShippingActivity: activity ? { Id: activity.id, Name: activity.name } : null,
      Parts: quote.parts.map((part) => ({
        TemplateId: part.templateId,
        FreightFen: part.fen,
        Rule: part.rule,
        Free: part.free,
      })),
    };
  }),

  defineRoute(storefront.getOrder, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const Order = await storefrontView(db, await findBuyersOrder(db, siteId, input.orderNo, input.buyerId));
    return { Order };
  }),

  defineRoute(storefront.payOrder, async ({ db, request, input, locale, config }) => {
    const siteId = await storefrontSite(db, request);
    const pay = async (transactionNo: string) =>
      db.transaction(async (tx) =>
        storefrontView(
          tx,
          await payStorefrontOrder(
            { tx, siteId, now: new Date(), locale },
            { ...input, TransactionNo: transactionNo },
          ),
        ),
      );
    // The wallet pays balance orders itself; no provider is involved.
    if (input.PaymentMethod === 'balance') return { Order: await pay(input.TransactionNo), Payment: null };
    const adapter = await sitePaymentAdapter(db, siteId, config.payment);
    if (adapter.provider === 'wechat' && input.PaymentMethod !== 'wechat') {
      throw new AppError('payment.methodUnavailable', {}, { field: 'PaymentMethod' });
    }
    const order = await payableStorefrontOrder(db, { siteId, now: new Date(), locale }, input);
    // Outside any transaction: the provider is a network call.
    const prepaid = await askProvider(() =>
      adapter.prepay(
        {
          orderNo: order.orderNo,
          description: order.orderNo,
          totalFen: order.totalFen,
          openId: order.buyerId,
          notifyUrl: `${request.protocol}://${request.host}${API_BASE}${WECHAT_NOTIFY_PATH}?site=${siteId}`,
        },
        new Date(),
      ),
    );
    if (prepaid.kind === 'jsapi') return { Order: await storefrontView(db, order), Payment: prepaid.payment };
    return { Order: await pay(input.TransactionNo || prepaid.transactionNo), Payment: null };
  }),

  defineRoute(storefront.cancelOrder, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Order = await db.transaction(async (tx) =>
      storefrontView(tx, await cancelStorefrontOrder({ tx, siteId, now: new Date(), locale }, input)),
    );
    return { Order };
  }),

  defineRoute(storefront.confirmReceipt, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Order = await db.transaction(async (tx) =>
      storefrontView(tx, await confirmStorefrontReceipt({ tx, siteId, now: new Date(), locale }, input)),
    );
    return { Order };
  }),

  defineRoute(storefront.applyRefund, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Order = await db.transaction(async (tx) =>
      storefrontView(tx, await applyStorefrontRefund({ tx, siteId, now: new Date(), locale }, input)),
    );
    return { Order };
  }),

  defineRoute(storefront.getWallet, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return { Wallet: await readWallet(db, siteId, input.buyerId) };
  }),

  defineRoute(storefront.createRechargeOrder, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const recharge = await db.transaction((tx) =>
      placeStorefrontRecharge({ tx, siteId, now: new Date(), locale }, input),
    );
    return { Order: rechargeView(recharge) };
  }),

  defineRoute(storefront.payRechargeOrder, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const recharge = await db.transaction((tx) =>
      payStorefrontRecharge({ tx, siteId, now: new Date(), locale }, input),
    );
    return { Order: rechargeView(recharge) };
  }),
];

/** The order settings screen manages the keys (SPEC §7 /DistributorsShopOrder/ order settings). */
export const storefrontKeyRoutes = [
  defineRoute(orders.getStorefrontKeys, async ({ db, session }) => {
    const rows = await db
      .select()
      .from(storefrontKeys)
      .where(eq(storefrontKeys.siteId, session.siteId))
      .orderBy(desc(storefrontKeys.id));
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Prefix: row.prefix,
        CreatedAt: iso(row.createdAt)!,
        LastUsedAt: iso(row.lastUsedAt),
        RevokedAt: iso(row.revokedAt),
      })),
    };
  }),

  defineRoute(orders.addStorefrontKey, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      // Serialises key creation per site, so two requests cannot both pass the limit.
      await tx.execute(sql`select id from sites where id = ${session.siteId} for update`);
      const [live] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from storefront_keys where site_id = ${session.siteId} and revoked_at is null`,
      );
      if ((live?.count ?? 0) >= orders.MAX_STOREFRONT_KEYS) {
        throw new AppError('storefront.tooManyKeys', { max: orders.MAX_STOREFRONT_KEYS }, { field: 'Name' });
      }
      const { key, hash, prefix } = newKey();
      const [row] = await tx
        .insert(storefrontKeys)
        .values({
          siteId: session.siteId,
          name: input.Name,
          keyHash: hash,
          prefix,
          createdBy: session.accountId,
        })
        .returning({ id: storefrontKeys.id });
      await audit(tx, session, 'storefront.key.add', `storefrontKey:${row!.id}`, {
        name: input.Name,
        prefix,
      });
      return { Id: row!.id, Key: key };
    }),
  ),

  defineRoute(orders.revokeStorefrontKey, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number; prefix: string }>(
        tx,
        sql`update storefront_keys set revoked_at = now()
             where id = ${input.Id} and site_id = ${session.siteId} and revoked_at is null
             returning id, prefix`,
      );
      if (!row) throw new AppError('storefront.keyNotFound', { id: input.Id }, { field: 'Id' });
      // Forgotten now and again once committed: a call that read the key meanwhile kept it.
      forgetStorefrontKey(row.id);
      afterCommit(tx, () => forgetStorefrontKey(row.id));
      await audit(tx, session, 'storefront.key.revoke', `storefrontKey:${row.id}`, { prefix: row.prefix });
      return {};
    }),
  ),
];
