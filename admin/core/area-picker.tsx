import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { initCities, nextCities } from '../../contract/endpoints/comm';
import { endpointQuery } from '../../src/lib/query-options';

export interface AreaCodes {
  ProvinceCode: string;
  CityCode: string;
  DistrictCode: string;
}

type Level = keyof AreaCodes;
const LEVELS: Level[] = ['ProvinceCode', 'CityCode', 'DistrictCode'];

/** Each level's label and the blank choice's text, from the screen's own catalogue. */
export type AreaLabels = Record<Level | 'choose', string>;

/** One level's choices: provinces from InitCitys, cities and districts from NextCitys of the level above. */
function useChoices(level: Level, parent: string) {
  const provinces = useQuery({ ...endpointQuery(initCities, {}), enabled: level === 'ProvinceCode' });
  const children = useQuery({
    ...endpointQuery(nextCities, { code: parent }),
    enabled: level !== 'ProvinceCode' && parent !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (level === 'ProvinceCode') return provinces.data?.Data ?? [];
  return parent === '' ? [] : (children.data?.Data ?? []);
}

function LevelSelect({
  level,
  value,
  parent,
  error,
  required,
  labels,
  onChange,
}: {
  level: Level;
  value: string;
  parent: string;
  error?: string;
  required: boolean;
  labels: AreaLabels;
  onChange(code: string, name: string): void;
}) {
  const choices = useChoices(level, parent);
  // Until its choices arrive, the saved code stays selected under its own value.
  const known = value === '' || choices.some((choice) => choice.Code === value);
  return (
    <Field.Root invalid={Boolean(error)} required={required} width="48">
      <Field.Label>
        {labels[level]}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root disabled={level !== 'ProvinceCode' && parent === ''}>
        <NativeSelect.Field
          value={value}
          onChange={(event) => {
            const code = event.currentTarget.value;
            onChange(code, choices.find((choice) => choice.Code === code)?.Name ?? '');
          }}
        >
          <option value="">{labels.choose}</option>
          {!known && <option value={value}>{value}</option>}
          {choices.map((choice) => (
            <option key={choice.Code} value={choice.Code}>
              {choice.Name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Province → city → district from the areas calls; choosing a level clears the levels below it.
 * `onNames` hears the chosen names, which the map lookup puts before the detailed address.
 */
export function AreaPicker({
  value,
  errors,
  required,
  labels,
  onChange,
}: {
  value: AreaCodes;
  errors: Partial<Record<Level, string>>;
  required: boolean;
  labels: AreaLabels;
  onChange(codes: AreaCodes, changed: Level, name: string): void;
}) {
  return (
    <HStack gap="4" wrap="wrap" align="start">
      {LEVELS.map((level, index) => (
        <LevelSelect
          key={level}
          level={level}
          value={value[level]}
          parent={index === 0 ? '' : value[LEVELS[index - 1]!]}
          error={errors[level]}
          required={required}
          labels={labels}
          onChange={(code, name) => {
            const next = { ...value, [level]: code };
            for (const below of LEVELS.slice(index + 1)) next[below] = '';
            onChange(next, level, name);
          }}
        />
      ))}
    </HStack>
  );
}
