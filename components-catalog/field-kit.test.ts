import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHOP_TYPES } from '../contract/enums';
import { defineBlock } from './block-definition';
import type { Field } from './field-kit';
import { entityLinks, text, whole } from './props-kit';
import { BLOCK_DEFINITIONS } from './registry';

const schema = z.strictObject({
  title: text(12),
  count: whole(2, 9, 3),
  goods: entityLinks('product', 7),
  rows: z
    .array(z.strictObject({ caption: text(5) }))
    .min(1)
    .max(4)
    .default(() => [{ caption: '' }]),
});

const spec = { type: 'sample', icon: 'goods', category: 'basic', shopTypes: SHOP_TYPES, schema } as const;

describe('fields checked against the props', () => {
  it('refuses, at compile time, a field naming a prop the block does not have', () => {
    defineBlock({
      ...spec,
      // @ts-expect-error `subtitle` is not a prop of the sample block
      fields: [{ kind: 'colour', name: 'subtitle', label: 'field.title' }],
    });
  });

  it('refuses, at compile time, a list sub-field naming a prop its items do not have', () => {
    defineBlock({
      ...spec,
      fields: [
        // @ts-expect-error list items have a caption, no title
        {
          kind: 'list',
          name: 'rows',
          label: 'field.items',
          itemLabel: 'field.item',
          newItem: () => ({ caption: '' }),
          fields: [{ kind: 'colour', name: 'title', label: 'field.title' }],
        },
      ],
    });
  });

  it('refuses, at compile time, an entity picker on a prop that is not a list', () => {
    defineBlock({
      ...spec,
      // @ts-expect-error `title` is text; chosen entities need an array prop
      fields: [{ kind: 'links', name: 'title', label: 'field.products', kinds: ['product'] }],
    });
  });
});

describe('limits written once, in the schema', () => {
  it('reads lengths, ranges and counts the field leaves out from the schema', () => {
    const block = defineBlock({
      ...spec,
      fields: [
        { kind: 'text', name: 'title', label: 'field.title' },
        { kind: 'number', name: 'count', label: 'field.limit' },
        { kind: 'links', name: 'goods', label: 'field.products', kinds: ['product'] },
        {
          kind: 'list',
          name: 'rows',
          label: 'field.items',
          itemLabel: 'field.item',
          newItem: () => ({ caption: '' }),
          fields: [{ kind: 'text', name: 'caption', label: 'field.text' }],
        },
      ],
    });
    expect(block.fields).toMatchObject([
      { name: 'title', maxLength: 12 },
      { name: 'count', min: 2, max: 9 },
      { name: 'goods', max: 7 },
      { name: 'rows', min: 1, max: 4, fields: [{ name: 'caption', maxLength: 5 }] },
    ]);
  });

  it('keeps a limit the field states itself', () => {
    const block = defineBlock({
      ...spec,
      fields: [{ kind: 'number', name: 'count', label: 'field.limit', min: 3, max: 5 }],
    });
    expect(block.fields[0]).toMatchObject({ min: 3, max: 5 });
  });

  it('fails loudly on a limit neither the field nor the schema states', () => {
    const loose = z.strictObject({ title: z.string().default('') });
    expect(() =>
      defineBlock({
        ...spec,
        schema: loose,
        fields: [{ kind: 'text', name: 'title', label: 'field.title' }],
      }),
    ).toThrow(/title: no maximum length/);
  });

  /** A field's limits as the panel enforces them, through list items. */
  function limits(fields: readonly Field[]): unknown[] {
    return fields.map((field) => {
      if (field.kind === 'list') return [field.name, field.min, field.max, limits(field.fields)];
      if (field.kind === 'number') return [field.name, field.min, field.max];
      if (field.kind === 'links') return [field.name, field.max];
      if (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'richText')
        return [field.name, field.maxLength];
      return [field.name];
    });
  }

  /** The limits the schema itself would give, by resolving the fields again without theirs. */
  function schemaLimits(fields: readonly Field[], shape: z.ZodType): unknown[] {
    const stripped = (list: readonly Field[]): Field[] =>
      list.map((field) => {
        const copy = { ...field } as unknown as Record<string, unknown>;
        if (field.kind === 'number' || field.kind === 'list') delete copy.min;
        if (field.kind === 'number' || field.kind === 'list' || field.kind === 'links') delete copy.max;
        if ('maxLength' in copy) delete copy.maxLength;
        if (field.kind === 'list') copy.fields = stripped(field.fields);
        return copy as unknown as Field;
      });
    const block = defineBlock({ ...spec, schema: shape as typeof schema, fields: stripped(fields) as never });
    return limits(block.fields);
  }

  it.each(BLOCK_DEFINITIONS.map((definition) => [definition.type, definition] as const))(
    '%s: the panel allows what the schema accepts, no more, no less',
    (_type, definition) => {
      expect(limits(definition.fields)).toEqual(schemaLimits(definition.fields, definition.schema));
    },
  );
});
