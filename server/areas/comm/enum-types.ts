import type { EnumValue } from '../../../contract/endpoints/comm-lookups';
import { ShopType } from '../../../contract/enums';
import { LINK_TARGETS } from '../../../contract/link-targets';
import { LinkType } from '../../../contract/link-value';
import { complaintMachine } from '../../../contract/machines/complaint';
import { couponMachine, memberCouponMachine, offlineCodeMachine } from '../../../contract/machines/coupon';
import { auditMachine, commentMachine, recycleMachine, shelfMachine } from '../../../contract/machines/goods';
import { newsCommentMachine } from '../../../contract/machines/news';
import {
  DELIVERY_TYPES,
  orderMachine,
  PAYMENT_METHODS,
  rechargeMachine,
  refundMachine,
  waybillMachine,
} from '../../../contract/machines/order';
import { exchangeMachine } from '../../../contract/machines/points-exchange';
import { ticketMachine } from '../../../contract/machines/ticket';
import { type StateMachine, stateLabelKey } from '../../../contract/state-machine';
import { hasMessage, translate } from '../../i18n/messages';

/**
 * The types GetEnumForType answers, read from the contract's enums and state machines so a screen
 * never keeps its own copy of a list. A machine is offered once the server's catalogues name every
 * one of its states in both languages (the API test lists which).
 */

type Labelled = { value: string | number; key: string };

const SHOP_TYPE_NAMES: Record<ShopType, { zh: string; en: string }> = {
  [ShopType.mall]: { zh: '商城', en: 'Mall' },
  [ShopType.officialSite]: { zh: '官网', en: 'Official site' },
  [ShopType.course]: { zh: '课程', en: 'Course' },
  [ShopType.food]: { zh: '餐饮', en: 'Food' },
  [ShopType.hotel]: { zh: '酒店', en: 'Hotel' },
  [ShopType.service]: { zh: '服务', en: 'Service' },
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
  ...Object.fromEntries(
    MACHINES.map((machine) => [
      machine.id,
      machine.states.map((state) => ({ value: state, key: stateLabelKey(machine, state) })),
    ]),
  ),
};

/** Enums labelled in the contract itself. */
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
};

const named = (values: readonly Labelled[]) =>
  values.every(({ key }) => hasMessage(key) && translate('zh', key) !== key);

/** Every type the call answers, literal enums first. */
export function enumTypeNames(): string[] {
  return [
    ...Object.keys(LITERAL),
    ...Object.entries(LABELLED)
      .filter(([, values]) => named(values))
      .map(([name]) => name),
  ];
}

/** The values of a type with both labels; null for a type the call does not answer. */
export function enumValues(type: string): EnumValue[] | null {
  if (Object.hasOwn(LITERAL, type)) return [...LITERAL[type]!];
  const values = Object.hasOwn(LABELLED, type) ? LABELLED[type]! : null;
  if (!values || !named(values)) return null;
  return values.map(({ value, key }) => ({
    Value: value,
    Zh: translate('zh', key),
    En: translate('en', key),
  }));
}
