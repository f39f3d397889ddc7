import { freeze, produce } from 'immer';
import type { ShopType } from '../enums';
import {
  type BlockId,
  type BlockNode,
  FIXED_SLOTS,
  type FixedSlot,
  MAX_BLOCKS,
  MAX_BLOCKS_PER_PAGE,
  MAX_PAGES,
  type PageId,
  type PageSettings,
  RESERVED_KEYS,
  type TemplateDocument,
  type TemplatePage,
  UNKNOWN_BLOCK_TYPE,
} from '../template-document';
import type { BlockRulesLookup } from './block-rules';
import { createPage, findPage, pageOfBlock } from './create-template';
import { createId } from './ids';

/**
 * Pure operations on the decoration document. Each takes the document and returns either a new,
 * frozen one in which untouched pages and blocks keep their identity (immer works on the one block or
 * page that changes), or a problem the studio shows; plus the page and blocks the change is about,
 * so undo can return there.
 */

export interface Focus {
  pageId: PageId;
  blockIds: BlockId[];
}

export interface DocumentProblem {
  /** i18n key of ./messages-en.ts and ./messages-zh.ts. */
  key: string;
  params?: Record<string, string | number>;
}

export type Outcome =
  | { ok: true; document: TemplateDocument; focus: Focus }
  | { ok: false; problem: DocumentProblem };

const fail = (key: string, params?: DocumentProblem['params']): Outcome => ({
  ok: false,
  problem: params ? { key, params } : { key },
});
const done = (document: TemplateDocument, focus: Focus): Outcome => ({ ok: true, document, focus });

/** The block of an id, never an inherited Object property. */
export function blockOf(document: TemplateDocument, id: BlockId): BlockNode | undefined {
  return Object.hasOwn(document.blocks, id) ? document.blocks[id] : undefined;
}

/**
 * A list with items spliced in, built outside immer: splicing a 300-id draft array moves every id
 * through the proxy, which costs milliseconds per drag.
 */
function spliced<T>(list: readonly T[], start: number, remove: number, ...items: T[]): T[] {
  const next = list.slice();
  next.splice(start, remove, ...items);
  return next;
}

/**
 * The document with some blocks added or replaced and some removed. Only the table itself is copied;
 * immer over the whole table would revisit all its blocks on every keystroke.
 */
function withBlocks(
  document: TemplateDocument,
  put: readonly BlockNode[],
  remove: ReadonlySet<BlockId> = new Set(),
  pages: TemplatePage[] = document.pages,
): TemplateDocument {
  // Removing copies only the kept entries: `delete` on a copy of a 300-entry table costs as much
  // again as the copy. fromEntries defines each key as data, whatever an imported id holds.
  const blocks: Record<BlockId, BlockNode> =
    remove.size === 0
      ? { ...document.blocks }
      : Object.fromEntries(Object.entries(document.blocks).filter(([id]) => !remove.has(id)));
  for (const block of put) blocks[block.id] = freeze(block, true);
  return Object.freeze({ ...document, pages, blocks: Object.freeze(blocks) });
}

/** The pages with one page changed by an immer recipe. */
function withPage(
  document: TemplateDocument,
  pageId: PageId,
  recipe: (page: TemplatePage) => void,
): TemplatePage[] {
  return Object.freeze(
    document.pages.map((page) => (page.id === pageId ? produce(page, recipe) : page)),
  ) as TemplatePage[];
}

function clamp(index: number, length: number): number {
  return Math.max(0, Math.min(index, length));
}

function countOnPage(document: TemplateDocument, page: TemplatePage, type: string): number {
  const ids = [...page.blockIds, ...Object.values(page.fixed)];
  return ids.filter((id) => blockOf(document, id)?.type === type).length;
}

/** Why a block of this type cannot be added to the page (shop type, limits), or null. */
export function insertProblem(
  document: TemplateDocument,
  page: TemplatePage,
  type: string,
  rules: BlockRulesLookup,
  shopType: ShopType | undefined,
  adding = 1,
): DocumentProblem | null {
  const definition = rules(type);
  if (!definition)
    return type === UNKNOWN_BLOCK_TYPE ? null : { key: 'document.unknownType', params: { type } };
  if (definition.placement === 'settings') return { key: 'document.notInsertable', params: { type } };
  if (shopType !== undefined && !definition.shopTypes.includes(shopType)) {
    return { key: 'document.blockNotAllowed', params: { type } };
  }
  if (definition.maxPerPage !== null && countOnPage(document, page, type) + adding > definition.maxPerPage) {
    return { key: 'document.tooMany', params: { type, max: definition.maxPerPage } };
  }
  if (definition.placement === 'page' && page.blockIds.length + adding > MAX_BLOCKS_PER_PAGE) {
    return { key: 'document.pageFull', params: { max: MAX_BLOCKS_PER_PAGE } };
  }
  if (Object.keys(document.blocks).length + adding > MAX_BLOCKS) {
    return { key: 'document.templateFull', params: { max: MAX_BLOCKS } };
  }
  return null;
}

