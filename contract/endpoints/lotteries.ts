import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { CHANCE_SCALE, ENTRY_MODES, MAX_PRIZES, OUTCOME_KINDS, PRIZE_KINDS } from '../lottery';
import { LotteryPermission, RECORD_STATES, shipPrizeForm } from '../machines/lottery';
import { addressSchema, CARRIERS } from '../machines/order';
import { exportFormat, fen, id, queryId, version } from '../scalars';
import { TIMED_STATES } from '../timed-state';
import { buyerSchema } from './storefront';

/**
 * Lucky draws (SPEC §2 lotteryActivity, editLotteryActivity, lotteryDetails) and the buyer's side
 * under /storefront/ with the shop's key. A draw takes its cost and the prize's stock in one guarded
 * transaction and delivers the prize in it: points and balance through the wallet ledger, a coupon
 * through the coupon area; a goods prize waits to ship. The state follows from the window and the
 * operator's switch. A deleted draw keeps its row for the studio links and records that name it.
 */
const BASE = '/DistributorsShopMarketing';
const SHOP = '/storefront';

export const LOTTERY_TABS = ['all', ...TIMED_STATES] as const;
export const RECORD_TABS = ['all', ...RECORD_STATES] as const;
export const LOTTERY_TITLE_MAX = 40;
export const LOTTERY_SUMMARY_MAX = 60;
export const LOTTERY_RULES_MAX = 1000;
export const PRIZE_NAME_MAX = 30;
export const NOTHING_TEXT_MAX = 20;
export const MAX_POINTS_COST = 100_000;
export const MAX_DAILY_DRAWS = 100;
export const MAX_TOTAL_DRAWS = 10_000;
export const MAX_PRIZE_STOCK = 1_000_000;
export const MAX_PRIZE_POINTS = 1_000_000;
export const MAX_PRIZE_BALANCE_FEN = 1_000_000;
export const MAX_BULK_LOTTERIES = 100;
/** Record numbers start with this. */
export const RECORD_NO_PREFIX = 'CJ';

const int = () => z.number().int();

export const lotteryRowSchema = z.object({
  Id: int(),
  Title: z.string(),
  Image: z.string(),
  Summary: z.string(),
  EntryMode: z.enum(ENTRY_MODES),
  PointsCost: int(),
  /** 0: no limit. */
  DailyLimit: int(),
  TotalLimit: int(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  Status: z.enum(['on', 'off']),
  State: z.enum(TIMED_STATES),
  Sort: int(),
  Draws: int(),
  Wins: int(),
  Version: int(),
  CreatedAt: z.string(),
});
export type LotteryRow = z.infer<typeof lotteryRowSchema>;

export const LOTTERY_SORTS = ['sort', 'createdAt', 'startsAt', 'draws'] as const;

export const getLotteryList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLotteryList`,
  permission: LotteryPermission.list,
  input: listQuerySchema.extend({
    state: z.enum(LOTTERY_TABS).default('all'),
    keyword: z.string().trim().max(64).optional(),
    entryMode: z.enum(ENTRY_MODES).optional(),
    sort: sortParam(LOTTERY_SORTS).default('-sort'),
  }),
  output: pagedSchema(lotteryRowSchema).extend({
    Counts: z.object(Object.fromEntries(LOTTERY_TABS.map((tab) => [tab, int()]))),
  }),
});

export const lotteryListResource: ListResource = {
  resource: 'lotteries',
  list: getLotteryList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'entryMode', kind: 'select', params: ['entryMode'], options: ENTRY_MODES },
  ],
  tabs: { param: 'state', values: LOTTERY_TABS, default: 'all' },
  sortFields: LOTTERY_SORTS,
  defaultSort: '-sort',
};

export const prizeSchema = z.object({
  Id: int(),
  Kind: z.enum(PRIZE_KINDS),
  Name: z.string(),
  Image: z.string(),
  ChanceBp: int(),
  /** Prizes left. */
  Stock: int(),
  Won: int(),
  Points: int(),
  BalanceFen: int(),
  CouponId: int().nullable(),
  CouponTitle: z.string(),
  ProductId: int().nullable(),
  ProductName: z.string(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const lotteryDetailSchema = lotteryRowSchema.extend({
  Rules: z.string(),
  NothingText: z.string(),
  Prizes: z.array(prizeSchema),
});
export type LotteryDetail = z.infer<typeof lotteryDetailSchema>;

export const getLotteryInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLotteryInfo`,
  permission: LotteryPermission.list,
  input: z.strictObject({ id: queryId }),
  output: lotteryDetailSchema,
});

const instant = z.iso.datetime({ offset: true });

/**
 * A prize as the form sends it: `Id` for one that exists (its records keep naming it), none for a
 * new one. What it gives depends on its kind: Points, BalanceFen, CouponId or ProductId.
 */
