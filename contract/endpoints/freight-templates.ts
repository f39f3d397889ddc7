import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import {
  CHARGE_MODES,
  FREE_AMOUNT_MAX_FEN,
  FREE_QUANTITY_MAX,
  FREE_WHEN,
  FREIGHT_FEE_MAX_FEN,
  FREIGHT_NAME_MAX,
  FREIGHT_REGIONS_MAX,
  FREIGHT_RULES_MAX,
  FREIGHT_UNIT_MAX,
  REGION_CODE_PATTERN,
  regionConflicts,
  ruleProblems,
} from '../freight';
import { type ListResource, sortParam } from '../list-query';
import { id, queryId, version } from '../scalars';

/**
 * Freight templates (SPEC §2 freightTemplate and the hidden editFreight, SPEC §7 /DistributorsShopSet/
 * "freight SKU templates"). Goods name one (the goods form lists them through GetSKUFreightTemplate);
 * orders price express delivery with contract/freight.ts. The rules' meaning lives there.
 */

export const FREIGHT_LIST_PERMISSION = '/shop/freightTemplate';
export const FREIGHT_EDIT_PERMISSION = '/shop/editFreight';
const BASE = '/DistributorsShopSet';

export const FREIGHT_TABS = ['all', ...CHARGE_MODES] as const;

const units = z
  .number()
  .int()
  .min(1)
  .max(Math.max(...Object.values(FREIGHT_UNIT_MAX)));
const fee = z.number().int().min(0).max(FREIGHT_FEE_MAX_FEN);

/** A rule as stored and sent: the mode's unit limits and the free-shipping thresholds are checked with the template. */
export const freightRuleSchema = z.strictObject({
  First: units,
  FirstFen: fee,
  Next: units,
  NextFen: fee,
  FreeWhen: z.enum(FREE_WHEN).default('never'),
  FreeQuantity: z.number().int().min(0).max(FREE_QUANTITY_MAX).default(0),
  FreeAmountFen: z.number().int().min(0).max(FREE_AMOUNT_MAX_FEN).default(0),
});

const regionCode = z.string().regex(REGION_CODE_PATTERN, 'a province or city code of the area calls');
const regionCodes = z.array(regionCode).max(FREIGHT_REGIONS_MAX);

export const regionRuleSchema = freightRuleSchema.extend({ Regions: regionCodes.min(1) });

/** The pricing part of a template: its charge mode and rules (contract/freight.ts FreightRules). */
export const freightRulesSchema = z.strictObject({
  ChargeMode: z.enum(CHARGE_MODES),
  DefaultRule: freightRuleSchema,
  Rules: z.array(regionRuleSchema).max(FREIGHT_RULES_MAX).default([]),
  Undeliverable: regionCodes.default([]),
});

type RulesValue = z.infer<typeof freightRulesSchema>;

/**
 * The rules one template's parts cannot check alone: amounts within the charge mode's limit,
 * free-shipping thresholds the condition needs, and no region in two rules or in a rule and the
 * undeliverable list. Each issue carries its catalogue key, so the form and the server say it in
 * the operator's language; a region is named by its code (the form shows its name).
 */
export function checkFreightRules(value: RulesValue, context: z.RefinementCtx): void {
  const located = [
    { path: ['DefaultRule'], rule: value.DefaultRule },
    ...value.Rules.map((rule, index) => ({ path: ['Rules', index], rule })),
  ];
  for (const { path, rule } of located) {
    for (const problem of ruleProblems(rule, value.ChargeMode))
      context.addIssue({
        code: 'custom',
        path: [...path, problem.field],
        params: { key: problem.key, values: problem.values ?? {} },
      });
  }
  for (const conflict of regionConflicts(value.Rules, value.Undeliverable)) {
    context.addIssue({
      code: 'custom',
      path: conflict.path,
      params:
        conflict.rule === null
          ? { key: 'freight.rule.overlapUndeliverable', values: { region: conflict.region } }
          : { key: 'freight.rule.overlapRule', values: { region: conflict.region, rule: conflict.rule } },
    });
  }
}

