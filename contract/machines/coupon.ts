import { z } from 'zod';
import { defineMachine } from '../state-machine';
import { TicketPermission } from './ticket';

/** Menu paths of the coupon screens (SPEC §2 /marketing/couponActivity, and /customer/sendCoupon). */
export const CouponPermission = {
  rules: '/marketing/couponActivity/sendSetting',
  online: '/marketing/couponActivity/onlineCoupon',
  offline: '/marketing/couponActivity/underlineCoupon',
  sends: '/marketing/couponActivity/sendCouponList',
  send: '/marketing/couponActivity/couponSend',
  edit: '/marketing/couponActivity/editCoupon',
  build: '/marketing/couponActivity/underLineBuild',
  codes: '/marketing/couponActivity/underLineCouponList',
  memberSend: '/customer/sendCoupon',
} as const;

/**
 * A coupon's life: drafted, put on offer (active), paused and resumed by the operator, and ended
 * for good, by the operator or by its claim window closing. Only an active coupon is claimed,
 * sent or built into offline codes; copies already issued live on by their own validity.
 */
export const COUPON_STATES = ['draft', 'active', 'paused', 'ended'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const couponMachine = defineMachine({
  id: 'coupon.coupon',
  states: COUPON_STATES,
  initial: 'draft',
  labels: {
    draft: { zh: '草稿', en: 'Draft' },
    active: { zh: '发放中', en: 'On offer' },
    paused: { zh: '已暂停', en: 'Paused' },
    ended: { zh: '已结束', en: 'Ended' },
  },
  actions: [
    { name: 'activate', from: ['draft'], to: 'active', permission: CouponPermission.online, confirm: true },
    { name: 'pause', from: ['active'], to: 'paused', permission: CouponPermission.online, confirm: true },
    { name: 'resume', from: ['paused'], to: 'active', permission: CouponPermission.online },
    {
      name: 'end',
      from: ['active', 'paused'],
      to: 'ended',
      permission: CouponPermission.online,
      confirm: true,
      destructive: true,
    },
    { name: 'expire', from: ['active', 'paused'], to: 'ended', permission: 'public', automatic: true },
  ],
});
export type CouponAction = (typeof couponMachine.actions)[number]['name'];

/**
 * A member's copy of a coupon: used by an order (at creation or payment, as the order settings
 * take stock), given back unused when that order closes or is refunded in full before it
 * completes, expired by the sweep when its validity ends, or revoked by an operator.
 */
export const MEMBER_COUPON_STATES = ['unused', 'used', 'expired', 'revoked'] as const;
export type MemberCouponState = (typeof MEMBER_COUPON_STATES)[number];

export const memberCouponMachine = defineMachine({
  id: 'coupon.copy',
  states: MEMBER_COUPON_STATES,
  initial: 'unused',
  labels: {
    unused: { zh: '未使用', en: 'Unused' },
    used: { zh: '已使用', en: 'Used' },
    expired: { zh: '已过期', en: 'Expired' },
    revoked: { zh: '已作废', en: 'Revoked' },
  },
  actions: [
    { name: 'use', from: ['unused'], to: 'used', permission: 'public', automatic: true },
    { name: 'giveBack', from: ['used'], to: 'unused', permission: 'public', automatic: true },
    { name: 'expire', from: ['unused'], to: 'expired', permission: 'public', automatic: true },
    {
      name: 'revoke',
      from: ['unused'],
      to: 'revoked',
      permission: CouponPermission.online,
      confirm: true,
      destructive: true,
      form: 'revokeCopyForm',
    },
  ],
});
export type MemberCouponAction = (typeof memberCouponMachine.actions)[number]['name'];

/**
 * An offline coupon code: written off once at a store (through the write-off screen), expired by
 * the sweep when its validity ends, or voided by an operator (a printed card lost or withdrawn).
 */
export const OFFLINE_CODE_STATES = ['unused', 'used', 'expired', 'voided'] as const;
export type OfflineCodeState = (typeof OFFLINE_CODE_STATES)[number];

export const offlineCodeMachine = defineMachine({
  id: 'coupon.code',
  states: OFFLINE_CODE_STATES,
  initial: 'unused',
  labels: {
    unused: { zh: '未使用', en: 'Unused' },
    used: { zh: '已核销', en: 'Written off' },
    expired: { zh: '已过期', en: 'Expired' },
    voided: { zh: '已作废', en: 'Voided' },
  },
  actions: [
    { name: 'writeOff', from: ['unused'], to: 'used', permission: TicketPermission.writeOff, confirm: true },
    { name: 'expire', from: ['unused'], to: 'expired', permission: 'public', automatic: true },
    {
      name: 'void',
      from: ['unused'],
      to: 'voided',
      permission: CouponPermission.codes,
      confirm: true,
      destructive: true,
    },
  ],
});
export type OfflineCodeAction = (typeof offlineCodeMachine.actions)[number]['name'];

export const REVOKE_REASON_MAX = 100;

export const revokeCopyForm = z.strictObject({
  Reason: z.string().trim().min(1).max(REVOKE_REASON_MAX),
});
