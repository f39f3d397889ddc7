import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  type Selection,
  singleSelection,
  toggleAllOnPage,
  toggleSelection,
} from './selection';

const page = [10, 11, 12, 13, 14];
const sel = (ids: number[], anchor: number | null = null): Selection => ({ ids: new Set(ids), anchor });

describe('toggleSelection', () => {
  it.each([
    ['a click selects one and anchors it', emptySelection, 12, false, [12], 12],
    ['a click on a selected tile clears it', sel([12], 12), 12, false, [], 12],
    ['shift selects the range after the anchor', sel([11], 11), 13, true, [11, 12, 13], 13],
    ['shift selects the range before the anchor', sel([14], 14), 11, true, [11, 12, 13, 14], 11],
    ['shift keeps what was selected elsewhere', sel([10, 13], 13), 14, true, [10, 13, 14], 14],
    ['shift without an anchor toggles one', emptySelection, 13, true, [13], 13],
    ['shift with an anchor off this page toggles one', sel([99], 99), 10, true, [10, 99], 10],
  ] as const)('%s', (_name, start, id, shift, ids, anchor) => {
    const next = toggleSelection(start, page, id, shift);
    expect([...next.ids].sort()).toEqual([...ids]);
    expect(next.anchor).toBe(anchor);
  });
});

describe('toggleAllOnPage', () => {
  it.each([
    ['selects every tile of the page', sel([99]), [10, 11, 12, 13, 14, 99]],
    ['fills in a partly selected page', sel([11]), [10, 11, 12, 13, 14]],
    ['clears the page when all are selected, keeping other pages', sel([...page, 99]), [99]],
  ] as const)('%s', (_name, start, ids) => {
    expect([...toggleAllOnPage(start, page).ids].sort()).toEqual([...ids]);
  });

  it('does nothing on an empty page', () => {
    expect([...toggleAllOnPage(sel([1]), []).ids]).toEqual([1]);
  });
});

describe('singleSelection', () => {
  it('picks one, replaces the previous pick, and unpicks on a second click', () => {
    const first = singleSelection(emptySelection, 10);
    expect([...first.ids]).toEqual([10]);
    expect([...singleSelection(first, 11).ids]).toEqual([11]);
    expect([...singleSelection(first, 10).ids]).toEqual([]);
  });
});
