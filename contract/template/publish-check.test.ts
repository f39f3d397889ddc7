import { describe, expect, it } from 'vitest';
import { en as catalogueEn } from '../../components-catalog/i18n/en';
import { zh as catalogueZh } from '../../components-catalog/i18n/zh';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../enums';
import type { TemplateDocument } from '../template-document';
import { createTemplate } from './create-template';
import { templateMessagesEn } from './messages-en';
import { templateMessagesZh } from './messages-zh';
import { addPage, deletePage, insertBlock, type Outcome, setHidden, setProp } from './operations';
import { describePublishProblem, linkedEntities, publishCheck, publishWarnings } from './publish-check';

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

const cup = { linkType: 9 as const, id: 12, linkTitle: '保温杯', shpName: '保温杯', shpPrice: 5900 };
const bowl = { linkType: 9 as const, id: 13, linkTitle: '汤碗', shpName: '汤碗', shpPrice: 3900 };

/** A mall home page whose blocks are all complete. */
const catalogues = {
  en: { ...catalogueEn, ...templateMessagesEn },
  zh: { ...catalogueZh, ...templateMessagesZh },
};

function complete() {
  let document = createTemplate(1, '首页');
  const pageId = document.homePageId;
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId, type: 'carousel', index: 0, id: 'slides' }),
  );
  document = ok(setProp(document, 'slides', ['items', 0, 'image'], '/uploads/a.png'));
  document = ok(setProp(document, 'slides', ['items', 0, 'link'], cup));
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId, type: 'productList', index: 1, id: 'goods' }),
  );
  document = ok(setProp(document, 'goods', ['products'], [cup, bowl]));
  return { document, pageId };
}

const products = (...ids: number[]) => ({ product: new Set(ids) });

