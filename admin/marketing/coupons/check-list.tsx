import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/**
 * A titled group of checkboxes choosing ids (grades, stores, categories, provinces), its message
 * under it. No Field.Root around it: a field gives every checkbox inside it the same input id, so a
 * click on any label would toggle the first box.
 */
export function CheckList({
  legend,
  options,
  chosen,
  onChange,
  disabled,
  error,
  empty,
}: {
  legend: string;
  options: readonly { value: number; label: string; depth?: number }[];
  chosen: readonly number[];
  onChange(next: number[]): void;
  disabled?: boolean;
  error?: string;
  /** Catalogue key shown when there is nothing to choose. */
  empty: string;
}) {
  return (
    <Box as="fieldset" width="full">
      <Box as="legend" fontWeight="medium" fontSize="sm" marginBottom="2">
        {legend}
      </Box>
      {options.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id={empty} />
        </Text>
      ) : (
        <Stack gap="1" maxHeight="60" overflowY="auto">
          {options.map((option) => (
            <Checkbox.Root
              key={option.value}
              size="sm"
              paddingLeft={(option.depth ?? 0) * 4}
              disabled={disabled}
              checked={chosen.includes(option.value)}
              onCheckedChange={(event) =>
                onChange(
                  event.checked === true
                    ? [...chosen, option.value]
                    : chosen.filter((value) => value !== option.value),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
      {error && (
        <Text color="red.700" fontSize="sm" role="alert" marginTop="1">
          {error}
        </Text>
      )}
    </Box>
  );
}
