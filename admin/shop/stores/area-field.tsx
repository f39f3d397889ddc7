import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { initCities, nextCities } from '../../../contract/endpoints/comm';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt } from '../../core/form-field';
import type { StoreDraft } from './store-form';

const LEVELS = ['ProvinceCode', 'CityCode', 'DistrictCode'] as const;
type Level = (typeof LEVELS)[number];

/** The children of a chosen area code, fetched once it is chosen. */
function useChildren(code: string) {
  const query = useQuery({ ...endpointQuery(nextCities, { code }), enabled: /^\d{6}$/.test(code) });
  return code ? (query.data?.Data ?? []) : [];
}

/**
 * Province, city and district from the /Comm area calls, each list following the level above;
 * choosing a level clears the ones below it, so the three always form one path of the tree.
 */
export function AreaField({ form }: { form: UseFormReturn<StoreDraft> }) {
  const intl = useIntl();
  const [province, city, district] = useWatch({ control: form.control, name: [...LEVELS] });
  const provinces = useQuery(endpointQuery(initCities, {})).data?.Data ?? [];
  const cities = useChildren(province);
  const districts = useChildren(city);
  const options = { ProvinceCode: provinces, CityCode: cities, DistrictCode: districts };
  const values = { ProvinceCode: province, CityCode: city, DistrictCode: district };
  const error = LEVELS.map((level) => errorAt(form.formState.errors, level)).find(Boolean);

  const choose = (level: Level, code: string) => {
    const below = LEVELS.slice(LEVELS.indexOf(level) + 1);
    form.setValue(level, code, { shouldDirty: true });
    for (const next of below) form.setValue(next, '', { shouldDirty: true });
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label as="span" id="store-area-label">
        {intl.formatMessage({ id: 'stores.form.area' })}
      </Field.Label>
      <HStack gap="2" width="full" role="group" aria-labelledby="store-area-label">
        {LEVELS.map((level) => (
          <NativeSelect.Root
            key={level}
            flex="1"
            disabled={level !== 'ProvinceCode' && !values[LEVELS[LEVELS.indexOf(level) - 1]!]}
          >
            <NativeSelect.Field
              aria-label={intl.formatMessage({ id: `stores.form.${level}` })}
              value={values[level]}
              onChange={(event) => choose(level, event.currentTarget.value)}
            >
              <option value="">{intl.formatMessage({ id: `stores.form.choose.${level}` })}</option>
              {options[level].map((area) => (
                <option key={area.Code} value={area.Code}>
                  {area.Name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ))}
      </HStack>
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}
