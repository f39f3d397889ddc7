import { describe, expect, it } from 'vitest';
import { newField } from '../../contract/smart-form';
import { COALESCE_MS } from '../store/labelled-history';
import { createBuilderStore, undoRedoSteps } from './builder-store';

function setup() {
  let clock = 0;
  let ids = 0;
  const store = createBuilderStore({
    definition: { fields: [newField('text', 'name', 'Name'), newField('phone', 'mobile', 'Mobile')] },
    now: () => clock,
    newId: () => `copy${++ids}`,
  });
  const tick = (ms: number) => {
    clock += ms;
  };
  const labels = () => store.getState().history.fields.map((field) => field.label);
  return { store, tick, labels };
}

describe('builder store', () => {
  it('adds after the selection, moves, duplicates and deletes, each one undoable step', () => {
    const { store, labels } = setup();
    store.getState().select('name');
    store.getState().add(newField('email', 'mail', 'Mail'));
    expect(labels()).toEqual(['Name', 'Mail', 'Mobile']);
    store.getState().moveBy('mail', 1);
    expect(labels()).toEqual(['Name', 'Mobile', 'Mail']);
    store.getState().duplicate('name');
    expect(labels()).toEqual(['Name', 'Name', 'Mobile', 'Mail']);
    expect(store.getState().selection).toBe('copy1');
    store.getState().remove('copy1');
    expect(store.getState().selection).toBeNull();

    store.getState().undo();
    expect(labels()).toEqual(['Name', 'Name', 'Mobile', 'Mail']);
    expect(store.getState().selection).toBe('copy1');
    store.getState().undo();
    store.getState().undo();
    expect(labels()).toEqual(['Name', 'Mail', 'Mobile']);
    store.getState().redo();
    expect(labels()).toEqual(['Name', 'Mobile', 'Mail']);
    expect(store.getState().selection).toBe('mail');
  });

  it('folds typing into one field into one step and labels the steps', () => {
    const { store, tick, labels } = setup();
    for (const label of ['N', 'Na', 'Nam']) {
      tick(100);
      store.getState().update('name', { label });
    }
    expect(undoRedoSteps(store).undo).toMatchObject({ action: 'edit', fieldLabel: 'Nam' });
    tick(COALESCE_MS);
    store.getState().update('name', { required: true });
    store.getState().undo();
    expect(store.getState().history.fields[0]!.required).toBe(false);
    store.getState().undo();
    expect(labels()).toEqual(['Name', 'Mobile']);
    expect(undoRedoSteps(store)).toMatchObject({ undo: null, redo: { action: 'edit', fieldLabel: 'Nam' } });
  });

  it('ignores moves past the ends and a fresh load clears the history', () => {
    const { store, labels } = setup();
    store.getState().moveBy('name', -1);
    expect(undoRedoSteps(store).undo).toBeNull();
    store.getState().move('name', 5);
    expect(labels()).toEqual(['Mobile', 'Name']);
    store.getState().load({ fields: [] });
    expect(undoRedoSteps(store).undo).toBeNull();
    expect(labels()).toEqual([]);
  });
});
