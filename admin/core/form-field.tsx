import {
  Box,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { ImageField } from '../../src/lib/image-library/image-field';

/** The theme's error red is too light for small text on white (WCAG AA); this one passes. */
const ERROR_COLOR = 'red.700';

export type FieldKind =
  | 'text'
  | 'password'
  | 'number'
  | 'textarea'
  | 'select'
  | 'checkbox'
  /** Several ids ticked among `choices`, held as an array of numbers. */
  | 'checkboxes'
  /** An image URL picked from the library. */
  | 'image'
  | 'date'
  | 'datetime-local';

/** One field of a resource form: what it edits, how it is drawn, and when it is shown. */
export interface FieldSpec<Draft extends FieldValues> {
  name: Path<Draft>;
  kind: FieldKind;
  label: string;
  help?: string;
  required?: boolean;
  /** The choices of a select, values with their labels. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The ids a `checkboxes` field offers, with their labels. */
  choices?: ReadonlyArray<{ id: number; label: string }>;
  /** What a `checkboxes` field says when it has no choices. */
  noChoices?: string;
  /** Shown only while the form's values pass this; hidden fields keep their values. */
  visibleWhen?(values: Draft): boolean;
  width?: string;
  /** Stops typing at the contract's limit rather than refusing the text on save. */
  maxLength?: number;
  /** The keyboard a phone shows for a text field (amounts typed as text keep what was typed). */
  inputMode?: 'decimal' | 'numeric';
  /** The label is for assistive technology only (a table's column header shows it). */
  hideLabel?: boolean;
  /** Shown but not editable (a value a rule has fixed). */
  disabled?: boolean;
}

/** The message of a field's error, nested paths included (`Sender.Name`, `Skus.0.Price`). */
export function errorAt<Draft extends FieldValues>(errors: FieldErrors<Draft>, path: string) {
  return (get(errors, path) as { message?: string } | undefined)?.message;
}

/** A titled part of a form. */
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

function Control<Draft extends FieldValues>({
  form,
  spec,
}: {
  form: UseFormReturn<Draft>;
  spec: FieldSpec<Draft>;
}) {
  switch (spec.kind) {
    case 'textarea':
      return <Textarea rows={4} maxLength={spec.maxLength} {...form.register(spec.name)} />;
    case 'select':
      return (
        <NativeSelect.Root disabled={spec.disabled}>
          <NativeSelect.Field {...form.register(spec.name)}>
            {spec.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'number':
      return <Input type="number" {...form.register(spec.name, { valueAsNumber: true })} />;
    default:
      return (
        <Input
          type={spec.kind}
          autoComplete="off"
          maxLength={spec.maxLength}
          inputMode={spec.inputMode}
          {...form.register(spec.name)}
        />
      );
  }
}

/** Ids ticked among the spec's choices, one checkbox each, under a legend naming the set. */
function ChoiceSet<Draft extends FieldValues>({
  form,
  spec,
  error,
}: {
  form: UseFormReturn<Draft>;
  spec: FieldSpec<Draft>;
  error: string | undefined;
}) {
  const choices = spec.choices ?? [];
  return (
    <Controller
      control={form.control}
      name={spec.name}
      render={({ field }) => (
        <Fieldset.Root invalid={Boolean(error)}>
          <Fieldset.Legend>{spec.label}</Fieldset.Legend>
          {choices.length === 0 ? (
            <Text color="fg.muted">{spec.noChoices}</Text>
          ) : (
            <HStack gap="4" wrap="wrap">
              {choices.map((choice) => (
                <Checkbox.Root
                  key={choice.id}
                  checked={field.value.includes(choice.id)}
                  onCheckedChange={(event) =>
                    field.onChange(
                      event.checked === true
                        ? [...field.value, choice.id]
                        : field.value.filter((id: number) => id !== choice.id),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{choice.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          )}
          <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}

/**
 * A field drawn by its kind, its message inline below it: the form's own check or the server's.
 * Forms using it set `noValidate`, so the browser's bubbles never compete with these messages.
 */
export function FormField<Draft extends FieldValues>({
  form,
  spec,
}: {
  form: UseFormReturn<Draft>;
  spec: FieldSpec<Draft>;
}) {
  const error = errorAt(form.formState.errors, spec.name);
  if (spec.kind === 'image')
    return (
      <Controller
        control={form.control}
        name={spec.name}
        render={({ field }) => (
          <ImageField
            label={spec.label}
            value={field.value}
            onChange={field.onChange}
            disabled={spec.disabled}
          />
        )}
      />
    );
  if (spec.kind === 'checkboxes') return <ChoiceSet form={form} spec={spec} error={error} />;
  if (spec.kind === 'checkbox')
    return (
      <Controller
        control={form.control}
        name={spec.name}
        render={({ field }) => (
          <Field.Root invalid={Boolean(error)} width={spec.width} disabled={spec.disabled}>
            <Checkbox.Root
              checked={field.value === true}
              disabled={spec.disabled}
              onCheckedChange={(event) => field.onChange(event.checked === true)}
            >
              <Checkbox.HiddenInput onBlur={field.onBlur} ref={field.ref} />
              <Checkbox.Control />
              <Checkbox.Label>{spec.label}</Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>
          </Field.Root>
        )}
      />
    );
  return (
    <Field.Root invalid={Boolean(error)} required={spec.required} width={spec.width} disabled={spec.disabled}>
      <Field.Label srOnly={spec.hideLabel}>
        {spec.label}
        {spec.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Control form={form} spec={spec} />
      {spec.help && !error && <Field.HelperText>{spec.help}</Field.HelperText>}
      <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The fields of a form part, those whose `visibleWhen` fails left out. */
export function FormFields<Draft extends FieldValues>({
  form,
  fields,
}: {
  form: UseFormReturn<Draft>;
  fields: readonly FieldSpec<Draft>[];
}) {
  const values = useWatch({ control: form.control }) as Draft;
  return fields
    .filter((spec) => !spec.visibleWhen || spec.visibleWhen(values))
    .map((spec) => <FormField key={spec.name} form={form} spec={spec} />);
}
