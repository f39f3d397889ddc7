import { FormattedMessage } from 'react-intl';
import { type CouponRow, deleteCoupon, setCouponState } from '../../../contract/endpoints/coupons';
import { CouponPermission, couponMachine } from '../../../contract/machines/coupon';
import { columnKinds, enumBadge } from '../../core/column-kinds';
import type { ActionSpec } from '../../core/resource-definition';
import type { ResourceColumn } from '../../core/resource-list';
import { CouponValue, ValidityText } from './coupon-text';

/**
 * What the online and offline coupon lists share: the columns and the actions on a coupon (edit,
 * the machine's, delete). Each list adds its own (copies and sends, or codes).
 */

export function couponColumns(prefix: string): ResourceColumn<CouponRow>[] {
  const column = columnKinds<CouponRow>(`${prefix}.column`);
  return [
    column.twoLines(
      'title',
      (row) => row.Title,
      (row) => <FormattedMessage id={`coupons.kind.${row.Kind}`} />,
    ),
    column.text('value', (row) => (
      <CouponValue kind={row.Kind} value={row.Value} capFen={row.CapFen} thresholdFen={row.ThresholdFen} />
    )),
    column.twoLines(
      'quantity',
      (row) =>
        row.TotalQuantity === null ? (
          <FormattedMessage id="coupons.issuedOfUnlimited" values={{ issued: row.Issued }} />
        ) : (
          <FormattedMessage id="coupons.issuedOf" values={{ issued: row.Issued, total: row.TotalQuantity }} />
        ),
      (row) => <FormattedMessage id="coupons.usedCount" values={{ used: row.Used }} />,
    ),
    column.twoLines(
      'window',
      (row) => <FormattedMessage id="coupons.window" values={{ from: row.StartsOn, until: row.EndsOn }} />,
      (row) => <ValidityText validity={row.Validity} />,
      { sort: 'endsOn' },
    ),
    column.state('state', [
      enumBadge(couponMachine, (row) => row.State, {
        draft: 'gray',
        active: 'green',
        paused: 'orange',
        ended: 'gray',
      }),
    ]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ];
}

/** Edit (until it ends), the machine's actions on one or many, delete (drafts and ended ones). */
export function couponActions(prefix: string): ActionSpec<CouponRow>[] {
  return [
    {
      kind: 'link',
      id: 'edit',
      label: 'coupons.edit',
      permission: CouponPermission.edit,
      to: (row) => `${CouponPermission.edit}?id=${row.Id}`,
      offer: (row) => row.State !== 'ended',
    },
    {
      kind: 'machine',
      machine: couponMachine,
      state: (row) => row.State,
      call: (action, ids) => ({ endpoint: setCouponState, input: { Ids: ids, Action: action.name } }),
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'coupons.delete',
      permission: CouponPermission.online,
      destructive: true,
      confirm: `${prefix}.confirm.delete`,
      offer: (row) => row.State === 'draft' || row.State === 'ended',
      call: (ids) => ({ endpoint: deleteCoupon, input: { Id: ids[0] } }),
    },
  ];
}
