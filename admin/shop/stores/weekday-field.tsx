import { Checkbox, Fieldset, HStack } from '@chakra-ui/react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { normalizeWeekdays, WEEKDAYS } from '../../../contract/store-rules';
import { errorAt } from '../../core/form-field';
import type { StoreDraft } from './store-form';

/** The days a store opens, Monday to Sunday, as one group of checkboxes with one message. */
export function WeekdayField({ form }: { form: UseFormReturn<StoreDraft> }) {
  const intl = useIntl();
  const error = errorAt(form.formState.errors, 'Weekdays');
  return (
    <Controller
      control={form.control}
      name="Weekdays"
      render={({ field }) => (
        <Fieldset.Root invalid={Boolean(error)}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {intl.formatMessage({ id: 'stores.form.weekdays' })}
          </Fieldset.Legend>
          <HStack gap="4" wrap="wrap">
            {WEEKDAYS.map((day) => (
              <Checkbox.Root
                key={day}
                checked={field.value.includes(day)}
                onCheckedChange={(event) =>
                  field.onChange(
                    normalizeWeekdays(
                      event.checked === true
                        ? [...field.value, day]
                        : field.value.filter((value) => value !== day),
                    ),
                  )
                }
              >
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>{intl.formatMessage({ id: `stores.weekday.${day}` })}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
          <Fieldset.ErrorText color="red.700">{error}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}
