import { Field, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The required reason of a dialog (invalidate a ticket, cancel an exchange): focused when the
 * dialog opens, the help under it until the dialog refuses the text, then the refusal instead.
 */
export function ReasonField({
  label,
  value,
  onChange,
  maxLength,
  help,
  error,
}: {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  help: ReactNode;
  error?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        autoFocus
        rows={3}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
}
