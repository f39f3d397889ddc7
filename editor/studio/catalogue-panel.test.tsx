// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { DndContext } from '@dnd-kit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopType } from '../../contract/enums';
import { createTemplate } from '../../contract/template/create-template';
import { system } from '../../src/lib/chakra-system';
import { enumQuery } from '../../src/lib/enum-values';
import { zh } from '../../src/lib/i18n/zh';
import { createStudioStore } from '../store/studio-store';
import { CataloguePanel } from './catalogue-panel';
import { StudioContext } from './studio-context';
import { studioCatalogues } from './studio-messages';

afterEach(cleanup);

describe('the block palette', () => {
  it('says it follows the template’s shop type, and says so plainly while previewing another', () => {
    const store = createStudioStore({ document: createTemplate(1, '首页'), shopType: ShopType.mall });
    // The shop types' names as GetEnumForType answers them (the studio has loaded them).
    const client = new QueryClient();
    client.setQueryData(enumQuery('shopType').queryKey, {
      Errcode: 0,
      Errmsg: '',
      ErrShowType: 0,
      Types: [],
      Values: [
        { Value: ShopType.mall, Zh: '商城', En: 'Mall' },
        { Value: ShopType.course, Zh: '课程', En: 'Course' },
      ],
    });
    render(
      <QueryClientProvider client={client}>
        <ChakraProvider value={system}>
          <IntlProvider locale="zh" messages={{ ...zh, ...studioCatalogues.zh }}>
            <StudioContext.Provider value={store}>
              <DndContext>
                <CataloguePanel />
              </DndContext>
            </StudioContext.Provider>
          </IntlProvider>
        </ChakraProvider>
      </QueryClientProvider>,
    );
    const note = screen.getByTestId('palette-shop-type');
    expect(note.textContent).toBe('按模板的店铺类型「商城」列出组件');
    // Course shops have no product list: the canvas flags it, the palette still offers it.
    act(() => store.getState().setPreviewShopType(ShopType.course));
    expect(note.textContent).toContain('画布正按「课程」预览');
    expect(note.textContent).toContain('组件库仍按模板的店铺类型「商城」列出');
    expect(screen.getByRole('button', { name: '添加商品列表' }).hasAttribute('disabled')).toBe(false);
  });
});
