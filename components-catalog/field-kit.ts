import type { LinkKind } from '../contract/link-targets';
import { linkKindOf, linkValueSchema } from '../contract/link-value';
import type { BlockLink, BlockProblem } from '../contract/template/block-rules';

/**
 * The property panel of a block is generated from its fields. Each field names a prop (`name`), its
 * label (an i18n key of components-catalog/i18n) and how it is edited. Lists hold sub-fields per item.
 */
interface FieldBase {
  name: string;
  label: string;
  /** Help text under the control (an i18n key). */
  hint?: string;
  required?: boolean;
  /**
   * Hidden (and not checked) unless this returns true. `props` is the record holding the field (a list
   * item for item fields); `root` is the whole block's props.
   */
  visibleWhen?: (props: Record<string, unknown>, root: Record<string, unknown>) => boolean;
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export type Field =
  | (FieldBase & { kind: 'text'; maxLength: number; placeholder?: string })
  | (FieldBase & { kind: 'textarea'; maxLength: number; placeholder?: string })
  | (FieldBase & { kind: 'richText'; maxLength: number })
  | (FieldBase & { kind: 'number'; min: number; max: number; step?: number; unit?: string })
  | (FieldBase & { kind: 'colour' })
  | (FieldBase & { kind: 'image' /** Suggested size in px, shown as a hint. */; size?: string })
  | (FieldBase & { kind: 'video' })
  | (FieldBase & {
      kind: 'link' /** Only these kinds (e.g. a store picker); all allowed ones when absent. */;
      kinds?: LinkKind[];
    })
  | (FieldBase & { kind: 'links'; kinds: LinkKind[]; max: number })
  | (FieldBase & { kind: 'select'; options: SelectOption[] })
  | (FieldBase & { kind: 'switch' })
  | (FieldBase & { kind: 'alignment' })
  | (FieldBase & { kind: 'spacing'; max: number })
  | (FieldBase & {
      kind: 'list';
      itemLabel: string;
      fields: Field[];
      min: number;
      max: number;
      newItem: () => Record<string, unknown>;
    });

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
