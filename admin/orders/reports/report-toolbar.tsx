import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REPORT_MAX_DAYS } from '../../../contract/endpoints/orders';
import { DateRangeField } from '../../core/date-range-field';
import { lastDays, RANGE_PRESETS, type ReportRange, rangeProblem } from './report-range';

/** A row of mutually exclusive choices shown as toggle buttons (granularity, grouping…). */
export function ChoiceGroup<Value extends string>({
  label,
  values,
  value,
  labelOf,
  onChange,
}: {
  label: string;
  values: readonly Value[];
  value: Value;
  labelOf(value: Value): string;
  onChange(value: Value): void;
}) {
  return (
    <HStack gap="0" role="group" aria-label={label}>
      {values.map((choice, index) => (
        <Button
          key={choice}
          size="sm"
          variant={choice === value ? 'solid' : 'outline'}
          colorPalette={choice === value ? 'brand' : 'gray'}
          aria-pressed={choice === value}
          borderStartRadius={index === 0 ? undefined : '0'}
          borderEndRadius={index === values.length - 1 ? undefined : '0'}
          onClick={() => onChange(choice)}
        >
          {labelOf(choice)}
        </Button>
      ))}
    </HStack>
  );
}

/** The date range of a report: two dates, quick presets, and the apply button. */
export function ReportToolbar({
  range,
  onRange,
  children,
}: {
  range: ReportRange;
  onRange(range: ReportRange): void;
  /** Controls beside the range (granularity, export…). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  // Back and forward bring the address bar's range into the inputs.
  useEffect(() => setDraft(range), [range]);
  const apply = (next: ReportRange) => {
    const found = rangeProblem(next);
    setProblem(found);
    if (found === null) onRange(next);
  };
  return (
    <Box
      as="form"
      bg="bg"
      borderRadius="md"
      borderWidth="1px"
      padding="3"
      role="search"
      aria-label={intl.formatMessage({ id: 'report.range' })}
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <Flex gap="3" wrap="wrap" align="end">
        <DateRangeField
          invalid={problem !== null}
          label={intl.formatMessage({ id: 'report.range' })}
          endLabels={{
            from: intl.formatMessage({ id: 'report.startDate' }),
            to: intl.formatMessage({ id: 'report.endDate' }),
          }}
          value={{ from: draft.startDate, to: draft.endDate }}
          onChange={(next) => setDraft({ startDate: next.from, endDate: next.to })}
        />
        <Button size="sm" type="submit" colorPalette="brand">
          <FormattedMessage id="report.apply" />
        </Button>
        <HStack gap="1">
          {RANGE_PRESETS.map((days) => (
            <Button key={days} size="sm" variant="ghost" onClick={() => apply(lastDays(days, new Date()))}>
              <FormattedMessage id="report.lastDays" values={{ days }} />
            </Button>
          ))}
        </HStack>
        {children}
      </Flex>
      {problem && (
        // The theme's error red is too light for small text on white (WCAG AA).
        <Text role="alert" color="red.700" fontSize="sm" marginTop="2">
          <FormattedMessage id={`report.problem.${problem}`} values={{ days: REPORT_MAX_DAYS }} />
        </Text>
      )}
    </Box>
  );
}
