/**
 * Freight templates (SPEC §7 "freight SKU templates", issue 15 §2) and the one freight function
 * every order uses. A template charges by piece, weight or volume: a default rule, rules for sets of
 * regions (whole provinces or single cities, by their GB/T 2260 codes), each with a first amount and
 * fee, a further amount and fee, and an optional free-shipping condition, plus regions it does not
 * deliver to. Amounts are whole numbers: pieces, grams, cubic centimetres; fees are fen.
 *
 * Pure: the server reads the templates and resolves the buyer's address to codes, then calls
 * `quoteFreight`; the editor and the contract's schema use the region and unit rules below.
 */

export const CHARGE_MODES = ['piece', 'weight', 'volume'] as const;
export type ChargeMode = (typeof CHARGE_MODES)[number];

/** When a rule ships free: never, from a number of pieces, from a goods amount, or both at once. */
export const FREE_WHEN = ['never', 'quantity', 'amount', 'both'] as const;
export type FreeWhen = (typeof FREE_WHEN)[number];

export const FREIGHT_NAME_MAX = 30;
/** Region rules of one template. */
export const FREIGHT_RULES_MAX = 50;
/** Codes in one rule's or the undeliverable list (34 provinces and their 300-odd cities fit). */
export const FREIGHT_REGIONS_MAX = 400;
/** Largest first or further fee (9,999.99 yuan). */
export const FREIGHT_FEE_MAX_FEN = 999_999;
/** Largest first or further amount: 9,999 pieces, 1,000 kg, 100 m³. */
export const FREIGHT_UNIT_MAX: Readonly<Record<ChargeMode, number>> = {
  piece: 9_999,
  weight: 1_000_000,
  volume: 100_000_000,
};
/** Decimals an operator types in the mode's display unit: pieces, kg (3: grams), m³ (6: cm³). */
export const UNIT_DECIMALS: Readonly<Record<ChargeMode, number>> = { piece: 0, weight: 3, volume: 6 };
export const FREE_QUANTITY_MAX = 9_999;
/** Largest free-shipping threshold (1,000,000 yuan). */
export const FREE_AMOUNT_MAX_FEN = 100_000_000;
/** Freight of one order above this (100,000 yuan) is refused: a rule typed wrong, not a parcel. */
export const FREIGHT_ORDER_MAX_FEN = 10_000_000;

export interface FreightRule {
  /** Pieces, grams or cubic centimetres the first fee covers (at least 1). */
  First: number;
  FirstFen: number;
  /** Each further this many units (at least 1), or part of it, costs NextFen. */
  Next: number;
  NextFen: number;
  FreeWhen: FreeWhen;
  /** Pieces of the template in the order from which it ships free (with `quantity` or `both`). */
  FreeQuantity: number;
  /** Goods amount of the template's lines from which it ships free (with `amount` or `both`). */
  FreeAmountFen: number;
}

export interface RegionRule extends FreightRule {
  /** Province codes (`440000`, the whole province) and city codes (`440300`). */
  Regions: string[];
}

export interface FreightRules {
  ChargeMode: ChargeMode;
  DefaultRule: FreightRule;
  Rules: RegionRule[];
  Undeliverable: string[];
}

// ---------------------------------------------------------------------------------------------
// Regions

export const PROVINCE_CODE_PATTERN = /^\d{2}0000$/;
/** A province's code or a city's (`\d{4}00`); districts are not chosen in templates. */
export const REGION_CODE_PATTERN = /^\d{4}00$/;

export function isProvinceCode(code: string): boolean {
  return PROVINCE_CODE_PATTERN.test(code);
}

/** The province a province or city code belongs to (GB/T 2260: its first two digits). */
export function provinceOf(code: string): string {
  return `${code.slice(0, 2)}0000`;
}

/** Whether two codes name overlapping areas: the same one, or a province and a city inside it. */
export function regionsOverlap(left: string, right: string): boolean {
  return left === right || provinceOf(left) === right || provinceOf(right) === left;
}

/** A region listed where an earlier list already covers it: `rule` is that list's rule (1-based), null for undeliverable. */
export interface RegionConflict {
  path: (string | number)[];
  region: string;
  rule: number | null;
}

/**
 * Regions claimed twice across a template's rules and its undeliverable list, in the order the
 * editor shows them: one conflict per list, on the later list, naming the earlier owner.
 */
