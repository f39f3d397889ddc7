import { produce } from 'immer';
import { blockDefinition } from '../../components-catalog/registry';
import type { ShopType } from '../../contract/enums';
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
} from '../../contract/template-document';
import { createId } from './ids';
import { createPage, findPage, pageOfBlock } from './template';

/**
 * Pure operations on the decoration document. Each takes the document and returns a new one (immer;
 * untouched pages and blocks keep their identity) or a problem the studio shows, plus the page and
 * blocks the change is about so undo can return there.
 */

export interface Focus {
  pageId: PageId;
  blockIds: BlockId[];
}

export interface DocumentProblem {
  /** i18n key of the studio catalogue (editor/i18n). */
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
  shopType: ShopType | undefined,
  adding = 1,
): DocumentProblem | null {
  const definition = blockDefinition(type);
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

function slotOf(type: string): FixedSlot | undefined {
  const definition = blockDefinition(type);
  return definition?.placement === 'fixed' ? definition.slot : undefined;
}

export interface InsertArgs {
  pageId: PageId;
  type: string;
  /** Position in the page's list; ignored for fixed parts. */
  index: number;
  shopType?: ShopType;
  props?: Record<string, unknown>;
  id?: BlockId;
}

export function insertBlock(document: TemplateDocument, args: InsertArgs): Outcome {
  const page = findPage(document, args.pageId);
  if (!page) return fail('document.noPage');
  const problem = insertProblem(document, page, args.type, args.shopType);
  if (problem) return fail(problem.key, problem.params);
  const definition = blockDefinition(args.type)!;
  const slot = slotOf(args.type);
  if (slot && page.fixed[slot]) return fail('document.tooMany', { type: args.type, max: 1 });
  const id = args.id ?? createId();
  const block: BlockNode = {
    id,
    type: args.type,
    props: args.props ?? definition.defaults(),
    hidden: false,
    locked: false,
  };
  const next = produce(document, (draft) => {
    draft.blocks[id] = block;
    const target = draft.pages.find((entry) => entry.id === args.pageId)!;
    if (slot) target.fixed[slot] = id;
    else target.blockIds.splice(clamp(args.index, target.blockIds.length), 0, id);
  });
  return done(next, { pageId: args.pageId, blockIds: [id] });
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
  const next = produce(document, (draft) => {
    const list = draft.pages.find((entry) => entry.id === pageId)!.blockIds;
    list.splice(from, 1);
    list.splice(to, 0, blockId);
  });
  return done(next, { pageId, blockIds: [blockId] });
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
  const next = produce(document, (draft) => {
    const target = draft.pages.find((entry) => entry.id === pageId)!;
    target.blockIds = target.blockIds.filter((id) => !removing.has(id));
    for (const slot of FIXED_SLOTS)
      if (target.fixed[slot] && removing.has(target.fixed[slot])) delete target.fixed[slot];
    for (const id of removing) delete draft.blocks[id];
  });
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
  shopType?: ShopType,
): Outcome {
  const page = findPage(document, pageId);
  if (!page) return fail('document.noPage');
  const inOrder = page.blockIds.filter((id) => blockIds.includes(id));
  if (inOrder.length === 0)
    return fail(blockIds.length > 0 ? 'document.fixedNotDuplicable' : 'document.noBlock');
  for (const type of new Set(inOrder.map((id) => blockOf(document, id)!.type))) {
    const adding = inOrder.filter((id) => blockOf(document, id)!.type === type).length;
    const problem = insertProblem(document, page, type, shopType, adding);
    if (problem) return fail(problem.key, problem.params);
  }
  const copies = inOrder.map((id) => {
    const source = blockOf(document, id)!;
    return { ...source, id: createId(), props: cloneProps(source.props), locked: false };
  });
  const after = page.blockIds.indexOf(inOrder[inOrder.length - 1]!) + 1;
  const next = produce(document, (draft) => {
    for (const copy of copies) draft.blocks[copy.id] = copy;
    draft.pages
      .find((entry) => entry.id === pageId)!
      .blockIds.splice(after, 0, ...copies.map((copy) => copy.id));
  });
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
  const next = produce(document, (draft) => {
    for (const id of ids) draft.blocks[id]![flag] = value;
  });
  return done(next, { pageId: page?.id ?? document.homePageId, blockIds: ids });
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
  const next = produce(document, (draft) => {
    let target = draft.blocks[blockId]!.props as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path[path.length - 1]!] = value;
  });
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
  const next = produce(document, (draft) => {
    draft.blocks[blockId]!.props = props;
  });
  const page = pageOfBlock(document, blockId);
  return done(next, { pageId: page?.id ?? document.homePageId, blockIds: [blockId] });
}

