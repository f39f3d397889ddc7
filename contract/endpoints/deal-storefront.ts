import { z } from 'zod';
import { CUT_MODES } from '../bargain-cut';
import { defineEndpoint } from '../endpoint';
import { BUY_MODES, LAUNCH_STATES, TEAM_STATES } from '../machines/deals';
import { id, queryId } from '../scalars';
import { TIMED_STATES } from '../timed-state';
import { sessionSchema } from './seckill';
import { buyerSchema, createOrderSchema, storefrontOrderSchema } from './storefront';

/**
 * The buyer's side of seckill, group buying and bargains, under /api/storefront/ with the shop's key
 * (see ./storefront.ts): what is on, ordering at the activity's price, opening and joining teams,
 * launching a bargain, helping one, buying it. Prices come from the database; the order calls take
 * the same delivery fields as CreateOrder, with the activity naming the one SKU bought.
 */

const BASE = '/storefront';

/** CreateOrder's fields but the lines: an activity order buys one SKU of the activity. */
const orderFields = createOrderSchema.omit({ Lines: true }).shape;
const quantity = z.number().int().min(1).max(999);
const orderOutput = z.object({ Order: storefrontOrderSchema });

// ---- seckill ------------------------------------------------------------------------------------

export const storefrontSeckillSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  Sessions: z.array(sessionSchema),
  State: z.enum(TIMED_STATES),
  /** A session is open now: its goods can be bought. */
  SessionOpen: z.boolean(),
  /** When the next session opens (now when one is open); null when none will. */
  NextSessionAt: z.string().nullable(),
  Rules: z.string(),
  Goods: z.array(
    z.object({
      Id: z.number().int(),
      ProductId: z.number().int(),
      Name: z.string(),
      Image: z.string(),
      LimitPerMember: z.number().int(),
      Skus: z.array(
        z.object({
          SkuId: z.number().int(),
          SpecText: z.string(),
          PriceFen: z.number().int(),
          SeckillPriceFen: z.number().int(),
          Stock: z.number().int(),
        }),
      ),
    }),
  ),
});

/** Activities switched on that are running or about to, by sort. */
export const getSeckillActivities = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSeckillActivities`,
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({ Data: z.array(storefrontSeckillSchema) }),
});

export const createSeckillOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CreateSeckillOrder`,
  permission: 'public',
  input: z.strictObject({ ...orderFields, SeckillGoodsId: id, SkuId: id, Quantity: quantity }),
  output: orderOutput,
});

// ---- group buying -------------------------------------------------------------------------------

export const storefrontTeamSchema = z.object({
  Id: z.number().int(),
  ActivityId: z.number().int(),
  State: z.enum(TEAM_STATES),
  LeaderName: z.string(),
  Size: z.number().int(),
  Joined: z.number().int(),
  Paid: z.number().int(),
  ExpiresAt: z.string(),
  /** Members' names, masked (张**), in the order they joined. */
  Members: z.array(z.string()),
});

export const storefrontGroupBuySchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  State: z.enum(TIMED_STATES),
  ProductId: z.number().int(),
  ProductName: z.string(),
  GroupSize: z.number().int(),
  FillHours: z.number().int(),
  LimitPerMember: z.number().int(),
  Skus: z.array(
    z.object({
      SkuId: z.number().int(),
      SpecText: z.string(),
      PriceFen: z.number().int(),
      GroupPriceFen: z.number().int(),
      Stock: z.number().int(),
    }),
  ),
  /** Teams still forming with a seat free, soonest ending first. */
  Teams: z.array(storefrontTeamSchema),
});

export const getGroupBuyActivities = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGroupBuyActivities`,
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({ Data: z.array(storefrontGroupBuySchema) }),
});

export const getGroupBuyTeam = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetGroupBuyTeam`,
  permission: 'public',
  input: z.strictObject({ id: queryId }),
  output: z.object({ Team: storefrontTeamSchema }),
});

const teamOrderOutput = orderOutput.extend({ Team: storefrontTeamSchema });

/** Opens a team as its leader with the first order. */
export const openGroupBuyTeam = defineEndpoint({
  method: 'POST',
  path: `${BASE}/OpenGroupBuyTeam`,
  permission: 'public',
  input: z.strictObject({ ...orderFields, ActivityId: id, SkuId: id, Quantity: quantity }),
  output: teamOrderOutput,
});

/** Takes a seat in a forming team with an order; refused when the team is full or over. */
export const joinGroupBuyTeam = defineEndpoint({
  method: 'POST',
  path: `${BASE}/JoinGroupBuyTeam`,
  permission: 'public',
  input: z.strictObject({ ...orderFields, TeamId: id, SkuId: id, Quantity: quantity }),
  output: teamOrderOutput,
});

// ---- bargains -----------------------------------------------------------------------------------

export const storefrontBargainSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  State: z.enum(TIMED_STATES),
  Rules: z.string(),
  Goods: z.array(
    z.object({
      Id: z.number().int(),
      ProductId: z.number().int(),
      SkuId: z.number().int(),
      Name: z.string(),
      SpecText: z.string(),
      Image: z.string(),
      PriceFen: z.number().int(),
      FloorPriceFen: z.number().int(),
      CutMode: z.enum(CUT_MODES),
      HelpersNeeded: z.number().int(),
      Hours: z.number().int(),
      BuyMode: z.enum(BUY_MODES),
      LaunchLimit: z.number().int(),
    }),
  ),
});

export const getBargainEvents = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainEvents`,
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({ Data: z.array(storefrontBargainSchema) }),
});

export const storefrontLaunchSchema = z.object({
  Id: z.number().int(),
  GoodsId: z.number().int(),
  Name: z.string(),
  SpecText: z.string(),
  Image: z.string(),
  BuyerName: z.string(),
  State: z.enum(LAUNCH_STATES),
  StartFen: z.number().int(),
  CurrentFen: z.number().int(),
  FloorFen: z.number().int(),
  Helps: z.number().int(),
  HelpersNeeded: z.number().int(),
  BuyMode: z.enum(BUY_MODES),
  ExpiresAt: z.string(),
  OrderNo: z.string().nullable(),
  /** Helpers' names, masked, with what each cut, latest first. */
  Helpers: z.array(z.object({ Name: z.string(), CutFen: z.number().int(), At: z.string() })),
});

const launchOutput = z.object({ Launch: storefrontLaunchSchema });

export const getBargainLaunch = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetBargainLaunch`,
  permission: 'public',
  input: z.strictObject({ id: queryId }),
  output: launchOutput,
});

export const launchBargain = defineEndpoint({
  method: 'POST',
  path: `${BASE}/LaunchBargain`,
  permission: 'public',
  input: z.strictObject({ Buyer: buyerSchema, BargainGoodsId: id }),
  output: launchOutput,
});

/** A friend helps cut the price: once per launch, never below the floor, never the launcher. */
export const helpBargain = defineEndpoint({
  method: 'POST',
  path: `${BASE}/HelpBargain`,
  permission: 'public',
  input: z.strictObject({ Helper: buyerSchema, LaunchId: id }),
  output: launchOutput.extend({ CutFen: z.number().int() }),
});

/** The launcher buys the goods at the price the launch reached (at the floor, or any as allowed). */
export const buyBargain = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BuyBargain`,
  permission: 'public',
  input: z.strictObject({ ...orderFields, LaunchId: id }),
  output: orderOutput.extend({ Launch: storefrontLaunchSchema }),
});
