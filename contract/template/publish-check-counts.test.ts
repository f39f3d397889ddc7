import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../enums';
import type { BlockNode, TemplateDocument } from '../template-document';
import { createTemplate } from './create-template';
import { insertBlock, type Outcome } from './operations';
import { publishCheck } from './publish-check';

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

/**
 * A page with `visible` live-room blocks (two allowed per page) and `hidden` hidden ones, built
 * directly: the studio refuses a third, but an imported or older template may hold more.
 */
function liveRooms(visible: number, hidden: number, missing: string[] = []) {
  let document = createTemplate(1, '首页');
  const pageId = document.homePageId;
  document = ok(
    insertBlock(document, { pageId, type: 'liveRoom', index: 0, id: 'model', rules: blockDefinition }),
  );
  const model = document.blocks.model!;
  const blocks: Record<string, BlockNode> = {};
  const ids: string[] = [];
  for (let index = 0; index < visible + hidden; index += 1) {
    const id = `live${index}`;
    blocks[id] = { ...model, id, hidden: index >= visible };
    ids.push(id);
  }
  const page = { ...document.pages[0]!, blockIds: [...ids, ...missing] };
  return { ...document, blocks, pages: [page] };
}

const tooMany = (document: TemplateDocument) =>
  publishCheck(document, ShopType.mall, {}, blockDefinition)
    .filter((problem) => problem.kind === 'tooMany')
    .map((problem) => [problem.blockId, problem.params]);

describe('tooMany counts the visible blocks of a type on the page', () => {
  it.each([
    [2, 0, []],
    [2, 3, []],
    [3, 0, [['live2', { max: 2, count: 3 }]]],
    [3, 2, [['live2', { max: 2, count: 3 }]]],
    [
      4,
      1,
      [
        ['live2', { max: 2, count: 4 }],
        ['live3', { max: 2, count: 4 }],
      ],
    ],
  ])('%i visible and %i hidden → %o', (visible, hidden, expected) => {
    expect(tooMany(liveRooms(visible, hidden))).toEqual(expected);
  });

  it('ignores ids the page lists without a block', () => {
    expect(tooMany(liveRooms(3, 0, ['gone']))).toEqual([['live2', { max: 2, count: 3 }]]);
  });
});
