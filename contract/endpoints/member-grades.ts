import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { id, queryId, version } from '../scalars';
import { memberProfileSchema } from './members';

/**
 * Member grades and their privileges (SPEC §2 memberGrade, editMemberGrade, preferentialSetting;
 * calls under /DistributorsShopAccount/). A grade's discount and free shipping reach orders through
 * contract/pricing.ts; the preferential settings hold the growth rules and the stacking switches,
 * which default to the stricter choice (DESIGN §11).
 */
const BASE = '/DistributorsShopAccount';

export const MEMBER_GRADE_PERMISSION = '/marketing/memberSupervise/memberGrade';
export const EDIT_MEMBER_GRADE_PERMISSION = '/marketing/memberSupervise/editMemberGrade';
export const PREFERENTIAL_SETTING_PERMISSION = '/marketing/memberSupervise/preferentialSetting';

export const MAX_GRADES_PER_SITE = 20;
export const MAX_GRADE_LEVEL = 99;
export const MAX_GROWTH_THRESHOLD = 100_000_000;
/** Growth per yuan, sign-in or review: small whole numbers keep the ledger readable. */
export const MAX_GROWTH_PER_EVENT = 1000;
export const MAX_EXCLUDED_GOODS = 200;
/** Other privileges are short labels shown on the member card (birthday gift, priority service…). */
export const MAX_PRIVILEGES = 10;

// Image library URLs, or small inline SVG pictures (the demo's).
const imageUrl = z.string().trim().max(2000);

export const gradeRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Level: z.number().int(),
  GrowthThreshold: z.number().int(),
  /** What the member pays, in percent: 95 is 9.5折, 100 no discount. */
  DiscountPercent: z.number().int(),
  FreeShipping: z.boolean(),
  Privileges: z.array(z.string()),
  Icon: z.string(),
  CardBackground: z.string(),
  IsDefault: z.boolean(),
  MemberCount: z.number().int(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type GradeRow = z.infer<typeof gradeRowSchema>;

export const getMemberGradeList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMemberGradeList`,
  permission: MEMBER_GRADE_PERMISSION,
  input: listQuerySchema.extend({ sort: z.enum(['level', '-level']).default('level') }),
  output: pagedSchema(gradeRowSchema),
});

export const gradeListResource: ListResource = {
  resource: 'grades',
  list: getMemberGradeList,
  filters: [],
  sortFields: ['level'],
  defaultSort: 'level',
};

export const getMemberGradeInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMemberGradeInfo`,
  permission: EDIT_MEMBER_GRADE_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: gradeRowSchema,
});

export const gradeFormSchema = z.strictObject({
  /** Absent: a new grade. */
  Id: id.optional(),
  Version: version.optional(),
  Name: z.string().trim().min(1).max(20),
  Level: z.number().int().min(1).max(MAX_GRADE_LEVEL),
  GrowthThreshold: z.number().int().min(0).max(MAX_GROWTH_THRESHOLD),
  DiscountPercent: z.number().int().min(1).max(100),
  FreeShipping: z.boolean(),
  Privileges: z.array(z.string().trim().min(1).max(20)).max(MAX_PRIVILEGES).default([]),
  Icon: imageUrl.default(''),
  CardBackground: imageUrl.default(''),
  /** Making a grade the default takes the mark from the one that had it; the last default cannot drop it. */
  IsDefault: z.boolean().default(false),
});
export type GradeForm = z.infer<typeof gradeFormSchema>;

export const setMemberGrade = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMemberGrade`,
  permission: EDIT_MEMBER_GRADE_PERMISSION,
  input: gradeFormSchema,
  output: gradeRowSchema,
});

/** Refused while members hold the grade (the message says how many) and for the default grade. */
export const deleteMemberGrade = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DeleteMemberGrade`,
  permission: MEMBER_GRADE_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({ Id: z.number().int() }),
});

export const preferentialSettingSchema = z.strictObject({
  /** Growth per whole yuan paid, granted at payment, taken back in proportion on refunds. */
  GrowthPerYuan: z.number().int().min(0).max(MAX_GROWTH_PER_EVENT),
  /** Growth per daily check-in (one per member and shop day). */
  GrowthPerCheckIn: z.number().int().min(0).max(MAX_GROWTH_PER_EVENT),
  /** Growth per goods review posted. */
  GrowthPerReview: z.number().int().min(0).max(MAX_GROWTH_PER_EVENT),
  /** Whether the grade discount also applies to goods at an activity price. */
  GradeOnActivityPrices: z.boolean(),
  /** Whether a coupon may be used on an order the grade discount already reduced. */
  GradeWithCoupon: z.boolean(),
  /** Goods sold at their price to every member. */
  ExcludedProductIds: z.array(id).max(MAX_EXCLUDED_GOODS),
});
export type PreferentialSetting = z.infer<typeof preferentialSettingSchema>;

export const DEFAULT_PREFERENTIAL_SETTING: PreferentialSetting = {
  GrowthPerYuan: 1,
  GrowthPerCheckIn: 5,
  GrowthPerReview: 10,
  GradeOnActivityPrices: false,
  GradeWithCoupon: false,
  ExcludedProductIds: [],
};

export const getPreferentialSetting = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPreferentialSetting`,
  permission: PREFERENTIAL_SETTING_PERMISSION,
  input: z.strictObject({}),
  output: preferentialSettingSchema.extend({
    Version: z.number().int(),
    /** Names of the excluded goods, for the picker. */
    ExcludedGoods: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  }),
});

export const setPreferentialSetting = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetPreferentialSetting`,
  permission: PREFERENTIAL_SETTING_PERMISSION,
  input: preferentialSettingSchema.extend({ Version: version }),
  output: z.object({ Version: z.number().int() }),
});

/**
 * The buyer's daily check-in: growth, and the points of the points settings, once per member and
 * shop day (contract/shop-time.ts); a second call the same day answers `Granted: 0` and `Points: 0`.
 */
export const checkIn = defineEndpoint({
  method: 'POST',
  path: '/storefront/CheckIn',
  permission: 'public',
  input: z.strictObject({ OpenId: z.string().trim().min(1).max(64) }),
  output: z.object({
    Granted: z.number().int(),
    Points: z.number().int(),
    Member: memberProfileSchema,
    Day: z.string(),
  }),
});
