import { describe, expect, it } from 'vitest';
import { ProductListBlock } from './product-list/renderer';
import { BLOCK_DEFINITIONS } from './registry';
import { BLOCK_RENDERERS, type BlockRenderers, rendererOf } from './renderers';

describe('the renderer map, typed by block type', () => {
  it('refuses, at compile time, a renderer drawing another block’s props', () => {
    // @ts-expect-error the title block's renderer must take the title's props, not a product list's
    const mixed: BlockRenderers = { ...BLOCK_RENDERERS, title: ProductListBlock };
    expect(mixed.title).toBe(ProductListBlock);
  });

  it('refuses, at compile time, a block type without a renderer', () => {
    const { vote: _vote, ...rest } = BLOCK_RENDERERS;
    // @ts-expect-error every block type needs its renderer
    const missing: BlockRenderers = rest;
    expect(Object.hasOwn(missing, 'vote')).toBe(false);
  });

  it('finds each definition’s renderer by the type a document names, and none for unknown types', () => {
    for (const definition of BLOCK_DEFINITIONS) expect(rendererOf(definition.type)).toBeDefined();
    expect(rendererOf('noSuchBlock')).toBeUndefined();
    expect(rendererOf('toString')).toBeUndefined();
  });
});
