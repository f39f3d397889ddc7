/**
 * Selection rules of image grids: a click toggles one tile; a shift-click selects every tile from
 * the last clicked one (the anchor) to this one, in page order.
 */
export interface Selection {
  ids: ReadonlySet<number>;
  anchor: number | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null };

export function toggleSelection(
  selection: Selection,
  pageIds: readonly number[],
  id: number,
  shift: boolean,
): Selection {
  const anchorIndex = selection.anchor === null ? -1 : pageIds.indexOf(selection.anchor);
  const index = pageIds.indexOf(id);
  if (shift && anchorIndex >= 0 && index >= 0) {
    const [from, to] = anchorIndex < index ? [anchorIndex, index] : [index, anchorIndex];
    const ids = new Set(selection.ids);
    for (const rangeId of pageIds.slice(from, to + 1)) ids.add(rangeId);
    return { ids, anchor: id };
  }
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Selects every tile of the page, or clears them when all already are. */
export function toggleAllOnPage(selection: Selection, pageIds: readonly number[]): Selection {
  const ids = new Set(selection.ids);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => ids.has(id));
  for (const id of pageIds) {
    if (allSelected) ids.delete(id);
    else ids.add(id);
  }
  return { ids, anchor: selection.anchor };
}

/** Only one image at a time: clicking picks it (or unpicks it). */
export function singleSelection(selection: Selection, id: number): Selection {
  return selection.ids.has(id) ? emptySelection : { ids: new Set([id]), anchor: id };
}
