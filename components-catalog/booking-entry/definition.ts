import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, entityLink, image, options, text } from '../props-kit';

export const schema = z.strictObject({
  form: entityLink('bookingForm'),
  title: text(30),
  subText: text(60),
  image: image(),
  buttonText: text(8),
  layout: choice(['card', 'banner'], 'card'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'bookingEntry',
  icon: 'booking',
  category: 'vertical',
  shopTypes: [ShopType.officialSite, ShopType.course, ShopType.hotel, ShopType.service],
  schema,
  fields: [
    { kind: 'link', name: 'form', label: 'field.bookingForm', kinds: ['bookingForm'], required: true },
    { kind: 'text', name: 'title', label: 'field.title', required: true },
    { kind: 'text', name: 'subText', label: 'field.subText' },
    {
      kind: 'image',
      name: 'image',
      label: 'field.image',
      size: '750×300',
      required: true,
      visibleWhen: (props) => props.layout === 'banner',
    },
    { kind: 'text', name: 'buttonText', label: 'field.buttonText' },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['card', 'banner'], 'option.bookingLayout'),
    },
    ...boxFields,
  ],
  rows: 'bookingForms',
  data: (props) => ('id' in props.form ? { source: 'bookingForms', ids: [props.form.id], limit: 1 } : null),
});
