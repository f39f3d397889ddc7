import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import type { BlockProblem } from '../../contract/template/block-rules';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, image, link } from '../props-kit';

/** Zones are rectangles in percent of the image, so they hold at any screen width. */
const percent = () => z.number().min(0).max(100);
const zoneSchema = z.strictObject({ x: percent(), y: percent(), w: percent(), h: percent(), link: link() });
export type Zone = z.infer<typeof zoneSchema>;

export const newZone = (): Zone => ({ x: 10, y: 10, w: 30, h: 20, link: { linkType: 0 } });

export const schema = z.strictObject({
  image: image(),
  zones: z
    .array(zoneSchema)
    .max(20)
    .default(() => []),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const MIN_ZONE_PERCENT = 2;

function check(props: Props): BlockProblem[] {
  return props.zones.flatMap((zone, index): BlockProblem[] => {
    if (zone.x + zone.w > 100 || zone.y + zone.h > 100) {
      return [
        {
          kind: 'invalidValue',
          path: `zones.${index}`,
          messageKey: 'problem.zoneOutside',
          fieldLabel: 'field.zone',
          params: { index: index + 1 },
        },
      ];
    }
    if (zone.w < MIN_ZONE_PERCENT || zone.h < MIN_ZONE_PERCENT) {
      return [
        {
          kind: 'invalidValue',
          path: `zones.${index}`,
          messageKey: 'problem.zoneTooSmall',
          fieldLabel: 'field.zone',
          params: { index: index + 1 },
        },
      ];
    }
    return [];
  });
}

export const definition = defineBlock({
  type: 'hotZone',
  icon: 'hotZone',
  category: 'media',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'image', name: 'image', label: 'field.image', size: '750 × any', required: true },
    {
      kind: 'list',
      name: 'zones',
      label: 'field.zones',
      itemLabel: 'field.zone',
      newItem: newZone,
      fields: [
        { kind: 'number', name: 'x', label: 'field.zoneX', unit: '%' },
        { kind: 'number', name: 'y', label: 'field.zoneY', unit: '%' },
        { kind: 'number', name: 'w', label: 'field.zoneWidth', unit: '%' },
        { kind: 'number', name: 'h', label: 'field.zoneHeight', unit: '%' },
        // A zone without a link does nothing when tapped.
        { kind: 'link', name: 'link', label: 'field.link', required: true },
      ],
    },
    ...boxFields,
  ],
  check,
});
