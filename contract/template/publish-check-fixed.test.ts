import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../enums';
import { LinkType } from '../link-value';
import type { TemplateDocument } from '../template-document';
import { createTemplate } from './create-template';
import { insertBlock, type Outcome, setHidden, setProp } from './operations';
import { publishCheck } from './publish-check';

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

/** A page whose only block is a tab bar: a fixed part, outside the page's block list. */
function withTabBar() {
  let document = createTemplate(1, '首页');
  const pageId = document.homePageId;
  document = ok(
    insertBlock(document, { pageId, type: 'tabBar', index: 0, id: 'tabs', rules: blockDefinition }),
  );
  for (const index of [0, 1]) {
    document = ok(setProp(document, 'tabs', ['items', index, 'text'], `第${index}`));
    document = ok(setProp(document, 'tabs', ['items', index, 'icon'], `/uploads/${index}.png`));
  }
  return { document, pageId };
}

describe('publish check of fixed parts', () => {
  it('passes a complete tab bar', () => {
    const { document } = withTabBar();
    expect(publishCheck(document, ShopType.mall, {}, blockDefinition)).toEqual([]);
  });

  it('finds a missing icon in a fixed part, pointing at the part and the prop', () => {
    const { document, pageId } = withTabBar();
    const broken = ok(setProp(document, 'tabs', ['items', 1, 'icon'], ''));
    expect(publishCheck(broken, ShopType.mall, {}, blockDefinition)).toEqual([
      expect.objectContaining({ pageId, blockId: 'tabs', kind: 'missingImage', path: 'items.1.icon' }),
    ]);
  });

  it('finds a fixed part linking to a page that is gone', () => {
    const { document } = withTabBar();
    const link = { linkType: LinkType.customPage, id: 'page_gone', linkTitle: '旧页' };
    const broken = ok(setProp(document, 'tabs', ['items', 0, 'link'], link));
    expect(publishCheck(broken, ShopType.mall, {}, blockDefinition)).toEqual([
      expect.objectContaining({ blockId: 'tabs', kind: 'linkToDeleted', path: 'items.0.link' }),
    ]);
  });

  it('skips a hidden fixed part', () => {
    const { document } = withTabBar();
    const hidden = ok(setHidden(ok(setProp(document, 'tabs', ['items', 1, 'icon'], '')), ['tabs'], true));
    expect(publishCheck(hidden, ShopType.mall, {}, blockDefinition)).toEqual([]);
  });
});
