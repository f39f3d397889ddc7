import type { Executor } from '../../db/client';
import type { Locale } from '../../i18n/messages';
import { credit } from '../customer/service';
import { type ExchangeRecord, lockExchange, payExchange } from './exchange';
import { readPointsSetting } from './settings';
import './messages';

/**
 * The points area's public service: the rules the order area prices with, the check-in's points,
 * and the payment notification of an exchange order's cash part.
 */

export { readPointsSetting };

/** The points of the day's first check-in, as the points settings say; returns how many. */
export async function grantSignInPoints(
  tx: Executor,
  checkIn: { siteId: number; buyerId: string; day: string; now: Date },
): Promise<number> {
  const { SignInPoints } = await readPointsSetting(tx, checkIn.siteId);
  if (SignInPoints === 0) return 0;
  await credit(tx, {
    siteId: checkIn.siteId,
    buyerId: checkIn.buyerId,
    currency: 'points',
    amount: SignInPoints,
    reason: 'sign_in',
    orderNo: '',
    note: checkIn.day,
    actor: { kind: 'buyer', accountId: null, name: '' },
    now: checkIn.now,
  });
  return SignInPoints;
}

/** WeChat Pay's notification said the exchange's cash part is paid; the caller has checked its signature. */
export async function payNotifiedExchange(
  context: { tx: Executor; siteId: number; now: Date; locale: Locale },
  paid: { orderNo: string; amountFen: number; transactionId: string },
): Promise<ExchangeRecord> {
  const exchange = await lockExchange(context.tx, context.siteId, { exchangeNo: paid.orderNo });
  return payExchange(
    { ...context, actor: { kind: 'buyer', accountId: null, name: exchange.buyerName } },
    exchange,
    { method: 'wechat', amountFen: paid.amountFen, transactionNo: paid.transactionId },
  );
}
