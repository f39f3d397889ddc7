// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { DndContext } from '@dnd-kit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType } from '../../contract/enums';
import { createTemplate } from '../../contract/template/create-template';
import { insertBlock } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { system } from '../../src/app/system';
import { createStudioStore, type StudioStore } from '../store/studio-store';
import { PhoneCanvas } from './phone-canvas';
import { StudioContext } from './studio-context';
import { studioCatalogues } from './studio-messages';

afterEach(cleanup);

function pageOf(count: number): TemplateDocument {
  let document = createTemplate(1, '首页');
  for (let index = 0; index < count; index++) {
    const outcome = insertBlock(document, {
      rules: blockDefinition,
      pageId: document.homePageId,
      type: 'title',
      index,
      props: { ...blockDefinition('title')!.defaults(), text: `Title ${index}` },
      id: `t${index}`,
    });
    if (!outcome.ok) throw new Error(outcome.problem.key);
    document = outcome.document;
  }
  return document;
}

function draw(count: number): { store: StudioStore; canvas: HTMLElement } {
  const store = createStudioStore({ document: pageOf(count), shopType: ShopType.mall });
  const { getByTestId } = render(
    <ChakraProvider value={system}>
      <IntlProvider locale="zh" messages={studioCatalogues.zh}>
        <QueryClientProvider client={new QueryClient()}>
          <StudioContext.Provider value={store}>
            <DndContext>
              <PhoneCanvas />
            </DndContext>
          </StudioContext.Provider>
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>,
  );
  return { store, canvas: getByTestId('phone-canvas') };
}

const block = (canvas: HTMLElement, id: string) =>
  canvas.querySelector<HTMLElement>(`[data-testid="canvas-block-${id}"]`)!;

/** Lets the frame after the first screen pass, so the rest of the page is drawn. */
const nextFrames = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

describe('pointing at the canvas', () => {
  it('selects the block clicked, adds to or takes from the selection with a modifier, and clears on the empty page', () => {
    const { store, canvas } = draw(3);
    fireEvent.click(block(canvas, 't1'));
    expect(store.getState().selection).toEqual(['t1']);
    fireEvent.click(block(canvas, 't2'), { shiftKey: true });
    expect(store.getState().selection).toEqual(['t1', 't2']);
    fireEvent.click(block(canvas, 't1'), { metaKey: true });
    expect(store.getState().selection).toEqual(['t2']);
    fireEvent.click(block(canvas, 't0'), { ctrlKey: true });
    expect(store.getState().selection).toEqual(['t2', 't0']);
    fireEvent.click(block(canvas, 't1'));
    expect(store.getState().selection).toEqual(['t1']);
    fireEvent.click(canvas.querySelector('.studio-canvas-list')!);
    expect(store.getState().selection).toEqual([]);
  });

  it('outlines and names the selected block only', () => {
    const { store, canvas } = draw(3);
    fireEvent.click(block(canvas, 't1'));
    expect(block(canvas, 't1').dataset.selected).toBe('true');
    expect(block(canvas, 't1').style.outline).toContain('solid');
    expect(block(canvas, 't1').textContent).toContain('标题');
    expect(block(canvas, 't0').dataset.selected).toBeUndefined();
    expect(block(canvas, 't0').getAttribute('style')).toBeNull();
    expect(store.getState().selection).toEqual(['t1']);
  });

  it('follows the block under the pointer, and forgets it when the pointer leaves the phone', () => {
    const { store, canvas } = draw(3);
    fireEvent.mouseOver(block(canvas, 't2'));
    expect(store.getState().hover).toBe('t2');
    expect(block(canvas, 't2').style.outline).toContain('dashed');
    fireEvent.mouseOver(block(canvas, 't0'));
    expect(store.getState().hover).toBe('t0');
    expect(block(canvas, 't2').style.outline).toBe('');
    fireEvent.mouseOver(canvas.querySelector('.studio-canvas-list')!);
    expect(store.getState().hover).toBeNull();
    fireEvent.mouseOver(block(canvas, 't1'));
    fireEvent.mouseLeave(canvas.querySelector('.studio-canvas-frame')!);
    expect(store.getState().hover).toBeNull();
  });
});

describe('a long page', () => {
  it('draws the first screen at once, holds a frame for every other block, and draws those after the first frame', async () => {
    const count = Math.ceil(window.innerHeight / 20) + 5;
    const { store, canvas } = draw(count);
    const pending = canvas.querySelectorAll('[data-pending]');
    expect(pending).toHaveLength(5);
    expect(canvas.querySelectorAll('[data-testid^="canvas-block-"]')).toHaveLength(count);
    // A frame still to draw is not a block yet: a click on it selects nothing.
    fireEvent.click(pending[0]!);
    expect(store.getState().selection).toEqual([]);
    await nextFrames();
    expect(canvas.querySelectorAll('[data-pending]')).toHaveLength(0);
    expect(block(canvas, `t${count - 1}`).textContent).toBe(`Title ${count - 1}`);
    fireEvent.click(block(canvas, `t${count - 1}`));
    expect(store.getState().selection).toEqual([`t${count - 1}`]);
  });
});
