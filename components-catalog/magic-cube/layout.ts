/**
 * Magic-cube geometry. Presets are fixed arrangements; `custom` lets the designer draw rectangles on
 * an n×n grid. Cells are in grid units: x, y from the top left, w, h spans.
 */
export const CUBE_LAYOUTS = ['1x2', '2x1', '1+2', '2x2', 'custom'] as const;
export type CubeLayout = (typeof CUBE_LAYOUTS)[number];

export interface CellRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CubeGrid {
  columns: number;
  rows: number;
  cells: CellRect[];
}

/** The grid of a preset layout; for `custom`, the n×n grid with no cells of its own. */
export function cubeGrid(layout: CubeLayout, size: number): CubeGrid {
  switch (layout) {
    case '1x2':
      return {
        columns: 2,
        rows: 1,
        cells: [
          { x: 0, y: 0, w: 1, h: 1 },
          { x: 1, y: 0, w: 1, h: 1 },
        ],
      };
    case '2x1':
      return {
        columns: 1,
        rows: 2,
        cells: [
          { x: 0, y: 0, w: 1, h: 1 },
          { x: 0, y: 1, w: 1, h: 1 },
        ],
      };
    case '1+2':
      return {
        columns: 2,
        rows: 2,
        cells: [
          { x: 0, y: 0, w: 1, h: 2 },
          { x: 1, y: 0, w: 1, h: 1 },
          { x: 1, y: 1, w: 1, h: 1 },
        ],
      };
    case '2x2':
      return {
        columns: 2,
        rows: 2,
        cells: [
          { x: 0, y: 0, w: 1, h: 1 },
          { x: 1, y: 0, w: 1, h: 1 },
          { x: 0, y: 1, w: 1, h: 1 },
          { x: 1, y: 1, w: 1, h: 1 },
        ],
      };
    case 'custom':
      return { columns: size, rows: size, cells: [] };
  }
}

export type CellProblem = { index: number; reason: 'outside' | 'overlap' };

/** Cells of a custom cube that leave the grid or cover the same square as an earlier cell. */
export function customCellProblems(cells: readonly CellRect[], size: number): CellProblem[] {
  const taken = new Set<string>();
  const problems: CellProblem[] = [];
  cells.forEach((cell, index) => {
    if (
      cell.x < 0 ||
      cell.y < 0 ||
      cell.w < 1 ||
      cell.h < 1 ||
      cell.x + cell.w > size ||
      cell.y + cell.h > size
    ) {
      problems.push({ index, reason: 'outside' });
      return;
    }
    let overlaps = false;
    for (let y = cell.y; y < cell.y + cell.h; y += 1) {
      for (let x = cell.x; x < cell.x + cell.w; x += 1) {
        const key = `${x},${y}`;
        if (taken.has(key)) overlaps = true;
        taken.add(key);
      }
    }
    if (overlaps) problems.push({ index, reason: 'overlap' });
  });
  return problems;
}

/**
 * The cells after switching layout: the preset's count of cells, keeping images and links of the
 * cells that remain in order. A custom layout keeps the previous cells' content as 1×1 squares.
 */
export function cellsForLayout<Cell extends CellRect>(
  layout: CubeLayout,
  size: number,
  previous: readonly Cell[],
  blank: () => Cell,
): Cell[] {
  const grid = cubeGrid(layout, size);
  if (layout === 'custom') {
    return previous.slice(0, size * size).map((cell, index) => ({
      ...cell,
      x: index % size,
      y: Math.floor(index / size),
      w: 1,
      h: 1,
    }));
  }
  return grid.cells.map((rect, index) => ({ ...(previous[index] ?? blank()), ...rect }));
}