describe('publish check', () => {
  it('finds nothing wrong with a complete page', () => {
    const { document } = complete();
    expect(publishCheck(document, ShopType.mall, products(12, 13), blockDefinition)).toEqual([]);
  });

  it('finds missing images and empty required fields, pointing at the block and prop', () => {
    const { document, pageId } = complete();
    const broken = ok(
      setProp(
        ok(insertBlock(document, { rules: blockDefinition, pageId, type: 'title', index: 0, id: 'heading' })),
        'slides',
        ['items', 0, 'image'],
        '',
      ),
    );
    expect(publishCheck(broken, ShopType.mall, products(12, 13), blockDefinition)).toEqual([
      {
        pageId,
        blockId: 'heading',
        blockType: 'title',
        kind: 'emptyRequired',
        path: 'text',
        messageKey: 'problem.emptyRequired',
        params: {},
        fieldLabel: 'field.title',
      },
      {
        pageId,
        blockId: 'slides',
        blockType: 'carousel',
        kind: 'missingImage',
        path: 'items.0.image',
        messageKey: 'problem.missingImage',
        params: {},
        fieldLabel: 'field.image',
      },
    ]);
  });

  it('finds links to goods that were deleted', () => {
    const { document, pageId } = complete();
    const problems = publishCheck(document, ShopType.mall, products(13), blockDefinition);
    expect(
      problems.map((problem) => [problem.blockId, problem.kind, problem.path, problem.params.title]),
    ).toEqual([
      ['slides', 'linkToDeleted', 'items.0.link', '保温杯'],
      ['goods', 'linkToDeleted', 'products.0', '保温杯'],
    ]);
    expect(problems[0]!.pageId).toBe(pageId);
    expect(describePublishProblem(problems[0]!, 'en', catalogues.en)).toBe(
      'Carousel: Links to "保温杯", which has been deleted',
    );
    expect(describePublishProblem(problems[0]!, 'zh', catalogues.zh)).toBe('轮播图：链接的“保温杯”已被删除');
  });

  it('finds links to points goods that ended, and calls a deleted one deleted', () => {
    let { document, pageId } = complete();
    const mug = { linkType: 26 as const, id: 7, linkTitle: '积分马克杯', shpName: '积分马克杯', shpPrice: 0 };
    const bag = { linkType: 26 as const, id: 8, linkTitle: '积分帆布袋', shpName: '积分帆布袋', shpPrice: 0 };
    document = ok(setProp(document, 'slides', ['items', 0, 'link'], mug));
    document = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'notice', index: 2, id: 'bagNotice' }),
    );
    document = ok(setProp(document, 'bagNotice', ['text'], '积分换购'));
    document = ok(setProp(document, 'bagNotice', ['link'], bag));
    const existing = { ...products(12, 13), pointsProduct: new Set([7]) };
    const ended = { pointsProduct: new Set([7, 8]) };
    const problems = publishCheck(document, ShopType.mall, existing, blockDefinition, ended);
    expect(problems.map((problem) => [problem.blockId, problem.kind, problem.params.title])).toEqual([
      ['slides', 'linkToEnded', '积分马克杯'],
      ['bagNotice', 'linkToDeleted', '积分帆布袋'],
    ]);
    expect(describePublishProblem(problems[0]!, 'en', catalogues.en)).toBe(
      'Carousel: Links to "积分马克杯", which has ended: visitors can no longer get it',
    );
    expect(describePublishProblem(problems[0]!, 'zh', catalogues.zh)).toBe(
      '轮播图：链接的“积分马克杯”已结束，顾客无法再领取或购买',
    );
    expect(
      publishCheck(document, ShopType.mall, existing, blockDefinition, { pointsProduct: new Set() }),
    ).toEqual([expect.objectContaining({ blockId: 'bagNotice', kind: 'linkToDeleted' })]);
  });

  it('does not judge kinds it was given no list for', () => {
    const { document } = complete();
    expect(publishCheck(document, ShopType.mall, {}, blockDefinition)).toEqual([]);
  });

  it('finds links to deleted pages of the template', () => {
    let { document, pageId } = complete();
    const added = insertBlock(ok(addPage(document, '关于')), {
      rules: blockDefinition,
      pageId,
      type: 'notice',
      index: 0,
      id: 'news',
    });
    document = ok(added);
    const about = document.pages[1]!.id;
    document = ok(setProp(document, 'news', ['text'], '公告'));
    document = ok(setProp(document, 'news', ['link'], { linkType: 2, id: about, linkTitle: '关于' }));
    expect(publishCheck(document, ShopType.mall, products(12, 13), blockDefinition)).toEqual([]);
    const gone = publishCheck(
      ok(deletePage(document, about)),
      ShopType.mall,
      products(12, 13),
      blockDefinition,
    );
    expect(gone.map((problem) => [problem.blockId, problem.kind, problem.params.title])).toEqual([
      ['news', 'linkToDeleted', '关于'],
    ]);
  });

  it('finds links and blocks the shop type does not offer, and bad link content', () => {
    let { document, pageId } = complete();
    document = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'notice', index: 2, id: 'call' }),
    );
    document = ok(setProp(document, 'call', ['text'], '欢迎来电'));
    document = ok(setProp(document, 'call', ['link'], { linkType: 4, tel: '12345' }));
    const problems = publishCheck(document, ShopType.officialSite, {}, blockDefinition);
    expect(problems.map((problem) => [problem.blockId, problem.kind, problem.messageKey])).toEqual([
      ['slides', 'linkNotAllowed', 'link.notAllowed'],
      ['goods', 'blockNotAllowed', 'publish.blockNotAllowed'],
      ['call', 'invalidValue', 'link.phoneFormat'],
    ]);
    expect(describePublishProblem(problems[0]!, 'en', catalogues.en)).toBe(
      'Carousel: "Product" links are not available for official-site shops',
    );
    expect(describePublishProblem(problems[1]!, 'zh', catalogues.zh)).toBe('当前店铺类型不能使用商品列表');
    expect(describePublishProblem(problems[2]!, 'en', catalogues.en)).toMatch(
      /^Notice: The phone number must be a mobile number/,
    );
  });

  it('finds more of a block than a page may hold', () => {
    const { document, pageId } = complete();
    // An imported template may break limits the editor enforces.
    const twice = {
      ...document,
      blocks: {
        ...document.blocks,
        s1: { id: 's1', type: 'searchBar', props: {}, hidden: false, locked: false },
        s2: { id: 's2', type: 'searchBar', props: {}, hidden: false, locked: false },
      },
      pages: [{ ...document.pages[0]!, blockIds: ['s1', 's2', ...document.pages[0]!.blockIds] }],
    };
    const problems = publishCheck(twice, ShopType.mall, products(12, 13), blockDefinition);
    expect(problems).toEqual([
      {
        pageId,
        blockId: 's2',
        blockType: 'searchBar',
        kind: 'tooMany',
        path: '',
        messageKey: 'publish.tooMany',
        params: { max: 1, count: 2 },
      },
    ]);
    expect(describePublishProblem(problems[0]!, 'en', catalogues.en)).toBe(
      'Search bar: A page can hold at most 1, this page has 2',
    );
  });

  it('skips hidden blocks, flags unknown ones and the page title', () => {
    let { document } = complete();
    document = ok(setHidden(document, ['slides'], true));
    document = {
      ...document,
      blocks: {
        ...document.blocks,
        x: {
          id: 'x',
          type: 'unknown',
          props: { originalType: 'arShowroom', raw: {} },
          hidden: false,
          locked: false,
        },
      },
      pages: [
        {
          ...document.pages[0]!,
          settings: { ...document.pages[0]!.settings, title: '' },
          blockIds: [...document.pages[0]!.blockIds, 'x'],
        },
      ],
    };
    const problems = publishCheck(document, ShopType.mall, products(13), blockDefinition);
    expect(problems.map((problem) => [problem.blockId, problem.kind])).toEqual([
      [null, 'emptyRequired'],
      ['goods', 'linkToDeleted'],
      ['x', 'unknownBlock'],
    ]);
    expect(describePublishProblem(problems[0]!, 'en', catalogues.en)).toBe(
      'Page settings: Page title is required',
    );
    expect(describePublishProblem(problems[2]!, 'en', catalogues.en)).toBe(
      'A block of an unknown type (arShowroom) cannot be published; delete it',
    );
  });

  it('lists the entities to look up, per kind', () => {
    const { document } = complete();
    expect(linkedEntities(document, blockDefinition)).toEqual(new Map([['product', new Set([12, 13])]]));
  });
});

