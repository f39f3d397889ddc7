// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyBlockDefinition } from '../../components-catalog/block-definition';
import type { Field } from '../../components-catalog/field-kit';
import { BLOCK_DEFINITIONS, blockDefinition } from '../../components-catalog/registry';
import { createTemplate } from '../../contract/template/create-template';
import { system } from '../../src/lib/chakra-system';
import { imageLibraryZh } from '../../src/lib/i18n/image-library-zh';
import { createStudioStore } from '../store/studio-store';
import { FieldEditor, PropertyPanel } from './property-panel';
import { StudioContext } from './studio-context';
import { studioCatalogues } from './studio-messages';

afterEach(cleanup);

function renderInStudio(
  definition: AnyBlockDefinition,
  element: (store: ReturnType<typeof createStudioStore>) => React.ReactElement,
) {
  const store = createStudioStore({
    document: createTemplate(1, 'Home'),
    shopType: definition.shopTypes[0]!,
  });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <IntlProvider locale="zh" messages={{ ...imageLibraryZh, ...studioCatalogues.zh }}>
          <StudioContext.Provider value={store}>{element(store)}</StudioContext.Provider>
        </IntlProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** Every field of a block with the value its defaults give it, list sub-fields with the first item's. */
function everyField(
  fields: readonly Field[],
  props: Record<string, unknown>,
  base = '',
): { field: Field; value: unknown; path: string }[] {
  return fields.flatMap((field) => {
    const path = base ? `${base}.${field.name}` : field.name;
    const own = { field, value: props[field.name], path };
    if (field.kind !== 'list') return [own];
    const items = Array.isArray(props[field.name]) ? (props[field.name] as Record<string, unknown>[]) : [];
    const item = items[0] ?? field.newItem();
    return [own, ...everyField(field.fields, item, `${path}.0`)];
  });
}

/** What a person can operate: a text box, a choice, a switch, a button. */
const CONTROLS = 'input, select, textarea, button, [role="switch"], [contenteditable="true"]';

describe('the property panel', () => {
  it.each(BLOCK_DEFINITIONS.map((definition) => [definition.type, definition] as const))(
    'draws a control for every field of the %s block',
    (_type, definition) => {
      const defaults = definition.defaults();
      const fields = everyField(definition.fields, defaults);
      const { container } = renderInStudio(definition, () => (
        <>
          {fields.map(({ field, value, path }) => (
            <div key={path} data-field-path={path}>
              <FieldEditor
                field={field}
                value={value}
                path={path.split('.')}
                onChange={() => undefined}
                disabled={false}
                root={defaults}
              />
            </div>
          ))}
        </>
      ));
      const silent = fields
        .filter(({ path }) => {
          const wrapper = container.querySelector(`[data-field-path="${path}"]`);
          return !wrapper || wrapper.querySelectorAll(CONTROLS).length === 0;
        })
        .map(({ field, path }) => `${path} (${field.kind})`);
      expect(silent, 'fields that draw no control').toEqual([]);
    },
  );
});

describe('chosen-by-hand entities', () => {
  it.each([
    ['productList', '选择商品'],
    ['coupon', '选择优惠券'],
  ])('offers the %s block a picker once its source is "chosen by hand"', (type, pick) => {
    const definition = blockDefinition(type)!;
    renderInStudio(definition, (store) => {
      const id = store.getState().insertBlock(type, 0)!;
      store.getState().setProp(id, ['source'], 'manual');
      store.getState().select([id]);
      return <PropertyPanel />;
    });
    const field = screen.getByTestId('entity-list-field');
    expect(within(field).getByText('尚未选择')).toBeTruthy();
    fireEvent.click(within(field).getByRole('button', { name: pick }));
    expect(screen.getByRole('dialog', { name: pick })).toBeTruthy();
  });

  it('lists the chosen goods in order, moves and removes them', () => {
    const definition = blockDefinition('productList')!;
    let store!: ReturnType<typeof createStudioStore>;
    let id = '';
    renderInStudio(definition, (created) => {
      store = created;
      id = store.getState().insertBlock('productList', 0)!;
      store.getState().setProp(
        id,
        ['products'],
        [
          { linkType: 9, id: 1, linkTitle: '苹果', shpName: '苹果', shpPrice: 100 },
          { linkType: 9, id: 2, linkTitle: '香蕉', shpName: '香蕉', shpPrice: 200 },
        ],
      );
      store.getState().select([id]);
      return <PropertyPanel />;
    });
    const products = () =>
      (store.getState().history.document.blocks[id]!.props as { products: { id: number }[] }).products.map(
        (product) => product.id,
      );
    expect(screen.getByText('已选 2/50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上移“香蕉”' }));
    expect(products()).toEqual([2, 1]);
    fireEvent.click(screen.getByRole('button', { name: '移除“苹果”' }));
    expect(products()).toEqual([2]);
  });
});
