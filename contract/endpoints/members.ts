import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * Members are the buyers (DESIGN §11): one row per site and open id, made by the storefront's
 * sign-in or by a buyer's first order or recharge. Wallets, points, coupons, tickets, bookings and
 * commissions hang off them through the open id (`BuyerId` of the storefront calls).
 */

export const MEMBER_SOURCES = ['miniProgram', 'h5', 'recharge', 'backfill', 'operator'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

export const MEMBER_GENDERS = ['unknown', 'male', 'female'] as const;
export type MemberGender = (typeof MEMBER_GENDERS)[number];

export const MEMBER_STATES = ['active', 'disabled'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** Why a member's growth changed; operators' changes carry a required reason text besides. */
export const GROWTH_REASONS = ['order_paid', 'order_refund', 'sign_in', 'review', 'operator'] as const;
export type GrowthReason = (typeof GROWTH_REASONS)[number];

/** What moved a member to another grade: growth crossing a threshold, or an operator's choice. */
export const GRADE_CHANGE_CAUSES = ['growth', 'operator'] as const;
export type GradeChangeCause = (typeof GRADE_CHANGE_CAUSES)[number];

/** `M` and eight digits from one sequence: unique across sites, never reused. */
export const MEMBER_NO_PATTERN = /^M\d{8,}$/;

const openId = z.string().trim().min(1).max(64);

export const memberProfileSchema = z.object({
  MemberNo: z.string(),
  OpenId: z.string(),
  Nickname: z.string(),
  Avatar: z.string(),
  Mobile: z.string(),
  Gender: z.enum(MEMBER_GENDERS),
  Birthday: z.string().nullable(),
  GradeId: z.number().int().nullable(),
  Growth: z.number().int(),
  Status: z.enum(MEMBER_STATES),
  RegisteredAt: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const signInSchema = z.strictObject({
  /** The mini-program's open id (or the H5 member id) as the shop's server vouches for it. */
  OpenId: openId,
  Source: z.enum(['miniProgram', 'h5']).default('miniProgram'),
  Nickname: z.string().trim().max(30).default(''),
  Avatar: z.string().trim().max(500).default(''),
  Mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/)
    .or(z.literal(''))
    .default(''),
  Gender: z.enum(MEMBER_GENDERS).default('unknown'),
  /** The member number of whoever invited this buyer; kept from the first sign-in only. */
  InviterMemberNo: z.string().trim().regex(MEMBER_NO_PATTERN).optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * Registers the buyer on first call and refreshes the profile fields given on later ones (never the
 * inviter, the source or the registration time). A disabled member is refused.
 */
export const signIn = defineEndpoint({
  method: 'POST',
  path: '/storefront/SignIn',
  permission: 'public',
  input: signInSchema,
  output: z.object({ Member: memberProfileSchema, Registered: z.boolean() }),
});
