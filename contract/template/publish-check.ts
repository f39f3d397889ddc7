import type { ShopType } from '../enums';
import type { LinkKind } from '../link-targets';
import { describeLinkProblem, type LinkValue, linkEntity, validateLink } from '../link-value';
import {
  type BlockId,
  type BlockNode,
  FIXED_SLOTS,
  type PageId,
  type TemplateDocument,
  type TemplatePage,
  UNKNOWN_BLOCK_TYPE,
  type UnknownBlockProps,
} from '../template-document';
import type { BlockProblem, BlockRulesLookup } from './block-rules';

/**
 * The check before publishing: every problem of every visible block on every page, in page order,
 * each pointing at its page, block and prop so the studio can jump there. Pure: the caller says which
 * entities still exist (the server from its tables, the studio from the server).
 */

export type PublishProblemKind =
  | 'missingImage'
  | 'emptyRequired'
  | 'invalidValue'
  | 'linkNotAllowed'
  | 'linkToDeleted'
  | 'linkToEnded'
  | 'linkToDisabled'
  | 'tooMany'
  | 'blockNotAllowed'
  | 'unknownBlock';

export interface PublishProblem {
  pageId: PageId;
  /** null for the page's own settings. */
  blockId: BlockId | null;
  blockType: string;
  kind: PublishProblemKind;
  /** Prop path inside the block, e.g. `items.0.link`; '' for the block as a whole. */
  path: string;
  /** Catalogue key of the message; link problems use contract/link-value's keys. */
  messageKey: string;
  params: Record<string, string | number>;
  /** Catalogue key of the field label, shown as `{field}`. */
  fieldLabel?: string;
}

/**
 * Ids of entities that still exist, per kind. Kinds left out are not checked (no table to ask yet);
 * links to template pages are checked against the template itself.
 */
export type ExistingEntities = Partial<Record<LinkKind, ReadonlySet<number>>>;

/**
 * Ids of entities that exist but are over for good (an ended coupon, seckill, group buy or
 * bargain), per kind: a link to one leads visitors to something they can no longer get.
 */
export type EndedEntities = Partial<Record<LinkKind, ReadonlySet<number>>>;

function fromBlockProblem(
  pageId: PageId,
  block: BlockNode | null,
  type: string,
  problem: BlockProblem,
): PublishProblem {
  return {
    pageId,
    blockId: block?.id ?? null,
    blockType: type,
    kind: problem.kind,
    path: problem.path,
    messageKey: problem.messageKey,
    params: problem.params ?? {},
    ...(problem.fieldLabel ? { fieldLabel: problem.fieldLabel } : {}),
  };
}

function linkProblems(
  document: TemplateDocument,
  page: TemplatePage,
  block: BlockNode,
  path: string,
  link: LinkValue,
  shopType: ShopType,
  existing: ExistingEntities,
  ended: EndedEntities,
): PublishProblem[] {
  const base = { pageId: page.id, blockId: block.id, blockType: block.type, path };
  const problems: PublishProblem[] = validateLink(link, shopType).map((problem) => ({
    ...base,
    kind: problem.code === 'link.notAllowed' ? 'linkNotAllowed' : 'invalidValue',
    messageKey: problem.code,
    params: problem.params ?? {},
  }));
  if (problems.some((problem) => problem.kind === 'linkNotAllowed')) return problems;
  const entity = linkEntity(link);
  if (entity) {
    const title = 'linkTitle' in link ? (link.linkTitle ?? '') : '';
    const gone =
      entity.kind === 'customPage'
        ? !document.pages.some((candidate) => candidate.id === entity.id)
        : existing[entity.kind] !== undefined && !existing[entity.kind]!.has(Number(entity.id));
    if (gone)
      problems.push({
        ...base,
        kind: 'linkToDeleted',
        messageKey: 'publish.linkToDeleted',
        params: { title },
      });
    else if (entity.kind !== 'customPage' && ended[entity.kind]?.has(Number(entity.id)))
      problems.push({ ...base, kind: 'linkToEnded', messageKey: 'publish.linkToEnded', params: { title } });
  }
  return problems;
}

function blocksOf(page: TemplatePage): BlockId[] {
  return [
    ...FIXED_SLOTS.map((slot) => page.fixed[slot]).filter((id): id is BlockId => Boolean(id)),
    ...page.blockIds,
  ];
}