export const prizeFormSchema = z
  .strictObject({
    Id: id.optional(),
    Kind: z.enum(PRIZE_KINDS),
    Name: z.string().trim().min(1).max(PRIZE_NAME_MAX),
    Image: z.string().trim().max(500).default(''),
    /** At most CHANCE_SCALE: the draw's rule on the sum of its prizes' chances says so for all of them. */
    ChanceBp: z.number().int().min(1),
    /** Prizes left now. */
    Stock: z.number().int().min(0).max(MAX_PRIZE_STOCK),
    Points: z.number().int().min(0).max(MAX_PRIZE_POINTS).default(0),
    BalanceFen: fen.max(MAX_PRIZE_BALANCE_FEN).default(0),
    CouponId: id.nullable().default(null),
    ProductId: id.nullable().default(null),
  })
  .superRefine((prize, context) => {
    const need = (field: 'Points' | 'BalanceFen' | 'CouponId' | 'ProductId', missing: boolean) => {
      if (missing)
        context.addIssue({ code: 'custom', path: [field], params: { key: 'lottery.rule.prizeGives' } });
    };
    if (prize.Kind === 'points') need('Points', prize.Points < 1);
    if (prize.Kind === 'balance') need('BalanceFen', prize.BalanceFen < 1);
    if (prize.Kind === 'coupon') need('CouponId', prize.CouponId === null);
    if (prize.Kind === 'goods') need('ProductId', prize.ProductId === null);
  });
export type PrizeForm = z.infer<typeof prizeFormSchema>;

/**
 * A draw as the form sends it: no `Id` for a new one, `Id` with the `Version` read to save. Rules
 * that span fields carry their catalogue key in `params.key`, said in the operator's language by
 * the form and the server alike.
 */
export const lotteryFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Title: z.string().trim().min(1).max(LOTTERY_TITLE_MAX),
    Image: z.string().trim().max(500).default(''),
    Summary: z.string().trim().max(LOTTERY_SUMMARY_MAX).default(''),
    Rules: z.string().trim().max(LOTTERY_RULES_MAX).default(''),
    EntryMode: z.enum(ENTRY_MODES),
    /** Points one draw costs, with `points` entry; 0 otherwise. */
    PointsCost: z.number().int().min(0).max(MAX_POINTS_COST).default(0),
    /** Draws per member per day; 0: no limit. */
    DailyLimit: z.number().int().min(0).max(MAX_DAILY_DRAWS),
    /** Draws per member in all; 0: no limit. */
    TotalLimit: z.number().int().min(0).max(MAX_TOTAL_DRAWS),
    StartsAt: instant,
    EndsAt: instant,
    /** What a draw that wins nothing says, e.g. "Thanks for playing". */
    NothingText: z.string().trim().min(1).max(NOTHING_TEXT_MAX),
    Sort: z.number().int().min(0).max(9_999).default(0),
    Status: z.enum(['on', 'off']),
    Prizes: z.array(prizeFormSchema).max(MAX_PRIZES),
  })
  .superRefine((value, context) => {
    const rule = (path: string, key: string) =>
      context.addIssue({ code: 'custom', path: [path], params: { key } });
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    if (Date.parse(value.EndsAt) <= Date.parse(value.StartsAt)) rule('EndsAt', 'lottery.rule.endsAfterStart');
    if (value.EntryMode === 'points' && value.PointsCost < 1) rule('PointsCost', 'lottery.rule.pointsCost');
    if (value.DailyLimit > 0 && value.TotalLimit > 0 && value.DailyLimit > value.TotalLimit)
      rule('DailyLimit', 'lottery.rule.dailyOverTotal');
    const total = value.Prizes.reduce((sum, prize) => sum + prize.ChanceBp, 0);
    // Said on the last prize's chance: the one that takes the sum past 10,000.
    if (total > CHANCE_SCALE)
      context.addIssue({
        code: 'custom',
        path: ['Prizes', value.Prizes.length - 1, 'ChanceBp'],
        params: { key: 'lottery.rule.chancesOver' },
      });
    const ids = value.Prizes.flatMap((prize) => (prize.Id === undefined ? [] : [prize.Id]));
    if (new Set(ids).size !== ids.length) rule('Prizes', 'lottery.rule.prizeTwice');
  });
export type LotteryForm = z.infer<typeof lotteryFormSchema>;

/**
 * Creates or saves a draw with its prizes. Saving a prize's stock sets what is left now; draws
 * change the version, so a save over them is refused for a reload rather than undoing them.
 * Prizes left out of the list are removed (their records keep their name).
 */
export const bindLottery = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindLottery`,
  permission: LotteryPermission.edit,
  input: lotteryFormSchema,
  output: z.object({ Id: int(), Version: int() }),
});

export const setLotteryStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetLotteryStatus`,
  permission: LotteryPermission.list,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_LOTTERIES), Status: z.enum(['on', 'off']) }),
  output: z.object({ Changed: z.array(int()) }),
});

