import { describe, expect, it } from 'vitest';
import { clampRect, type Handle, moveBy, type Rect, resizeRect, snapMove, snapResize } from './geometry';

const canvas = { width: 750, height: 1334 };
const box: Rect = { x: 100, y: 200, width: 200, height: 100 };

describe('clampRect and moveBy', () => {
  it.each([
    { name: 'inside stays', rect: box, expected: box },
    { name: 'past the left and top', rect: { ...box, x: -30, y: -5 }, expected: { ...box, x: 0, y: 0 } },
    {
      name: 'past the right and bottom',
      rect: { ...box, x: 700, y: 1300 },
      expected: { ...box, x: 550, y: 1234 },
    },
    {
      name: 'wider than the canvas keeps its left at 0',
      rect: { x: 40, y: 0, width: 900, height: 10 },
      expected: { x: 0, y: 0, width: 900, height: 10 },
    },
  ])('$name', ({ rect, expected }) => {
    expect(clampRect(rect, canvas)).toEqual(expected);
  });

  it.each([
    { dx: 1, dy: 0, expected: { x: 101, y: 200 } },
    { dx: -10, dy: 10, expected: { x: 90, y: 210 } },
    { dx: -500, dy: 0, expected: { x: 0, y: 200 } },
    { dx: 0, dy: 5000, expected: { x: 100, y: 1234 } },
    { dx: 0.4, dy: 0.6, expected: { x: 100, y: 201 } },
  ])('moves by ($dx, $dy) within the canvas', ({ dx, dy, expected }) => {
    expect(moveBy(box, dx, dy, canvas)).toEqual({ ...box, ...expected });
  });
});

describe('resizeRect', () => {
  const free = { minSize: 8, bounds: canvas };
  it.each<{ handle: Handle; dx: number; dy: number; expected: Rect }>([
    { handle: 'e', dx: 50, dy: 99, expected: { x: 100, y: 200, width: 250, height: 100 } },
    { handle: 'w', dx: 50, dy: 0, expected: { x: 150, y: 200, width: 150, height: 100 } },
    { handle: 'n', dx: 9, dy: -20, expected: { x: 100, y: 180, width: 200, height: 120 } },
    { handle: 's', dx: 0, dy: 30, expected: { x: 100, y: 200, width: 200, height: 130 } },
    { handle: 'se', dx: 10, dy: 20, expected: { x: 100, y: 200, width: 210, height: 120 } },
    { handle: 'nw', dx: -10, dy: -20, expected: { x: 90, y: 180, width: 210, height: 120 } },
    { handle: 'ne', dx: 10, dy: 10, expected: { x: 100, y: 210, width: 210, height: 90 } },
    { handle: 'sw', dx: 10, dy: 10, expected: { x: 110, y: 200, width: 190, height: 110 } },
    // The minimum size holds whichever way the handle goes.
    { handle: 'e', dx: -500, dy: 0, expected: { x: 100, y: 200, width: 8, height: 100 } },
    { handle: 'nw', dx: 500, dy: 500, expected: { x: 292, y: 292, width: 8, height: 8 } },
    // The moving edges stop at the canvas.
    { handle: 'w', dx: -500, dy: 0, expected: { x: 0, y: 200, width: 300, height: 100 } },
    { handle: 'se', dx: 900, dy: 2000, expected: { x: 100, y: 200, width: 650, height: 1134 } },
  ])('$handle by ($dx, $dy)', ({ handle, dx, dy, expected }) => {
    expect(resizeRect(box, handle, dx, dy, free)).toEqual(expected);
  });

  const locked = { minSize: 8, keepAspect: true, bounds: canvas };
  it.each<{ handle: Handle; dx: number; dy: number; expected: Rect }>([
    { handle: 'se', dx: 100, dy: 0, expected: { x: 100, y: 200, width: 300, height: 150 } },
    { handle: 'se', dx: 0, dy: 100, expected: { x: 100, y: 200, width: 400, height: 200 } },
    { handle: 'nw', dx: -100, dy: 0, expected: { x: 0, y: 150, width: 300, height: 150 } },
    { handle: 'e', dx: 100, dy: 0, expected: { x: 100, y: 175, width: 300, height: 150 } },
    { handle: 's', dx: 0, dy: 50, expected: { x: 50, y: 200, width: 300, height: 150 } },
    // Growing past the canvas shrinks back to what fits from the fixed corner.
    { handle: 'se', dx: 2000, dy: 0, expected: { x: 100, y: 200, width: 650, height: 325 } },
    { handle: 'se', dx: -1000, dy: 0, expected: { x: 100, y: 200, width: 16, height: 8 } },
  ])('keeping the aspect: $handle by ($dx, $dy)', ({ handle, dx, dy, expected }) => {
    expect(resizeRect(box, handle, dx, dy, locked)).toEqual(expected);
  });
});

describe('snapMove', () => {
  const other: Rect = { x: 400, y: 600, width: 100, height: 100 };
  it.each([
    {
      name: 'left edge to the canvas edge',
      rect: { ...box, x: 4 },
      expected: { x: 0, y: 200 },
      guides: [{ orientation: 'vertical', position: 0 }],
    },
    {
      name: 'centre to the canvas centre',
      rect: { ...box, x: 272, y: 200 },
      expected: { x: 275, y: 200 },
      guides: [{ orientation: 'vertical', position: 375 }],
    },
    {
      name: "right edge to another's left edge and top to its top",
      rect: { ...box, x: 203, y: 597 },
      expected: { x: 200, y: 600 },
      // Both are 100 high: top, centre and bottom line up at once.
      guides: [
        { orientation: 'vertical', position: 400 },
        { orientation: 'horizontal', position: 600 },
        { orientation: 'horizontal', position: 650 },
        { orientation: 'horizontal', position: 700 },
      ],
    },
    {
      name: 'bottom to the centre of another',
      rect: { ...box, x: 120, y: 553 },
      expected: { x: 120, y: 550 },
      guides: [
        { orientation: 'horizontal', position: 600 },
        { orientation: 'horizontal', position: 650 },
      ],
    },
    {
      name: 'nothing within the threshold',
      rect: { ...box, x: 120, y: 520 },
      expected: { x: 120, y: 520 },
      guides: [],
    },
  ])('$name', ({ rect, expected, guides }) => {
    const result = snapMove(rect, [other], canvas, 6);
    expect({ x: result.rect.x, y: result.rect.y }).toEqual(expected);
    expect(result.guides).toEqual(guides);
  });

  it('stays inside the canvas while snapping', () => {
    expect(snapMove({ ...box, x: 560 }, [], canvas, 6).rect.x).toBe(550);
  });
});

describe('snapResize', () => {
  it.each<{ handle: Handle; rect: Rect; expected: Rect }>([
    { handle: 'e', rect: { ...box, width: 272 }, expected: { ...box, width: 275 } },
    { handle: 'w', rect: { ...box, x: 4, width: 296 }, expected: { ...box, x: 0, width: 300 } },
    { handle: 'n', rect: { ...box, y: 597, height: 100 }, expected: { ...box, y: 600, height: 97 } },
    { handle: 's', rect: { ...box, height: 446 }, expected: { ...box, height: 450 } },
    { handle: 's', rect: { ...box, height: 95 }, expected: { ...box, height: 95 } },
  ])('moves only the edges of $handle', ({ handle, rect, expected }) => {
    const other: Rect = { x: 400, y: 600, width: 100, height: 100 };
    expect(snapResize(rect, handle, [other], canvas, 6, 8).rect).toEqual(expected);
  });
});
