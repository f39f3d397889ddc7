import { z } from 'zod';
import { GOODS_RULE_MODES, RATE_SCALE } from '../commission';
import { defineEndpoint } from '../endpoint';
import { DistributionPermission, WITHDRAWAL_CHANNELS } from '../machines/distribution';
import { fen, id, MAX_FEN, version } from '../scalars';

/**
 * Distribution's rules (SPEC §2 /distribution/promotionSetting): whether it is on, how many levels
 * earn, who may promote, what commission is figured on and when it settles, and how promoters
 * withdraw; with the promoter grades (rates of their own) and the per-goods overrides. Rates are in
 * parts of ten thousand (contract/commission.ts); money in fen.
 */
export const DISTRIBUTION_BASE = '/DistributorsShopDistribution';
const BASE = DISTRIBUTION_BASE;

/**
 * Who may promote: any member who applies, a member with a paid order, a member who has spent at
 * least the set amount, or whoever an operator approves.
 */
export const JOINING_RULES = ['anyone', 'paidOrder', 'spending', 'review'] as const;
export type JoiningRule = (typeof JOINING_RULES)[number];

/**
 * When pending commission settles: `afterSale` once the order completes (its after-sale window
 * closed, nothing can be refunded any more); `completion` once the buyer has the goods (received or
 * picked up, or the tickets issued), refunds after it taken back by a compensating ledger row. The
 * freeze days wait on top of either.
 */
export const SETTLE_MOMENTS = ['afterSale', 'completion'] as const;
export type SettleMoment = (typeof SETTLE_MOMENTS)[number];

export const MAX_FREEZE_DAYS = 365;

/** A rate in parts of ten thousand. */
export const rate = z.number().int().min(0).max(RATE_SCALE);

/** Both levels together never give away more than the whole base. */
function refineRates(
  value: { Level1Rate: number; Level2Rate: number },
  context: z.RefinementCtx,
  path = 'Level2Rate',
) {
  if (value.Level1Rate + value.Level2Rate > RATE_SCALE) {
    context.addIssue({ code: 'custom', path: [path], params: { key: 'distribution.rule.ratesOverWhole' } });
  }
}

export const distributionSettingSchema = z
  .strictObject({
    Enabled: z.boolean(),
    Levels: z.union([z.literal(1), z.literal(2)]),
    Joining: z.enum(JOINING_RULES),
    /** For `spending`: paid orders adding up to this, in fen. */
    JoinSpendingFen: fen,
    SelfPurchase: z.boolean(),
    /** The default rates; a promoter's grade may have its own. */
    Level1Rate: rate,
    Level2Rate: rate,
    SettleMoment: z.enum(SETTLE_MOMENTS),
    FreezeDays: z.number().int().min(0).max(MAX_FREEZE_DAYS),
    WithdrawMinFen: fen,
    /** The fee kept from each withdrawal, in parts of ten thousand of its amount. */
    WithdrawFeeRate: rate,
    WithdrawChannels: z
      .array(z.enum(WITHDRAWAL_CHANNELS))
      .min(1)
      .refine((channels) => new Set(channels).size === channels.length, {
        params: { key: 'distribution.rule.channelTwice' },
      }),
    /** The most one promoter may apply for in a shop day; 0 for no limit. */
    DailyLimitFen: fen,
  })
  .superRefine((value, context) => refineRates(value, context));
export type DistributionSetting = z.infer<typeof distributionSettingSchema>;

/** A shop that never saved its rules: distribution is off, on the stricter choices. */
export const DEFAULT_DISTRIBUTION_SETTING: DistributionSetting = {
  Enabled: false,
  Levels: 1,
  Joining: 'review',
  JoinSpendingFen: 0,
  SelfPurchase: false,
  Level1Rate: 1_000,
  Level2Rate: 0,
  SettleMoment: 'afterSale',
  FreezeDays: 7,
  WithdrawMinFen: 100,
  WithdrawFeeRate: 0,
  WithdrawChannels: ['balance'],
  DailyLimitFen: 0,
};

