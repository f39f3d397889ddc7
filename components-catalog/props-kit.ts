import { z } from 'zod';
import type { LinkKind } from '../contract/link-targets';
import { LinkType, linkSchemas, linkValueSchema, NO_LINK } from '../contract/link-value';
import { colourSchema } from '../contract/template-document';
import type { FieldSpec } from './field-kit';

/** Zod pieces shared by block props. Object and array defaults are factories so no two blocks share one. */

export const MAX_IMAGE_URL = 2048;

export const image = () => z.string().max(MAX_IMAGE_URL).default('');
export const text = (max: number, initial = '') => z.string().max(max).default(initial);
export const colour = (initial: string) => colourSchema.default(initial);
export const flag = (initial: boolean) => z.boolean().default(initial);
export const whole = (min: number, max: number, initial: number) =>
  z.number().int().min(min).max(max).default(initial);
export const choice = <const T extends readonly [string, ...string[]]>(values: T, initial: T[number]) =>
  z.enum(values).default(initial as never);
export const alignment = () => z.enum(['left', 'center', 'right']).default('left');

export const link = () => linkValueSchema.default(() => ({ ...NO_LINK }));

/** A single entity of one kind, or no link yet. */
export const entityLink = <K extends LinkKind>(kind: K) =>
  z.union([linkSchemas[LinkType[kind]], linkSchemas[LinkType.none]]).default(() => ({ ...NO_LINK }));

/** Entities chosen by hand, in display order. */
export const entityLinks = <K extends LinkKind>(kind: K, max: number) =>
  z
    .array(linkSchemas[LinkType[kind]])
    .max(max)
    .default(() => []);

export const spacing = () =>
  z
    .strictObject({
      top: z.number().int().min(0).max(100),
      bottom: z.number().int().min(0).max(100),
      side: z.number().int().min(0).max(50),
    })
    .default(() => ({ top: 0, bottom: 0, side: 0 }));

/** Outer box of a page block: spacing around it, corner radius and background. */
export const boxShape = {
  spacing: spacing(),
  radius: whole(0, 30, 0),
  background: colour(''),
};

type BoxProps = z.infer<z.ZodObject<typeof boxShape>>;

export const boxFields: FieldSpec<BoxProps>[] = [
  { kind: 'spacing', name: 'spacing', label: 'field.spacing', max: 100 },
  { kind: 'number', name: 'radius', label: 'field.radius', unit: 'px' },
  { kind: 'colour', name: 'background', label: 'field.background' },
];

export const alignmentField = (): FieldSpec<{ align: unknown }> => ({
  kind: 'alignment',
  name: 'align',
  label: 'field.align',
});

/** Select options whose labels are `option.<value>` keys. */
export const options = (values: readonly (string | number)[], prefix = 'option') =>
  values.map((value) => ({ value, label: `${prefix}.${value}` }));

/** How goods cards are laid out: one large per row, two or three per row, a list, or a side scroll. */
export const PRODUCT_LAYOUTS = ['big', 'twoColumns', 'threeColumns', 'list', 'scroll'] as const;
export type ProductLayout = (typeof PRODUCT_LAYOUTS)[number];