export const saveFreightTemplateSchema = freightRulesSchema
  .extend({
    /** Absent: a new template. */
    Id: id.optional(),
    /** The version the edit was read at; required with Id. */
    Version: version.optional(),
    Name: z.string().trim().min(1).max(FREIGHT_NAME_MAX),
  })
  .superRefine((value, context) => {
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    checkFreightRules(value, context);
  });
export type SaveFreightTemplateInput = z.input<typeof saveFreightTemplateSchema>;

export const freightRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ChargeMode: z.enum(CHARGE_MODES),
  IsDefault: z.boolean(),
  /** Goods (on or off the shelf, or in the recycle bin) that use it. */
  GoodsCount: z.number().int(),
  DefaultRule: freightRuleSchema,
  RuleCount: z.number().int(),
  UndeliverableCount: z.number().int(),
  /** Some rule has a free-shipping condition. */
  FreeShipping: z.boolean(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type FreightRow = z.infer<typeof freightRowSchema>;

export const getFreightTemplateList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFreightTemplateList`,
  permission: FREIGHT_LIST_PERMISSION,
  input: listQuerySchema.extend({
    chargeMode: z.enum(FREIGHT_TABS).default('all'),
    /** Name contains it. */
    keyword: z.string().trim().max(FREIGHT_NAME_MAX).optional(),
    sort: sortParam(['updatedAt', 'goods']).default('-updatedAt'),
  }),
  output: pagedSchema(freightRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(FREIGHT_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof FREIGHT_TABS)[number],
        z.ZodNumber
      >,
    ),
  }),
});

export const freightListResource: ListResource = {
  resource: 'freight',
  list: getFreightTemplateList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'chargeMode', values: FREIGHT_TABS, default: 'all' },
  sortFields: ['updatedAt', 'goods'],
  defaultSort: '-updatedAt',
};

/** A region with its name from the area tree. */
export const namedRegionSchema = z.object({ Code: z.string(), Name: z.string() });
export type NamedRegion = z.infer<typeof namedRegionSchema>;

export const freightTemplateSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ChargeMode: z.enum(CHARGE_MODES),
  IsDefault: z.boolean(),
  GoodsCount: z.number().int(),
  DefaultRule: freightRuleSchema,
  Rules: z.array(freightRuleSchema.extend({ Regions: z.array(namedRegionSchema) })),
  Undeliverable: z.array(namedRegionSchema),
  Version: z.number().int(),
});
export type FreightTemplate = z.infer<typeof freightTemplateSchema>;

export const getFreightTemplateInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFreightTemplateInfo`,
  permission: FREIGHT_EDIT_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: freightTemplateSchema,
});

/** Adds a template without `Id`; saves one with `Id` and the `Version` it was read at (stale: refused). */
export const saveFreightTemplate = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFreightTemplate`,
  permission: FREIGHT_EDIT_PERMISSION,
  input: saveFreightTemplateSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** The template an action on one row acts on. */
const oneTemplate = z.strictObject({ Id: id });

/** Refused while goods use the template, naming how many. */
export const delFreightTemplate = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelFreightTemplate`,
  permission: FREIGHT_LIST_PERMISSION,
  input: oneTemplate,
  output: z.object({}),
});

/** The shop's one default template: new goods start with it. */
export const setDefaultFreightTemplate = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFreightTemplateDefault`,
  permission: FREIGHT_LIST_PERMISSION,
  input: oneTemplate,
  output: z.object({}),
});

/** A new template with the same rules, named after the original with a copy suffix; not the default. */
export const copyFreightTemplate = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CopyFreightTemplate`,
  permission: FREIGHT_LIST_PERMISSION,
  input: oneTemplate,
  output: z.object({ Id: z.number().int(), Name: z.string() }),
});
