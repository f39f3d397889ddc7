import { beforeEach, describe, expect, it } from 'vitest';
import { ShopType } from '../../contract/enums';
import { createTemplate } from '../../contract/template/create-template';
import type { TemplateDocument } from '../../contract/template-document';
import { stepLabel } from './history-step';
import {
  COALESCE_MS,
  createStudioStore,
  HISTORY_LIMIT,
  historyEntries,
  type StudioStore,
} from './studio-store';

let clock = 0;
let store: StudioStore;
let homeId: string;

const state = () => store.getState();
const document = () => state().history.document;
const page = (pageId = state().pageId) => document().pages.find((entry) => entry.id === pageId)!;
const types = (pageId?: string) => page(pageId).blockIds.map((id) => document().blocks[id]!.type);
const canUndo = () => store.temporal.getState().pastStates.length;

function tick(ms = 2000) {
  clock += ms;
}

/** Runs an action, then checks that undo restores the document before it and redo the one after. */
function roundTrip(act: () => void) {
  const before = document();
  act();
  tick();
  const after = document();
  expect(after).not.toBe(before);
  state().undo();
  expect(document()).toEqual(before);
  state().redo();
  expect(document()).toEqual(after);
  return { before, after };
}

beforeEach(() => {
  clock = 1_000_000;
  const template: TemplateDocument = createTemplate(1, '首页');
  homeId = template.homePageId;
  store = createStudioStore({ document: template, shopType: ShopType.mall, now: () => clock });
  for (const type of ['title', 'notice', 'spacer']) {
    state().insertBlock(type, page().blockIds.length);
    tick();
  }
  store.temporal.getState().clear();
});

describe('block actions undo and redo', () => {
  it('insert', () => {
    roundTrip(() => state().insertBlock('carousel', 1));
    expect(types()).toEqual(['title', 'carousel', 'notice', 'spacer']);
    state().undo();
    expect(types()).toEqual(['title', 'notice', 'spacer']);
  });

  it('move (one step per drop) and move by keyboard', () => {
    const [title] = page().blockIds;
    roundTrip(() => state().moveBlock(title!, 2));
    expect(types()).toEqual(['notice', 'spacer', 'title']);
    roundTrip(() => state().moveBlockBy(title!, -1));
    expect(types()).toEqual(['notice', 'title', 'spacer']);
  });

  it('delete brings the blocks back selected on undo', () => {
    const [, notice, spacer] = page().blockIds;
    state().select([notice!, spacer!]);
    roundTrip(() => state().deleteBlocks());
    expect(types()).toEqual(['title']);
    state().undo();
    expect(types()).toEqual(['title', 'notice', 'spacer']);
    expect(state().selection).toEqual([notice, spacer]);
  });

  it('duplicate', () => {
    const [title] = page().blockIds;
    roundTrip(() => state().duplicateBlocks([title!]));
    expect(types()).toEqual(['title', 'title', 'notice', 'spacer']);
  });

  it('hide, show, lock and unlock', () => {
    const [title] = page().blockIds;
    roundTrip(() => state().setHidden([title!], true));
    expect(document().blocks[title!]!.hidden).toBe(true);
    roundTrip(() => state().setHidden([title!], false));
    roundTrip(() => state().setLocked([title!], true));
    expect(document().blocks[title!]!.locked).toBe(true);
    roundTrip(() => state().setLocked([title!], false));
  });

  it('edit a prop and replace props', () => {
    const [, , spacer] = page().blockIds;
    roundTrip(() => state().setProp(spacer!, ['height'], 44));
    expect(document().blocks[spacer!]!.props.height).toBe(44);
    roundTrip(() => state().replaceProps(spacer!, { height: 80, background: '#000000' }));
  });

  it('copy does not make a step; paste is one step for many blocks', () => {
    const [title, notice] = page().blockIds;
    const steps = canUndo();
    state().copy([title!, notice!]);
    expect(canUndo()).toBe(steps);
    state().select([]);
    roundTrip(() => state().paste(0));
    expect(types()).toEqual(['title', 'notice', 'title', 'notice', 'spacer']);
    expect(canUndo()).toBe(steps + 1);
  });
});

describe('page actions undo and redo', () => {
  it('add, rename, reorder, set home, edit settings and delete a page', () => {
    roundTrip(() => state().addPage('关于'));
    const aboutId = document().pages[1]!.id;
    roundTrip(() => state().renamePage(aboutId, '关于我们'));
    expect(page(aboutId).settings.title).toBe('关于我们');
    roundTrip(() => state().reorderPage(aboutId, 0));
    roundTrip(() => state().setHomePage(aboutId));
    expect(document().homePageId).toBe(aboutId);
    roundTrip(() => state().updatePageSettings(aboutId, { backgroundColor: '#ffeeee' }));
    roundTrip(() => state().deletePage(homeId));
    expect(document().pages.map((entry) => entry.id)).toEqual([aboutId]);
    state().undo();
    expect(document().blocks).not.toEqual({});
    expect(state().pageId).toBe(homeId);
  });
});

