import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import type { BlockProblem } from '../../contract/template/block-rules';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, image, link, options, whole } from '../props-kit';
import { CUBE_LAYOUTS, cubeGrid, customCellProblems } from './layout';

const cellSchema = z.strictObject({
  image: image(),
  link: link(),
  x: z.number().int().min(0).max(5),
  y: z.number().int().min(0).max(5),
  w: z.number().int().min(1).max(6),
  h: z.number().int().min(1).max(6),
});
export type Cell = z.infer<typeof cellSchema>;

export const blankCell = (): Cell => ({ image: '', link: { linkType: 0 }, x: 0, y: 0, w: 1, h: 1 });

export const schema = z.strictObject({
  layout: choice(CUBE_LAYOUTS, '1x2'),
  /** n of the custom n×n grid. */
  size: whole(2, 6, 4),
  cells: z
    .array(cellSchema)
    .max(36)
    .default(() => cubeGrid('1x2', 4).cells.map((rect) => ({ ...blankCell(), ...rect }))),
  gap: whole(0, 20, 0),
  /** Height of a preset cube; a custom cube is square. */
  height: whole(80, 600, 180),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

function check(props: Props): BlockProblem[] {
  if (props.layout !== 'custom') {
    const expected = cubeGrid(props.layout, props.size).cells.length;
    return props.cells.length === expected
      ? []
      : [
          {
            kind: 'invalidValue',
            path: 'cells',
            messageKey: 'problem.cubeCellCount',
            fieldLabel: 'field.cells',
            params: { count: expected },
          },
        ];
  }
  const problems: BlockProblem[] = customCellProblems(props.cells, props.size).map((problem) => ({
    kind: 'invalidValue',
    path: `cells.${problem.index}`,
    messageKey: problem.reason === 'outside' ? 'problem.cubeCellOutside' : 'problem.cubeCellOverlap',
    fieldLabel: 'field.cell',
    params: { index: problem.index + 1, size: props.size },
  }));
  if (props.cells.length === 0) {
    problems.push({
      kind: 'emptyRequired',
      path: 'cells',
      messageKey: 'problem.tooFewItems',
      fieldLabel: 'field.cells',
      params: { min: 1 },
    });
  }
  return problems;
}

const isCustom = (_item: Record<string, unknown>, root: Record<string, unknown>) => root.layout === 'custom';

export const definition = defineBlock({
  type: 'magicCube',
  icon: 'cube',
  category: 'media',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'select', name: 'layout', label: 'field.layout', options: options(CUBE_LAYOUTS, 'option.cube') },
    {
      kind: 'number',
      name: 'size',
      label: 'field.gridSize',
      visibleWhen: (props) => props.layout === 'custom',
    },
    {
      kind: 'list',
      name: 'cells',
      label: 'field.cells',
      itemLabel: 'field.cell',
      newItem: blankCell,
      fields: [
        { kind: 'image', name: 'image', label: 'field.image', required: true },
        { kind: 'link', name: 'link', label: 'field.link' },
        { kind: 'number', name: 'x', label: 'field.cellX', visibleWhen: isCustom },
        { kind: 'number', name: 'y', label: 'field.cellY', visibleWhen: isCustom },
        { kind: 'number', name: 'w', label: 'field.cellWidth', visibleWhen: isCustom },
        { kind: 'number', name: 'h', label: 'field.cellHeight', visibleWhen: isCustom },
      ],
    },
    { kind: 'number', name: 'gap', label: 'field.gap', unit: 'px' },
    {
      kind: 'number',
      name: 'height',
      label: 'field.height',
      unit: 'px',
      visibleWhen: (props) => props.layout !== 'custom',
    },
    ...boxFields,
  ],
  check,
});
