import { sql } from 'drizzle-orm';
import * as payment from '../../../contract/endpoints/payment';
import { EXCHANGE_NO_PREFIX } from '../../../contract/endpoints/points-exchange';
import { audit } from '../../audit';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { translate } from '../../i18n/messages';
import { payNotifiedOrder } from '../order/service';
import { payNotifiedExchange } from '../points/service';
import { PaymentProviderError } from './adapter';
import { enqueueReturnOfPayment, offlineMethods } from './service';
import { adapterOf, payConfigView, readSettings, settingsChange, wechatReady } from './settings';
import { paymentSettings } from './tables';
import './messages';

export const paymentRoutes = [
  defineRoute(payment.getPayConfig, async ({ db, session }) =>
    payConfigView(await readSettings(db, session.siteId)),
  ),

  defineRoute(payment.savePayConfig, async ({ db, session, input, config, locale, reply }) => {
    const now = new Date();
    const saved = await db.transaction(async (tx) => {
      // The row is made on first save; locking the site serialises two first saves.
      await tx.execute(sql`select id from sites where id = ${session.siteId} for update`);
      const current = await readSettings(tx, session.siteId);
      const currentVersion = current?.version ?? 1;
      if (currentVersion !== input.Version) return { stale: currentVersion, version: currentVersion };
      const change = settingsChange(input, current, config.payment.secretsKey, now);
      const values = { ...change, updatedBy: session.accountId, version: currentVersion + 1 };
      await tx
        .insert(paymentSettings)
        .values({ siteId: session.siteId, ...values })
        .onConflictDoUpdate({ target: paymentSettings.siteId, set: values });
      await audit(tx, session, 'payment.saveConfig', `site:${session.siteId}`, {
        wechatEnabled: input.WechatEnabled,
        mchId: input.MchId,
        offlineMethods: change.offlineMethods,
        // Which secrets were replaced, never their values.
        replaced: (['ApiV3Key', 'PrivateKey', 'PlatformCertificate'] as const).filter(
          (name) => input[name] !== undefined,
        ),
      });
      return { stale: null, version: values.version };
    });
    if (saved.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'payment.stale',
        yours: input.Version,
        current: saved.stale,
      });
    }
    return { Version: saved.version };
  }),

  defineRoute(payment.checkPayConfig, async ({ db, session, config }) => {
    const settings = await readSettings(db, session.siteId);
    const adapter = adapterOf(settings, config.payment);
    const now = new Date();
    // The provider is called with no transaction open; the outcome is written after.
    const outcome = await adapter.check(now);
    const check = {
      Ok: outcome.ok,
      Provider: adapter.provider,
      Code: outcome.code,
      Message: outcome.message,
      CheckedAt: now.toISOString(),
    };
    await db.transaction(async (tx) => {
      await tx
        .insert(paymentSettings)
        .values({ siteId: session.siteId, lastCheck: check })
        .onConflictDoUpdate({ target: paymentSettings.siteId, set: { lastCheck: check } });
      await audit(tx, session, 'payment.checkConfig', `site:${session.siteId}`, {
        provider: check.Provider,
        ok: check.Ok,
        code: check.Code,
      });
    });
    return check;
  }),

  defineRoute(payment.getOfflinePayMethods, async ({ db, session }) => ({
    Methods: await offlineMethods(db, session.siteId),
  })),

  /**
   * WeChat Pay's payment notification. The order is paid only when the platform certificate signed
   * these exact bytes, the API v3 key opens the resource, the merchant matches and the amount is the
   * order's total; one row per transaction makes a notification sent again, or twice at once, pay
   * once. A refusal answers 4xx so WeChat Pay sends it again later, as its documentation asks.
   */
  defineRoute(payment.wechatPayNotify, async ({ db, request, reply, config, locale }) => {
    const fail = (status: number, message: string) => {
      reply.code(status).send({ code: 'FAIL', message });
      return undefined;
    };
    const siteId = Number((request.query as Record<string, unknown>).site);
    const settings = Number.isInteger(siteId) && siteId > 0 ? await readSettings(db, siteId) : null;
    if (!wechatReady(settings)) return fail(404, translate(locale, 'payment.notifySite'));
    const now = new Date();
    let paid: ReturnType<ReturnType<typeof adapterOf>['readPaidNotification']>;
    try {
      paid = adapterOf(settings, config.payment).readPaidNotification({
        headers: request.headers,
        rawBody: request.rawBody,
        now,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        request.log.warn({ siteId, reason: error.message }, 'WeChat Pay notification refused');
        return fail(401, translate(locale, 'payment.notifyRefused', { reason: error.message }));
      }
      throw error;
    }
    await db.transaction(async (tx) => {
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into payment_notifications (site_id, provider, transaction_id, notification_id, order_no, amount_fen)
             values (${siteId}, 'wechat', ${paid.transactionId}, ${paid.notificationId}, ${paid.orderNo}, ${paid.amountFen})
             on conflict (site_id, provider, transaction_id) do nothing returning id`,
      );
      // Already acted on: answer success so WeChat Pay stops sending it.
      if (inserted.length === 0) return;
      try {
        // A savepoint: a refusal part-way (stock short at payment) leaves nothing of the payment behind.
        // The points mall's exchange orders are paid the same way; their numbers say which is which.
        await tx.transaction(async (payment) => {
          const context = { tx: payment, siteId, now, locale };
          if (paid.orderNo.startsWith(EXCHANGE_NO_PREFIX)) await payNotifiedExchange(context, paid);
          else await payNotifiedOrder(context, paid);
        });
      } catch (error) {
        // The order cannot be paid (closed meanwhile, another amount, unknown order, stock short): the
        // buyer's money is real, so it goes back rather than waiting on a retry that cannot pass.
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ siteId, orderNo: paid.orderNo, key: error.key }, 'WeChat Pay payment returned');
        await enqueueReturnOfPayment(tx, {
          siteId,
          orderNo: paid.orderNo,
          notificationRowId: inserted[0]!.id,
          amountFen: paid.amountFen,
        });
      }
    });
    return {};
  }),
];
