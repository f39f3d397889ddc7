import { FormattedMessage } from 'react-intl';
import type { CouponKind, Validity } from '../../../contract/coupon-rules';
import { fenToYuan } from '../../../src/lib/format';

/** What a coupon takes off, in the operator's words: 满¥199减¥30, 8.5折 (最多减¥50), 满¥59包邮. */
export function CouponValue({
  kind,
  value,
  capFen,
  thresholdFen,
}: {
  kind: CouponKind;
  value: number;
  capFen: number | null;
  thresholdFen: number;
}) {
  const threshold = { threshold: fenToYuan(thresholdFen), hasThreshold: thresholdFen > 0 ? 'yes' : 'no' };
  if (kind === 'amount')
    return <FormattedMessage id="coupons.value.amount" values={{ ...threshold, amount: fenToYuan(value) }} />;
  if (kind === 'discount')
    return (
      <FormattedMessage
        id="coupons.value.discount"
        values={{
          ...threshold,
          discount: value / 10,
          cap: capFen === null ? '' : fenToYuan(capFen),
          hasCap: capFen === null ? 'no' : 'yes',
        }}
      />
    );
  return <FormattedMessage id="coupons.value.freeShipping" values={threshold} />;
}

/** How long a copy lasts: fixed days, or days from its claim. */
export function ValidityText({ validity }: { validity: Validity }) {
  return validity.kind === 'fixed' ? (
    <FormattedMessage id="coupons.validity.fixed" values={{ from: validity.from, until: validity.until }} />
  ) : (
    <FormattedMessage
      id="coupons.validity.relative"
      values={{ days: validity.days, fromTomorrow: validity.fromTomorrow ? 'yes' : 'no' }}
    />
  );
}
