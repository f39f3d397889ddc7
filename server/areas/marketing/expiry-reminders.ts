import { sql } from 'drizzle-orm';
import type { CouponKind } from '../../../contract/coupon-rules';
import { shopDateTime } from '../../../contract/shop-time';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { extendMessages, translate } from '../../i18n/messages';
import { enqueueSceneMessage, sceneMessageDue } from '../wechat-messages/service';

/**
 * The couponExpiring scene: members hear about an unused copy of a coupon a day before it lapses.
 * The window is fixed (a shop-set window would need a setting screen nobody asked for yet); one
 * sweep a minute meets each copy many times inside it: the query skips copies whose message (keyed
 * by the copy) is enqueued, and the key makes a racing second enqueue do nothing. Each copy is
 * enqueued in its own short transaction, outside the query. Buyers read the messages in Chinese.
 */
export const COUPON_EXPIRY_NOTICE_MS = 24 * 60 * 60 * 1000;
const KEY_PREFIX = 'scene:couponExpiring:memberCoupon:';
/** Copies handled per sweep at most, so one run ends; the rest are met by the next. */
const BATCH = 500;

extendMessages({
  en: {
    'coupon.expiring.amount': '{amount} off',
    'coupon.expiring.amountOver': '{amount} off orders over {threshold}',
    'coupon.expiring.discount': '{tenths} tenths of the price',
    'coupon.expiring.discountOver': '{tenths} tenths of the price on orders over {threshold}',
    'coupon.expiring.freeShipping': 'Free shipping',
    'coupon.expiring.freeShippingOver': 'Free shipping on orders over {threshold}',
  },
  zh: {
    'coupon.expiring.amount': '减{amount}',
    'coupon.expiring.amountOver': '满{threshold}减{amount}',
    'coupon.expiring.discount': '{tenths}折',
    'coupon.expiring.discountOver': '满{threshold}打{tenths}折',
    'coupon.expiring.freeShipping': '免运费',
    'coupon.expiring.freeShippingOver': '满{threshold}免运费',
  },
});

const yuan = (fen: number) => `${(fen / 100).toFixed(2)}元`;

/** A coupon's value and threshold as the buyer reads them: 满199.00元减30.00元, 8.5折, 免运费. */
export function couponValueText(kind: CouponKind, value: number, thresholdFen: number): string {
  const over = thresholdFen > 0 ? 'Over' : '';
  return translate('zh', `coupon.expiring.${kind}${over}`, {
    amount: yuan(value),
    threshold: yuan(thresholdFen),
    // 85 (percent paid) is 8.5折.
    tenths: String(value / 10),
  });
}

/** Enqueues the couponExpiring message of every unused copy lapsing within the notice window. */
export async function remindExpiringCoupons(db: Database, now: Date): Promise<number> {
  const due = await queryRows<{
    id: number;
    site_id: number;
    open_id: string;
    title: string;
    discount_type: CouponKind;
    value: number;
    threshold_fen: number;
    valid_until: string;
  }>(
    db,
    sql`select mc.id, mc.site_id, m.open_id, c.title, c.discount_type, c.value, c.threshold_fen,
               mc.valid_until::text as valid_until
          from member_coupons mc
          join coupons c on c.id = mc.coupon_id
          join members m on m.id = mc.member_id
         where mc.state = 'unused' and mc.order_id is null
           and mc.valid_until > ${now.toISOString()}::timestamptz
           and mc.valid_until <= ${new Date(now.getTime() + COUPON_EXPIRY_NOTICE_MS).toISOString()}::timestamptz
           and ${sceneMessageDue('couponExpiring', sql`mc.site_id`, sql`${KEY_PREFIX}::text || mc.id::text`)}
         order by mc.valid_until, mc.id limit ${BATCH}`,
  );
  for (const copy of due)
    await db.transaction((tx) =>
      enqueueSceneMessage(tx, {
        siteId: copy.site_id,
        scene: 'couponExpiring',
        openId: copy.open_id,
        fields: {
          couponName: copy.title,
          couponValue: couponValueText(copy.discount_type, copy.value, copy.threshold_fen),
          expiresAt: shopDateTime(new Date(copy.valid_until)).slice(0, 16),
          remark: '',
        },
        key: `${KEY_PREFIX}${copy.id}`,
        now,
      }),
    );
  return due.length;
}
