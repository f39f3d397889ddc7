import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { entityRecipe } from '../entity-kit';
import { boxFields, boxShape, choice, flag, options } from '../props-kit';

/** latest: the newest courses; manual: picked by hand. */
const courses = entityRecipe({
  rows: 'courses',
  kind: 'course',
  prop: 'courses',
  auto: 'latest',
  initial: 'latest',
  autoFirst: true,
  max: 30,
  limit: { max: 30, initial: 4 },
  labels: { source: 'field.courseSource', chosen: 'field.courses' },
});

export const schema = z.strictObject({
  ...courses.shape,
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
    ...courses.fields,
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
  rows: courses.rows,
  data: courses.data,
});
