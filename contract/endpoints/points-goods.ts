import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import { PointsPermission } from '../machines/points-exchange';
import { POINTS_GOODS_KINDS, POINTS_GOODS_STATES } from '../points';
import { fen, id, queryId, version } from '../scalars';

/**
 * Points goods (SPEC §2 issueIntegral, integralList): what the points mall offers. Each is a good of
 * the catalogue (physical: shipped; virtual: tickets) for points and an optional cash part, with a
 * stock of its own (the catalogue's stock is left alone), a limit per member and a window; its
 * state follows from the window and the operator's switch. Deleting keeps the row for the links
 * and exchange orders that name it.
 */
const BASE = '/DistributorsShopMarketing';

export const POINTS_GOODS_TABS = ['all', ...POINTS_GOODS_STATES] as const;
export const MAX_GOODS_POINTS = 10_000_000;
export const MAX_GOODS_STOCK = 1_000_000;
export const MAX_PER_MEMBER = 1_000;
export const POINTS_GOODS_TITLE_MAX = 60;
export const POINTS_GOODS_DESCRIPTION_MAX = 500;
export const MAX_BULK_POINTS_GOODS = 100;

export const pointsGoodsRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  Kind: z.enum(POINTS_GOODS_KINDS),
  ProductId: z.number().int().nullable(),
  ProductName: z.string(),
  Points: z.number().int(),
  PriceFen: z.number().int(),
  Stock: z.number().int(),
  /** Units exchanged and not cancelled. */
  Exchanged: z.number().int(),
  /** 0: no limit. */
  PerMemberLimit: z.number().int(),
  StartsAt: z.string(),
  EndsAt: z.string().nullable(),
  Status: z.enum(['on', 'off']),
  State: z.enum(POINTS_GOODS_STATES),
  Sort: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
});
export type PointsGoodsRow = z.infer<typeof pointsGoodsRowSchema>;

export const POINTS_GOODS_SORTS = ['sort', 'createdAt', 'exchanged', 'points'] as const;

export const getPointsGoodsList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralGoodsList`,
  permission: PointsPermission.goods,
  input: listQuerySchema.extend({
    state: z.enum(POINTS_GOODS_TABS).default('all'),
    /** Title or the catalogue good's name contains it. */
    keyword: z.string().trim().max(64).optional(),
    kind: z.enum(POINTS_GOODS_KINDS).optional(),
    sort: sortParam(POINTS_GOODS_SORTS).default('-sort'),
  }),
  output: pagedSchema(pointsGoodsRowSchema).extend({
    Counts: z.object(Object.fromEntries(POINTS_GOODS_TABS.map((tab) => [tab, z.number().int()]))),
  }),
});

export const pointsGoodsListResource: ListResource = {
  resource: 'pointsGoods',
  list: getPointsGoodsList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: POINTS_GOODS_KINDS },
  ],
  tabs: { param: 'state', values: POINTS_GOODS_TABS, default: 'all' },
  sortFields: POINTS_GOODS_SORTS,
  defaultSort: '-sort',
};

export const pointsGoodsDetailSchema = pointsGoodsRowSchema.extend({ Description: z.string() });
export type PointsGoodsDetail = z.infer<typeof pointsGoodsDetailSchema>;

export const getPointsGoodsInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralGoodsInfo`,
  permission: PointsPermission.issue,
  input: z.strictObject({ id: queryId }),
  output: pointsGoodsDetailSchema,
});

const instant = z.iso.datetime({ offset: true });

/**
 * Points goods as the form sends them: no `Id` for new goods, `Id` with the `Version` read to save.
 * Cross-field rules carry their catalogue key in `params.key`, said in the operator's language by
 * the form and the server alike.
 */
export const pointsGoodsFormSchema = z
  .strictObject({
    Id: id.optional(),
    /** Required with Id. */
    Version: version.optional(),
    Title: z.string().trim().min(1).max(POINTS_GOODS_TITLE_MAX),
    /** An image library URL; empty: the catalogue good's first picture. */
    Image: z.string().trim().max(500),
    Kind: z.enum(POINTS_GOODS_KINDS),
    /** The catalogue good it gives: physical goods for `physical`, virtual ones for `virtual`. */
    ProductId: id,
    /** Points for one unit. */
    Points: z.number().int().min(1).max(MAX_GOODS_POINTS),
    /** Cash on top of the points for one unit, in fen; 0 for points only. */
    PriceFen: fen,
    /** The stock left now. */
    Stock: z.number().int().min(0).max(MAX_GOODS_STOCK),
    /** Units one member may exchange in all; 0 for no limit. */
    PerMemberLimit: z.number().int().min(0).max(MAX_PER_MEMBER),
    StartsAt: instant,
    /** null: no end. */
    EndsAt: instant.nullable(),
    Description: z.string().trim().max(POINTS_GOODS_DESCRIPTION_MAX),
    Sort: z.number().int().min(0).max(9_999),
    Status: z.enum(['on', 'off']),
  })
  .superRefine((value, context) => {
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    if (value.EndsAt !== null && Date.parse(value.EndsAt) <= Date.parse(value.StartsAt))
      context.addIssue({
        code: 'custom',
        path: ['EndsAt'],
        params: { key: 'pointsGoods.rule.endsAfterStart' },
      });
  });
export type PointsGoodsForm = z.infer<typeof pointsGoodsFormSchema>;

/**
 * Creates or saves points goods. Saving the stock sets the stock left now; exchanges change the
 * version, so a save over them is refused for a reload rather than undoing them.
 */
export const bindPointsGoods = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindIntegralGoods`,
  permission: PointsPermission.issue,
  input: pointsGoodsFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Switches goods on or off; goods already so are left as they are. */
export const setPointsGoodsStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetIntegralGoodsStatus`,
  permission: PointsPermission.goods,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_POINTS_GOODS),
    Status: z.enum(['on', 'off']),
  }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Deletes goods: they leave the mall and the lists, and the studio's publish check flags links to them. */
export const deletePointsGoods = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelIntegralGoods`,
  permission: PointsPermission.goods,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_POINTS_GOODS) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});
