import { type SQL, sql } from 'drizzle-orm';
import * as records from '../../../contract/endpoints/recharge-records';
import { dateBound, parseSort } from '../../../contract/list-query';
import { AddedValuePermission } from '../../../contract/machines/added-value';
import { audit } from '../../audit';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute, hasPermission } from '../../http/route';
import { translate } from '../../i18n/messages';
import { type PaidTransaction, PaymentProviderError, platformPaymentAdapter } from '../payment/service';
import {
  cancelPurchase,
  PURCHASE_SELECT,
  type PurchaseRecord,
  payPurchase,
  purchaseView,
  readPurchase,
  requestInvoice,
  withdrawInvoice,
} from './purchases';
import './messages';

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

export const purchaseRoutes = [
  defineRoute(records.getRechargeRecords, async ({ db, session, input }) => {
    const conditions = [sql`p.site_id = ${session.siteId}`];
    if (input.kind) conditions.push(sql`p.kind = ${input.kind}`);
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      conditions.push(sql`(p.purchase_no ilike ${pattern} or p.item_name ilike ${pattern})`);
    }
    if (input.createdFrom)
      conditions.push(sql`p.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
    if (input.createdTo)
      conditions.push(sql`p.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
    const tab = input.state === 'all' ? [] : [sql`p.state = ${input.state}`];
    const order = parseSort(input.sort);
    const direction = order.descending ? sql`desc` : sql`asc`;
    const column = order.field === 'amount' ? sql`p.amount_fen` : sql`p.created_at`;
    const [rows, [counts]] = await Promise.all([
      queryRows<PurchaseRecord>(
        db,
        sql`${PURCHASE_SELECT} where ${and([...conditions, ...tab])}
             order by ${column} ${direction}, p.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof records.RECHARGE_RECORD_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where p.state = 'toPay'))::int as "toPay",
                   (count(*) filter (where p.state = 'paid'))::int as paid,
                   (count(*) filter (where p.state = 'closed'))::int as closed
              from platform_purchases p where ${and(conditions)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, toPay: 0, paid: 0, closed: 0 };
    return { Data: rows.map(purchaseView), Total: tally[input.state], Counts: tally };
  }),

  defineRoute(records.getPurchase, async ({ db, session, input }) => {
    if (!Object.values(AddedValuePermission).some((path) => hasPermission(session, path)))
      throw new AppError('common.forbidden', {}, { status: 403 });
    return { Purchase: await readPurchase(db, session.siteId, input.id, 'id') };
  }),

  defineRoute(records.cancelPurchase, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      await cancelPurchase(tx, session.siteId, input.Id, new Date());
      await audit(tx, session, 'addedValue.cancelPurchase', `purchase:${input.Id}`);
      return { Purchase: await readPurchase(tx, session.siteId, input.Id) };
    });
  }),

  defineRoute(records.requestInvoice, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      await requestInvoice(tx, session, input, new Date());
      await audit(tx, session, 'addedValue.requestInvoice', `purchase:${input.PurchaseId}`, {
        title: input.Title,
        taxNo: input.TaxNo,
        email: input.Email,
      });
      return { Purchase: await readPurchase(tx, session.siteId, input.PurchaseId) };
    });
  }),

  defineRoute(records.withdrawInvoice, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      await withdrawInvoice(tx, session.siteId, input.PurchaseId, new Date());
      await audit(tx, session, 'addedValue.withdrawInvoice', `purchase:${input.PurchaseId}`);
      return { Purchase: await readPurchase(tx, session.siteId, input.PurchaseId) };
    });
  }),

  /**
   * WeChat Pay's notification of a payment to the platform's merchant. It pays only when the
   * platform certificate signed these bytes, the API v3 key opens them, the merchant is the
   * platform's and the amount is the purchase's; the purchase number's unique payment makes a
   * notification sent again, or twice at once, credit once. Refusals answer 4xx, so WeChat Pay
   * sends again later as its documentation asks.
   */
  defineRoute(records.platformPayNotify, async ({ db, request, reply, config, locale }) => {
    const fail = (status: number, message: string) => {
      reply.code(status).send({ code: 'FAIL', message });
      return undefined;
    };
    if (!config.payment.platformMerchant) return fail(404, translate(locale, 'addedValue.notifyNoMerchant'));
    const now = new Date();
    let paid: PaidTransaction;
    try {
      paid = platformPaymentAdapter(config.payment).readPaidNotification({
        headers: request.headers,
        rawBody: request.rawBody,
        now,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        request.log.warn({ reason: error.message }, 'platform payment notification refused');
        return fail(401, translate(locale, 'addedValue.notifyRefused', { reason: error.message }));
      }
      throw error;
    }
    const outcome = await db.transaction((tx) =>
      payPurchase(
        tx,
        { purchaseNo: paid.orderNo, transactionId: paid.transactionId, amountFen: paid.amountFen },
        now,
      ),
    );
    if (outcome === 'unknown')
      return fail(404, translate(locale, 'addedValue.notifyUnknown', { no: paid.orderNo }));
    if (outcome === 'amountMismatch') {
      request.log.warn(
        { purchaseNo: paid.orderNo, amountFen: paid.amountFen },
        'platform payment of another amount',
      );
      return fail(400, translate(locale, 'addedValue.notifyAmount', { no: paid.orderNo }));
    }
    return {};
  }),
];
