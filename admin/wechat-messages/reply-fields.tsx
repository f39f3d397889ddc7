import { Controller, type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { REPLY_KINDS, REPLY_TEXT_MAX } from '../../contract/endpoints/wechat-messages';
import { ImageField } from '../../src/lib/image-library/image-field';
import { FormFields } from '../core/form-field';

/** The fields of a reply (text, image or mini-program card) under `prefix` of a form's draft. */
export function ReplyFields<Draft extends FieldValues>({
  form,
  prefix,
}: {
  form: UseFormReturn<Draft>;
  prefix: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const path = (name: string) => `${prefix}.${name}` as Path<Draft>;
  const kind = useWatch({ control: form.control, name: path('Kind') }) as string;
  return (
    <>
      <FormFields
        form={form}
        fields={[
          {
            name: path('Kind'),
            kind: 'select',
            label: t('messages.reply.kind'),
            options: REPLY_KINDS.map((value) => ({ value, label: t(`messages.replies.kind.${value}`) })),
          },
          {
            name: path('Text'),
            kind: 'textarea',
            label: t('messages.reply.text'),
            maxLength: REPLY_TEXT_MAX,
            visibleWhen: () => kind === 'text',
          },
          {
            name: path('CardTitle'),
            kind: 'text',
            label: t('messages.reply.cardTitle'),
            maxLength: 40,
            visibleWhen: () => kind === 'card',
          },
          {
            name: path('CardPage'),
            kind: 'text',
            label: t('messages.reply.cardPage'),
            maxLength: 200,
            visibleWhen: () => kind === 'card',
          },
        ]}
      />
      {kind !== 'text' && (
        <Controller
          control={form.control}
          name={path('Image')}
          render={({ field }) => (
            <ImageField
              label={t('messages.reply.image')}
              value={field.value as string}
              onChange={(url) => field.onChange(url)}
            />
          )}
        />
      )}
    </>
  );
}
