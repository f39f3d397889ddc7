import { Box, Field, Heading, Input, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type FieldErrors, type FieldValues, get, type UseFormRegisterReturn } from 'react-hook-form';

/** A titled part of a settings form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="5" aria-label={title}>
      <Heading as="h2" size="md" marginBottom="4">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

/** The message of a field's error, nested paths included ('SameCity.Fee'). */
export function errorAt<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  path: string,
): string | undefined {
  const error = get(errors, path) as { message?: string } | undefined;
  return error?.message;
}

/** A labelled text or number input registered with react-hook-form, its error and help below it. */
export function TextField({
  label,
  registration,
  error,
  help,
  type = 'text',
  width = '60',
  inputMode,
  hideLabel,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  help?: string;
  type?: 'text' | 'number';
  width?: string;
  inputMode?: 'decimal' | 'numeric';
  /** The label is for assistive technology only (a table's column header shows it). */
  hideLabel?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(error)} width={width}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <Input type={type} inputMode={inputMode} {...registration} />
      {help && !error && <Field.HelperText>{help}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
