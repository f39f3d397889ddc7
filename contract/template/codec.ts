import type { z } from 'zod';
import {
  type BlockId,
  type BlockNode,
  FIXED_SLOTS,
  type TemplateDocument,
  type TemplatePage,
  UNKNOWN_BLOCK_TYPE,
  type UnknownBlockProps,
} from '../template-document';
import type { BlockRulesLookup } from './block-rules';
import { MIGRATIONS, type MigrationWarning } from './migrations';
import type { ClipboardPayload } from './operations';
import { checkValue, formatPath, LIMITS, maxNesting, type PathPart } from './safety';
import {
  CURRENT_VERSION,
  type WireComponent,
  type WireTemplate,
  wireComponentSchema,
  wireTemplateSchema,
} from './wire';

/**
 * The one codec of the template wire format (SPEC §3). `parseTemplate` never throws: it returns the
 * document, or every problem found with the path at fault. Blocks of types this editor does not know
 * are kept as `unknown` blocks and written back unchanged, so opening and saving loses nothing.
 */

export type CodecIssueCode =
  | 'notText'
  | 'tooLarge'
  | 'invalidJson'
  | 'tooDeep'
  | 'stringTooLong'
  | 'tooManyNodes'
  | 'forbiddenKey'
  | 'notObject'
  | 'badVersion'
  | 'newerVersion'
  | 'wrongType'
  | 'tooBig'
  | 'tooSmall'
  | 'unknownField'
  | 'notAllowed'
  | 'badFormat'
  | 'invalid'
  | 'duplicatePageId'
  | 'duplicateComponentId'
  | 'missingComponent'
  | 'duplicateReference'
  | 'homeCount'
  | 'wrongPlacement'
  | 'orphan'
  | 'linkCleared';

export interface CodecIssue {
  code: CodecIssueCode;
  /** Where in the JSON, e.g. `componentData[3].props.items[0].image`; '' for the whole text. */
  path: string;
  params?: Record<string, string | number>;
}

export type ParseResult =
  | { ok: true; document: TemplateDocument; warnings: CodecIssue[]; migratedFrom: number | null }
  | { ok: false; errors: CodecIssue[] };

const MAX_REPORTED = 20;

function zodIssues(error: z.ZodError, base: readonly PathPart[]): CodecIssue[] {
  return error.issues.slice(0, MAX_REPORTED).map((issue): CodecIssue => {
    const path = formatPath([...base, ...(issue.path as PathPart[])]);
    switch (issue.code) {
      case 'invalid_type':
        return {
          code: 'wrongType',
          path,
          params: { expected: issue.input === undefined ? 'present' : issue.expected },
        };
      case 'too_big':
        return { code: 'tooBig', path, params: { maximum: Number(issue.maximum) } };
      case 'too_small':
        return { code: 'tooSmall', path, params: { minimum: Number(issue.minimum) } };
      case 'unrecognized_keys':
        return { code: 'unknownField', path, params: { keys: issue.keys.join(', ') } };
      case 'invalid_value':
      case 'invalid_union':
        return { code: 'notAllowed', path };
      case 'invalid_format':
        return { code: 'badFormat', path };
      default:
        return { code: 'invalid', path };
    }
  });
}

/** Safety limits, JSON syntax and object shape: the checks shared by templates and clipboards. */
function readJson(
  json: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: CodecIssue[] } {
  if (typeof json !== 'string') return { ok: false, errors: [{ code: 'notText', path: '' }] };
  if (json.length > LIMITS.json) {
    return {
      ok: false,
      errors: [{ code: 'tooLarge', path: '', params: { size: json.length, limit: LIMITS.json } }],
    };
  }
  if (maxNesting(json) > LIMITS.depth) {
    return { ok: false, errors: [{ code: 'tooDeep', path: '', params: { limit: LIMITS.depth } }] };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 120) : '';
    return { ok: false, errors: [{ code: 'invalidJson', path: '', params: { detail } }] };
  }
  const unsafe = checkValue(value);
  if (unsafe) return { ok: false, errors: [unsafe] };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, errors: [{ code: 'notObject', path: '' }] };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** A wire component as a document block: props checked by its definition, unknown types kept as they are. */
