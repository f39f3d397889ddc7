import { describe, expect, it } from 'vitest';
import { blankPosterDocument } from '../../contract/poster-document';
import { COALESCE_MS } from '../store/labelled-history';
import { createPosterStore } from './poster-store';

function setup() {
  let time = 1_000;
  let counter = 0;
  const store = createPosterStore({
    document: blankPosterDocument('poster'),
    now: () => time,
    newId: () => `e${++counter}`,
  });
  const tick = (ms: number) => {
    time += ms;
  };
  const element = (id: string) => store.getState().history.document.elements.find((entry) => entry.id === id);
  const canUndo = () => store.temporal.getState().pastStates.length;
  return { store, tick, element, canUndo };
}

describe('the poster store', () => {
  it('adds a centred element as one labelled step; undo and redo restore it and its selection', () => {
    const { store, element } = setup();
    const id = store.getState().add('text', 'Hello');
    expect(element(id)).toMatchObject({
      type: 'text',
      text: 'Hello',
      x: 175,
      y: 637,
      width: 400,
      height: 60,
    });
    expect(store.getState().history.step).toMatchObject({
      action: 'add',
      elementType: 'text',
      elementIds: [id],
    });
    expect(store.getState().selection).toEqual([id]);
    store.getState().undo();
    expect(element(id)).toBeUndefined();
    expect(store.getState().selection).toEqual([]);
    store.getState().redo();
    expect(element(id)).toMatchObject({ text: 'Hello' });
    expect(store.getState().selection).toEqual([id]);
  });

  it('makes a burst of arrow presses one step, and a later one another', () => {
    const { store, tick, element, canUndo } = setup();
    const id = store.getState().add('image');
    const start = element(id)!.x;
    store.getState().nudge(1, 0);
    tick(100);
    store.getState().nudge(1, 0);
    tick(100);
    store.getState().nudge(10, 0);
    expect(element(id)!.x).toBe(start + 12);
    expect(canUndo()).toBe(2);
    tick(COALESCE_MS + 1);
    store.getState().nudge(0, -1);
    expect(canUndo()).toBe(3);
    store.getState().undo();
    store.getState().undo();
    expect(element(id)!.x).toBe(start);
  });

  it('records one step per drag and none for selection or an edit that changes nothing', () => {
    const { store, element, canUndo } = setup();
    const id = store.getState().add('qrcode');
    store.getState().place(id, { x: 10, y: 20, width: 150, height: 150 }, 'resize');
    expect(element(id)).toMatchObject({ x: 10, y: 20, width: 150 });
    store.getState().select([]);
    store.getState().place(id, { x: 10, y: 20, width: 150, height: 150 }, 'move');
    expect(canUndo()).toBe(2);
    expect(store.getState().history.step.action).toBe('resize');
  });

  it('coalesces typing in one field but not across fields', () => {
    const { store, tick, element, canUndo } = setup();
    const id = store.getState().add('text', '');
    for (const text of ['H', 'Hi', 'Hi!']) {
      store.getState().update(id, { text }, 'text');
      tick(200);
    }
    store.getState().update(id, { fontSize: 40 }, 'fontSize');
    expect(canUndo()).toBe(3);
    store.getState().undo();
    expect(element(id)).toMatchObject({ text: 'Hi!', fontSize: 28 });
    store.getState().undo();
    expect(element(id)).toMatchObject({ text: '' });
  });

  it('keeps locked elements where they are, and deletes, duplicates and reorders', () => {
    const { store, element } = setup();
    const first = store.getState().add('image');
    const second = store.getState().add('text', 'x');
    store.getState().setLocked([first], true);
    store.getState().select([first]);
    store.getState().nudge(5, 5);
    store.getState().remove([first]);
    expect(element(first)).toMatchObject({ x: 225, locked: true });
    store.getState().duplicate([second]);
    const copy = store.getState().selection[0]!;
    expect(element(copy)).toMatchObject({ text: 'x', x: element(second)!.x + 20 });
    store.getState().reorder(copy, 0);
    expect(store.getState().history.document.elements.map((entry) => entry.id)).toEqual([
      copy,
      first,
      second,
    ]);
    store.getState().remove([copy]);
    expect(element(copy)).toBeUndefined();
    store.getState().undo();
    expect(element(copy)).toBeDefined();
  });

  it('changes the canvas size and keeps elements inside it', () => {
    const { store, element } = setup();
    const id = store.getState().add('goodsImage');
    store.getState().place(id, { x: 240, y: 800, width: 500, height: 500 }, 'move');
    store.getState().setCanvasSize({ width: 750, height: 1000 });
    expect(store.getState().history.document).toMatchObject({ width: 750, height: 1000 });
    expect(element(id)).toMatchObject({ x: 240, y: 500 });
    store.getState().undo();
    expect(store.getState().history.document.height).toBe(1334);
  });
});
