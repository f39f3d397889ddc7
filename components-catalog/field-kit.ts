import type { LinkKind } from '../contract/link-targets';
import { linkKindOf, linkValueSchema } from '../contract/link-value';
import type { BlockLink, BlockProblem } from '../contract/template/block-rules';

/**
 * The property panel of a block is generated from its fields. Each field names a prop (`name`), its
 * label (an i18n key of components-catalog/i18n) and how it is edited. Lists hold sub-fields per item.
 * Blocks write their fields as `FieldSpec<Props>`, which the compiler checks against the props
 * (names, list items); limits the zod schema already states (lengths, ranges, counts) are left out
 * there and read from the schema by `resolveFields`, so each is written once.
 */
interface FieldBase<P = Record<string, unknown>, N extends string = string> {
  name: N;
  label: string;
  /** Help text under the control (an i18n key). */
  hint?: string;
  required?: boolean;
  /**
   * Hidden (and not checked) unless this returns true. `props` is the record holding the field (a list
   * item for item fields); `root` is the whole block's props.
   */
  // Method syntax: a field written for a block's own props is also a field of any props record.
  visibleWhen?(props: P, root: Record<string, unknown>): boolean;
}

export interface SelectOption {
  value: string | number;
  label: string;
}

type Control =
  | { kind: 'text'; maxLength: number; placeholder?: string }
  | { kind: 'textarea'; maxLength: number; placeholder?: string }
  | { kind: 'richText'; maxLength: number }
  | { kind: 'number'; min: number; max: number; step?: number; unit?: string }
  | { kind: 'colour' }
  | { kind: 'image' /** Suggested size in px, shown as a hint. */; size?: string }
  | { kind: 'video' }
  | {
      kind: 'link' /** Only these kinds (e.g. a store picker); all allowed ones when absent. */;
      kinds?: LinkKind[];
    }
  /** Entities chosen by hand from the picker of `kinds[0]`, in display order. */
  | { kind: 'links'; kinds: LinkKind[]; max: number }
  | { kind: 'select'; options: SelectOption[] }
  | { kind: 'switch' }
  | { kind: 'alignment' }
  | { kind: 'spacing'; max: number };

interface ListControl<I, F> {
  kind: 'list';
  itemLabel: string;
  fields: readonly F[];
  min: number;
  max: number;
  newItem: () => I;
}

/** A field as the panel and the checks use it, every limit known. */
export type Field = FieldBase & (Control | ListControl<Record<string, unknown>, Field>);

type Optional<T, K extends PropertyKey> = Omit<T, K> & Partial<Pick<T, K & keyof T>>;

/** A control as a block writes it: the limits its schema states may be left out. */
type LooseControl<C = Control> = C extends { kind: 'text' | 'textarea' | 'richText' }
  ? Optional<C, 'maxLength'>
  : C extends { kind: 'number' }
    ? Optional<C, 'min' | 'max'>
    : C extends { kind: 'links' }
      ? Optional<C, 'max'>
      : C;

type Names<P> = Extract<keyof P, string>;

/**
 * A field of a block whose props are `P`, as Puck's `Fields<Props>`: its name is one of the props, a
 * list's sub-fields are fields of the list's items, and entity pickers fill arrays only.
 */
export type FieldSpec<P> = {
  [K in Names<P>]: FieldBase<P, K> &
    (P[K] extends readonly (infer Item)[]
      ? LooseControl | Optional<ListControl<Item, FieldSpec<Item>>, 'min' | 'max'>
      : Exclude<LooseControl, { kind: 'links' }>);
}[Names<P>];

export type FieldKind = Field['kind'];

export function isVisible(
  field: Field,
  props: Record<string, unknown>,
  root: Record<string, unknown>,
): boolean {
  return field.visibleWhen ? field.visibleWhen(props, root) : true;
}

function join(base: string, name: string): string {
  return base ? `${base}.${name}` : name;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Every link value the visible fields hold, in field order. */
export function collectLinks(
  fields: readonly Field[],
  props: unknown,
  base = '',
  root?: unknown,
): BlockLink[] {
  const record = asRecord(props);
  const rootRecord = root === undefined ? record : asRecord(root);
  const found: BlockLink[] = [];
  for (const field of fields) {
    if (!isVisible(field, record, rootRecord)) continue;
    const value = record[field.name];
    const path = join(base, field.name);
    if (field.kind === 'link') {
      const parsed = linkValueSchema.safeParse(value);
      if (parsed.success && parsed.data.linkType !== 0) found.push({ path, link: parsed.data });
    } else if (field.kind === 'links' && Array.isArray(value)) {
      value.forEach((entry, index) => {
        const parsed = linkValueSchema.safeParse(entry);
        if (parsed.success && parsed.data.linkType !== 0)
          found.push({ path: `${path}.${index}`, link: parsed.data });
      });
    } else if (field.kind === 'list' && Array.isArray(value)) {
      value.forEach((item, index) => {
        found.push(...collectLinks(field.fields, item, `${path}.${index}`, rootRecord));
      });
    }
  }
  return found;
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && 'linkType' in value)
    return (value as { linkType: unknown }).linkType === 0;
  return false;
}

