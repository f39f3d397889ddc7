import { describe, expect, it } from 'vitest';
import { type ActionItem, INLINE_ACTIONS, layoutRowActions } from './row-action-layout';

/** `a` is an action, `a!` a destructive one. */
function items(spec: string): ActionItem[] {
  return spec
    .split(' ')
    .filter(Boolean)
    .map((id) => ({
      id: id.replace('!', ''),
      label: id,
      name: id,
      destructive: id.endsWith('!'),
      run: () => undefined,
    }));
}
const ids = (list: ActionItem[]) => list.map((item) => item.id).join(' ');

describe('layoutRowActions', () => {
  it.each([
    ['', 3, '', ''],
    ['edit', 3, 'edit', ''],
    ['edit ship remark', 3, 'edit ship remark', ''],
    ['close! details remark', 3, 'details remark close', ''],
    ['edit putOn copy recycle!', 3, 'edit putOn', 'copy recycle'],
    ['edit recycle! putOn copy', 3, 'edit putOn', 'copy recycle'],
    ['restore purge!', 3, 'restore purge', ''],
    ['a! b! c! d!', 3, 'a b', 'c d'],
    ['a b c d e', 3, 'a b', 'c d e'],
    ['a b c d e', 5, 'a b c d e', ''],
    ['a', 1, 'a', ''],
    ['a b', 1, '', 'a b'],
    ['a b c', 1, '', 'a b c'],
  ])('%s with %i on the line → [%s] and more [%s]', (spec, max, inline, more) => {
    const layout = layoutRowActions(items(spec), max);
    expect(ids(layout.inline)).toBe(inline);
    expect(ids(layout.more)).toBe(more);
  });

  it('never draws more than three things on the line by default', () => {
    for (let count = 0; count <= 8; count += 1) {
      const layout = layoutRowActions(
        items(Array.from({ length: count }, (_, index) => `a${index}`).join(' ')),
      );
      const drawn = layout.inline.length + (layout.more.length > 0 ? 1 : 0);
      expect(drawn).toBeLessThanOrEqual(INLINE_ACTIONS);
      expect(layout.inline.length + layout.more.length).toBe(count);
    }
  });
});
