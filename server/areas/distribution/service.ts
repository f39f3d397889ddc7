import './messages';

/**
 * The distribution area's public service: what the order area calls when an order is paid or
 * refunded, and the commission breakdown its order details show.
 */

export {
  type CommissionOrder,
  readOrderCommission,
  recordOrderCommission,
  voidRefundedCommission,
} from './commissions';
export { memberCommissionDeals } from './member-deals';
