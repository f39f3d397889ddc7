import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import {
  type BlockNode,
  FIXED_SLOTS,
  MAX_BLOCKS,
  MAX_BLOCKS_PER_PAGE,
  MAX_PAGES,
  type TemplateDocument,
} from '../template-document';
import { createTemplate } from './create-template';
import { addPage, deleteBlocks, deletePage, insertBlock, type Outcome, setProp } from './operations';

function ok(outcome: Outcome) {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.problem.key}`);
  return outcome;
}

function problemKey(outcome: Outcome): string | null {
  return outcome.ok ? null : outcome.problem.key;
}

/** A home page with every fixed part and two ordinary blocks, and a second page. */
function fullPage() {
  let document: TemplateDocument = createTemplate(1, '首页');
  const pageId = document.homePageId;
  const fixedTypes = ['navigationBar', 'tabBar', 'floatingButton', 'popupAd'];
  for (const [index, type] of [...fixedTypes, 'title', 'spacer'].entries()) {
    document = ok(
      insertBlock(document, { pageId, type, index: 0, id: `b${index}`, rules: blockDefinition }),
    ).document;
  }
  document = ok(addPage(document, '第二页')).document;
  return { document, pageId, secondPageId: document.pages[1]!.id };
}

/** A document whose page already holds `count` spacers, built directly rather than by `count` inserts. */
function withSpacers(count: number, pages = 1): TemplateDocument {
  let document: TemplateDocument = createTemplate(1, '首页');
  for (let index = 1; index < pages; index += 1) document = ok(addPage(document, `页 ${index}`)).document;
  const blocks: Record<string, BlockNode> = {};
  const perPage = Math.ceil(count / pages);
  const pageList = document.pages.map((page, pageIndex) => {
    const ids = Array.from(
      { length: Math.max(0, Math.min(perPage, count - pageIndex * perPage)) },
      (_, index) => {
        const id = `s${pageIndex}x${index}`;
        blocks[id] = { id, type: 'spacer', props: { height: 10 }, hidden: false, locked: false };
        return id;
      },
    );
    return { ...page, blockIds: ids };
  });
  return { ...document, pages: pageList, blocks };
}

describe('what must stay unchanged', () => {
  it('deleting an ordinary block keeps every fixed part of the page', () => {
    const { document, pageId } = fullPage();
    const before = document.pages[0]!.fixed;
    expect(Object.keys(before).sort()).toEqual([...FIXED_SLOTS].sort());
    const after = ok(deleteBlocks(document, pageId, ['b4'])).document;
    expect(after.pages[0]!.fixed).toEqual(before);
    for (const id of Object.values(before)) expect(after.blocks[id]).toBeDefined();
    expect(after.blocks.b4).toBeUndefined();
  });

  it('deleting a fixed part removes that part only', () => {
    const { document, pageId } = fullPage();
    const after = ok(deleteBlocks(document, pageId, ['b1'])).document;
    expect(after.pages[0]!.fixed.tabBar).toBeUndefined();
    expect(after.pages[0]!.fixed.navigationBar).toBe('b0');
    expect(after.pages[0]!.blockIds).toEqual(document.pages[0]!.blockIds);
  });

  it('deleting another page keeps the home page where it is', () => {
    const { document, pageId, secondPageId } = fullPage();
    const after = ok(deletePage(document, secondPageId)).document;
    expect(after.homePageId).toBe(pageId);
    expect(after.pages.map((page) => page.id)).toEqual([pageId]);
    expect(after.blocks.b0).toBe(document.blocks.b0);
  });

  it('deleting the home page moves the home to the first page left', () => {
    const { document, pageId, secondPageId } = fullPage();
    const after = ok(deletePage(document, pageId)).document;
    expect(after.homePageId).toBe(secondPageId);
    expect(after.blocks.b0).toBeUndefined();
  });
});

describe('setProp refuses keys that reach the prototype', () => {
  it.each([
    [['__proto__']],
    [['constructor']],
    [['prototype']],
    [['items', '__proto__']],
    [['__proto__', 'polluted']],
  ])('%j', (path) => {
    const { document } = fullPage();
    expect(problemKey(setProp(document, 'b4', path, { polluted: true }))).toBe('document.noProp');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sets an ordinary key', () => {
    const { document } = fullPage();
    const after = ok(setProp(document, 'b5', ['height'], 20)).document;
    expect((after.blocks.b5!.props as { height: number }).height).toBe(20);
  });
});

describe('limits, at the limit and one past it', () => {
  it(`a page takes its ${MAX_BLOCKS_PER_PAGE}th block and refuses the next`, () => {
    const almost = withSpacers(MAX_BLOCKS_PER_PAGE - 1);
    const pageId = almost.homePageId;
    const full = ok(
      insertBlock(almost, { pageId, type: 'spacer', index: 0, rules: blockDefinition }),
    ).document;
    expect(full.pages[0]!.blockIds).toHaveLength(MAX_BLOCKS_PER_PAGE);
    expect(problemKey(insertBlock(full, { pageId, type: 'spacer', index: 0, rules: blockDefinition }))).toBe(
      'document.pageFull',
    );
  });

  it(`a template takes its ${MAX_BLOCKS}th block and refuses the next`, () => {
    const pages = Math.ceil(MAX_BLOCKS / (MAX_BLOCKS_PER_PAGE - 10)) + 1;
    const almost = withSpacers(MAX_BLOCKS - 1, pages);
    const pageId = almost.pages[pages - 1]!.id;
    const full = ok(
      insertBlock(almost, { pageId, type: 'spacer', index: 0, rules: blockDefinition }),
    ).document;
    expect(Object.keys(full.blocks)).toHaveLength(MAX_BLOCKS);
    expect(problemKey(insertBlock(full, { pageId, type: 'spacer', index: 0, rules: blockDefinition }))).toBe(
      'document.templateFull',
    );
  });

  it(`a template takes its ${MAX_PAGES}th page and refuses the next`, () => {
    let document: TemplateDocument = createTemplate(1, '首页');
    for (let count = 1; count < MAX_PAGES; count += 1)
      document = ok(addPage(document, `页 ${count}`)).document;
    expect(document.pages).toHaveLength(MAX_PAGES);
    expect(problemKey(addPage(document, '再一页'))).toBe('document.tooManyPages');
  });
});