/** Text of rich HTML without tags, to tell an empty editor (`<p><br></p>`) from content. */
export function htmlText(html: string): string {
  return html
    .replace(/<(img|video|iframe)\b/gi, ' media ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

/** Required fields left empty and images not chosen, through lists, skipping hidden fields. */
export function fieldProblems(
  fields: readonly Field[],
  props: unknown,
  base = '',
  root?: unknown,
): BlockProblem[] {
  const record = asRecord(props);
  const rootRecord = root === undefined ? record : asRecord(root);
  const problems: BlockProblem[] = [];
  for (const field of fields) {
    if (!isVisible(field, record, rootRecord)) continue;
    const value = record[field.name];
    const path = join(base, field.name);
    if (field.kind === 'list') {
      const items = Array.isArray(value) ? value : [];
      if (items.length < field.min) {
        problems.push({
          kind: 'emptyRequired',
          path,
          messageKey: 'problem.tooFewItems',
          fieldLabel: field.label,
          params: { min: field.min },
        });
      }
      items.forEach((item, index) => {
        problems.push(...fieldProblems(field.fields, item, `${path}.${index}`, rootRecord));
      });
      continue;
    }
    if (field.kind === 'link' && field.kinds) {
      const parsed = linkValueSchema.safeParse(value);
      if (parsed.success && parsed.data.linkType !== 0 && !field.kinds.includes(linkKindOf(parsed.data))) {
        problems.push({
          kind: 'invalidValue',
          path,
          messageKey: 'problem.linkKind',
          fieldLabel: field.label,
        });
      }
    }
    if (!field.required) continue;
    const blank = field.kind === 'richText' ? htmlText(String(value ?? '')) === '' : isBlank(value);
    if (!blank) continue;
    const missingImage = field.kind === 'image';
    problems.push({
      kind: missingImage ? 'missingImage' : 'emptyRequired',
      path,
      messageKey: missingImage ? 'problem.missingImage' : 'problem.emptyRequired',
      fieldLabel: field.label,
    });
  }
  return problems;
}

/** Every label and hint key the fields use, for the catalogue completeness test. */
export function fieldMessageKeys(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => [
    field.label,
    ...(field.hint ? [field.hint] : []),
    ...(field.kind === 'select' ? field.options.map((option) => option.label) : []),
    ...(field.kind === 'list' ? [field.itemLabel, ...fieldMessageKeys(field.fields)] : []),
  ]);
}

/** Just what `resolveFields` reads of a zod schema: its kind, wrapped type, shape, element and checks. */
interface SchemaDef {
  type: string;
  innerType?: ZodLike;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  options?: readonly ZodLike[];
  checks?: readonly {
    _zod: { def: { check: string; value?: number; minimum?: number; maximum?: number } };
  }[];
}
interface ZodLike {
  _zod: { def: SchemaDef };
}

const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch']);

function unwrap(schema: ZodLike): SchemaDef {
  let def = schema._zod.def;
  while (WRAPPERS.has(def.type) && def.innerType) def = def.innerType._zod.def;
  return def;
}

interface Limits {
  min?: number;
  max?: number;
}

function limitsOf(def: SchemaDef): Limits {
  const limits: Limits = {};
  for (const check of def.checks ?? []) {
    const rule = check._zod.def;
    if (rule.check === 'max_length') limits.max = rule.maximum;
    else if (rule.check === 'min_length') limits.min = rule.minimum;
    else if (rule.check === 'less_than') limits.max = rule.value;
    else if (rule.check === 'greater_than') limits.min = rule.value;
  }
  return limits;
}

function required(limit: number | undefined, name: string, what: string): number {
  if (limit === undefined) throw new Error(`Field ${name}: no ${what} in the field or its schema`);
  return limit;
}

/**
 * The block's fields with the limits they leave out read from the props schema: a text's maximum
 * length, a number's range, a list's or picker's item count. A limit the field states itself wins.
 */
export function resolveFields<P>(schema: unknown, specs: readonly FieldSpec<P>[]): Field[] {
  const shape = schema ? (unwrap(schema as ZodLike).shape ?? {}) : {};
  return (specs as readonly (FieldBase & Record<string, unknown>)[]).map((spec) => {
    const prop = shape[spec.name];
    const def = prop ? unwrap(prop) : { type: 'unknown' };
    const limits = limitsOf(def);
    const field = { ...spec } as Record<string, unknown>;
    const fill = (key: string, limit: number | undefined, what: string) => {
      if (field[key] === undefined) field[key] = required(limit, spec.name, what);
    };
    switch (spec.kind) {
      case 'text':
      case 'textarea':
      case 'richText':
        fill('maxLength', limits.max, 'maximum length');
        break;
      case 'number':
        fill('min', limits.min, 'minimum');
        fill('max', limits.max, 'maximum');
        break;
      case 'links':
        fill('max', limits.max, 'maximum count');
        break;
      case 'list':
        field.min = field.min ?? limits.min ?? 0;
        fill('max', limits.max, 'maximum count');
        field.fields = resolveFields(def.element, spec.fields as readonly FieldSpec<unknown>[]);
        break;
    }
    return field as unknown as Field;
  });
}