function slotOf(type: string, rules: BlockRulesLookup): FixedSlot | undefined {
  const definition = rules(type);
  // Stryker disable next-line ConditionalExpression: only fixed parts have a slot.
  return definition?.placement === 'fixed' ? definition.slot : undefined;
}

export interface InsertArgs {
  pageId: PageId;
  type: string;
  /** Position in the page's list; ignored for fixed parts. */
  index: number;
  rules: BlockRulesLookup;
  shopType?: ShopType;
  props?: Record<string, unknown>;
  id?: BlockId;
}

export function insertBlock(document: TemplateDocument, args: InsertArgs): Outcome {
  const page = findPage(document, args.pageId);
  if (!page) return fail('document.noPage');
  const problem = insertProblem(document, page, args.type, args.rules, args.shopType);
  if (problem) return fail(problem.key, problem.params);
  const definition = args.rules(args.type)!;
  const slot = slotOf(args.type, args.rules);
  // Stryker disable next-line all: every fixed part allows one per page, so insertProblem has refused a taken slot already.
  if (slot && page.fixed[slot]) return fail('document.tooMany', { type: args.type, max: 1 });
  const id = args.id ?? createId();
  const block: BlockNode = {
    id,
    type: args.type,
    props: args.props ?? definition.defaults(),
    hidden: false,
    locked: false,
  };
  const pages = withPage(document, args.pageId, (target) => {
    if (slot) target.fixed[slot] = id;
    else target.blockIds = spliced(page.blockIds, clamp(args.index, page.blockIds.length), 0, id);
  });
  return done(withBlocks(document, [block], undefined, pages), { pageId: args.pageId, blockIds: [id] });
}

function lockedAmong(document: TemplateDocument, blockIds: readonly BlockId[]): boolean {
  return blockIds.some((id) => blockOf(document, id)?.locked);
}

/** Moves a block of a page's list so it ends up at `toIndex`. */
export function moveBlock(
  document: TemplateDocument,
  pageId: PageId,
  blockId: BlockId,
  toIndex: number,
): Outcome {
  const page = findPage(document, pageId);
  if (!page) return fail('document.noPage');
  const from = page.blockIds.indexOf(blockId);
  if (from === -1) return fail('document.noBlock');
  if (lockedAmong(document, [blockId])) return fail('document.locked');
  const to = clamp(toIndex, page.blockIds.length - 1);
  if (to === from) return fail('document.nothingToDo');
  const list = spliced(page.blockIds, from, 1);
  list.splice(to, 0, blockId);
  const pages = withPage(document, pageId, (target) => {
    target.blockIds = list;
  });
  return done(Object.freeze({ ...document, pages }), { pageId, blockIds: [blockId] });
}

/** Move up (-1) or down (+1): the keyboard and toolbar variant of a drag. */
export function moveBlockBy(
  document: TemplateDocument,
  pageId: PageId,
  blockId: BlockId,
  delta: number,
): Outcome {
  const index = findPage(document, pageId)?.blockIds.indexOf(blockId) ?? -1;
  if (index === -1) return fail('document.noBlock');
  return moveBlock(document, pageId, blockId, index + delta);
}

export function deleteBlocks(
  document: TemplateDocument,
  pageId: PageId,
  blockIds: readonly BlockId[],
): Outcome {
  const page = findPage(document, pageId);
  if (!page) return fail('document.noPage');
  const onPage = blockIds.filter(
    (id) => page.blockIds.includes(id) || Object.values(page.fixed).includes(id),
  );
  if (onPage.length === 0) return fail('document.noBlock');
  if (lockedAmong(document, onPage)) return fail('document.locked');
  const removing = new Set(onPage);
  const pages = withPage(document, pageId, (target) => {
    target.blockIds = page.blockIds.filter((id) => !removing.has(id));
    for (const slot of FIXED_SLOTS)
      if (target.fixed[slot] && removing.has(target.fixed[slot])) delete target.fixed[slot];
  });
  const next = withBlocks(document, [], removing, pages);
  return done(next, { pageId, blockIds: onPage });
}

function cloneProps(props: Record<string, unknown>): Record<string, unknown> {
  return structuredClone(props);
}

