import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { DealPermission } from '../machines/deals';
import { fen, id, MAX_FEN, queryId, version } from '../scalars';
import { MAX_SESSIONS, SESSION_END, SESSION_START, sessionProblems } from '../seckill-sessions';
import {
  activityFields,
  activityRowFields,
  dealCountsSchema,
  dealListQuerySchema,
  dealListResource,
  endsAfterStart,
  memberLimit,
  RULES_MAX,
  switchInputSchema,
  switchOutputSchema,
  taxisInputSchema,
} from './deal-common';

/**
 * Seckill activities and their goods (SPEC §2 secKillActivity, seckillGoodList, secKillGoodsText;
 * SPEC §7 /DistributorsShopProduct/ seckill calls). An activity runs for dates with daily sessions
 * and holds goods, each with a seckill price and a seckill stock per SKU (taken with the goods'
 * own stock when a buyer orders) and a limit per member.
 */

const BASE = '/DistributorsShopProduct';

/** Seckill stock of one SKU: a typo guard far above any real flash sale. */
export const MAX_SECKILL_STOCK = 1_000_000;
export const MAX_SECKILL_GOODS = 50;

export const sessionSchema = z.strictObject({
  Start: z.string().regex(SESSION_START),
  End: z.string().regex(SESSION_END),
});

const sessions = z
  .array(sessionSchema)
  .max(MAX_SESSIONS)
  .superRefine((value, context) => {
    for (const problem of sessionProblems(value))
      context.addIssue({
        code: 'custom',
        path: [problem.index, 'End'],
        message:
          problem.key === 'session.order'
            ? 'must be after Start'
            : 'must not start before the previous session ends',
      });
  });

export const seckillRowSchema = z.object({
  ...activityRowFields,
  Sessions: z.array(sessionSchema),
  GoodsCount: z.number().int(),
  /** Seckill stock left over every SKU. */
  Stock: z.number().int(),
  /** Units sold at the seckill price (orders not closed). */
  Sold: z.number().int(),
});
export type SeckillRow = z.infer<typeof seckillRowSchema>;

export const getSeckillActivityList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSeckillActivityList`,
  permission: DealPermission.seckill,
  input: dealListQuerySchema,
  output: pagedSchema(seckillRowSchema).extend({ Counts: dealCountsSchema }),
});

export const seckillListResource: ListResource = dealListResource('seckill', getSeckillActivityList);

export const seckillDetailSchema = seckillRowSchema.extend({ Rules: z.string() });

/** One activity with its rules text (the activity dialog and secKillGoodsText). */
export const getSeckillInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSeckillInfo`,
  permission: DealPermission.seckill,
  input: z.strictObject({ id: queryId }),
  output: seckillDetailSchema,
});

export const seckillFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    ...activityFields,
    Sessions: sessions,
    /** Left out: the rules stay as they are (the rules page saves them alone). */
    Rules: z.string().max(RULES_MAX).optional(),
  })
  .superRefine(endsAfterStart);
export type SeckillForm = z.input<typeof seckillFormSchema>;

/** Adds (no Id) or saves an activity; the rules are sanitised on save. */
export const bindSeckillInfo = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindSeckillInfo`,
  permission: DealPermission.seckill,
  input: seckillFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Rules text alone (secKillGoodsText), with the version it was read at. */
export const bindSeckillRules = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindSeckillRules`,
  permission: DealPermission.seckillText,
  input: z.strictObject({ Id: id, Version: version, Rules: z.string().max(RULES_MAX) }),
  output: z.object({ Version: z.number().int() }),
});

export const bindSeckillUpdateStateAndDel = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindSeckillUpdateStateAndDel`,
  permission: DealPermission.seckill,
  input: switchInputSchema,
  output: switchOutputSchema,
});

// ---- the goods of an activity -------------------------------------------------------------------

export const seckillSkuSchema = z.object({
  SkuId: z.number().int(),
  SpecText: z.string(),
  /** The SKU's own price now. */
  PriceFen: z.number().int(),
  /** The goods' stock of the SKU now. */
  GoodsStock: z.number().int(),
  SeckillPriceFen: z.number().int(),
  /** Seckill stock left. */
  Stock: z.number().int(),
  Sold: z.number().int(),
});

export const seckillGoodsRowSchema = z.object({
  Id: z.number().int(),
  ActivityId: z.number().int(),
  ProductId: z.number().int(),
  Name: z.string(),
  Image: z.string(),
  LimitPerMember: z.number().int(),
  Sort: z.number().int(),
  Skus: z.array(seckillSkuSchema),
  Version: z.number().int(),
});
export type SeckillGoodsRow = z.infer<typeof seckillGoodsRowSchema>;

export const getSeckillAndProductList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSeckillAndProductList`,
  permission: DealPermission.seckillGoods,
  input: listQuerySchema.extend({
    ActivityId: queryId,
    keyword: z.string().trim().max(40).optional(),
  }),
  output: pagedSchema(seckillGoodsRowSchema).extend({ Activity: seckillRowSchema }),
});

export const seckillGoodsResource: ListResource = {
  resource: 'seckillGoods',
  list: getSeckillAndProductList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: [],
  defaultSort: '',
};

export const getSeckillAndProduct = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSeckillAndProduct`,
  permission: DealPermission.seckillGoods,
  input: z.strictObject({ id: queryId }),
  output: seckillGoodsRowSchema,
});

export const seckillSkuInputSchema = z.strictObject({
  SkuId: id,
  SeckillPriceFen: fen.min(1).max(MAX_FEN),
  Stock: z.number().int().min(0).max(MAX_SECKILL_STOCK),
});

const skuList = z
  .array(seckillSkuInputSchema)
  .min(1)
  .max(200)
  .superRefine((skus, context) => {
    const seen = new Set<number>();
    skus.forEach((sku, index) => {
      if (seen.has(sku.SkuId))
        context.addIssue({ code: 'custom', path: [index, 'SkuId'], message: 'listed twice' });
      seen.add(sku.SkuId);
    });
  });

/** Adds a good to an activity with the seckill price and stock of the SKUs that take part. */
export const bindAddSeakillAndProduct = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindAddSeakillAndProduct`,
  permission: DealPermission.seckillGoods,
  input: z.strictObject({
    ActivityId: id,
    ProductId: id,
    LimitPerMember: memberLimit,
    Sort: taxisInputSchema.shape.Sort,
    Skus: skuList,
  }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/**
 * Saves a good of an activity. Stock is moved by the difference from `StockWas` (what the form
 * read), so units buyers took meanwhile are never handed out twice; it never goes below zero.
 */
export const bindSeckillAndProduct = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindSeckillAndProduct`,
  permission: DealPermission.seckillGoods,
  input: z.strictObject({
    Id: id,
    Version: version,
    LimitPerMember: memberLimit,
    Skus: z
      .array(seckillSkuInputSchema.extend({ StockWas: z.number().int().min(0).max(MAX_SECKILL_STOCK) }))
      .min(1)
      .max(200),
  }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Takes goods out of their activity; orders placed keep their seckill lines. */
export const bindSeckillProductRelateAndDel = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindSeckillProductRelateAndDel`,
  permission: DealPermission.seckillGoods,
  input: z.strictObject({ Ids: switchInputSchema.shape.Ids }),
  output: z.object({ Deleted: z.number().int() }),
});

export const setSeckillProductTaxis = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetSeckillProductTaxis`,
  permission: DealPermission.seckillGoods,
  input: taxisInputSchema,
  output: z.object({ Sort: z.number().int() }),
});
