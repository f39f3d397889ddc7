import { z } from 'zod';
import type { EndpointDefinition } from './endpoint';
import { shopDayEnd, shopDayStart } from './shop-time';

/**
 * Pieces of list queries shared by every module, and the descriptor a generic list screen reads:
 * which query parameters are filters of which kind, the status tabs, the sortable fields.
 */

/** `field` sorts ascending, `-field` descending. */
export function sortParam<const Field extends string>(fields: readonly Field[]) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [
    Field | `-${Field}`,
    ...(Field | `-${Field}`)[],
  ];
  return z.enum(values);
}

export interface SortOrder<Field extends string> {
  field: Field;
  descending: boolean;
}

export function parseSort<Field extends string>(value: Field | `-${Field}`): SortOrder<Field> {
  return value.startsWith('-')
    ? { field: value.slice(1) as Field, descending: true }
    : { field: value as Field, descending: false };
}

/** A query-string boolean: `true`/`false` or `1`/`0` (z.coerce.boolean would read 'false' as true). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A non-negative whole number from the query string (fen, stock…). */
export const queryCount = z.coerce.number().int().min(0).max(2_000_000_000);

/** A day (`2024-05-01`, read in the shop's time zone) or an instant with an offset. */
export const queryDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The instant a day (a shop's business day) or date-time parameter starts at; `end` gives the exclusive end of a day. */
export function dateBound(value: string, end: boolean): Date {
  if (value.length === 10) return end ? shopDayEnd(value) : shopDayStart(value);
  return new Date(value);
}

export type ListFilterKind =
  | 'text'
  | 'select'
  | 'boolean'
  | 'numberRange'
  | 'moneyRange'
  | 'dateRange'
  | 'categoryTree'
  | 'entity';

/**
 * One filter of a list screen. `params` are the query parameters it sets: one for most kinds, two
 * (min, max or from, to) for ranges. `options` lists a select's values; labels come from the client
 * catalogue under `<resource>.filter.<name>` and `<resource>.filter.<name>.<option>`.
 */
export interface ListFilter {
  name: string;
  kind: ListFilterKind;
  params: readonly string[];
  options?: readonly string[];
  /**
   * A select whose labels (and values, when `options` is absent) come from GetEnumForType for this
   * type, instead of the client catalogue; `options` then narrows the values offered.
   */
  enumType?: string;
}

/** What a generic list screen needs to know about a resource beyond its endpoints' schemas. */
export interface ListResource {
  /** i18n prefix and query-key root, e.g. `goods`. */
  resource: string;
  list: EndpointDefinition;
  filters: readonly ListFilter[];
  /** Status tabs: the query parameter, its values in display order, the default one. The list answers `Counts`. */
  tabs?: {
    param: string;
    values: readonly string[];
    default: string;
    /** Tabs that are values of this GetEnumForType type take its labels; `all` and others their catalogue keys. */
    enumType?: string;
  };
  sortFields: readonly string[];
  defaultSort: string;
  export?: EndpointDefinition;
}

/** A rule broken by a request, named by field, with an i18n key the server and client both translate. */
export interface FieldProblem {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** Problems with `[min, max]` parameter pairs where both are given and min exceeds max. */
export function rangeProblems(
  value: Record<string, unknown>,
  pairs: readonly (readonly [string, string])[],
): FieldProblem[] {
  const comparable = (entry: unknown) =>
    // Stryker disable next-line ConditionalExpression: dateBound of a number is new Date(number), whose time is that number.
    typeof entry === 'string' ? dateBound(entry, false).getTime() : Number(entry);
  return pairs.flatMap(([min, max]) => {
    const low = value[min];
    const high = value[max];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a missing bound compares as NaN, never greater, so this return only says so plainly.
    if (low === undefined || high === undefined) return [];
    return comparable(low) > comparable(high)
      ? [{ field: min, key: 'list.rangeReversed', params: { min, max } }]
      : [];
  });
}