describe('history', () => {
  it('tracks only the document: selection, hover, page and notices make no steps', () => {
    const steps = canUndo();
    state().select([page().blockIds[0]!]);
    state().setHover(page().blockIds[1]!);
    state().showPage(homeId);
    state().moveBlockBy(page().blockIds[0]!, -1);
    expect(state().notice?.key).toBe('document.nothingToDo');
    expect(canUndo()).toBe(steps);
  });

  it('coalesces typing in one field into one step, and starts a new one after a pause or another field', () => {
    const [title] = page().blockIds;
    const before = document();
    for (const text of ['新', '新品', '新品上', '新品上市']) {
      state().setProp(title!, ['text'], text);
      tick(300);
    }
    expect(canUndo()).toBe(1);
    tick(COALESCE_MS);
    state().setProp(title!, ['text'], '新品上市！');
    tick(100);
    state().setProp(title!, ['subText'], '全场包邮');
    expect(canUndo()).toBe(3);
    state().undo();
    state().undo();
    expect(document().blocks[title!]!.props.text).toBe('新品上市');
    state().undo();
    expect(document()).toEqual(before);
  });

  it('keeps the selection itself while its blocks are edited, and a new one when it changes', () => {
    const [title, notice] = page().blockIds;
    state().select([title!]);
    const selected = state().selection;
    for (const text of ['新', '新品']) {
      state().setProp(title!, ['text'], text);
      expect(state().selection).toBe(selected);
    }
    state().setProp(notice!, ['text'], '通知');
    expect(state().selection).toEqual([notice]);
    state().select([title!, notice!]);
    const both = state().selection;
    state().setProp(title!, ['text'], '新品上市');
    expect(state().selection).not.toBe(both);
    expect(state().selection).toEqual([title]);
  });

  it('labels every step with its action and block', () => {
    const [title] = page().blockIds;
    state().insertBlock('carousel', 0);
    tick();
    state().setProp(title!, ['text'], 'x');
    tick();
    state().addPage('二');
    const { steps, current } = historyEntries(store);
    expect(current).toBe(3);
    expect(steps.map(stepLabel)).toEqual([
      { key: 'history.insert', block: { key: 'block.spacer' } },
      { key: 'history.insert', block: { key: 'block.carousel' } },
      { key: 'history.edit', block: { key: 'block.title' } },
      { key: 'history.addPage', block: null },
    ]);
  });

  it('goes back to the step’s page and re-selects its block on undo and redo', () => {
    const [, notice] = page().blockIds;
    state().addPage('二');
    tick();
    const second = state().pageId;
    expect(second).not.toBe(homeId);
    state().setProp(notice!, ['text'], '公告');
    tick();
    state().showPage(second);
    state().select([]);
    state().undo();
    expect(state().pageId).toBe(homeId);
    expect(state().selection).toEqual([notice]);
    state().showPage(second);
    state().redo();
    expect(state().pageId).toBe(homeId);
    expect(state().selection).toEqual([notice]);
  });

  it('keeps at least 100 steps', () => {
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(100);
    const [spacer] = page().blockIds.slice(-1);
    for (let height = 1; height <= 150; height += 1) {
      state().setProp(spacer!, ['height'], height);
      tick();
    }
    expect(canUndo()).toBe(150);
    state().travel(-150);
    expect(document().blocks[spacer!]!.props.height).toBe(20);
    state().travel(75);
    expect(document().blocks[spacer!]!.props.height).toBe(75);
  });

  it('jumps through the history panel and back', () => {
    const [title] = page().blockIds;
    state().insertBlock('carousel', 0);
    tick();
    state().setProp(title!, ['text'], 'a');
    tick();
    state().deleteBlocks([title!]);
    tick();
    state().travel(-2);
    expect(types()).toEqual(['carousel', 'title', 'notice', 'spacer']);
    expect(document().blocks[title!]!.props.text).toBe('');
    expect(state().selection).toEqual([title]);
    state().travel(2);
    expect(types()).toEqual(['carousel', 'notice', 'spacer']);
  });

  it('refuses actions the rules forbid, with a notice and no step', () => {
    const steps = canUndo();
    state().insertBlock('searchBar', 0);
    tick();
    state().insertBlock('searchBar', 0);
    expect(state().notice).toEqual({ key: 'document.tooMany', params: { type: 'searchBar', max: 1 } });
    state().setShopType(ShopType.hotel);
    expect(state().insertBlock('productList', 0)).toBeNull();
    expect(state().notice?.key).toBe('document.blockNotAllowed');
    expect(canUndo()).toBe(steps + 1);
  });

  it('starts a fresh history when a template is loaded', () => {
    state().insertBlock('carousel', 0);
    const other = createTemplate(1, '新模板');
    state().load(other);
    expect(canUndo()).toBe(0);
    expect(state().pageId).toBe(other.homePageId);
    state().undo();
    expect(document()).toBe(other);
  });
});