function toBlock(
  component: WireComponent,
  index: number,
  base: string,
  lookup: BlockRulesLookup,
): { ok: true; block: BlockNode } | { ok: false; errors: CodecIssue[] } {
  const definition = component.type === UNKNOWN_BLOCK_TYPE ? undefined : lookup(component.type);
  if (!definition) {
    const props: UnknownBlockProps = { originalType: component.type, raw: component.props };
    return {
      ok: true,
      block: {
        id: component.id,
        type: UNKNOWN_BLOCK_TYPE,
        props: props as unknown as Record<string, unknown>,
        hidden: component.hidden,
        locked: component.locked,
      },
    };
  }
  const parsed = definition.schema.safeParse(component.props, { reportInput: true });
  if (!parsed.success) return { ok: false, errors: zodIssues(parsed.error, [base, index, 'props']) };
  return {
    ok: true,
    block: {
      id: component.id,
      type: component.type,
      props: parsed.data,
      hidden: component.hidden,
      locked: component.locked,
    },
  };
}

function migrate(
  raw: Record<string, unknown>,
):
  | { ok: true; value: Record<string, unknown>; from: number | null; warnings: MigrationWarning[] }
  | { ok: false; errors: CodecIssue[] } {
  const version = raw.version === undefined ? 1 : raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      errors: [{ code: 'badVersion', path: 'version', params: { current: CURRENT_VERSION } }],
    };
  }
  if (version > CURRENT_VERSION) {
    return {
      ok: false,
      errors: [{ code: 'newerVersion', path: 'version', params: { version, current: CURRENT_VERSION } }],
    };
  }
  const warnings: MigrationWarning[] = [];
  let value = raw;
  for (let at = version; at < CURRENT_VERSION; at += 1) value = MIGRATIONS[at]!(value, warnings);
  return { ok: true, value, from: version === CURRENT_VERSION ? null : version, warnings };
}

/** Cross-references: unique ids, each component placed once, fixed parts in their slots, one home. */
function assemble(wire: WireTemplate, lookup: BlockRulesLookup): ParseResult {
  const errors: CodecIssue[] = [];
  const warnings: CodecIssue[] = [];
  const blocks: Record<BlockId, BlockNode> = {};
  const componentIndex = new Map<string, number>();
  wire.componentData.forEach((component, index) => {
    if (componentIndex.has(component.id)) {
      errors.push({
        code: 'duplicateComponentId',
        path: `componentData[${index}].id`,
        params: { id: component.id },
      });
      return;
    }
    componentIndex.set(component.id, index);
    const converted = toBlock(component, index, 'componentData', lookup);
    if (converted.ok) blocks[component.id] = converted.block;
    else errors.push(...converted.errors);
  });

  const pageIds = new Set<string>();
  const placed = new Set<string>();
  const pages: TemplatePage[] = [];
  const place = (id: string, path: string, expected: 'page' | (typeof FIXED_SLOTS)[number]) => {
    if (!componentIndex.has(id)) {
      errors.push({ code: 'missingComponent', path, params: { id } });
      return false;
    }
    if (placed.has(id)) {
      errors.push({ code: 'duplicateReference', path, params: { id } });
      return false;
    }
    placed.add(id);
    const type = wire.componentData[componentIndex.get(id)!]!.type;
    const definition = lookup(type);
    if (definition) {
      const fits =
        expected === 'page'
          ? definition.placement === 'page'
          : definition.placement === 'fixed' && definition.slot === expected;
      if (!fits) errors.push({ code: 'wrongPlacement', path, params: { type } });
    }
    return true;
  };
  wire.ModuleData.forEach((page, pageIndex) => {
    const base = `ModuleData[${pageIndex}]`;
    if (pageIds.has(page.id))
      errors.push({ code: 'duplicatePageId', path: `${base}.id`, params: { id: page.id } });
    pageIds.add(page.id);
    const fixed: TemplatePage['fixed'] = {};
    for (const slot of FIXED_SLOTS) {
      const id = page.fixed[slot];
      if (id !== undefined && place(id, `${base}.fixed.${slot}`, slot)) fixed[slot] = id;
    }
    const blockIds = page.components.filter((id, index) => place(id, `${base}.components[${index}]`, 'page'));
    pages.push({ id: page.id, settings: page.settings, fixed, blockIds });
  });
  const homes = wire.ModuleData.filter((page) => page.isHome);
  if (homes.length !== 1)
    errors.push({ code: 'homeCount', path: 'ModuleData', params: { count: homes.length } });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_REPORTED) };

  wire.componentData.forEach((component, index) => {
    if (!placed.has(component.id))
      warnings.push({ code: 'orphan', path: `componentData[${index}]`, params: { id: component.id } });
  });
  return {
    ok: true,
    document: { siteId: wire.siteId, wxOpenType: wire.wxOpenType, homePageId: homes[0]!.id, pages, blocks },
    warnings,
    migratedFrom: null,
  };
}

