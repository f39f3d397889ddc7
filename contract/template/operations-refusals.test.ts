import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../enums';
import {
  MAX_BLOCKS,
  MAX_BLOCKS_PER_PAGE,
  MAX_PAGES,
  type TemplateDocument,
  UNKNOWN_BLOCK_TYPE,
} from '../template-document';
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

const problemOf = (outcome: Outcome) => (outcome.ok ? null : outcome.problem);

/** Home page: title (b0), notice (b1), spacer (b2), a navigation bar (nav); a second page with a spacer (c0). */
function sample() {
  let document: TemplateDocument = createTemplate(1, '首页');
  const pageId = document.homePageId;
  for (const [index, type] of ['title', 'notice', 'spacer'].entries()) {
    document = ok(
      insertBlock(document, { pageId, type, index, id: `b${index}`, rules: blockDefinition }),
    ).document;
  }
  document = ok(
    insertBlock(document, { pageId, type: 'navigationBar', index: 0, id: 'nav', rules: blockDefinition }),
  ).document;
  document = ok(addPage(document, '第二页')).document;
  const secondPageId = document.pages[1]!.id;
  document = ok(
    insertBlock(document, {
      pageId: secondPageId,
      type: 'spacer',
      index: 0,
      id: 'c0',
      rules: blockDefinition,
    }),
  ).document;
  return { document, pageId, secondPageId };
}

const blockIdsOf = (document: TemplateDocument, pageId: string) =>
  document.pages.find((page) => page.id === pageId)!.blockIds;

describe('an operation on a page or block that is not there changes nothing and says so', () => {
  const { document, pageId } = sample();
  const cases: [string, () => Outcome, string][] = [
    [
      'insert on no page',
      () => insertBlock(document, { pageId: 'gone', type: 'title', index: 0, rules: blockDefinition }),
      'document.noPage',
    ],
    ['move on no page', () => moveBlock(document, 'gone', 'b0', 1), 'document.noPage'],
    ['move of a block not on the page', () => moveBlock(document, pageId, 'c0', 0), 'document.noBlock'],
    ['move of a fixed part', () => moveBlock(document, pageId, 'nav', 0), 'document.noBlock'],
    ['move by on no page', () => moveBlockBy(document, 'gone', 'b0', 1), 'document.noBlock'],
    ['move by of a block not on the page', () => moveBlockBy(document, pageId, 'c0', 1), 'document.noBlock'],
    ['delete on no page', () => deleteBlocks(document, 'gone', ['b0']), 'document.noPage'],
    ['delete of blocks of another page', () => deleteBlocks(document, pageId, ['c0']), 'document.noBlock'],
    ['delete of nothing', () => deleteBlocks(document, pageId, []), 'document.noBlock'],
    [
      'duplicate on no page',
      () => duplicateBlocks(document, 'gone', ['b0'], blockDefinition),
      'document.noPage',
    ],
    [
      'duplicate of nothing',
      () => duplicateBlocks(document, pageId, [], blockDefinition),
      'document.noBlock',
    ],
    [
      'duplicate of a fixed part',
      () => duplicateBlocks(document, pageId, ['nav'], blockDefinition),
      'document.fixedNotDuplicable',
    ],
    ['hide an unknown block', () => setHidden(document, ['zz'], true), 'document.noBlock'],
    ['hide nothing', () => setHidden(document, [], true), 'document.noBlock'],
    ['set a prop of an unknown block', () => setProp(document, 'zz', ['height'], 1), 'document.noBlock'],
    ['replace props of an unknown block', () => replaceProps(document, 'zz', {}), 'document.noBlock'],
    ['settings of no page', () => updatePageSettings(document, 'gone', { title: 'x' }), 'document.noPage'],
    ['delete no page', () => deletePage(document, 'gone'), 'document.noPage'],
    ['reorder no page', () => reorderPage(document, 'gone', 0), 'document.noPage'],
    ['home on no page', () => setHomePage(document, 'gone'), 'document.noPage'],
    ['home on the home page', () => setHomePage(document, pageId), 'document.nothingToDo'],
    ['reorder to where it is', () => reorderPage(document, pageId, 0), 'document.nothingToDo'],
    [
      'reorder the last page past the end',
      () => reorderPage(document, document.pages[1]!.id, 5),
      'document.nothingToDo',
    ],
    [
      'paste on no page',
      () =>
        pasteBlocks(document, copyBlocks(document, ['b0'])!, {
          pageId: 'gone',
          index: 0,
          rules: blockDefinition,
        }),
      'document.noPage',
    ],
    [
      'paste of nothing',
      () =>
        pasteBlocks(
          document,
          { kind: 'decoration-blocks', version: 1, blocks: [] },
          { pageId, index: 0, rules: blockDefinition },
        ),
      'document.nothingToDo',
    ],
  ];
  it.each(cases)('%s', (_name, run, key) => {
    expect(problemOf(run())).toEqual({ key });
  });
});

