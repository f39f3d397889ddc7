import type { KeyPress } from '../studio/shortcuts';

/** Arrow keys move the selection 1 px, with Shift 10 px; with Ctrl, ⌘ or Alt they mean something else. */
export function nudgeFor(press: KeyPress): { dx: number; dy: number } | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const step = press.shiftKey ? 10 : 1;
  switch (press.key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}
