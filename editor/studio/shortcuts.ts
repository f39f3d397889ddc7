/** A studio command a key combination triggers; null when the keys mean nothing to the studio. */
export type ShortcutCommand =
  | 'undo'
  | 'redo'
  | 'save'
  | 'delete'
  | 'duplicate'
  | 'copy'
  | 'paste'
  | 'moveUp'
  | 'moveDown'
  | 'deselect';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Ctrl on Windows and Linux, ⌘ on a Mac: either counts as the command key. */
export function shortcutCommand(press: KeyPress): ShortcutCommand | null {
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  if (command && key === 'z') return press.shiftKey ? 'redo' : 'undo';
  if (command && key === 'y') return 'redo';
  if (command && key === 's') return 'save';
  if (command && key === 'd') return 'duplicate';
  if (command && key === 'c') return 'copy';
  if (command && key === 'v') return 'paste';
  if (press.altKey && key === 'arrowup') return 'moveUp';
  if (press.altKey && key === 'arrowdown') return 'moveDown';
  if (!command && (key === 'delete' || key === 'backspace')) return 'delete';
  if (key === 'escape') return 'deselect';
  return null;
}

/** The help panel's rows: keys as shown, and the catalogue key of what they do. */
export const SHORTCUT_HELP: readonly { keys: string; action: string }[] = [
  { keys: 'Ctrl/⌘ + Z', action: 'studio.shortcut.undo' },
  { keys: 'Ctrl/⌘ + Shift + Z, Ctrl/⌘ + Y', action: 'studio.shortcut.redo' },
  { keys: 'Ctrl/⌘ + S', action: 'studio.shortcut.save' },
  { keys: 'Delete, Backspace', action: 'studio.shortcut.delete' },
  { keys: 'Ctrl/⌘ + D', action: 'studio.shortcut.duplicate' },
  { keys: 'Ctrl/⌘ + C', action: 'studio.shortcut.copy' },
  { keys: 'Ctrl/⌘ + V', action: 'studio.shortcut.paste' },
  { keys: 'Alt + ↑ / ↓', action: 'studio.shortcut.move' },
  { keys: 'Space, ↑ / ↓', action: 'studio.shortcut.drag' },
  { keys: 'Shift/Ctrl + click', action: 'studio.shortcut.multiSelect' },
  { keys: 'Esc', action: 'studio.shortcut.deselect' },
];

/** Typing in a field keeps the browser's own undo, delete and copy. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