describe('insertProblem through insertBlock', () => {
  const { document, pageId } = sample();
  it.each([
    ['rocket', { key: 'document.unknownType', params: { type: 'rocket' } }],
    ['pageSettings', { key: 'document.notInsertable', params: { type: 'pageSettings' } }],
    ['navigationBar', { key: 'document.tooMany', params: { type: 'navigationBar', max: 1 } }],
  ])('%s → %o', (type, problem) => {
    expect(problemOf(insertBlock(document, { pageId, type, index: 0, rules: blockDefinition }))).toEqual(
      problem,
    );
  });

  it('keeps a block of a type this version does not know, as a placeholder', () => {
    const after = ok(
      insertBlock(document, {
        pageId,
        type: UNKNOWN_BLOCK_TYPE,
        index: 0,
        props: {},
        rules: blockDefinition,
      }),
    );
    expect(after.document.blocks[after.focus.blockIds[0]!]!.type).toBe(UNKNOWN_BLOCK_TYPE);
  });

  it('counts the fixed parts of the page, not of other pages, against a type’s limit', () => {
    const { document: twoPages, secondPageId } = sample();
    expect(
      ok(
        insertBlock(twoPages, {
          pageId: secondPageId,
          type: 'navigationBar',
          index: 0,
          rules: blockDefinition,
        }),
      ).ok,
    ).toBe(true);
  });

  it('refuses a type the shop type does not offer, and allows it without a shop type', () => {
    const args = { pageId, type: 'liveRoom', index: 0, rules: blockDefinition };
    expect(
      problemOf(insertBlock(document, { ...args, shopType: ShopType.hotel, rules: blockDefinition })),
    ).toEqual({
      key: 'document.blockNotAllowed',
      params: { type: 'liveRoom' },
    });
    expect(ok(insertBlock(document, args)).ok).toBe(true);
  });
});

describe('the blocks an operation reports, for undo to return to', () => {
  it('move reports the block moved', () => {
    const { document, pageId } = sample();
    const moved = ok(moveBlock(document, pageId, 'b0', 2));
    expect(moved.focus).toEqual({ pageId, blockIds: ['b0'] });
    expect(blockIdsOf(moved.document, pageId)).toEqual(['b1', 'b2', 'b0']);
  });

  it('delete reports and removes only the ids that were on the page', () => {
    const { document, pageId, secondPageId } = sample();
    const deleted = ok(deleteBlocks(document, pageId, ['c0', 'b1', 'zz']));
    expect(deleted.focus).toEqual({ pageId, blockIds: ['b1'] });
    expect(blockIdsOf(deleted.document, pageId)).toEqual(['b0', 'b2']);
    expect(blockIdsOf(deleted.document, secondPageId)).toEqual(['c0']);
    expect(deleted.document.blocks.c0).toBeDefined();
    expect(deleted.document.pages[0]!.fixed.navigationBar).toBe('nav');
  });

  it('hide reports the blocks that exist and the page they are on, and hides when some already are', () => {
    const { document, secondPageId } = sample();
    const once = ok(setHidden(document, ['c0'], true)).document;
    const both = ok(setHidden(once, ['zz', 'c0', 'b0'], true));
    expect(both.focus).toEqual({ pageId: secondPageId, blockIds: ['c0', 'b0'] });
    expect(both.document.blocks.b0!.hidden).toBe(true);
    expect(problemOf(setHidden(both.document, ['c0', 'b0'], true))).toEqual({ key: 'document.nothingToDo' });
  });

  it('a prop change reports the block and its page', () => {
    const { document, secondPageId } = sample();
    expect(ok(setProp(document, 'c0', ['height'], 30)).focus).toEqual({
      pageId: secondPageId,
      blockIds: ['c0'],
    });
    expect(ok(replaceProps(document, 'c0', { height: 30 })).focus).toEqual({
      pageId: secondPageId,
      blockIds: ['c0'],
    });
  });

  it('page operations report the page and no block', () => {
    const { document, pageId, secondPageId } = sample();
    expect(ok(setHomePage(document, secondPageId)).focus).toEqual({ pageId: secondPageId, blockIds: [] });
    expect(ok(reorderPage(document, secondPageId, 0)).focus).toEqual({ pageId: secondPageId, blockIds: [] });
    expect(ok(updatePageSettings(document, pageId, { title: '主页' })).focus).toEqual({
      pageId,
      blockIds: [],
    });
    expect(ok(deletePage(document, secondPageId)).focus).toEqual({ pageId, blockIds: [] });
  });
});

