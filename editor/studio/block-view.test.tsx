// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import type { RenderMode } from '../../components-catalog/renderer-kit';
import { ShopType } from '../../contract/enums';
import { createTemplate } from '../../contract/template/create-template';
import { insertBlock } from '../../contract/template/operations';
import type { BlockNode } from '../../contract/template-document';
import { BlockView } from './phone-canvas';
import { studioCatalogues } from './studio-messages';

afterEach(cleanup);

function emptyProductList(): BlockNode {
  const document = createTemplate(1, '首页');
  const outcome = insertBlock(document, {
    pageId: document.homePageId,
    type: 'productList',
    index: 0,
    id: 'goods',
    rules: blockDefinition,
  });
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document.blocks.goods!;
}

function draw(mode: RenderMode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale="zh" messages={studioCatalogues.zh}>
        <BlockView block={emptyProductList()} context={{ mode, shopType: ShopType.mall, now: 0 }} />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe('a data block with no rows yet', () => {
  it('draws sample goods on the studio canvas, marked as samples', () => {
    const { container } = draw('editing');
    const sample = container.querySelector('[data-sample="rows"]');
    expect(sample?.textContent).toContain('示例商品 1');
    expect(sample?.textContent).toContain('示例内容，选好后显示真实数据');
  });

  it('draws nothing of the samples for visitors', () => {
    const { container } = draw('preview');
    expect(container.querySelector('[data-sample]')).toBeNull();
    expect(container.textContent).not.toContain('示例');
  });
});