/** Copies of the blocks right after the last of them, with fresh ids. */
export function duplicateBlocks(
  document: TemplateDocument,
  pageId: PageId,
  blockIds: readonly BlockId[],
  rules: BlockRulesLookup,
  shopType?: ShopType,
): Outcome {
  const page = findPage(document, pageId);
  if (!page) return fail('document.noPage');
  const inOrder = page.blockIds.filter((id) => blockIds.includes(id));
  if (inOrder.length === 0)
    return fail(blockIds.length > 0 ? 'document.fixedNotDuplicable' : 'document.noBlock');
  for (const type of new Set(inOrder.map((id) => blockOf(document, id)!.type))) {
    const adding = inOrder.filter((id) => blockOf(document, id)!.type === type).length;
    const problem = insertProblem(document, page, type, rules, shopType, adding);
    if (problem) return fail(problem.key, problem.params);
  }
  const copies = inOrder.map((id) => {
    const source = blockOf(document, id)!;
    return { ...source, id: createId(), props: cloneProps(source.props), locked: false };
  });
  const after = page.blockIds.indexOf(inOrder[inOrder.length - 1]!) + 1;
  const pages = withPage(document, pageId, (target) => {
    target.blockIds = spliced(page.blockIds, after, 0, ...copies.map((copy) => copy.id));
  });
  const next = withBlocks(document, copies, undefined, pages);
  return done(next, { pageId, blockIds: copies.map((copy) => copy.id) });
}

function setFlag(
  document: TemplateDocument,
  blockIds: readonly BlockId[],
  flag: 'hidden' | 'locked',
  value: boolean,
): Outcome {
  const ids = blockIds.filter((id) => blockOf(document, id));
  if (ids.length === 0) return fail('document.noBlock');
  if (ids.every((id) => blockOf(document, id)![flag] === value)) return fail('document.nothingToDo');
  const page = pageOfBlock(document, ids[0]!);
  const changed = ids.map((id) => ({ ...blockOf(document, id)!, [flag]: value }));
  return done(withBlocks(document, changed), { pageId: page?.id ?? document.homePageId, blockIds: ids });
}

export const setHidden = (document: TemplateDocument, blockIds: readonly BlockId[], hidden: boolean) =>
  setFlag(document, blockIds, 'hidden', hidden);

export const setLocked = (document: TemplateDocument, blockIds: readonly BlockId[], locked: boolean) =>
  setFlag(document, blockIds, 'locked', locked);

export type PropPath = readonly (string | number)[];

/** Sets one prop (or a nested one: `['items', 0, 'text']`) of a block. */
export function setProp(
  document: TemplateDocument,
  blockId: BlockId,
  path: PropPath,
  value: unknown,
): Outcome {
  const block = blockOf(document, blockId);
  if (!block) return fail('document.noBlock');
  if (block.locked) return fail('document.locked');
  if (path.length === 0 || path.some((key) => typeof key === 'string' && RESERVED_KEYS.has(key))) {
    return fail('document.noProp', { path: path.join('.') });
  }
  let holder: unknown = block.props;
  for (const key of path.slice(0, -1)) {
    holder =
      holder !== null && typeof holder === 'object' && Object.hasOwn(holder, key)
        ? (holder as Record<string | number, unknown>)[key]
        : undefined;
  }
  if (holder === null || typeof holder !== 'object') return fail('document.noProp', { path: path.join('.') });
  const changed = produce(block, (draft) => {
    let target = draft.props as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path[path.length - 1]!] = value;
  });
  const next = withBlocks(document, [changed]);
  const page = pageOfBlock(document, blockId);
  return done(next, { pageId: page?.id ?? document.homePageId, blockIds: [blockId] });
}

/** Replaces a block's props as a whole (list editors, layout switches that reshape several props). */
export function replaceProps(
  document: TemplateDocument,
  blockId: BlockId,
  props: Record<string, unknown>,
): Outcome {
  const block = blockOf(document, blockId);
  if (!block) return fail('document.noBlock');
  if (block.locked) return fail('document.locked');
  const next = withBlocks(document, [{ ...block, props }]);
  const page = pageOfBlock(document, blockId);
  return done(next, { pageId: page?.id ?? document.homePageId, blockIds: [blockId] });
}

// ---- pages ---------------------------------------------------------------------------------------

export function addPage(document: TemplateDocument, title: string, index = document.pages.length): Outcome {
  if (document.pages.length >= MAX_PAGES) return fail('document.tooManyPages', { max: MAX_PAGES });
  const page = freeze(createPage(title), true);
  const pages = Object.freeze(
    spliced(document.pages, clamp(index, document.pages.length), 0, page),
  ) as TemplatePage[];
  return done(Object.freeze({ ...document, pages }), { pageId: page.id, blockIds: [] });
}

export function updatePageSettings(
  document: TemplateDocument,
  pageId: PageId,
  patch: Partial<PageSettings>,
): Outcome {
  if (!findPage(document, pageId)) return fail('document.noPage');
  const pages = withPage(document, pageId, (target) => {
    Object.assign(target.settings, patch);
  });
  return done(Object.freeze({ ...document, pages }), { pageId, blockIds: [] });
}