describe('what must stay unchanged', () => {
  it('deleting a page that is not the home keeps the home', () => {
    const { document, pageId, secondPageId } = sample();
    expect(ok(deletePage(document, secondPageId)).document.homePageId).toBe(pageId);
  });

  it('a new page is frozen like the rest of the document', () => {
    const { document } = sample();
    const added = ok(addPage(document, '第三页')).document;
    const page = added.pages[2]!;
    expect(Object.isFrozen(page.settings)).toBe(true);
    expect(Object.isFrozen(page.blockIds)).toBe(true);
  });

  it('reordering to the end puts the page last', () => {
    const { document, pageId, secondPageId } = sample();
    const reordered = ok(reorderPage(document, pageId, 99)).document;
    expect(reordered.pages.map((page) => page.id)).toEqual([secondPageId, pageId]);
  });

  it('a duplicate of a locked block can be edited; the original stays locked', () => {
    const { document, pageId } = sample();
    const locked = ok(setLocked(document, ['b1'], true)).document;
    const copied = ok(duplicateBlocks(locked, pageId, ['b1'], blockDefinition));
    const copyId = copied.focus.blockIds[0]!;
    expect(copied.document.blocks[copyId]!.locked).toBe(false);
    expect(copied.document.blocks.b1!.locked).toBe(true);
  });

  it('duplicates land right after the last block duplicated, in page order', () => {
    const { document, pageId } = sample();
    const copied = ok(duplicateBlocks(document, pageId, ['b1', 'b0'], blockDefinition));
    const [copy0, copy1] = copied.focus.blockIds;
    expect(blockIdsOf(copied.document, pageId)).toEqual(['b0', 'b1', copy0, copy1, 'b2']);
    expect(copied.document.blocks[copy0!]!.type).toBe('title');
  });

  it('copy takes blocks in page order, unlocked, and none when no id is known', () => {
    const { document } = sample();
    const locked = ok(setLocked(document, ['b2'], true)).document;
    const payload = copyBlocks(locked, ['b2', 'b0', 'zz'])!;
    expect(payload.blocks.map((block) => [block.id, block.locked])).toEqual([
      ['b0', false],
      ['b2', false],
    ]);
    expect(copyBlocks(locked, ['zz'])).toBeNull();
    expect(copyBlocks(locked, [])).toBeNull();
  });

  it('pasting only a fixed part leaves the page list as it was', () => {
    const { document, pageId, secondPageId } = sample();
    const payload = copyBlocks(document, ['nav'])!;
    const pasted = ok(
      pasteBlocks(document, payload, { pageId: secondPageId, index: 0, rules: blockDefinition }),
    ).document;
    expect(blockIdsOf(pasted, secondPageId)).toEqual(['c0']);
    expect(pasted.pages[1]!.fixed.navigationBar).toBe(
      Object.keys(pasted.blocks).find((id) => !(id in document.blocks)),
    );
    expect(problemOf(pasteBlocks(document, payload, { pageId, index: 0, rules: blockDefinition }))).toEqual({
      key: 'document.tooMany',
      params: { type: 'navigationBar', max: 1 },
    });
  });
});

describe('setProp paths', () => {
  it.each([
    [[], ''],
    [['height', 'deeper'], 'height.deeper'],
    [['missing', 'deeper'], 'missing.deeper'],
  ])('%j is no prop of a spacer', (path, shown) => {
    const { document } = sample();
    expect(problemOf(setProp(document, 'b2', path, 1))).toEqual({
      key: 'document.noProp',
      params: { path: shown },
    });
  });
});