export function parseTemplate(json: unknown, lookup: BlockRulesLookup): ParseResult {
  const read = readJson(json);
  if (!read.ok) return read;
  const migrated = migrate(read.value);
  if (!migrated.ok) return migrated;
  const shaped = wireTemplateSchema.safeParse(migrated.value, { reportInput: true });
  if (!shaped.success) return { ok: false, errors: zodIssues(shaped.error, []) };
  const result = assemble(shaped.data, lookup);
  if (!result.ok) return result;
  const migrationWarnings: CodecIssue[] = migrated.warnings.map((warning) => ({
    code: warning.code,
    path: warning.path,
  }));
  return { ...result, warnings: [...migrationWarnings, ...result.warnings], migratedFrom: migrated.from };
}

function toWireComponent(block: BlockNode): WireComponent {
  if (block.type === UNKNOWN_BLOCK_TYPE) {
    const kept = block.props as unknown as UnknownBlockProps;
    return {
      id: block.id,
      type: kept.originalType,
      props: kept.raw as Record<string, unknown>,
      hidden: block.hidden,
      locked: block.locked,
    };
  }
  return { id: block.id, type: block.type, props: block.props, hidden: block.hidden, locked: block.locked };
}

export function toWire(document: TemplateDocument): WireTemplate {
  const written = new Set<string>();
  const componentData: WireComponent[] = [];
  const write = (id: string) => {
    const block = Object.hasOwn(document.blocks, id) ? document.blocks[id] : undefined;
    if (!block || written.has(id)) return;
    written.add(id);
    componentData.push(toWireComponent(block));
  };
  for (const page of document.pages) {
    for (const slot of FIXED_SLOTS) if (page.fixed[slot]) write(page.fixed[slot]);
    for (const id of page.blockIds) write(id);
  }
  // Blocks on no page (kept from the wire as they came) go last.
  for (const id of Object.keys(document.blocks)) write(id);
  return {
    version: CURRENT_VERSION,
    siteId: document.siteId,
    wxOpenType: document.wxOpenType,
    ModuleData: document.pages.map((page) => ({
      id: page.id,
      isHome: page.id === document.homePageId,
      settings: { ...page.settings },
      fixed: { ...page.fixed },
      components: [...page.blockIds],
    })),
    componentData,
  };
}

export function serializeTemplate(document: TemplateDocument): string {
  return JSON.stringify(toWire(document));
}

// ---- clipboard -----------------------------------------------------------------------------------

export type ClipboardResult = { ok: true; payload: ClipboardPayload } | { ok: false; errors: CodecIssue[] };

/** Blocks copied from any template, checked like template components before they are pasted. */
export function parseClipboard(text: unknown, lookup: BlockRulesLookup): ClipboardResult {
  const read = readJson(text);
  if (!read.ok) return read;
  const value = read.value;
  if (value.kind !== 'decoration-blocks' || value.version !== 1 || !Array.isArray(value.blocks)) {
    return { ok: false, errors: [{ code: 'notAllowed', path: 'kind' }] };
  }
  const blocks: BlockNode[] = [];
  const errors: CodecIssue[] = [];
  value.blocks.forEach((entry, index) => {
    const shaped = wireComponentSchema.safeParse(
      entry !== null && typeof entry === 'object' && (entry as { type?: unknown }).type === UNKNOWN_BLOCK_TYPE
        ? toWireComponent(entry as BlockNode)
        : entry,
      { reportInput: true },
    );
    if (!shaped.success) {
      errors.push(...zodIssues(shaped.error, ['blocks', index]));
      return;
    }
    const converted = toBlock(shaped.data, index, 'blocks', lookup);
    if (converted.ok) blocks.push(converted.block);
    else errors.push(...converted.errors);
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_REPORTED) };
  return { ok: true, payload: { kind: 'decoration-blocks', version: 1, blocks } };
}

// ---- messages ------------------------------------------------------------------------------------

/** The issue as a sentence, from a flat catalogue such as ./messages-en.ts. */
export function describeCodecIssue(issue: CodecIssue, catalogue: Record<string, string>): string {
  const params: Record<string, string | number> = { path: issue.path || '/', ...(issue.params ?? {}) };
  if (typeof params.expected === 'string')
    params.expected = catalogue[`codec.type.${params.expected}`] ?? params.expected;
  const template = catalogue[`codec.${issue.code}`] ?? issue.code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
