import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { fen, id, version } from '../scalars';

/**
 * Recharge rules of stored value (SPEC §2 memberStoredValue, "recharge rules" under
 * /DistributorsShopAccount/): pay X, get Y fen and/or points on top. A paid stored-value recharge
 * gets the bonus of the enabled rule in its window with the highest X not above the amount.
 */
const BASE = '/DistributorsShopAccount';

export const STORED_VALUE_PERMISSION = '/marketing/memberSupervise/memberStoredValue';
export const MAX_RECHARGE_RULES = 50;
export const MAX_BONUS_POINTS = 1_000_000;

export const rechargeRuleRowSchema = z.object({
  Id: z.number().int(),
  PayFen: z.number().int(),
  BonusFen: z.number().int(),
  BonusPoints: z.number().int(),
  Enabled: z.boolean(),
  /** Validity window; null ends are open. */
  StartsAt: z.string().nullable(),
  EndsAt: z.string().nullable(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type RechargeRuleRow = z.infer<typeof rechargeRuleRowSchema>;

export const getRechargeRuleList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetRechargeRuleList`,
  permission: STORED_VALUE_PERMISSION,
  input: listQuerySchema.extend({ sort: z.enum(['payFen', '-payFen']).default('payFen') }),
  output: pagedSchema(rechargeRuleRowSchema),
});

export const rechargeRuleListResource: ListResource = {
  resource: 'rechargeRules',
  list: getRechargeRuleList,
  filters: [],
  sortFields: ['payFen'],
  defaultSort: 'payFen',
};

export const rechargeRuleFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    PayFen: fen.min(1),
    BonusFen: fen,
    BonusPoints: z.number().int().min(0).max(MAX_BONUS_POINTS),
    Enabled: z.boolean(),
    StartsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    EndsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((value, context) => {
    if (value.BonusFen === 0 && value.BonusPoints === 0) {
      context.addIssue({ code: 'custom', path: ['BonusFen'], message: 'a bonus of money or points' });
    }
    if (value.StartsAt && value.EndsAt && new Date(value.StartsAt) >= new Date(value.EndsAt)) {
      context.addIssue({ code: 'custom', path: ['EndsAt'], message: 'after the start' });
    }
  });
export type RechargeRuleForm = z.infer<typeof rechargeRuleFormSchema>;

/** Two enabled rules with the same amount are refused: which one applies would be a guess. */
export const setRechargeRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetRechargeRule`,
  permission: STORED_VALUE_PERMISSION,
  input: rechargeRuleFormSchema,
  output: rechargeRuleRowSchema,
});

export const deleteRechargeRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DeleteRechargeRule`,
  permission: STORED_VALUE_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({ Id: z.number().int() }),
});

/** The rules a buyer can get now, lowest amount first. */
export const getRechargeRules = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetRechargeRules',
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({
    Data: z.array(
      z.object({ PayFen: z.number().int(), BonusFen: z.number().int(), BonusPoints: z.number().int() }),
    ),
  }),
});
