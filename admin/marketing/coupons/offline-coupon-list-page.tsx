import { type CouponRow, offlineCouponListResource } from '../../../contract/endpoints/coupons';
import { CouponPermission } from '../../../contract/machines/coupon';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { couponActions, couponColumns } from './coupon-columns';
import { couponCatalogues } from './messages';

/** /marketing/couponActivity/underlineCoupon: coupons used in stores, built into batches of codes. */
const offlineDefinition: ResourceDefinition<CouponRow> = {
  list: offlineCouponListResource,
  path: CouponPermission.offline,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  actionNamed: 'coupons.actionNamed',
  columns: couponColumns('offlineCoupons'),
  actions: [
    ...couponActions('offlineCoupons'),
    {
      kind: 'link',
      id: 'build',
      label: 'offlineCoupons.build',
      permission: CouponPermission.build,
      to: (row) => `${CouponPermission.build}?id=${row.Id}`,
      offer: (row) => row.State === 'draft' || row.State === 'active',
    },
    {
      kind: 'link',
      id: 'codes',
      label: 'offlineCoupons.codes',
      permission: CouponPermission.codes,
      to: (row) => `${CouponPermission.codes}?couponId=${row.Id}`,
    },
  ],
  toolbar: [
    {
      label: 'offlineCoupons.new',
      to: `${CouponPermission.edit}?channel=offline`,
      permission: CouponPermission.edit,
      primary: true,
    },
  ],
};

function OfflineCouponListPage() {
  return <ResourceScreen definition={offlineDefinition} />;
}

export default withModuleMessages(OfflineCouponListPage, couponCatalogues);
