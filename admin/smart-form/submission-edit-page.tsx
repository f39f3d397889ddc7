import {
  Button,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  HStack,
  Image,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { getFormDataEdit, setFormData } from '../../contract/endpoints/form-data-edit';
import { SMART_FORM_PERMISSION } from '../../contract/endpoints/smart-form';
import type { FormField } from '../../contract/smart-form';
import { parseTime } from '../../src/lib/format';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { ImagePickerDialog } from '../../src/lib/image-library/image-picker-dialog';
import { errorAt, FormSection } from '../core/form-field';
import { PageHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';
import { submissionsCatalogues } from './messages';
import { draftProblems, type SubmissionDraft, submissionDraft, submissionValues } from './submission-draft';

type Submission = z.infer<typeof getFormDataEdit.output>;
type Form = UseFormReturn<SubmissionDraft>;

const ERROR_COLOR = 'red.700';
const BACK = `${SMART_FORM_PERMISSION}?view=submissions`;

/** A group of checkboxes: the chosen options of a multiple-choice field. */
function ChoicesControl({ form, field }: { form: Form; field: FormField }) {
  return (
    <Controller
      control={form.control}
      name={`Values.${field.id}`}
      render={({ field: control }) => {
        const chosen = Array.isArray(control.value) ? control.value : [];
        return (
          <HStack gap="4" wrap="wrap">
            {field.options.map((option) => (
              <Checkbox.Root
                key={option}
                checked={chosen.includes(option)}
                onCheckedChange={(event) =>
                  control.onChange(
                    field.options.filter((entry) =>
                      entry === option ? event.checked === true : chosen.includes(entry),
                    ),
                  )
                }
              >
                <Checkbox.HiddenInput onBlur={control.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>{option}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        );
      }}
    />
  );
}

/** The pictures of an image field: each shown with a remove button, more added from the library. */
function ImagesControl({ form, field }: { form: Form; field: FormField }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <Controller
      control={form.control}
      name={`Values.${field.id}`}
      render={({ field: control }) => {
        const urls = Array.isArray(control.value) ? control.value : [];
        return (
          <HStack gap="2" wrap="wrap" align="center">
            {urls.map((url, index) => (
              <Stack key={url} gap="1" align="center">
                <Image
                  src={url}
                  alt={intl.formatMessage(
                    { id: 'smartFormData.image' },
                    { label: field.label, number: index + 1 },
                  )}
                  boxSize="16"
                  objectFit="cover"
                  borderRadius="md"
                />
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={intl.formatMessage(
                    { id: 'smartFormData.edit.removeImage' },
                    { label: field.label, number: index + 1 },
                  )}
                  onClick={() => control.onChange(urls.filter((_, at) => at !== index))}
                >
                  <FormattedMessage id="smartFormData.edit.remove" />
                </Button>
              </Stack>
            ))}
            <Button
              size="sm"
              variant="outline"
              disabled={urls.length >= field.maxImages}
              aria-label={intl.formatMessage(
                { id: 'smartFormData.edit.addImagesTo' },
                { label: field.label },
              )}
              onClick={() => setOpen(true)}
            >
              <FormattedMessage id="smartFormData.edit.addImages" />
            </Button>
            <ImagePickerDialog
              open={open}
              multiple
              onClose={() => setOpen(false)}
              onPick={(picked) => {
                control.onChange([...urls, ...picked.filter((url) => !urls.includes(url))]);
                setOpen(false);
              }}
            />
          </HStack>
        );
      }}
    />
  );
}

/** The control of one answer, by the field's type. */
function AnswerControl({ form, field }: { form: Form; field: FormField }) {
  const intl = useIntl();
  const name = `Values.${field.id}` as const;
  switch (field.type) {
    case 'textarea':
      return <Textarea rows={4} placeholder={field.placeholder} {...form.register(name)} />;
    case 'select':
    case 'radio':
      return (
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register(name)}>
            <option value="">{intl.formatMessage({ id: 'smartFormData.edit.noChoice' })}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'number':
      return <Input inputMode="decimal" placeholder={field.placeholder} {...form.register(name)} />;
    case 'date':
      return <Input type="date" {...form.register(name)} />;
    case 'time':
      return <Input type="time" {...form.register(name)} />;
    case 'phone':
      return (
        <Input type="tel" inputMode="numeric" placeholder={field.placeholder} {...form.register(name)} />
      );
    case 'email':
      return <Input type="email" placeholder={field.placeholder} {...form.register(name)} />;
    default:
      return <Input placeholder={field.placeholder} {...form.register(name)} />;
  }
}

const REGION_PARTS = ['province', 'city', 'district'] as const;

/** One answer with its label and its message, laid out by the field's type. */
function Answer({ form, field }: { form: Form; field: FormField }) {
  const intl = useIntl();
  const error = errorAt(form.formState.errors, `Values.${field.id}`);
  if (field.type === 'section')
    return (
      <Heading as="h3" size="sm" paddingTop="2">
        {field.label}
      </Heading>
    );
  if (
    field.type === 'checkbox' ||
    field.type === 'region' ||
    field.type === 'image' ||
    field.type === 'agreement'
  )
    return (
      <Fieldset.Root invalid={Boolean(error)}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {field.label}
          {field.required && (
            <Text as="span" color={ERROR_COLOR} aria-hidden>
              {' *'}
            </Text>
          )}
        </Fieldset.Legend>
        {field.type === 'checkbox' && <ChoicesControl form={form} field={field} />}
        {field.type === 'image' && <ImagesControl form={form} field={field} />}
        {field.type === 'region' && (
          <HStack gap="2">
            {REGION_PARTS.map((part, index) => (
              <Input
                key={part}
                aria-label={intl.formatMessage({ id: `smartFormData.edit.${part}` }, { label: field.label })}
                placeholder={intl.formatMessage({ id: `smartFormData.edit.${part}Placeholder` })}
                {...form.register(`Values.${field.id}.${index}`)}
              />
            ))}
          </HStack>
        )}
        {field.type === 'agreement' && (
          <Controller
            control={form.control}
            name={`Values.${field.id}`}
            render={({ field: control }) => (
              <Checkbox.Root
                checked={control.value === true}
                onCheckedChange={(event) => control.onChange(event.checked === true)}
              >
                <Checkbox.HiddenInput onBlur={control.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>{field.agreement || field.label}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        )}
        <Fieldset.ErrorText color={ERROR_COLOR}>{error}</Fieldset.ErrorText>
      </Fieldset.Root>
    );
  return (
    <Field.Root invalid={Boolean(error)} required={field.required}>
      <Field.Label>
        {field.label}
        {field.required && <Field.RequiredIndicator />}
      </Field.Label>
      <AnswerControl form={form} field={field} />
      <Field.ErrorText color={ERROR_COLOR}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function SubmissionEditor({ submission }: { submission: Submission }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const fields = submission.Fields;
  // The form's own rules (contract/smart-form.ts) in the operator's language, each at its field.
  const resolver: Resolver<SubmissionDraft> = async (draft) => {
    const problems = draftProblems(fields, draft);
    if (problems.size === 0) return { values: draft, errors: {} };
    const values: Record<string, { type: string; message: string }> = {};
    for (const [path, problem] of problems)
      values[path.slice('Values.'.length)] = {
        type: problem.rule,
        message: intl.formatMessage(
          { id: `smartForm.rule.${problem.rule}` },
          { label: problem.label, ...problem.params },
        ),
      };
    return { values: {}, errors: { Values: values } as FieldErrors<SubmissionDraft> };
  };
  const { form, submit } = useResourceForm({
    defaultValues: submissionDraft(fields, submission.Values),
    save: setFormData,
    toInput: (draft: SubmissionDraft) => ({
      Id: submission.Id,
      Version: submission.Version,
      Values: submissionValues(fields, draft),
    }),
    resolver,
    // The server names a broken rule by the field's id; the form keeps answers under Values.
    renames: Object.fromEntries(fields.map((field) => [field.id, `Values.${field.id}`])),
    savedMessage: 'smartFormData.edit.saved',
    afterSave: () => ({ to: BACK }),
  });
  const title = intl.formatMessage({ id: 'smartFormData.edit.title' }, { id: submission.Id });
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading title={title}>
          <Button variant="outline" onClick={() => navigate(BACK)}>
            <FormattedMessage id="smartFormData.edit.back" />
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            loadingText={intl.formatMessage({ id: 'engine.saving' })}
          >
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage
            id="smartFormData.submittedAt"
            values={{
              time: parseTime(submission.CreatedAt, '{y}-{m}-{d} {h}:{i}'),
              form: submission.FormName,
            }}
          />
          {submission.UpdatedAt && (
            <>
              {' · '}
              <FormattedMessage
                id="smartFormData.edit.editedAt"
                values={{ time: parseTime(submission.UpdatedAt, '{y}-{m}-{d} {h}:{i}') }}
              />
            </>
          )}
        </Text>
        <FormSection title={submission.FormName}>
          {fields.map((field) => (
            <Answer key={field.id} form={form} field={field} />
          ))}
        </FormSection>
      </Stack>
    </form>
  );
}

/**
 * /shop/decorateShop/customFormDataEdit?id=…: one submission's answers, edited against the form's
 * current fields. Bespoke fields rather than FormFields: a smart form's types (choices, regions,
 * pictures, agreements) are the form designer's, not a fixed schema's.
 */
function SubmissionEditPage() {
  const record = useRecord(getFormDataEdit);
  return (
    <RecordView record={record}>
      {(submission) => (
        <SubmissionEditor key={`${submission.Id}-${submission.Version}`} submission={submission} />
      )}
    </RecordView>
  );
}

export default withModuleMessages(SubmissionEditPage, submissionsCatalogues);
