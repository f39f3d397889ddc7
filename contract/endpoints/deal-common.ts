import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, tabCountsSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import { SWITCH_ACTIONS } from '../machines/deals';
import { id, queryId } from '../scalars';
import { TIMED_STATES } from '../timed-state';

/**
 * What the seckill, group-buy and bargain calls share: an activity's name, picture and window, its
 * time-derived state, the list query with state tabs, and the switch-and-delete call.
 */

export const DEAL_TITLE_MAX = 40;
export const DEAL_SORT_MAX = 99_999;
export const DEAL_BULK_MAX = 100;
/** Sanitised HTML of an activity's rules page; a typo guard far above any real text. */
export const RULES_MAX = 50_000;
/** Units one member may buy, teams one may open or join, launches one may start; 0 is no limit. */
export const MEMBER_LIMIT_MAX = 999;

export const DEAL_TABS = ['all', ...TIMED_STATES] as const;
export type DealTab = (typeof DEAL_TABS)[number];

const instant = z.iso.datetime({ offset: true });

/** The window and look of an activity, checked as one (the end after the start). */
export const activityFields = {
  Title: z.string().trim().min(1).max(DEAL_TITLE_MAX),
  Image: z.string().trim().max(2000),
  StartsAt: instant,
  EndsAt: instant,
  Sort: z.number().int().min(0).max(DEAL_SORT_MAX),
  Status: z.enum(['on', 'off']),
};

/** Adds the "ends after it starts" rule to an activity's save schema. */
export function endsAfterStart<T extends { StartsAt: string; EndsAt: string }>(
  value: T,
  context: z.RefinementCtx,
): void {
  if (Date.parse(value.EndsAt) <= Date.parse(value.StartsAt))
    context.addIssue({ code: 'custom', path: ['EndsAt'], message: 'must be after StartsAt' });
}

export const activityRowFields = {
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  Status: z.enum(['on', 'off']),
  State: z.enum(TIMED_STATES),
  Sort: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
};

export const dealCountsSchema = tabCountsSchema(DEAL_TABS);

export const dealListQuerySchema = listQuerySchema.extend({
  state: z.enum(DEAL_TABS).default('all'),
  keyword: z.string().trim().max(DEAL_TITLE_MAX).optional(),
  sort: sortParam(['sort', 'startsAt', 'createdAt']).default('-createdAt'),
});

/** The list resource of an activity list screen (filters, tabs, sort). */
export function dealListResource(resource: string, list: ListResource['list']): ListResource {
  return {
    resource,
    list,
    filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
    tabs: { param: 'state', values: DEAL_TABS, default: 'all' },
    sortFields: ['sort', 'startsAt', 'createdAt'],
    defaultSort: '-createdAt',
  };
}

/**
 * The lists of what buyers start under an activity and that runs out (group-buy teams, bargain
 * launches): searched by the buyer's name, newest first or by when it runs out.
 */
export const countdownListFields = {
  keyword: z.string().trim().max(30).optional(),
  sort: sortParam(['createdAt', 'expiresAt']).default('-createdAt'),
};

/** The list resource of such a list: its state tabs and the activity filter named `filter`. */
export function countdownListResource(
  resource: string,
  list: ListResource['list'],
  tabs: readonly string[],
  filter: { name: string; param: string },
): ListResource {
  return {
    resource,
    list,
    filters: [
      { name: 'keyword', kind: 'text', params: ['keyword'] },
      { name: filter.name, kind: 'entity', params: [filter.param] },
    ],
    tabs: { param: 'state', values: tabs, default: 'all' },
    sortFields: ['createdAt', 'expiresAt'],
    defaultSort: '-createdAt',
  };
}

/** Switch on, switch off or delete (BindSeckillUpdateStateAndDel and its kin). */
export const switchInputSchema = z.strictObject({
  Ids: z.array(id).min(1).max(DEAL_BULK_MAX),
  Action: z.enum(SWITCH_ACTIONS),
});
export const switchOutputSchema = z.object({ Changed: z.array(z.number().int()) });

/** A sort change of one row (SetSeckillProductTaxis and its kin). */
export const taxisInputSchema = z.strictObject({
  Id: id,
  Sort: z.number().int().min(0).max(DEAL_SORT_MAX),
});

export const memberLimit = z.number().int().min(0).max(MEMBER_LIMIT_MAX);

/**
 * A good of the shop with its SKUs' prices and stock, as the activity forms offer them (goods are
 * found with GetSelectProductList). Any signed-in account of the shop may read it, as it may the
 * goods picker.
 */
export const getDealGoods = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopProduct/GetDealGoodsSkus',
  permission: 'session',
  input: z.strictObject({ productId: queryId }),
  output: z.object({
    Id: z.number().int(),
    Name: z.string(),
    Image: z.string(),
    Kind: z.enum(['physical', 'virtual']),
    Skus: z.array(
      z.object({
        SkuId: z.number().int(),
        SpecText: z.string(),
        PriceFen: z.number().int(),
        Stock: z.number().int(),
      }),
    ),
  }),
});
