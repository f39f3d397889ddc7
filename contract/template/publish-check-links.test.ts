import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../enums';
import { LinkType } from '../link-value';
import type { TemplateDocument } from '../template-document';
import { createTemplate } from './create-template';
import { insertBlock, type Outcome, setHidden, setProp } from './operations';
import { linkedEntities, type PublishProblem, publishCheck } from './publish-check';

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

const product = (id: number) => ({
  linkType: LinkType.product,
  id,
  linkTitle: `商品${id}`,
  shpName: `商品${id}`,
  shpPrice: 100,
  img: '',
});

/** A tab bar (a fixed part) whose first item links to `link`, complete otherwise. */
function withTabLink(link: unknown) {
  let document = createTemplate(1, '首页');
  const pageId = document.homePageId;
  document = ok(
    insertBlock(document, { pageId, type: 'tabBar', index: 0, id: 'tabs', rules: blockDefinition }),
  );
  for (const index of [0, 1]) {
    document = ok(setProp(document, 'tabs', ['items', index, 'text'], `第${index}`));
    document = ok(setProp(document, 'tabs', ['items', index, 'icon'], `/uploads/${index}.png`));
  }
  return { document: ok(setProp(document, 'tabs', ['items', 0, 'link'], link)), pageId };
}

/** The problems about where a link points (the tab bar's own rules on link kinds aside). */
const linkTargetProblems = (problems: PublishProblem[]) =>
  problems.filter((problem) => problem.kind === 'linkNotAllowed' || problem.kind === 'linkToDeleted');

describe('a link the shop type does not offer', () => {
  it('is reported once, as not allowed, even when what it points at is gone too', () => {
    const hotel = { linkType: LinkType.hotel, id: 12, linkTitle: '湖景酒店' };
    const { document } = withTabLink(hotel);
    const problems = linkTargetProblems(
      publishCheck(document, ShopType.mall, { hotel: new Set() }, blockDefinition),
    );
    expect(problems.map((problem) => [problem.blockId, problem.kind, problem.path])).toEqual([
      ['tabs', 'linkNotAllowed', 'items.0.link'],
    ]);
  });

  it('an allowed link to something gone is reported as deleted, with its title', () => {
    const { document } = withTabLink(product(12));
    expect(
      linkTargetProblems(publishCheck(document, ShopType.mall, { product: new Set([13]) }, blockDefinition)),
    ).toEqual([expect.objectContaining({ kind: 'linkToDeleted', params: { title: '商品12' } })]);
    expect(
      linkTargetProblems(publishCheck(document, ShopType.mall, { product: new Set([12]) }, blockDefinition)),
    ).toEqual([]);
    // Kinds the caller did not look up are taken as existing.
    expect(linkTargetProblems(publishCheck(document, ShopType.mall, {}, blockDefinition))).toEqual([]);
  });
});

describe('a link to an activity that has ended', () => {
  const seckill = {
    linkType: LinkType.seckill,
    id: 5,
    linkTitle: '限时秒杀',
    shpName: '限时秒杀',
    shpPrice: 100,
  };
  const ended = (problems: PublishProblem[]) =>
    problems.filter((problem) => problem.kind === 'linkToEnded' || problem.kind === 'linkToDeleted');

  it('is reported as ended, with its title; one that still runs is not', () => {
    const { document } = withTabLink(seckill);
    const live = { seckill: new Set([5]) };
    expect(
      ended(publishCheck(document, ShopType.mall, live, blockDefinition, { seckill: new Set([5]) })),
    ).toEqual([
      expect.objectContaining({ kind: 'linkToEnded', path: 'items.0.link', params: { title: '限时秒杀' } }),
    ]);
    expect(
      ended(publishCheck(document, ShopType.mall, live, blockDefinition, { seckill: new Set([6]) })),
    ).toEqual([]);
    expect(ended(publishCheck(document, ShopType.mall, live, blockDefinition))).toEqual([]);
  });
});

describe('a link to an ended coupon', () => {
  const coupon = { linkType: LinkType.coupon, id: 21, linkTitle: '满199减30' };
  const endedProblems = (problems: PublishProblem[]) =>
    problems.filter((problem) => problem.kind === 'linkToEnded' || problem.kind === 'linkToDeleted');

  it.each<[string, Parameters<typeof publishCheck>[2], Parameters<typeof publishCheck>[4], string[]]>([
    ['live and not ended', { coupon: new Set([21]) }, { coupon: new Set([9]) }, []],
    ['ended', { coupon: new Set([21]) }, { coupon: new Set([21]) }, ['linkToEnded']],
    ['deleted, whatever else is said', { coupon: new Set() }, { coupon: new Set([21]) }, ['linkToDeleted']],
    ['not looked up for endings', { coupon: new Set([21]) }, undefined, []],
  ])('is reported when %s', (_, existing, ended, kinds) => {
    const { document } = withTabLink(coupon);
    const problems = endedProblems(publishCheck(document, ShopType.mall, existing, blockDefinition, ended));
    expect(problems.map((problem) => problem.kind)).toEqual(kinds);
    if (kinds[0] === 'linkToEnded')
      expect(problems[0]).toMatchObject({
        messageKey: 'publish.linkToEnded',
        params: { title: '满199减30' },
      });
  });
});

describe('linkedEntities', () => {
  it('includes the links of fixed parts', () => {
    const { document } = withTabLink(product(12));
    expect(linkedEntities(document, blockDefinition)).toEqual(new Map([['product', new Set([12])]]));
  });

  it('leaves out hidden blocks', () => {
    const { document } = withTabLink(product(12));
    expect(linkedEntities(ok(setHidden(document, ['tabs'], true)), blockDefinition)).toEqual(new Map());
  });

  it('leaves out links to pages of the template, which have no server row', () => {
    const { document } = withTabLink({ linkType: LinkType.customPage, id: 'page_x', linkTitle: '页' });
    expect(linkedEntities(document, blockDefinition)).toEqual(new Map());
  });

  it('leaves out blocks of a type this version does not know', () => {
    const { document, pageId } = withTabLink({ linkType: LinkType.none });
    const withUnknown = ok(
      insertBlock(document, {
        pageId,
        type: 'unknown',
        index: 0,
        props: { originalType: 'rocket', links: [product(5)] },
        rules: blockDefinition,
      }),
    );
    expect(linkedEntities(withUnknown, blockDefinition)).toEqual(new Map());
  });
});
