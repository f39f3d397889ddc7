/**
 * One action a list offers on a row (or on the selected rows): what the engine draws as a text link
 * on the row's action line or as an item of its "more" menu, and as a button of the bulk toolbar.
 */
export interface ActionItem {
  /** Stable within the row (e.g. `goods.shelf.putOn`). */
  id: string;
  /** The visible text. */
  label: string;
  /** The accessible name, naming the row (e.g. "Delete: Cotton T-shirt"). */
  name: string;
  /** Loses or hides data: drawn red, placed last, confirmed before it runs. */
  destructive?: boolean;
  run(): void;
}

/** Youzan's, Weimob's and Ant Design Pro's lists show at most three things on a row's action line. */
export const INLINE_ACTIONS = 3;

export interface RowActionLayout {
  inline: ActionItem[];
  /** Under the "more" menu; empty when everything fits on the line. */
  more: ActionItem[];
}

/**
 * Destructive actions go last (keeping the declared order otherwise). When they all fit, all are on
 * the line; otherwise the line holds `max - 1` of them and the "more" menu the rest, so the line
 * never shows more than `max` things, the menu's trigger included.
 */
export function layoutRowActions(items: readonly ActionItem[], max = INLINE_ACTIONS): RowActionLayout {
  const ordered = [...items.filter((item) => !item.destructive), ...items.filter((item) => item.destructive)];
  if (ordered.length <= max) return { inline: ordered, more: [] };
  const cut = Math.max(0, max - 1);
  return { inline: ordered.slice(0, cut), more: ordered.slice(cut) };
}
