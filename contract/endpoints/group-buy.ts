import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { DealPermission, MEMBER_STATES, TEAM_COMMANDS, TEAM_STATES } from '../machines/deals';
import { orderMachine, refundMachine } from '../machines/order';
import { fen, id, queryId, version } from '../scalars';
import {
  activityFields,
  activityRowFields,
  countdownListFields,
  countdownListResource,
  dealCountsSchema,
  dealListQuerySchema,
  dealListResource,
  endsAfterStart,
  memberLimit,
  switchInputSchema,
  switchOutputSchema,
  taxisInputSchema,
} from './deal-common';

/**
 * Group buying (SPEC §2 allCluster): an activity on one good with a group price per SKU, a team size
 * and the hours a team has to fill, and the teams buyers open and join, with their members and
 * orders. Calls under /DistributorsShopProduct/ in the style of the seckill calls.
 */

const BASE = '/DistributorsShopProduct';

export const MIN_TEAM_SIZE = 2;
export const MAX_TEAM_SIZE = 100;
export const MAX_FILL_HOURS = 720;

export const groupBuySkuSchema = z.object({
  SkuId: z.number().int(),
  SpecText: z.string(),
  PriceFen: z.number().int(),
  GroupPriceFen: z.number().int(),
});

export const groupBuyRowSchema = z.object({
  ...activityRowFields,
  ProductId: z.number().int().nullable(),
  ProductName: z.string(),
  GroupSize: z.number().int(),
  FillHours: z.number().int(),
  VirtualFill: z.boolean(),
  LimitPerMember: z.number().int(),
  /** The lowest group price and the list price of that SKU. */
  PriceFen: z.number().int(),
  OriginalPriceFen: z.number().int(),
  Skus: z.array(groupBuySkuSchema),
  Teams: z.object({ forming: z.number().int(), success: z.number().int(), failed: z.number().int() }),
});
export type GroupBuyRow = z.infer<typeof groupBuyRowSchema>;

export const getGroupBuyActivityList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGroupBuyActivityList`,
  permission: DealPermission.groupBuy,
  input: dealListQuerySchema,
  output: pagedSchema(groupBuyRowSchema).extend({ Counts: dealCountsSchema }),
});

export const groupBuyListResource: ListResource = dealListResource('groupBuy', getGroupBuyActivityList);

export const getGroupBuyInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGroupBuyInfo`,
  permission: DealPermission.groupBuy,
  input: z.strictObject({ id: queryId }),
  output: groupBuyRowSchema,
});

export const groupBuyFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    ...activityFields,
    ProductId: id,
    GroupSize: z.number().int().min(MIN_TEAM_SIZE).max(MAX_TEAM_SIZE),
    FillHours: z.number().int().min(1).max(MAX_FILL_HOURS),
    VirtualFill: z.boolean(),
    LimitPerMember: memberLimit,
    /** The SKUs that take part, each with its group price (below its own price). */
    Skus: z
      .array(z.strictObject({ SkuId: id, GroupPriceFen: fen.min(1) }))
      .min(1)
      .max(200),
  })
  .superRefine(endsAfterStart);
export type GroupBuyForm = z.input<typeof groupBuyFormSchema>;

export const bindGroupBuyInfo = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindGroupBuyInfo`,
  permission: DealPermission.groupBuy,
  input: groupBuyFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const bindGroupBuyUpdateStateAndDel = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindGroupBuyUpdateStateAndDel`,
  permission: DealPermission.groupBuy,
  input: switchInputSchema,
  output: switchOutputSchema,
});

export const setGroupBuyTaxis = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetGroupBuyTaxis`,
  permission: DealPermission.groupBuy,
  input: taxisInputSchema,
  output: z.object({ Sort: z.number().int() }),
});

// ---- teams --------------------------------------------------------------------------------------

export const TEAM_TABS = ['all', ...TEAM_STATES] as const;

export const teamRowSchema = z.object({
  Id: z.number().int(),
  ActivityId: z.number().int(),
  ActivityTitle: z.string(),
  LeaderName: z.string(),
  State: z.enum(TEAM_STATES),
  Size: z.number().int(),
  /** Seats taken by orders (paid or waiting for payment). */
  Joined: z.number().int(),
  Paid: z.number().int(),
  VirtualFilled: z.number().int(),
  ExpiresAt: z.string(),
  EndedAt: z.string().nullable(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type TeamRow = z.infer<typeof teamRowSchema>;

export const getGroupBuyTeamList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGroupBuyTeamList`,
  permission: DealPermission.groupBuy,
  input: listQuerySchema.extend({
    state: z.enum(TEAM_TABS).default('all'),
    ActivityId: queryId.optional(),
    /** `keyword`: the leader's name contains it. */
    ...countdownListFields,
  }),
  output: pagedSchema(teamRowSchema).extend({ Counts: tabCountsSchema(TEAM_TABS) }),
});

export const teamListResource: ListResource = countdownListResource('teams', getGroupBuyTeamList, TEAM_TABS, {
  name: 'activity',
  param: 'ActivityId',
});

export const teamMemberSchema = z.object({
  Id: z.number().int(),
  BuyerId: z.string(),
  BuyerName: z.string(),
  Leader: z.boolean(),
  State: z.enum(MEMBER_STATES),
  JoinedAt: z.string(),
  OrderId: z.number().int(),
  OrderNo: z.string(),
  OrderState: z.enum(orderMachine.states),
  RefundState: z.enum(refundMachine.states),
  TotalFen: z.number().int(),
  PaidFen: z.number().int(),
  RefundedFen: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A team with its members and their orders. */
export const getGroupBuyTeamInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGroupBuyTeamInfo`,
  permission: DealPermission.groupBuy,
  input: z.strictObject({ id: queryId }),
  output: teamRowSchema.extend({ Members: z.array(teamMemberSchema) }),
});

/** Fills a forming team at once (empty seats virtual) or disbands it (orders closed or refunded). */
export const bindGroupBuyTeamState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindGroupBuyTeamState`,
  permission: DealPermission.groupBuy,
  input: z.strictObject({ Id: id, Action: z.enum(TEAM_COMMANDS) }),
  output: teamRowSchema,
});
