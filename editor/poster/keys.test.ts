import { describe, expect, it } from 'vitest';
import { shortcutCommand } from '../studio/shortcuts';
import { nudgeFor } from './keys';

const press = (
  key: string,
  modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('the poster editor keys', () => {
  it.each([
    { keys: press('ArrowLeft'), expected: { dx: -1, dy: 0 } },
    { keys: press('ArrowRight', { shiftKey: true }), expected: { dx: 10, dy: 0 } },
    { keys: press('ArrowUp'), expected: { dx: 0, dy: -1 } },
    { keys: press('ArrowDown', { shiftKey: true }), expected: { dx: 0, dy: 10 } },
    { keys: press('ArrowDown', { altKey: true }), expected: null },
    { keys: press('ArrowLeft', { ctrlKey: true }), expected: null },
    { keys: press('a'), expected: null },
  ])('$keys.key moves by $expected', ({ keys, expected }) => {
    expect(nudgeFor(keys)).toEqual(expected);
  });

  it.each([
    { keys: press('z', { ctrlKey: true }), expected: 'undo' },
    { keys: press('z', { metaKey: true, shiftKey: true }), expected: 'redo' },
    { keys: press('y', { ctrlKey: true }), expected: 'redo' },
    { keys: press('Delete'), expected: 'delete' },
    { keys: press('d', { metaKey: true }), expected: 'duplicate' },
    { keys: press('s', { ctrlKey: true }), expected: 'save' },
  ])('shares the studio command $expected', ({ keys, expected }) => {
    expect(shortcutCommand(keys)).toBe(expected);
  });
});