/** Deletes draws: they leave the lists and the storefront, and the studio's publish check flags links to them. */
export const deleteLotteries = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelLottery`,
  permission: LotteryPermission.list,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_LOTTERIES) }),
  output: z.object({ Changed: z.array(int()) }),
});

// ---------------------------------------------------------------------------------------------
// Records (lotteryDetails)

export const recordRowSchema = z.object({
  Id: int(),
  RecordNo: z.string(),
  LotteryId: int(),
  LotteryTitle: z.string(),
  MemberId: int(),
  MemberNo: z.string(),
  MemberName: z.string(),
  Outcome: z.enum(OUTCOME_KINDS),
  PrizeId: int().nullable(),
  /** The prize's name when drawn, or the draw's text for nothing. */
  PrizeName: z.string(),
  State: z.enum(RECORD_STATES),
  PointsSpent: int(),
  ReceiverName: z.string(),
  ReceiverPhone: z.string(),
  AddressText: z.string(),
  Carrier: z.enum(CARRIERS).nullable(),
  TrackingNo: z.string(),
  CreatedAt: z.string(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

const recordFilterFields = {
  lotteryId: queryId.optional(),
  state: z.enum(RECORD_TABS).default('all'),
  outcome: z.enum(OUTCOME_KINDS).optional(),
  /** Record number, member (name, number, mobile), receiver or tracking number contains it. */
  keyword: z.string().trim().max(64).optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
  sort: sortParam(['createdAt']).default('-createdAt'),
};

function refineRecords(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
  }
}

export const getLotteryRecordList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLotteryRecordList`,
  permission: LotteryPermission.details,
  input: listQuerySchema.extend(recordFilterFields).superRefine(refineRecords),
  output: pagedSchema(recordRowSchema).extend({
    Counts: z.object(Object.fromEntries(RECORD_TABS.map((tab) => [tab, int()]))),
  }),
});

/** The records with the same filters as a file, oldest first; at most EXPORT_MAX_ROWS rows. */
export const exportLotteryRecordList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportLotteryRecordList`,
  permission: LotteryPermission.details,
  input: z.strictObject({ ...recordFilterFields, format: exportFormat }).superRefine(refineRecords),
  output: z.object({}),
  binary: true,
});

export const recordListResource: ListResource = {
  resource: 'lotteryRecords',
  list: getLotteryRecordList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'outcome', kind: 'select', params: ['outcome'], options: OUTCOME_KINDS },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'state', values: RECORD_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportLotteryRecordList,
};

export const shipLotteryPrize = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ShipLotteryPrize`,
  permission: LotteryPermission.details,
  input: shipPrizeForm.extend({ Id: id }),
  output: z.object({ Record: recordRowSchema }),
});

// ---------------------------------------------------------------------------------------------
// The buyer's side (storefront key)

const buyerId = z.string().trim().min(1).max(64);

export const storefrontLotterySchema = z.object({
  Id: int(),
  Title: z.string(),
  Image: z.string(),
  Summary: z.string(),
  Rules: z.string(),
  EntryMode: z.enum(ENTRY_MODES),
  PointsCost: int(),
  DailyLimit: int(),
  TotalLimit: int(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  State: z.enum(TIMED_STATES),
  NothingText: z.string(),
  /** What may be won; chances stay the shop's. */
  Prizes: z.array(z.object({ Id: int(), Kind: z.enum(PRIZE_KINDS), Name: z.string(), Image: z.string() })),
  /** The buyer's draws left today; null: only stock limits them (or no buyer was named). */
  DrawsLeft: int().nullable(),
  /** Whether winning may need a delivery address (a goods prize). */
  NeedsAddress: z.boolean(),
});

export const getStorefrontLottery = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetLottery`,
  permission: 'public',
  input: z.strictObject({ id: queryId, buyerId: buyerId.optional() }),
  output: z.object({ Lottery: storefrontLotterySchema }),
});

export const storefrontRecordSchema = z.object({
  RecordNo: z.string(),
  LotteryId: int(),
  LotteryTitle: z.string(),
  Outcome: z.enum(OUTCOME_KINDS),
  PrizeName: z.string(),
  PrizeImage: z.string(),
  State: z.enum(RECORD_STATES),
  PointsSpent: int(),
  Carrier: z.enum(CARRIERS).nullable(),
  TrackingNo: z.string(),
  CreatedAt: z.string(),
});

export const drawLottery = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/DrawLottery`,
  permission: 'public',
  input: z.strictObject({
    Buyer: buyerSchema,
    LotteryId: id,
    /** Required when the draw has a goods prize: where a won good ships. */
    Address: addressSchema.optional(),
  }),
  output: z.object({ Record: storefrontRecordSchema, DrawsLeft: int().nullable() }),
});

export const getMyLotteryRecords = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetMyLotteryRecords`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ buyerId, lotteryId: queryId.optional() }),
  output: pagedSchema(storefrontRecordSchema),
});

export const confirmLotteryPrize = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/ConfirmLotteryPrize`,
  permission: 'public',
  input: z.strictObject({ RecordNo: z.string().trim().min(1).max(32), BuyerId: buyerId }),
  output: z.object({ Record: storefrontRecordSchema }),
});
