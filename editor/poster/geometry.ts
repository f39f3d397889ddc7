/** Geometry of the poster canvas, in design pixels: move, resize, clamp and snap with guides. */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

export interface Guide {
  /** A vertical guide sits at an x, a horizontal one at a y. */
  orientation: 'vertical' | 'horizontal';
  position: number;
}

const round = (value: number) => Math.round(value);

/** Moves a rectangle so it lies inside the canvas; one bigger than the canvas keeps its top left. */
export function clampRect(rect: Rect, bounds: Size): Rect {
  const x = Math.min(Math.max(rect.x, 0), Math.max(bounds.width - rect.width, 0));
  const y = Math.min(Math.max(rect.y, 0), Math.max(bounds.height - rect.height, 0));
  return { ...rect, x, y };
}

export function moveBy(rect: Rect, dx: number, dy: number, bounds: Size): Rect {
  return clampRect({ ...rect, x: round(rect.x + dx), y: round(rect.y + dy) }, bounds);
}

export interface ResizeOptions {
  minSize: number;
  /** Keep the width-to-height ratio the rectangle had (Shift while dragging, round pictures). */
  keepAspect?: boolean;
  bounds: Size;
}

/**
 * The rectangle after dragging a handle by (dx, dy): the opposite side or corner stays put, the size
 * never drops below `minSize`, and the moving edges stop at the canvas edges.
 */
export function resizeRect(rect: Rect, handle: Handle, dx: number, dy: number, options: ResizeOptions): Rect {
  const { minSize, bounds } = options;
  const west = handle.includes('w');
  const east = handle.includes('e');
  const north = handle.includes('n');
  const south = handle.includes('s');
  let left = rect.x;
  let right = rect.x + rect.width;
  let top = rect.y;
  let bottom = rect.y + rect.height;
  if (west) left = Math.min(Math.max(left + dx, 0), right - minSize);
  if (east) right = Math.max(Math.min(right + dx, bounds.width), left + minSize);
  if (north) top = Math.min(Math.max(top + dy, 0), bottom - minSize);
  if (south) bottom = Math.max(Math.min(bottom + dy, bounds.height), top + minSize);
  let width = right - left;
  let height = bottom - top;
  if (options.keepAspect && rect.width > 0 && rect.height > 0) {
    const horizontal = west || east;
    const vertical = north || south;
    // Corners follow the larger change; edge handles drive the other side.
    const scaleX = width / rect.width;
    const scaleY = height / rect.height;
    const scale = horizontal && (!vertical || Math.abs(scaleX - 1) >= Math.abs(scaleY - 1)) ? scaleX : scaleY;
    width = rect.width * scale;
    height = rect.height * scale;
    // Growing may not leave the canvas: shrink back to what fits from the fixed corner.
    const roomX = west ? right : bounds.width - left;
    const roomY = north ? bottom : bounds.height - top;
    const fit = Math.min(1, roomX / width, roomY / height);
    width *= fit;
    height *= fit;
    if (width < minSize || height < minSize) {
      const grow = Math.max(minSize / width, minSize / height);
      width *= grow;
      height *= grow;
    }
    if (west) left = right - width;
    if (north) top = bottom - height;
    // Edge handles keep the element centred on the other axis.
    if (!horizontal) left = rect.x + (rect.width - width) / 2;
    if (!vertical) top = rect.y + (rect.height - height) / 2;
  }
  return { x: round(left), y: round(top), width: round(width), height: round(height) };
}

/** The lines a moving rectangle snaps to: canvas edges and centre, and the others' edges and centres. */
export function snapLines(
  targets: readonly Rect[],
  canvas: Size,
): { vertical: number[]; horizontal: number[] } {
  const vertical = [0, canvas.width / 2, canvas.width];
  const horizontal = [0, canvas.height / 2, canvas.height];
  for (const target of targets) {
    vertical.push(target.x, target.x + target.width / 2, target.x + target.width);
    horizontal.push(target.y, target.y + target.height / 2, target.y + target.height);
  }
  return { vertical, horizontal };
}

/** The smallest shift within the threshold that puts one of `edges` on one of `lines`. */
function nearest(edges: readonly number[], lines: readonly number[], threshold: number) {
  let best: { shift: number; line: number } | null = null;
  for (const edge of edges) {
    for (const line of lines) {
      const shift = line - edge;
      if (Math.abs(shift) <= threshold && (!best || Math.abs(shift) < Math.abs(best.shift)))
        best = { shift, line };
    }
  }
  return best;
}

/** Every line that one of the rectangle's edges or centres lies on, for the guides to show. */
function touching(rect: Rect, lines: { vertical: number[]; horizontal: number[] }): Guide[] {
  const xs = [rect.x, rect.x + rect.width / 2, rect.x + rect.width];
  const ys = [rect.y, rect.y + rect.height / 2, rect.y + rect.height];
  const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
  const vertical = [...new Set(lines.vertical.filter((line) => xs.some((x) => near(x, line))))];
  const horizontal = [...new Set(lines.horizontal.filter((line) => ys.some((y) => near(y, line))))];
  return [
    ...vertical.map((position) => ({ orientation: 'vertical' as const, position })),
    ...horizontal.map((position) => ({ orientation: 'horizontal' as const, position })),
  ];
}

/** Snaps a moved rectangle (its edges and centre) to the nearest lines within `threshold`. */
export function snapMove(
  rect: Rect,
  targets: readonly Rect[],
  canvas: Size,
  threshold: number,
): { rect: Rect; guides: Guide[] } {
  const lines = snapLines(targets, canvas);
  const x = nearest([rect.x, rect.x + rect.width / 2, rect.x + rect.width], lines.vertical, threshold);
  const y = nearest([rect.y, rect.y + rect.height / 2, rect.y + rect.height], lines.horizontal, threshold);
  const snapped = clampRect(
    { ...rect, x: round(rect.x + (x?.shift ?? 0)), y: round(rect.y + (y?.shift ?? 0)) },
    canvas,
  );
  return { rect: snapped, guides: touching(snapped, lines) };
}

/** Snaps the edges a handle moves to the nearest lines within `threshold`; the others stay. */
export function snapResize(
  rect: Rect,
  handle: Handle,
  targets: readonly Rect[],
  canvas: Size,
  threshold: number,
  minSize: number,
): { rect: Rect; guides: Guide[] } {
  const lines = snapLines(targets, canvas);
  let left = rect.x;
  let right = rect.x + rect.width;
  let top = rect.y;
  let bottom = rect.y + rect.height;
  if (handle.includes('w')) left += nearest([left], lines.vertical, threshold)?.shift ?? 0;
  if (handle.includes('e')) right += nearest([right], lines.vertical, threshold)?.shift ?? 0;
  if (handle.includes('n')) top += nearest([top], lines.horizontal, threshold)?.shift ?? 0;
  if (handle.includes('s')) bottom += nearest([bottom], lines.horizontal, threshold)?.shift ?? 0;
  if (right - left < minSize || bottom - top < minSize) return { rect, guides: touching(rect, lines) };
  const snapped = { x: round(left), y: round(top), width: round(right - left), height: round(bottom - top) };
  return { rect: snapped, guides: touching(snapped, lines) };
}
