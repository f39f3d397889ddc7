import type { EnumValue } from '../../../contract/endpoints/comm-lookups';
import { ShopType } from '../../../contract/enums';
import { LINK_TARGETS } from '../../../contract/link-targets';
import { LinkType } from '../../../contract/link-value';
import { complaintMachine } from '../../../contract/machines/complaint';
import { couponMachine, memberCouponMachine, offlineCodeMachine } from '../../../contract/machines/coupon';
import { auditMachine, commentMachine, recycleMachine, shelfMachine } from '../../../contract/machines/goods';
import { newsCommentMachine } from '../../../contract/machines/news';
import {
  CARRIERS,
  DELIVERY_TYPES,
  ORDER_SOURCES,
  ORDER_TYPES,
  orderMachine,
  PAYMENT_METHODS,
  rechargeMachine,
  refundMachine,
  waybillMachine,
} from '../../../contract/machines/order';
import { exchangeMachine } from '../../../contract/machines/points-exchange';
import { ticketMachine } from '../../../contract/machines/ticket';
import type { StateMachine } from '../../../contract/state-machine';
import { translate } from '../../i18n/messages';

/**
 * The types GetEnumForType answers, read from the contract's enums and state machines so a screen
 * never keeps its own copy of a list. Every value of every type has a zh and an en label; the API
 * test walks them all, so a value added without its labels fails there instead of being hidden.
 */

type Labelled = { value: string | number; key: string };

const SHOP_TYPE_NAMES: Record<ShopType, { zh: string; en: string }> = {
  [ShopType.mall]: { zh: '商城', en: 'Mall' },
  [ShopType.officialSite]: { zh: '官网', en: 'Official site' },
  [ShopType.course]: { zh: '课程', en: 'Course' },
  [ShopType.food]: { zh: '菜品餐饮', en: 'Dishes and food' },
  [ShopType.hotel]: { zh: '酒店', en: 'Hotel' },
  [ShopType.service]: { zh: '服务/技师', en: 'Service / technician' },
  [ShopType.storePlatform]: { zh: '门店平台', en: 'Store platform' },
};

const MACHINES: readonly StateMachine[] = [
  orderMachine,
  refundMachine,
  rechargeMachine,
  waybillMachine,
  shelfMachine,
  auditMachine,
  recycleMachine,
  commentMachine,
  couponMachine,
  memberCouponMachine,
  offlineCodeMachine,
  newsCommentMachine,
  complaintMachine,
  exchangeMachine,
  ticketMachine,
];

/** Enums whose labels are messages of the server's catalogues. */
const LABELLED: Record<string, readonly Labelled[]> = {
  paymentMethod: PAYMENT_METHODS.map((value) => ({ value, key: `order.payment.${value}` })),
  deliveryType: DELIVERY_TYPES.map((value) => ({ value, key: `order.delivery.${value}` })),
  orderType: ORDER_TYPES.map((value) => ({ value, key: `order.type.${value}` })),
  orderSource: ORDER_SOURCES.map((value) => ({ value, key: `order.source.${value}` })),
  /** Express companies an order, a points exchange or a prize ships with. */
  carrier: CARRIERS.map((value) => ({ value, key: `order.carrier.${value}` })),
};

/** Enums labelled in the contract itself; state machines by their short labels (badge form). */
const LITERAL: Record<string, readonly EnumValue[]> = {
  shopType: Object.entries(SHOP_TYPE_NAMES).map(([value, name]) => ({
    Value: Number(value),
    Zh: name.zh,
    En: name.en,
  })),
  linkKind: LINK_TARGETS.map((target) => ({
    Value: LinkType[target.kind],
    Zh: target.title.zh,
    En: target.title.en,
  })),
  ...Object.fromEntries(
    MACHINES.map((machine) => [
      machine.id,
      machine.states.map((state) => ({
        Value: state,
        Zh: machine.labels?.[state]?.zh ?? '',
        En: machine.labels?.[state]?.en ?? '',
      })),
    ]),
  ),
};

/** Every type the call answers, literal enums first. */
export function enumTypeNames(): string[] {
  return [...Object.keys(LITERAL), ...Object.keys(LABELLED)];
}

/** A label, or '' when the catalogues lack it (the API test over every type catches that). */
function label(locale: 'zh' | 'en', key: string): string {
  const text = translate(locale, key);
  return text === key ? '' : text;
}

/** The values of a type with both labels; null for a type the call does not answer. */
export function enumValues(type: string): EnumValue[] | null {
  if (Object.hasOwn(LITERAL, type)) return [...LITERAL[type]!];
  if (!Object.hasOwn(LABELLED, type)) return null;
  return LABELLED[type]!.map(({ value, key }) => ({
    Value: value,
    Zh: label('zh', key),
    En: label('en', key),
  }));
}
