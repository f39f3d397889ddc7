import { HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DEAL_TITLE_MAX } from '../../contract/endpoints/deal-common';
import { ImageField } from '../../src/lib/image-library/image-field';
import { type FieldSpec, FormFields } from '../core/form-field';
import type { ActivityDraft } from './deal-form';

/** The name, picture, window, sort and switch of an activity form (seckill, group buy, bargain). */
export function ActivityFields<Draft extends ActivityDraft & FieldValues>({
  form,
}: {
  form: UseFormReturn<Draft>;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const name = (field: keyof ActivityDraft) => field as Path<Draft>;
  const title: FieldSpec<Draft>[] = [
    {
      name: name('Title'),
      kind: 'text',
      label: t('deals.field.Title'),
      required: true,
      maxLength: DEAL_TITLE_MAX,
    },
  ];
  const times: FieldSpec<Draft>[] = [
    { name: name('StartsAt'), kind: 'datetime-local', label: t('deals.field.StartsAt'), required: true },
    { name: name('EndsAt'), kind: 'datetime-local', label: t('deals.field.EndsAt'), required: true },
  ];
  const rest: FieldSpec<Draft>[] = [
    { name: name('Sort'), kind: 'number', label: t('deals.field.Sort'), help: t('deals.field.SortHelp') },
    { name: name('SwitchedOn'), kind: 'checkbox', label: t('deals.field.SwitchedOn') },
  ];
  return (
    <Stack gap="4">
      <FormFields form={form} fields={title} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormFields form={form} fields={times} />
      </SimpleGrid>
      <Controller
        control={form.control}
        name={name('Image')}
        render={({ field }) => (
          <ImageField
            label={t('deals.field.Image')}
            value={field.value as string}
            onChange={(url) =>
              form.setValue(name('Image'), url as PathValue<Draft, Path<Draft>>, { shouldDirty: true })
            }
          />
        )}
      />
      <HStack gap="4" align="start" wrap="wrap">
        <FormFields form={form} fields={rest} />
      </HStack>
    </Stack>
  );
}