describe('publish warnings', () => {
  it('warns about each link to a switched-off entity, without refusing the page', () => {
    const { document, pageId } = complete();
    expect(publishCheck(document, ShopType.mall, products(12, 13), blockDefinition)).toEqual([]);
    const warnings = publishWarnings(document, { product: new Set([13]) }, blockDefinition);
    expect(warnings).toEqual([
      {
        pageId,
        blockId: 'goods',
        blockType: 'productList',
        kind: 'linkToDisabled',
        path: 'products.1',
        messageKey: 'publish.linkToDisabled',
        params: { title: '汤碗' },
      },
    ]);
    expect(describePublishProblem(warnings[0]!, 'zh', catalogues.zh)).toBe(
      '商品列表：链接的“汤碗”已停用，顾客看得到但无法购买或领取',
    );
  });

  it('finds the same entity wherever it is linked, and skips hidden blocks and other kinds', () => {
    const { document } = complete();
    expect(
      publishWarnings(document, { product: new Set([12]) }, blockDefinition).map((warning) => warning.path),
    ).toEqual(['items.0.link', 'products.0']);
    expect(
      publishWarnings(ok(setHidden(document, ['goods'], true)), { product: new Set([13]) }, blockDefinition),
    ).toEqual([]);
    expect(publishWarnings(document, { coupon: new Set([12, 13]) }, blockDefinition)).toEqual([]);
  });
});
