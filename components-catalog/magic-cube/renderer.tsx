import { BlockBox, Picture, type RendererProps } from '../renderer-kit';
import type { Props } from './definition';
import { cubeGrid } from './layout';

const PHONE_WIDTH = 375;

export function MagicCubeBlock({ props }: RendererProps<Props>) {
  const grid = cubeGrid(props.layout, props.size);
  const custom = props.layout === 'custom';
  const side = props.spacing.side * 2;
  const height = custom ? PHONE_WIDTH - side : props.height;
  // Presets place cells by the preset's rectangles; custom cubes by each cell's own.
  const rects = custom ? props.cells : grid.cells.map((rect, index) => ({ ...props.cells[index], ...rect }));
  return (
    <BlockBox box={props}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`,
          gap: props.gap,
          height,
        }}
      >
        {rects.map((cell, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: Cells have no id; their order is their identity.
            key={index}
            data-cell={index}
            style={{
              gridColumn: `${cell.x + 1} / span ${cell.w}`,
              gridRow: `${cell.y + 1} / span ${cell.h}`,
              minHeight: 0,
            }}
          >
            <Picture src={cell.image ?? ''} height="100%" />
          </div>
        ))}
      </div>
    </BlockBox>
  );
}