export function publishCheck(
  document: TemplateDocument,
  shopType: ShopType,
  existing: ExistingEntities,
  rules: BlockRulesLookup,
  ended: EndedEntities = {},
): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const settings = rules('pageSettings');
  for (const page of document.pages) {
    if (settings) {
      for (const problem of settings.validate(page.settings))
        problems.push(fromBlockProblem(page.id, null, 'pageSettings', problem));
    }
    const counts = new Map<string, number>();
    for (const id of blocksOf(page)) {
      const block = Object.hasOwn(document.blocks, id) ? document.blocks[id] : undefined;
      if (!block || block.hidden) continue;
      const base = { pageId: page.id, blockId: block.id, blockType: block.type, path: '', params: {} };
      if (block.type === UNKNOWN_BLOCK_TYPE) {
        const original = (block.props as unknown as UnknownBlockProps).originalType;
        problems.push({
          ...base,
          kind: 'unknownBlock',
          messageKey: 'publish.unknownBlock',
          params: { type: original },
        });
        continue;
      }
      const definition = rules(block.type);
      if (!definition) continue;
      if (!definition.shopTypes.includes(shopType)) {
        problems.push({ ...base, kind: 'blockNotAllowed', messageKey: 'publish.blockNotAllowed' });
        continue;
      }
      const count = (counts.get(block.type) ?? 0) + 1;
      counts.set(block.type, count);
      if (definition.maxPerPage !== null && count > definition.maxPerPage) {
        const total = blocksOf(page).filter(
          (other) => document.blocks[other]?.type === block.type && !document.blocks[other]?.hidden,
        ).length;
        problems.push({
          ...base,
          kind: 'tooMany',
          messageKey: 'publish.tooMany',
          params: { max: definition.maxPerPage, count: total },
        });
      }
      for (const problem of definition.validate(block.props))
        problems.push(fromBlockProblem(page.id, block, block.type, problem));
      for (const found of definition.links(block.props)) {
        problems.push(
          ...linkProblems(document, page, block, found.path, found.link, shopType, existing, ended),
        );
      }
    }
  }
  return problems;
}

/** Every server entity the visible blocks link to, per kind: what the caller must look up. */
export function linkedEntities(
  document: TemplateDocument,
  rules: BlockRulesLookup,
): Map<LinkKind, Set<number>> {
  const found = new Map<LinkKind, Set<number>>();
  for (const page of document.pages) {
    for (const id of blocksOf(page)) {
      const block = Object.hasOwn(document.blocks, id) ? document.blocks[id] : undefined;
      const definition = block && !block.hidden ? rules(block.type) : undefined;
      if (!block || !definition) continue;
      for (const { link } of definition.links(block.props)) {
        const entity = linkEntity(link);
        if (!entity || typeof entity.id !== 'number') continue;
        if (!found.has(entity.kind)) found.set(entity.kind, new Set());
        found.get(entity.kind)!.add(entity.id);
      }
    }
  }
  return found;
}

/** Ids of linked entities the shop switched off, per kind. */
export type DisabledEntities = Partial<Record<LinkKind, ReadonlySet<number>>>;

/**
 * Links of visible blocks to goods, coupons and other entities the shop switched off. Warnings, not
 * refusals: the page still works and the shop may switch them back on, but visitors cannot buy them.
 */
export function publishWarnings(
  document: TemplateDocument,
  disabled: DisabledEntities,
  rules: BlockRulesLookup,
): PublishProblem[] {
  const warnings: PublishProblem[] = [];
  for (const page of document.pages) {
    for (const id of blocksOf(page)) {
      const block = Object.hasOwn(document.blocks, id) ? document.blocks[id] : undefined;
      const definition = block && !block.hidden ? rules(block.type) : undefined;
      if (!block || !definition) continue;
      for (const { path, link } of definition.links(block.props)) {
        const entity = linkEntity(link);
        if (!entity || !disabled[entity.kind]?.has(Number(entity.id))) continue;
        warnings.push({
          pageId: page.id,
          blockId: block.id,
          blockType: block.type,
          kind: 'linkToDisabled',
          path,
          messageKey: 'publish.linkToDisabled',
          params: { title: 'linkTitle' in link ? (link.linkTitle ?? '') : '' },
        });
      }
    }
  }
  return warnings;
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The problem as one sentence: the block's name, then what is wrong. `catalogue` holds the block names
 * and field labels of the block catalogue with ./messages-en.ts or ./messages-zh.ts, in `locale`.
 */
export function describePublishProblem(
  problem: PublishProblem,
  locale: 'zh' | 'en',
  catalogue: Record<string, string>,
): string {
  const block = catalogue[`block.${problem.blockType}`] ?? problem.blockType;
  let detail: string;
  if (problem.messageKey.startsWith('link.')) {
    detail = describeLinkProblem(
      { field: problem.path, code: problem.messageKey as never, params: problem.params },
      locale,
    );
  } else {
    const field = problem.fieldLabel ? (catalogue[problem.fieldLabel] ?? problem.fieldLabel) : '';
    detail = fill(catalogue[problem.messageKey] ?? problem.messageKey, { ...problem.params, field, block });
  }
  if (problem.kind === 'blockNotAllowed' || problem.kind === 'unknownBlock') return detail;
  return fill(catalogue['publish.blockProblem']!, { block, detail });
}