export function renamePage(document: TemplateDocument, pageId: PageId, title: string): Outcome {
  if (title.trim() === '') return fail('document.pageTitleRequired');
  return updatePageSettings(document, pageId, { title: title.trim() });
}

/** Deletes a page and its blocks; the last page cannot go, and the home moves to the first page left. */
export function deletePage(document: TemplateDocument, pageId: PageId): Outcome {
  const page = findPage(document, pageId);
  if (!page) return fail('document.noPage');
  if (document.pages.length === 1) return fail('document.lastPage');
  const owned = new Set([...page.blockIds, ...Object.values(page.fixed)]);
  const pages = document.pages.filter((entry) => entry.id !== pageId);
  const remaining = withBlocks(document, [], owned, pages);
  const next =
    document.homePageId === pageId ? Object.freeze({ ...remaining, homePageId: pages[0]!.id }) : remaining;
  const index = document.pages.indexOf(page);
  const neighbour = next.pages[Math.min(index, next.pages.length - 1)]!;
  return done(next, { pageId: neighbour.id, blockIds: [] });
}

export function reorderPage(document: TemplateDocument, pageId: PageId, toIndex: number): Outcome {
  const from = document.pages.findIndex((page) => page.id === pageId);
  if (from === -1) return fail('document.noPage');
  const to = clamp(toIndex, document.pages.length - 1);
  if (to === from) return fail('document.nothingToDo');
  const pages = spliced(document.pages, from, 1);
  pages.splice(to, 0, document.pages[from]!);
  return done(Object.freeze({ ...document, pages: Object.freeze(pages) as TemplatePage[] }), {
    pageId,
    blockIds: [],
  });
}

export function setHomePage(document: TemplateDocument, pageId: PageId): Outcome {
  if (!findPage(document, pageId)) return fail('document.noPage');
  if (document.homePageId === pageId) return fail('document.nothingToDo');
  return done(Object.freeze({ ...document, homePageId: pageId }), { pageId, blockIds: [] });
}

// ---- clipboard -----------------------------------------------------------------------------------

/** What copy puts on the clipboard: self-contained blocks that paste into any page of any template. */
export interface ClipboardPayload {
  kind: 'decoration-blocks';
  version: 1;
  blocks: BlockNode[];
}

export function copyBlocks(
  document: TemplateDocument,
  blockIds: readonly BlockId[],
): ClipboardPayload | null {
  const page = pageOfBlock(document, blockIds[0] ?? '');
  // Page order, not selection order, so a pasted group reads as it did.
  const ordered = page
    ? [...Object.values(page.fixed), ...page.blockIds].filter((id) => blockIds.includes(id))
    : blockIds.filter((id) => blockOf(document, id));
  const blocks = ordered
    .map((id) => blockOf(document, id))
    .filter((block): block is BlockNode => Boolean(block));
  if (blocks.length === 0) return null;
  return {
    kind: 'decoration-blocks',
    version: 1,
    blocks: blocks.map((block) => ({ ...block, props: cloneProps(block.props), locked: false })),
  };
}

export interface PasteArgs {
  pageId: PageId;
  index: number;
  rules: BlockRulesLookup;
  shopType?: ShopType;
}

/** Pastes copies with fresh ids; page blocks at `index`, fixed parts into their empty slots. */
export function pasteBlocks(document: TemplateDocument, payload: ClipboardPayload, args: PasteArgs): Outcome {
  const page = findPage(document, args.pageId);
  if (!page) return fail('document.noPage');
  if (payload.blocks.length === 0) return fail('document.nothingToDo');
  for (const type of new Set(payload.blocks.map((block) => block.type))) {
    const adding = payload.blocks.filter((block) => block.type === type).length;
    const problem = insertProblem(document, page, type, args.rules, args.shopType, adding);
    if (problem) return fail(problem.key, problem.params);
    const slot = slotOf(type, args.rules);
    // Stryker disable next-line all: every fixed part allows one per page, so insertProblem has refused a taken slot already.
    if (slot && page.fixed[slot]) return fail('document.tooMany', { type, max: 1 });
  }
  const copies = payload.blocks.map((block) => ({
    ...block,
    id: createId(),
    props: cloneProps(block.props),
    locked: false,
  }));
  const pages = withPage(document, args.pageId, (target) => {
    const flow: BlockId[] = [];
    for (const copy of copies) {
      const slot = slotOf(copy.type, args.rules);
      if (slot) target.fixed[slot] = copy.id;
      else flow.push(copy.id);
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: splicing in no ids gives the same list.
    if (flow.length > 0)
      target.blockIds = spliced(page.blockIds, clamp(args.index, page.blockIds.length), 0, ...flow);
  });
  const next = withBlocks(document, copies, undefined, pages);
  return done(next, { pageId: args.pageId, blockIds: copies.map((copy) => copy.id) });
}
