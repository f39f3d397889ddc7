import { useSearchParams } from 'react-router-dom';
import { CouponPermission } from '../../../contract/machines/coupon';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { recordId } from '../../core/use-record';
import { couponCatalogues } from './messages';
import { SendForm } from './send-form';

/** /marketing/couponActivity/couponSend: a coupon (`?couponId=` preselects it) sent to any target. */
function CouponSendPage() {
  const [search] = useSearchParams();
  return (
    <SendForm
      membersOnly={false}
      initialCouponId={recordId(search, 'couponId') ?? undefined}
      initialMembers={[]}
      doneTo={CouponPermission.sends}
    />
  );
}

export default withModuleMessages(CouponSendPage, couponCatalogues);
