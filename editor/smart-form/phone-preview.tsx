import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type FormField, type FormValues, validateSubmission } from '../../contract/smart-form';
import { FieldControl } from './field-control';

/**
 * Pictures picked in the preview stay on this device as blob: addresses; the rules see them as
 * uploaded pictures, which is what the mini-program would send after uploading them.
 */
export function answersForRules(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map((entry, index) =>
            typeof entry === 'string' && entry.startsWith('blob:') ? `/preview/${index}` : entry,
          )
        : value,
    ]),
  );
}

/** The form as a buyer fills it on the phone, checked with the server's own rules on submit. */
export function PhonePreview({ fields }: { fields: readonly FormField[] }) {
  const intl = useIntl();
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const submit = () => {
    const broken = validateSubmission({ fields }, answersForRules(values));
    setErrors(
      Object.fromEntries(
        broken.map((error) => [
          error.fieldId,
          intl.formatMessage({ id: `smartForm.rule.${error.rule}` }, { label: error.label, ...error.params }),
        ]),
      ),
    );
  };
  const count = errors ? Object.keys(errors).length : 0;
  return (
    <form
      noValidate
      data-testid="form-preview"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="3" padding="3">
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="smartForm.previewHint" />
        </Text>
        {fields.map((field) => (
          <FieldControl
            key={field.id}
            field={field}
            value={values[field.id]}
            readOnly={false}
            error={errors?.[field.id]}
            onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
          />
        ))}
        {errors && (
          <Text role="status" fontSize="sm" color={count === 0 ? 'green.fg' : 'red.fg'}>
            <FormattedMessage
              id={count === 0 ? 'smartForm.previewOk' : 'smartForm.previewErrors'}
              values={{ count }}
            />
          </Text>
        )}
        <Button type="submit" colorPalette="brand" width="full">
          <FormattedMessage id="smartForm.submit" />
        </Button>
      </Stack>
    </form>
  );
}
