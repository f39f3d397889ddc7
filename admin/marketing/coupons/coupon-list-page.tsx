import { type CouponRow, couponListResource } from '../../../contract/endpoints/coupons';
import { CouponPermission } from '../../../contract/machines/coupon';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { CopiesDialog } from './copies-dialog';
import { couponActions, couponColumns } from './coupon-columns';
import { couponCatalogues } from './messages';

/** /marketing/couponActivity/onlineCoupon: coupons claimed and sent to members, by state. */
const couponDefinition: ResourceDefinition<CouponRow> = {
  list: couponListResource,
  path: CouponPermission.online,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  actionNamed: 'coupons.actionNamed',
  columns: couponColumns('coupons'),
  actions: [
    ...couponActions('coupons'),
    {
      kind: 'command',
      id: 'copies',
      label: 'coupons.copies',
      permission: CouponPermission.online,
      dialog: CopiesDialog,
    },
    {
      kind: 'link',
      id: 'send',
      label: 'coupons.send',
      permission: CouponPermission.send,
      to: (row) => `${CouponPermission.send}?couponId=${row.Id}`,
      offer: (row) => row.State === 'active',
    },
  ],
  toolbar: [
    { label: 'coupons.new', to: CouponPermission.edit, permission: CouponPermission.edit, primary: true },
  ],
};

function CouponListPage() {
  return <ResourceScreen definition={couponDefinition} />;
}

export default withModuleMessages(CouponListPage, couponCatalogues);