describe('limits count what they are about', () => {
  it('a full page still takes a fixed part, which is not in its list', () => {
    const { document, pageId } = sample();
    const home = document.pages[0]!;
    const spacers = Array.from({ length: MAX_BLOCKS_PER_PAGE }, (_, index) => `s${index}`);
    const blocks = { ...document.blocks };
    for (const id of spacers)
      blocks[id] = { id, type: 'spacer', props: { height: 10 }, hidden: false, locked: false };
    const full: TemplateDocument = {
      ...document,
      blocks,
      pages: [{ ...home, blockIds: spacers }, ...document.pages.slice(1)],
    };
    expect(
      problemOf(insertBlock(full, { pageId, type: 'spacer', index: 0, rules: blockDefinition })),
    ).toEqual({
      key: 'document.pageFull',
      params: { max: MAX_BLOCKS_PER_PAGE },
    });
    expect(ok(insertBlock(full, { pageId, type: 'tabBar', index: 0, rules: blockDefinition })).ok).toBe(true);
  });

  it('a prop path through an empty value is no prop', () => {
    const { document } = sample();
    const emptied = ok(setProp(document, 'b2', ['height'], null)).document;
    expect(problemOf(setProp(emptied, 'b2', ['height', 'deeper'], 1))).toEqual({
      key: 'document.noProp',
      params: { path: 'height.deeper' },
    });
  });
});

describe('limits at the edge, with the limit in the message', () => {
  it(`a template with ${MAX_PAGES} pages refuses another, saying how many it may have`, () => {
    let document: TemplateDocument = createTemplate(1, '首页');
    for (let count = 1; count < MAX_PAGES; count += 1)
      document = ok(addPage(document, `页 ${count}`)).document;
    expect(problemOf(addPage(document, '再一页'))).toEqual({
      key: 'document.tooManyPages',
      params: { max: MAX_PAGES },
    });
  });

  it(`a template with ${MAX_BLOCKS} blocks refuses another, saying how many it may have`, () => {
    const { document, pageId } = sample();
    const blocks = { ...document.blocks };
    for (let index = Object.keys(blocks).length; index < MAX_BLOCKS; index += 1) {
      blocks[`x${index}`] = {
        id: `x${index}`,
        type: 'spacer',
        props: { height: 1 },
        hidden: false,
        locked: false,
      };
    }
    expect(
      problemOf(
        insertBlock({ ...document, blocks }, { pageId, type: 'spacer', index: 0, rules: blockDefinition }),
      ),
    ).toEqual({
      key: 'document.templateFull',
      params: { max: MAX_BLOCKS },
    });
  });

  it('a type’s limit counts only blocks of that type, when copies of several types go in at once', () => {
    const { document, pageId } = sample();
    const withLive = ok(
      insertBlock(document, { pageId, type: 'liveRoom', index: 0, id: 'live', rules: blockDefinition }),
    ).document;
    expect(ok(duplicateBlocks(withLive, pageId, ['live', 'b0', 'b1'], blockDefinition)).ok).toBe(true);
    const payload = copyBlocks(withLive, ['live', 'b0', 'b1'])!;
    expect(ok(pasteBlocks(withLive, payload, { pageId, index: 0, rules: blockDefinition })).ok).toBe(true);
    const twice = ok(pasteBlocks(withLive, payload, { pageId, index: 0, rules: blockDefinition })).document;
    expect(problemOf(pasteBlocks(twice, payload, { pageId, index: 0, rules: blockDefinition }))).toEqual({
      key: 'document.tooMany',
      params: { type: 'liveRoom', max: 2 },
    });
  });

  it('a page that lists an id without a block still counts its blocks', () => {
    const { document, pageId } = sample();
    const dangling: TemplateDocument = {
      ...document,
      pages: [
        { ...document.pages[0]!, blockIds: [...document.pages[0]!.blockIds, 'gone'] },
        ...document.pages.slice(1),
      ],
    };
    expect(ok(insertBlock(dangling, { pageId, type: 'liveRoom', index: 0, rules: blockDefinition })).ok).toBe(
      true,
    );
  });

  it('deleting a page keeps the home where it is, when the home is not the first page', () => {
    let { document, secondPageId } = sample();
    document = ok(addPage(document, '第三页')).document;
    document = ok(setHomePage(document, secondPageId)).document;
    const after = ok(deletePage(document, document.pages[2]!.id)).document;
    expect(after.homePageId).toBe(secondPageId);
  });
});
