import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, entityLinks, flag, options, whole } from '../props-kit';

export const schema = z.strictObject({
  source: choice(['latest', 'manual'], 'latest'),
  courses: entityLinks('course', 30),
  limit: whole(1, 30, 4),
  layout: choice(['list', 'twoColumns'], 'list'),
  showPrice: flag(true),
  showLessons: flag(true),
  showStudents: flag(true),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'courseList',
  icon: 'course',
  category: 'vertical',
  shopTypes: [ShopType.course],
  schema,
  fields: [
    { kind: 'select', name: 'source', label: 'field.courseSource', options: options(['latest', 'manual']) },
    {
      kind: 'links',
      name: 'courses',
      label: 'field.courses',
      kinds: ['course'],
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source === 'latest',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'twoColumns'], 'option.productLayout'),
    },
    { kind: 'switch', name: 'showPrice', label: 'field.showPrice' },
    { kind: 'switch', name: 'showLessons', label: 'field.showLessons' },
    { kind: 'switch', name: 'showStudents', label: 'field.showStudents' },
    ...boxFields,
  ],
  rows: 'courses',
  data: (props) =>
    props.source === 'manual'
      ? props.courses.length > 0
        ? { source: 'courses', ids: props.courses.map((course) => course.id), limit: props.courses.length }
        : null
      : { source: 'courses', ids: [], limit: props.limit },
});