export function regionConflicts(
  rules: readonly Pick<RegionRule, 'Regions'>[],
  undeliverable: readonly string[],
): RegionConflict[] {
  const lists = [
    ...rules.map((rule, index) => ({
      path: ['Rules', index, 'Regions'],
      owner: (index + 1) as number | null,
      codes: rule.Regions,
    })),
    { path: ['Undeliverable'], owner: null, codes: undeliverable },
  ];
  const claimed: { code: string; owner: number | null }[] = [];
  const conflicts: RegionConflict[] = [];
  for (const list of lists) {
    let reported = false;
    for (const code of list.codes) {
      const earlier = claimed.find((entry) => regionsOverlap(entry.code, code));
      if (earlier && !reported) {
        conflicts.push({ path: list.path, region: code, rule: earlier.owner });
        reported = true;
      }
      claimed.push({ code, owner: list.owner });
    }
  }
  return conflicts;
}

// ---------------------------------------------------------------------------------------------
// Units

/**
 * Units typed in the mode's display unit (pieces, kg, m³) as whole stored units (pieces, grams,
 * cm³), or null when the text is not such a number (negative, too many decimals, not a number).
 */
export function parseUnits(mode: ChargeMode, text: string): number | null {
  const digits = UNIT_DECIMALS[mode];
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`);
  const cleaned = text.trim();
  if (!pattern.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0'));
}

/** Stored units in the mode's display unit, without trailing zeros: 1500 g → "1.5". */
export function formatUnits(mode: ChargeMode, value: number): string {
  const digits = UNIT_DECIMALS[mode];
  const scale = 10 ** digits;
  const fraction = String(value % scale)
    .padStart(digits, '0')
    .replace(/0+$/, '');
  const whole = String(Math.floor(value / scale));
  return fraction ? `${whole}.${fraction}` : whole;
}

// ---------------------------------------------------------------------------------------------
// Rule checks the schema cannot express alone

/** A broken rule, by its path below the rule and the catalogue key both sides translate. */
export interface RuleProblem {
  field: keyof FreightRule;
  key: string;
  values?: Record<string, string | number>;
}

/** The mode's limit on amounts and the free-shipping condition's required thresholds. */
export function ruleProblems(rule: FreightRule, mode: ChargeMode): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const max = FREIGHT_UNIT_MAX[mode];
  for (const field of ['First', 'Next'] as const) {
    if (rule[field] > max)
      problems.push({ field, key: `freight.rule.unitMax.${mode}`, values: { max: formatUnits(mode, max) } });
  }
  const byQuantity = rule.FreeWhen === 'quantity' || rule.FreeWhen === 'both';
  const byAmount = rule.FreeWhen === 'amount' || rule.FreeWhen === 'both';
  if (byQuantity && rule.FreeQuantity < 1)
    problems.push({ field: 'FreeQuantity', key: 'freight.rule.freeQuantityRequired' });
  if (byAmount && rule.FreeAmountFen < 1)
    problems.push({ field: 'FreeAmountFen', key: 'freight.rule.freeAmountRequired' });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The freight of an order

/** One order line as freight sees it. */
export interface FreightItem {
  /** The goods' template; null ships free. */
  templateId: number | null;
  quantity: number;
  /** One unit's weight in grams and volume in cm³. */
  weightG: number;
  volumeCm3: number;
  /** The line's goods amount in fen (for free shipping by amount). */
  amountFen: number;
}

/** Where the parcel goes: codes of the area tree, null when the address named none of them. */
export interface Destination {
  provinceCode: string | null;
  cityCode: string | null;
}

/** What one template charges for its lines. */
export interface FreightPart {
  templateId: number;
  /** Pieces, grams or cm³ of the template's lines. */
  units: number;
  quantity: number;
  amountFen: number;
  /** The region rule that applied (1-based), null for the default rule. */
  rule: number | null;
  /** Its free-shipping condition was met. */
  free: boolean;
  fen: number;
}

export type FreightQuote =
  | { kind: 'charged'; totalFen: number; parts: FreightPart[] }
  /** The template does not deliver to `region` (a code of its undeliverable list). */
  | { kind: 'undeliverable'; templateId: number; region: string }
  /** The address names no region the template can decide by. */
  | { kind: 'unknownRegion'; templateId: number }
  | { kind: 'tooHigh'; totalFen: number };

/** The fee of a rule for `units`: the first fee, then NextFen for each further Next units or part of them. */
export function ruleFee(
  rule: Pick<FreightRule, 'First' | 'FirstFen' | 'Next' | 'NextFen'>,
  units: number,
): number {
  // Stryker disable next-line EqualityOperator: at the first amount itself no further part is left, so `<` charges the same.
  if (units <= rule.First) return rule.FirstFen;
  return rule.FirstFen + Math.ceil((units - rule.First) / rule.Next) * rule.NextFen;
}

/** Whether the rule's free-shipping condition holds for these pieces and goods amount. */
export function shipsFree(
  rule: Pick<FreightRule, 'FreeWhen' | 'FreeQuantity' | 'FreeAmountFen'>,
  quantity: number,
  amountFen: number,
): boolean {
  const enoughPieces = quantity >= rule.FreeQuantity;
  const enoughAmount = amountFen >= rule.FreeAmountFen;
  switch (rule.FreeWhen) {
    case 'quantity':
      return enoughPieces;
    case 'amount':
      return enoughAmount;
    case 'both':
      return enoughPieces && enoughAmount;
    default:
      return false;
  }
}

function covers(code: string, destination: Destination): boolean {
  return code === destination.provinceCode || code === destination.cityCode;
}

/**
 * Whether the destination is too vague for the template: no province while it has regions at all,
 * or no city while it names cities of that province.
 */
function undecidable(template: FreightRules, destination: Destination): boolean {
  const codes = [...template.Rules.flatMap((rule) => rule.Regions), ...template.Undeliverable];
  if (destination.provinceCode === null) return codes.length > 0;
  return (
    destination.cityCode === null &&
    codes.some((code) => !isProvinceCode(code) && provinceOf(code) === destination.provinceCode)
  );
}

function unitsOf(mode: ChargeMode, item: FreightItem): number {
  if (mode === 'weight') return item.weightG * item.quantity;
  if (mode === 'volume') return item.volumeCm3 * item.quantity;
  return item.quantity;
}

/**
 * The express freight of an order. Lines sharing a template are charged together (one first fee
 * for all of them); each template used adds its fee. Goods without a template, or with one not
 * given (another shop's), ship free. A template that does not deliver to the destination, or cannot
 * tell, refuses the whole order; so does a total above FREIGHT_ORDER_MAX_FEN.
 */
export function quoteFreight(
  items: readonly FreightItem[],
  templates: ReadonlyMap<number, FreightRules>,
  destination: Destination,
): FreightQuote {
  const groups = new Map<
    number,
    { template: FreightRules; units: number; quantity: number; amountFen: number }
  >();
  for (const item of items) {
    // Stryker disable next-line ConditionalExpression: no template is stored under null, so such a line ships free either way.
    const template = item.templateId === null ? undefined : templates.get(item.templateId);
    if (!template) continue;
    const group = groups.get(item.templateId!) ?? { template, units: 0, quantity: 0, amountFen: 0 };
    group.units += unitsOf(template.ChargeMode, item);
    group.quantity += item.quantity;
    group.amountFen += item.amountFen;
    groups.set(item.templateId!, group);
  }
  const parts: FreightPart[] = [];
  for (const [templateId, { template, units, quantity, amountFen }] of groups) {
    if (undecidable(template, destination)) return { kind: 'unknownRegion', templateId };
    const refused = template.Undeliverable.find((code) => covers(code, destination));
    if (refused !== undefined) return { kind: 'undeliverable', templateId, region: refused };
    const index = template.Rules.findIndex((rule) => rule.Regions.some((code) => covers(code, destination)));
    const rule = index < 0 ? template.DefaultRule : template.Rules[index]!;
    const free = shipsFree(rule, quantity, amountFen);
    parts.push({
      templateId,
      units,
      quantity,
      amountFen,
      rule: index < 0 ? null : index + 1,
      free,
      fen: free ? 0 : ruleFee(rule, units),
    });
  }
  const totalFen = parts.reduce((sum, part) => sum + part.fen, 0);
  if (totalFen > FREIGHT_ORDER_MAX_FEN) return { kind: 'tooHigh', totalFen };
  return { kind: 'charged', totalFen, parts };
}