export const getDistributionSetting = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromotionSetting`,
  permission: DistributionPermission.setting,
  input: z.strictObject({}),
  output: z.object({
    Setting: distributionSettingSchema,
    /** 0 until the shop first saves its rules. */
    Version: z.number().int(),
    /** The order settings' after-sale days, shown beside the settlement moment. */
    AfterSaleDays: z.number().int(),
  }),
});

export const setDistributionSetting = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetPromotionSetting`,
  permission: DistributionPermission.setting,
  input: z.strictObject({ Setting: distributionSettingSchema, Version: z.number().int().min(0) }),
  output: z.object({ Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Promoter grades: a grade's promoters earn its rates instead of the defaults.

export const GRADE_NAME_MAX = 20;
export const MAX_GRADES = 20;

export const gradeSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Level1Rate: z.number().int(),
  Level2Rate: z.number().int(),
  /** Promoters holding it. */
  Promoters: z.number().int(),
  Version: z.number().int(),
});
export type PromoterGrade = z.infer<typeof gradeSchema>;

export const getPromoterGradeList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromoterGradeList`,
  permission: DistributionPermission.setting,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(gradeSchema) }),
});

/** The grades as filter and dialog options, for the promoters list. */
export const getPromoterGradeOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromoterGradeOptions`,
  permission: DistributionPermission.promoters,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(z.object({ Id: z.number().int(), Name: z.string() })) }),
});

/** Adds a grade (no Id) or changes one (Id with the Version read). */
export const bindPromoterGrade = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindPromoterGrade`,
  permission: DistributionPermission.setting,
  input: z
    .strictObject({
      Id: id.optional(),
      Version: version.optional(),
      Name: z.string().trim().min(1).max(GRADE_NAME_MAX),
      Level1Rate: rate,
      Level2Rate: rate,
    })
    .superRefine((value, context) => {
      refineRates(value, context);
      if (value.Id !== undefined && value.Version === undefined)
        context.addIssue({ code: 'custom', path: ['Version'], message: 'required with Id' });
    }),
  output: z.object({ Id: z.number().int() }),
});

/** Refused while promoters hold the grade. */
export const deletePromoterGrade = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DeletePromoterGrade`,
  permission: DistributionPermission.setting,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// Per-goods overrides

export const MAX_FIXED_FEN = MAX_FEN;

export const goodsRuleSchema = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  ProductName: z.string(),
  Image: z.string(),
  /** The goods' lowest price, for judging a fixed amount. */
  PriceFen: z.number().int(),
  Mode: z.enum(GOODS_RULE_MODES),
  /** Rates (ratio) or fen per unit (fixed); 0 when excluded. */
  Level1: z.number().int(),
  Level2: z.number().int(),
  Version: z.number().int(),
});
export type GoodsRuleRow = z.infer<typeof goodsRuleSchema>;

export const getGoodsRuleList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGoodsCommissionList`,
  permission: DistributionPermission.setting,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(goodsRuleSchema) }),
});

/** One rule per goods: saving a rule for goods that have one replaces it (with its Version). */
export const bindGoodsRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindGoodsCommission`,
  permission: DistributionPermission.setting,
  input: z
    .strictObject({
      Id: id.optional(),
      Version: version.optional(),
      ProductId: id,
      Mode: z.enum(GOODS_RULE_MODES),
      Level1: z.number().int().min(0).max(MAX_FIXED_FEN),
      Level2: z.number().int().min(0).max(MAX_FIXED_FEN),
    })
    .superRefine((value, context) => {
      if (value.Id !== undefined && value.Version === undefined)
        context.addIssue({ code: 'custom', path: ['Version'], message: 'required with Id' });
      if (value.Mode === 'ratio') {
        if (value.Level1 > RATE_SCALE)
          context.addIssue({
            code: 'custom',
            path: ['Level1'],
            params: { key: 'distribution.rule.rateOverWhole' },
          });
        else if (value.Level2 > RATE_SCALE)
          context.addIssue({
            code: 'custom',
            path: ['Level2'],
            params: { key: 'distribution.rule.rateOverWhole' },
          });
        else refineRates({ Level1Rate: value.Level1, Level2Rate: value.Level2 }, context, 'Level2');
      }
      if (value.Mode === 'excluded' && (value.Level1 !== 0 || value.Level2 !== 0))
        context.addIssue({
          code: 'custom',
          path: ['Level1'],
          params: { key: 'distribution.rule.excludedHasNoAmount' },
        });
    }),
  output: z.object({ Id: z.number().int() }),
});

export const deleteGoodsRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DeleteGoodsCommission`,
  permission: DistributionPermission.setting,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});
