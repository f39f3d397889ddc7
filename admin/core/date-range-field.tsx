import {
  Button,
  DatePicker,
  HStack,
  IconButton,
  Input,
  Portal,
  parseDate,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { SHOP_TIME_ZONE } from '../../contract/shop-time';
import {
  DATE_RANGE_PRESETS,
  type DayRange,
  dateLanguage,
  formatDay,
  matchingPreset,
  parseTypedDay,
  presetRange,
} from './date-range';

type DateValues = NonNullable<DatePicker.RootProps['value']>;

function toDateValues(range: DayRange): DateValues {
  if (!range.from) return [];
  return range.to ? [parseDate(range.from), parseDate(range.to)] : [parseDate(range.from)];
}

/**
 * One side of the range as typed text. A text that reads as a day is handed up at once (so a form
 * submitted with Enter sees it); on leaving the field it is rewritten in the language's format.
 */
function DayInput({
  value,
  label,
  onDay,
  invalid: rangeInvalid,
}: {
  value: string;
  label: string;
  onDay(day: string): void;
  invalid: boolean;
}) {
  const intl = useIntl();
  const language = dateLanguage(intl.locale);
  const [text, setText] = useState(() => formatDay(value, language));
  // A preset, the calendar or the address bar changed the day: show it.
  useEffect(() => {
    setText((current) => (parseTypedDay(current, language) === value ? current : formatDay(value, language)));
  }, [value, language]);
  const typed = text.trim();
  const invalid = typed !== '' && parseTypedDay(typed, language) === null;
  return (
    <Input
      size="sm"
      width="28"
      bg="bg"
      aria-label={label}
      aria-invalid={invalid || rangeInvalid || undefined}
      placeholder={intl.formatMessage({ id: 'engine.date.format' })}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next.trim() === '') onDay('');
        else {
          const day = parseTypedDay(next, language);
          if (day !== null) onDay(day);
        }
      }}
      onBlur={() => {
        if (!invalid) setText(formatDay(value, language));
      }}
    />
  );
}

/**
 * A range of business days: two typed dates (in the interface language's format) and a calendar
 * with presets counted in the shop's day. `label` names the whole range; each end is named from it
 * unless `endLabels` names them.
 */
export function DateRangeField({
  label,
  value,
  onChange,
  showLabel = false,
  endLabels,
  invalid = false,
}: {
  label: string;
  value: DayRange;
  onChange(range: DayRange): void;
  showLabel?: boolean;
  endLabels?: { from: string; to: string };
  /** The range as a whole is refused (reversed, too long…). */
  invalid?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const labelId = useId();
  const chosen = matchingPreset(value, new Date());
  // A reversed range is left as typed: the list or report says what is wrong with it.
  const setSide = (side: keyof DayRange, day: string) => onChange({ ...value, [side]: day });
  return (
    <DatePicker.Root
      selectionMode="range"
      locale={intl.locale}
      timeZone={SHOP_TIME_ZONE}
      startOfWeek={1}
      width="auto"
      size="sm"
      value={toDateValues(value)}
      onValueChange={(details) => {
        const [from, to] = details.value;
        onChange({ from: from?.toString() ?? '', to: to?.toString() ?? '' });
      }}
      translations={{
        trigger: (open) => t(open ? 'engine.date.closeCalendar' : 'engine.date.openCalendar', { label }),
        content: t('engine.date.calendar', { label }),
        prevTrigger: (view) => t(`engine.date.previous.${view}`),
        nextTrigger: (view) => t(`engine.date.next.${view}`),
        viewTrigger: (view) => t(`engine.date.view.${view}`),
        clearTrigger: t('engine.date.clear'),
        monthSelect: t('engine.date.month'),
        yearSelect: t('engine.date.year'),
      }}
    >
      <DatePicker.Control display="flex" alignItems="center" gap="1" role="group" aria-labelledby={labelId}>
        <Text id={labelId} fontSize="sm" color="fg.muted" whiteSpace="nowrap" srOnly={!showLabel}>
          {label}
        </Text>
        <DayInput
          value={value.from}
          label={endLabels?.from ?? t('engine.rangeFrom', { label })}
          invalid={invalid}
          onDay={(day) => setSide('from', day)}
        />
        <Text aria-hidden="true" color="fg.muted">
          ~
        </Text>
        <DayInput
          value={value.to}
          label={endLabels?.to ?? t('engine.rangeTo', { label })}
          invalid={invalid}
          onDay={(day) => setSide('to', day)}
        />
        <DatePicker.Trigger asChild>
          <IconButton size="sm" variant="outline">
            <CalendarIcon />
          </IconButton>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content aria-roledescription={t('engine.date.roleDescription')}>
            <HStack align="start" gap="3">
              <Stack gap="1" role="group" aria-label={t('engine.date.presets')}>
                {DATE_RANGE_PRESETS.map((preset) => {
                  const range = presetRange(preset, new Date());
                  return (
                    <DatePicker.PresetTrigger
                      key={preset}
                      asChild
                      value={[parseDate(range.from), parseDate(range.to)]}
                      aria-label={t(`engine.date.preset.${preset}`)}
                      aria-pressed={chosen === preset}
                    >
                      <Button
                        size="xs"
                        variant={chosen === preset ? 'subtle' : 'ghost'}
                        justifyContent="start"
                      >
                        {t(`engine.date.preset.${preset}`)}
                      </Button>
                    </DatePicker.PresetTrigger>
                  );
                })}
              </Stack>
              <Stack>
                <DatePicker.View view="day">
                  <DatePicker.Header />
                  <DatePicker.DayTable />
                </DatePicker.View>
                <DatePicker.View view="month">
                  <DatePicker.Header />
                  <DatePicker.MonthTable />
                </DatePicker.View>
                <DatePicker.View view="year">
                  <DatePicker.Header />
                  <DatePicker.YearTable />
                </DatePicker.View>
              </Stack>
            </HStack>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
