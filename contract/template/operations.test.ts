import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../enums';
import type { TemplateDocument } from '../template-document';
import { createTemplate } from './create-template';
import {
  addPage,
  copyBlocks,
  deleteBlocks,
  deletePage,
  duplicateBlocks,
  insertBlock,
  moveBlock,
  moveBlockBy,
  type Outcome,
  pasteBlocks,
  renamePage,
  reorderPage,
  replaceProps,
  setHidden,
  setHomePage,
  setLocked,
  setProp,
  updatePageSettings,
} from './operations';

function ok(outcome: Outcome) {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.problem.key}`);
  return outcome;
}

function problem(outcome: Outcome) {
  if (outcome.ok) throw new Error('expected a problem');
  return outcome.problem;
}

/** A home page holding title, notice, spacer, in that order. */
function sample() {
  let document: TemplateDocument = createTemplate(1, '首页');
  const pageId = document.homePageId;
  for (const [index, type] of ['title', 'notice', 'spacer'].entries()) {
    document = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type, index, id: `b${index}` }),
    ).document;
  }
  return { document, pageId };
}

const types = (document: TemplateDocument, pageId: string) =>
  document.pages.find((page) => page.id === pageId)!.blockIds.map((id) => document.blocks[id]!.type);

describe('insert', () => {
  it('puts a block with its defaults at the index, leaving the original document alone', () => {
    const { document, pageId } = sample();
    const result = ok(insertBlock(document, { rules: blockDefinition, pageId, type: 'carousel', index: 1 }));
    expect(types(result.document, pageId)).toEqual(['title', 'carousel', 'notice', 'spacer']);
    const id = result.focus.blockIds[0]!;
    expect(result.document.blocks[id]).toMatchObject({ type: 'carousel', hidden: false, locked: false });
    expect((result.document.blocks[id]!.props as { height: number }).height).toBe(180);
    expect(types(document, pageId)).toEqual(['title', 'notice', 'spacer']);
    // Untouched blocks keep their identity, so their renderers need not redraw.
    expect(result.document.blocks.b0).toBe(document.blocks.b0);
  });

  it('returns frozen documents, so no caller can change a state history keeps', () => {
    const { document, pageId } = sample();
    const result = ok(insertBlock(document, { rules: blockDefinition, pageId, type: 'carousel', index: 0 }));
    const block = result.document.blocks[result.focus.blockIds[0]!]!;
    expect(Object.isFrozen(result.document)).toBe(true);
    expect(Object.isFrozen(result.document.blocks)).toBe(true);
    expect(Object.isFrozen(result.document.pages[0]!.blockIds)).toBe(true);
    expect(() => {
      (block.props as { height: number }).height = 1;
    }).toThrow(TypeError);
    const edited = ok(setProp(result.document, block.id, ['items', 0, 'title'], '夏日'));
    expect(Object.isFrozen((edited.document.blocks[block.id]!.props as { items: object[] }).items[0])).toBe(
      true,
    );
  });

  it('clamps the index to the list', () => {
    const { document, pageId } = sample();
    expect(
      types(
        ok(insertBlock(document, { rules: blockDefinition, pageId, type: 'divider', index: 99 })).document,
        pageId,
      ).at(-1),
    ).toBe('divider');
    expect(
      types(
        ok(insertBlock(document, { rules: blockDefinition, pageId, type: 'divider', index: -5 })).document,
        pageId,
      )[0],
    ).toBe('divider');
  });

  it('puts fixed parts in their slot, once', () => {
    const { document, pageId } = sample();
    const result = ok(insertBlock(document, { rules: blockDefinition, pageId, type: 'tabBar', index: 0 }));
    const page = result.document.pages[0]!;
    expect(page.fixed.tabBar).toBe(result.focus.blockIds[0]);
    expect(page.blockIds).toHaveLength(3);
    expect(
      problem(insertBlock(result.document, { rules: blockDefinition, pageId, type: 'tabBar', index: 0 })),
    ).toEqual({
      key: 'document.tooMany',
      params: { type: 'tabBar', max: 1 },
    });
  });

  it('enforces max per page and the shop type, and refuses unknown types and page settings', () => {
    const { document, pageId } = sample();
    const once = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'searchBar', index: 0 }),
    ).document;
    expect(
      problem(insertBlock(once, { rules: blockDefinition, pageId, type: 'searchBar', index: 0 })).key,
    ).toBe('document.tooMany');
    expect(
      problem(
        insertBlock(document, {
          rules: blockDefinition,
          pageId,
          type: 'productList',
          index: 0,
          shopType: ShopType.officialSite,
        }),
      ),
    ).toEqual({
      key: 'document.blockNotAllowed',
      params: { type: 'productList' },
    });
    expect(
      ok(
        insertBlock(document, {
          rules: blockDefinition,
          pageId,
          type: 'productList',
          index: 0,
          shopType: ShopType.mall,
        }),
      ).ok,
    ).toBe(true);
    expect(
      problem(insertBlock(document, { rules: blockDefinition, pageId, type: 'rocket', index: 0 })).key,
    ).toBe('document.unknownType');
    expect(
      problem(insertBlock(document, { rules: blockDefinition, pageId, type: 'pageSettings', index: 0 })).key,
    ).toBe('document.notInsertable');
    expect(
      problem(insertBlock(document, { rules: blockDefinition, pageId: 'nope', type: 'title', index: 0 })).key,
    ).toBe('document.noPage');
  });
});

describe('move', () => {
  it('moves a block to its new index', () => {
    const { document, pageId } = sample();
    expect(types(ok(moveBlock(document, pageId, 'b0', 2)).document, pageId)).toEqual([
      'notice',
      'spacer',
      'title',
    ]);
    expect(types(ok(moveBlock(document, pageId, 'b2', 0)).document, pageId)).toEqual([
      'spacer',
      'title',
      'notice',
    ]);
    expect(types(ok(moveBlockBy(document, pageId, 'b1', -1)).document, pageId)).toEqual([
      'notice',
      'title',
      'spacer',
    ]);
  });

  it('does nothing past either end and refuses locked blocks', () => {
    const { document, pageId } = sample();
    expect(problem(moveBlockBy(document, pageId, 'b0', -1)).key).toBe('document.nothingToDo');
    expect(problem(moveBlockBy(document, pageId, 'b2', 1)).key).toBe('document.nothingToDo');
    const locked = ok(setLocked(document, ['b1'], true)).document;
    expect(problem(moveBlock(locked, pageId, 'b1', 0)).key).toBe('document.locked');
  });
});

describe('delete', () => {
  it('removes blocks from the page and the block table', () => {
    const { document, pageId } = sample();
    const result = ok(deleteBlocks(document, pageId, ['b0', 'b2']));
    expect(types(result.document, pageId)).toEqual(['notice']);
    expect(Object.keys(result.document.blocks)).toEqual(['b1']);
    expect(result.focus.blockIds).toEqual(['b0', 'b2']);
  });

  it('keeps every other block as the same object, in order, whatever its id', () => {
    let { document, pageId } = sample();
    for (const [index, id] of ['constructor', '7', 'hasOwnProperty'].entries()) {
      document = ok(
        insertBlock(document, { rules: blockDefinition, pageId, type: 'spacer', index, id }),
      ).document;
    }
    const result = ok(deleteBlocks(document, pageId, ['b1', '7'])).document;
    const kept = Object.keys(document.blocks).filter((id) => id !== 'b1' && id !== '7');
    expect(Object.keys(result.blocks)).toEqual(kept);
    for (const id of kept) expect(result.blocks[id]).toBe(document.blocks[id]);
    expect(Object.isFrozen(result.blocks)).toBe(true);
    expect(Object.keys(document.blocks)).toHaveLength(6);
  });

  it('empties a fixed slot and refuses locked blocks', () => {
    const { document, pageId } = sample();
    const withBar = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'navigationBar', index: 0, id: 'nav' }),
    ).document;
    expect(ok(deleteBlocks(withBar, pageId, ['nav'])).document.pages[0]!.fixed).toEqual({});
    const locked = ok(setLocked(document, ['b0'], true)).document;
    expect(problem(deleteBlocks(locked, pageId, ['b0', 'b1'])).key).toBe('document.locked');
  });
});

describe('duplicate', () => {
  it('copies blocks after the last one, with fresh ids and their own props', () => {
    const { document, pageId } = sample();
    const edited = ok(setProp(document, 'b0', ['text'], '新品')).document;
    const result = ok(duplicateBlocks(edited, pageId, ['b1', 'b0'], blockDefinition));
    expect(types(result.document, pageId)).toEqual(['title', 'notice', 'title', 'notice', 'spacer']);
    const [copyOfTitle] = result.focus.blockIds;
    expect(copyOfTitle).not.toBe('b0');
    expect(result.document.blocks[copyOfTitle!]!.props).toEqual(edited.blocks.b0!.props);
    expect(result.document.blocks[copyOfTitle!]!.props).not.toBe(edited.blocks.b0!.props);
  });

  it('respects max per page and does not duplicate fixed parts', () => {
    const { document, pageId } = sample();
    const withSearch = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'searchBar', index: 0, id: 's' }),
    ).document;
    expect(problem(duplicateBlocks(withSearch, pageId, ['s'], blockDefinition)).key).toBe('document.tooMany');
    const withBar = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'tabBar', index: 0, id: 'tabs' }),
    ).document;
    expect(problem(duplicateBlocks(withBar, pageId, ['tabs'], blockDefinition)).key).toBe(
      'document.fixedNotDuplicable',
    );
  });
});

describe('hide and lock', () => {
  it('sets the flags and says when nothing changes', () => {
    const { document } = sample();
    const hidden = ok(setHidden(document, ['b0', 'b1'], true));
    expect([hidden.document.blocks.b0!.hidden, hidden.document.blocks.b1!.hidden]).toEqual([true, true]);
    expect(problem(setHidden(hidden.document, ['b0', 'b1'], true)).key).toBe('document.nothingToDo');
    const locked = ok(setLocked(document, ['b2'], true)).document;
    expect(locked.blocks.b2!.locked).toBe(true);
    expect(ok(setLocked(locked, ['b2'], false)).document.blocks.b2!.locked).toBe(false);
  });
});

describe('props', () => {
  it('sets a nested prop without touching its siblings', () => {
    const { document, pageId } = sample();
    const withNav = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'iconNav', index: 0, id: 'nav' }),
    ).document;
    const result = ok(setProp(withNav, 'nav', ['items', 1, 'text'], '分类'));
    const items = (result.document.blocks.nav!.props as { items: { text: string }[] }).items;
    expect(items[1]!.text).toBe('分类');
    expect(items[0]).toBe((withNav.blocks.nav!.props as { items: unknown[] }).items[0]);
    expect((withNav.blocks.nav!.props as { items: { text: string }[] }).items[1]!.text).toBe('');
  });

  it('refuses missing paths, prototype keys and locked blocks', () => {
    const { document } = sample();
    expect(problem(setProp(document, 'b0', ['nothing', 'here'], 1)).key).toBe('document.noProp');
    expect(problem(setProp(document, 'b0', ['__proto__', 'polluted'], 1)).key).toBe('document.noProp');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const locked = ok(setLocked(document, ['b0'], true)).document;
    expect(problem(setProp(locked, 'b0', ['text'], 'x')).key).toBe('document.locked');
    expect(problem(replaceProps(locked, 'b0', {})).key).toBe('document.locked');
    expect(problem(setProp(document, '__proto__', ['text'], 'x')).key).toBe('document.noBlock');
  });

  it('replaces props as a whole', () => {
    const { document } = sample();
    const props = { ...document.blocks.b2!.props, height: 60 };
    expect(ok(replaceProps(document, 'b2', props)).document.blocks.b2!.props).toBe(props);
  });
});

describe('pages', () => {
  it('adds, renames, reorders and sets the home page', () => {
    const { document, pageId } = sample();
    const added = ok(addPage(document, '关于我们'));
    const aboutId = added.focus.pageId;
    expect(added.document.pages.map((page) => page.settings.title)).toEqual(['首页', '关于我们']);
    const renamed = ok(renamePage(added.document, aboutId, '  联系我们 ')).document;
    expect(renamed.pages[1]!.settings.title).toBe('联系我们');
    expect(problem(renamePage(renamed, aboutId, ' ')).key).toBe('document.pageTitleRequired');
    const reordered = ok(reorderPage(renamed, aboutId, 0)).document;
    expect(reordered.pages.map((page) => page.id)).toEqual([aboutId, pageId]);
    const home = ok(setHomePage(reordered, aboutId)).document;
    expect(home.homePageId).toBe(aboutId);
    expect(problem(setHomePage(home, aboutId)).key).toBe('document.nothingToDo');
  });

  it('updates page settings', () => {
    const { document, pageId } = sample();
    const result = ok(
      updatePageSettings(document, pageId, { backgroundColor: '#ffeeee', shareTitle: '来逛逛' }),
    );
    expect(result.document.pages[0]!.settings).toMatchObject({
      title: '首页',
      backgroundColor: '#ffeeee',
      shareTitle: '来逛逛',
    });
  });

  it('deletes a page with its blocks, moves the home, and keeps the last page', () => {
    const { document, pageId } = sample();
    expect(problem(deletePage(document, pageId)).key).toBe('document.lastPage');
    const added = ok(addPage(document, '二')).document;
    const result = ok(deletePage(added, pageId));
    expect(result.document.pages).toHaveLength(1);
    expect(result.document.blocks).toEqual({});
    expect(result.document.homePageId).toBe(result.document.pages[0]!.id);
    expect(result.focus.pageId).toBe(result.document.pages[0]!.id);
  });
});

describe('copy and paste', () => {
  it('pastes copies with fresh ids into another page, in page order', () => {
    const { document, pageId } = sample();
    const added = ok(addPage(document, '二'));
    const payload = copyBlocks(added.document, ['b2', 'b0'])!;
    expect(payload.blocks.map((block) => block.type)).toEqual(['title', 'spacer']);
    const pasted = ok(
      pasteBlocks(added.document, payload, { rules: blockDefinition, pageId: added.focus.pageId, index: 0 }),
    );
    expect(types(pasted.document, added.focus.pageId)).toEqual(['title', 'spacer']);
    expect(pasted.focus.blockIds.some((id) => ['b0', 'b2'].includes(id))).toBe(false);
    expect(types(pasted.document, pageId)).toEqual(['title', 'notice', 'spacer']);
  });

  it('pastes into another template after a JSON round trip, unlocked', () => {
    const { document } = sample();
    const locked = ok(setLocked(document, ['b1'], true)).document;
    const text = JSON.stringify(copyBlocks(locked, ['b1']));
    const other = createTemplate(2, '首页');
    const pasted = ok(
      pasteBlocks(other, JSON.parse(text), { rules: blockDefinition, pageId: other.homePageId, index: 0 }),
    );
    const block = pasted.document.blocks[pasted.focus.blockIds[0]!]!;
    expect(block).toMatchObject({ type: 'notice', locked: false });
  });

  it('refuses a paste that breaks the shop type or max per page', () => {
    const { document, pageId } = sample();
    const withList = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'productList', index: 0, id: 'p' }),
    ).document;
    const payload = copyBlocks(withList, ['p'])!;
    expect(
      problem(
        pasteBlocks(withList, payload, {
          rules: blockDefinition,
          pageId,
          index: 0,
          shopType: ShopType.hotel,
        }),
      ).key,
    ).toBe('document.blockNotAllowed');
    const withSearch = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'searchBar', index: 0, id: 's' }),
    ).document;
    expect(
      problem(
        pasteBlocks(withSearch, copyBlocks(withSearch, ['s'])!, { rules: blockDefinition, pageId, index: 0 }),
      ).key,
    ).toBe('document.tooMany');
  });

  it('fills an empty fixed slot from the clipboard', () => {
    const { document, pageId } = sample();
    const withBar = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'tabBar', index: 0, id: 'tabs' }),
    ).document;
    const payload = copyBlocks(withBar, ['tabs'])!;
    const added = ok(addPage(withBar, '二'));
    const pasted = ok(
      pasteBlocks(added.document, payload, { rules: blockDefinition, pageId: added.focus.pageId, index: 0 }),
    );
    expect(pasted.document.pages[1]!.fixed.tabBar).toBe(pasted.focus.blockIds[0]);
  });
});