// ---- pages ---------------------------------------------------------------------------------------

export function addPage(document: TemplateDocument, title: string, index = document.pages.length): Outcome {
  if (document.pages.length >= MAX_PAGES) return fail('document.tooManyPages', { max: MAX_PAGES });
  const page = createPage(title);
  const next = produce(document, (draft) => {
    draft.pages.splice(clamp(index, draft.pages.length), 0, page);
  });
  return done(next, { pageId: page.id, blockIds: [] });
}

export function updatePageSettings(
  document: TemplateDocument,
  pageId: PageId,
  patch: Partial<PageSettings>,
): Outcome {
  if (!findPage(document, pageId)) return fail('document.noPage');
  const next = produce(document, (draft) => {
    Object.assign(draft.pages.find((entry) => entry.id === pageId)!.settings, patch);
  });
  return done(next, { pageId, blockIds: [] });
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
  const owned = [...page.blockIds, ...Object.values(page.fixed)];
  const index = document.pages.indexOf(page);
  const next = produce(document, (draft) => {
    draft.pages.splice(index, 1);
    for (const id of owned) delete draft.blocks[id];
    if (draft.homePageId === pageId) draft.homePageId = draft.pages[0]!.id;
  });
  const neighbour = next.pages[Math.min(index, next.pages.length - 1)]!;
  return done(next, { pageId: neighbour.id, blockIds: [] });
}

export function reorderPage(document: TemplateDocument, pageId: PageId, toIndex: number): Outcome {
  const from = document.pages.findIndex((page) => page.id === pageId);
  if (from === -1) return fail('document.noPage');
  const to = clamp(toIndex, document.pages.length - 1);
  if (to === from) return fail('document.nothingToDo');
  const next = produce(document, (draft) => {
    const [moved] = draft.pages.splice(from, 1);
    draft.pages.splice(to, 0, moved!);
  });
  return done(next, { pageId, blockIds: [] });
}

export function setHomePage(document: TemplateDocument, pageId: PageId): Outcome {
  if (!findPage(document, pageId)) return fail('document.noPage');
  if (document.homePageId === pageId) return fail('document.nothingToDo');
  return done({ ...document, homePageId: pageId }, { pageId, blockIds: [] });
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
  shopType?: ShopType;
}

/** Pastes copies with fresh ids; page blocks at `index`, fixed parts into their empty slots. */
export function pasteBlocks(document: TemplateDocument, payload: ClipboardPayload, args: PasteArgs): Outcome {
  const page = findPage(document, args.pageId);
  if (!page) return fail('document.noPage');
  if (payload.blocks.length === 0) return fail('document.nothingToDo');
  for (const type of new Set(payload.blocks.map((block) => block.type))) {
    const adding = payload.blocks.filter((block) => block.type === type).length;
    const problem = insertProblem(document, page, type, args.shopType, adding);
    if (problem) return fail(problem.key, problem.params);
    const slot = slotOf(type);
    if (slot && page.fixed[slot]) return fail('document.tooMany', { type, max: 1 });
  }
  const copies = payload.blocks.map((block) => ({
    ...block,
    id: createId(),
    props: cloneProps(block.props),
    locked: false,
  }));
  const next = produce(document, (draft) => {
    const target = draft.pages.find((entry) => entry.id === args.pageId)!;
    let at = clamp(args.index, target.blockIds.length);
    for (const copy of copies) {
      draft.blocks[copy.id] = copy;
      const slot = slotOf(copy.type);
      if (slot) target.fixed[slot] = copy.id;
      else {
        target.blockIds.splice(at, 0, copy.id);
        at += 1;
      }
    }
  });
  return done(next, { pageId: args.pageId, blockIds: copies.map((copy) => copy.id) });
}
