import { z } from 'zod';
import { COMMISSION_LEVELS } from '../commission';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import {
  APPLICATION_STATES,
  PROMOTER_STATES,
  WITHDRAWAL_CHANNELS,
  WITHDRAWAL_STATES,
} from '../machines/distribution';
import { fen } from '../scalars';
import { COMMISSION_STATES } from './commissions';
import { JOINING_RULES } from './distribution';
import { wechatNotificationSchema } from './payment';
import { TEAM_LEVELS } from './promoters';

/**
 * The promoter's side of distribution, under /storefront/ with the shop's key (DESIGN §11): apply,
 * the account (what they earned and may withdraw), the team, the commission rows, the invite (a QR
 * code of their shop link), the WeChat account change is paid to, and withdrawals.
 */
const SHOP = '/storefront';

const buyerId = z.string().trim().min(1).max(64);

export const storefrontApplicationSchema = z.object({
  State: z.enum(APPLICATION_STATES),
  /** Why it was rejected. */
  Reason: z.string(),
  AppliedAt: z.string(),
});
export type StorefrontApplication = z.infer<typeof storefrontApplicationSchema>;

export const storefrontPromoterSchema = z.object({
  MemberNo: z.string(),
  Status: z.enum(PROMOTER_STATES),
  GradeName: z.string(),
  /** The promoter above them, by nickname. */
  ParentName: z.string(),
  TeamSize: z.number().int(),
  PendingFen: z.number().int(),
  EarnedFen: z.number().int(),
  WithdrawableFen: z.number().int(),
  FrozenFen: z.number().int(),
  WithdrawnFen: z.number().int(),
  JoinedAt: z.string(),
});

export const getPromoterAccount = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPromoterAccount`,
  permission: 'public',
  input: z.strictObject({ buyerId }),
  output: z.object({
    /** Distribution is on in this shop. */
    Enabled: z.boolean(),
    Promoter: storefrontPromoterSchema.nullable(),
    /** The latest application, when not a promoter yet. */
    Application: storefrontApplicationSchema.nullable(),
    /** The bound WeChat account change is paid to, masked. */
    Wechat: z.object({ OpenId: z.string(), RealName: z.string() }).nullable(),
    Rules: z.object({
      Joining: z.enum(JOINING_RULES),
      JoinSpendingFen: z.number().int(),
      WithdrawMinFen: z.number().int(),
      WithdrawFeeRate: z.number().int(),
      WithdrawChannels: z.array(z.enum(WITHDRAWAL_CHANNELS)),
      DailyLimitFen: z.number().int(),
    }),
  }),
});

/**
 * Applies to promote. Under the shop's "by application" rule the application waits for review;
 * under the others a member who qualifies is a promoter at once, and one who does not is told why.
 */
export const applyPromoter = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/ApplyPromoter`,
  permission: 'public',
  input: z.strictObject({ BuyerId: buyerId }),
  output: z.object({ Application: storefrontApplicationSchema }),
});

export const storefrontTeamRowSchema = z.object({
  Nickname: z.string(),
  Avatar: z.string(),
  IsPromoter: z.boolean(),
  RegisteredAt: z.string(),
  Orders: z.number().int(),
  CommissionFen: z.number().int(),
});

export const getMyTeam = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPromoterTeam`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ buyerId, level: z.enum(TEAM_LEVELS).default('1') }),
  output: pagedSchema(storefrontTeamRowSchema).extend({
    Counts: z.object({ '1': z.number().int(), '2': z.number().int() }),
  }),
});

export const storefrontCommissionRowSchema = z.object({
  OrderNo: z.string(),
  LineName: z.string(),
  Level: z.union([z.literal(COMMISSION_LEVELS[0]), z.literal(COMMISSION_LEVELS[1])]),
  /** The buyer, masked. */
  BuyerName: z.string(),
  AmountFen: z.number().int(),
  VoidFen: z.number().int(),
  State: z.enum(COMMISSION_STATES),
  CreatedAt: z.string(),
  SettledAt: z.string().nullable(),
});

export const getMyCommission = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPromoterCommission`,
  permission: 'public',
  input: listQuerySchema
    .omit({ sort: true })
    .extend({ buyerId, state: z.enum(['all', ...COMMISSION_STATES]).default('all') }),
  output: pagedSchema(storefrontCommissionRowSchema),
});

/** The promoter's shop link and its QR code, to share; new members who open it are bound to them. */
export const getPromoterInvite = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPromoterInvite`,
  permission: 'public',
  input: z.strictObject({ buyerId }),
  output: z.object({ MemberNo: z.string(), Path: z.string(), Url: z.string(), Image: z.string() }),
});

export const REAL_NAME_MAX = 32;

/**
 * Binds the WeChat account change is paid to: the open id under the shop's payment app, and the
 * real name WeChat Pay checks on larger transfers. A new binding replaces the old one.
 */
export const bindPromoterWechat = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/BindPromoterWechat`,
  permission: 'public',
  input: z.strictObject({
    BuyerId: buyerId,
    OpenId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{6,64}$/),
    RealName: z.string().trim().min(1).max(REAL_NAME_MAX),
  }),
  output: z.object({ OpenId: z.string(), RealName: z.string() }),
});

export const bankAccountSchema = z.strictObject({
  BankName: z.string().trim().min(1).max(40),
  AccountName: z.string().trim().min(1).max(REAL_NAME_MAX),
  AccountNo: z
    .string()
    .trim()
    .regex(/^\d{12,19}$/),
});

export const storefrontWithdrawalSchema = z.object({
  WithdrawalNo: z.string(),
  AmountFen: z.number().int(),
  FeeFen: z.number().int(),
  PayoutFen: z.number().int(),
  Channel: z.enum(WITHDRAWAL_CHANNELS),
  Account: z.string(),
  State: z.enum(WITHDRAWAL_STATES),
  Reason: z.string(),
  AppliedAt: z.string(),
  PaidAt: z.string().nullable(),
});
export type StorefrontWithdrawal = z.infer<typeof storefrontWithdrawalSchema>;

export const applyWithdrawal = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/ApplyWithdrawal`,
  permission: 'public',
  input: z
    .strictObject({
      BuyerId: buyerId,
      AmountFen: fen.min(1),
      Channel: z.enum(WITHDRAWAL_CHANNELS),
      /** Required for the bank channel. */
      Bank: bankAccountSchema.optional(),
    })
    .superRefine((value, context) => {
      if (value.Channel === 'bank' && !value.Bank)
        context.addIssue({
          code: 'custom',
          path: ['Bank'],
          params: { key: 'distribution.rule.bankRequired' },
        });
    }),
  output: z.object({ Withdrawal: storefrontWithdrawalSchema }),
});

export const getMyWithdrawals = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPromoterWithdrawals`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ buyerId }),
  output: pagedSchema(storefrontWithdrawalSchema),
});

/** WeChat Pay's notification that a transfer batch finished or closed (商家转账批次回调通知); `?site=` names the shop. */
export const WECHAT_TRANSFER_NOTIFY_PATH = `${SHOP}/WechatTransferNotify`;

export const wechatTransferNotify = defineEndpoint({
  method: 'POST',
  path: WECHAT_TRANSFER_NOTIFY_PATH,
  permission: 'public',
  input: wechatNotificationSchema,
  output: z.object({}),
});
