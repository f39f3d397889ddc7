import {
  answerFields,
  type FormField,
  type FormValues,
  type SubmissionError,
  validateSubmission,
} from '../../contract/smart-form';

/** One submission's answers as the edit form holds them: text as typed, lists as lists. */
export interface SubmissionDraft {
  Values: Record<string, string | boolean | string[]>;
}

const REGION_PARTS = 3;

function asText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The stored answers as the form's values; a field never answered starts blank. */
export function submissionDraft(fields: readonly FormField[], values: FormValues): SubmissionDraft {
  const draft: SubmissionDraft['Values'] = {};
  for (const field of answerFields({ fields })) {
    const value = values[field.id];
    switch (field.type) {
      case 'checkbox':
      case 'image':
        draft[field.id] = asList(value);
        break;
      case 'region': {
        const parts = asList(value);
        draft[field.id] = Array.from({ length: REGION_PARTS }, (_, index) => parts[index] ?? '');
        break;
      }
      case 'agreement':
        draft[field.id] = value === true;
        break;
      default:
        draft[field.id] = asText(value);
    }
  }
  return { Values: draft };
}

/**
 * The answers to send: every field of the form, blanks included (the rules treat a blank answer as
 * none). A region left wholly blank is no answer rather than three empty names.
 */
export function submissionValues(fields: readonly FormField[], draft: SubmissionDraft): FormValues {
  const values: FormValues = {};
  for (const field of answerFields({ fields })) {
    const value = draft.Values[field.id];
    values[field.id] =
      field.type === 'region' && Array.isArray(value) && value.every((part) => part.trim() === '')
        ? []
        : value;
  }
  return values;
}

/** The form's own rules over the draft, each broken one at its field's place in the draft. */
export function draftProblems(
  fields: readonly FormField[],
  draft: SubmissionDraft,
): Map<string, SubmissionError> {
  const problems = new Map<string, SubmissionError>();
  for (const error of validateSubmission({ fields }, submissionValues(fields, draft))) {
    const path = `Values.${error.fieldId}`;
    if (!problems.has(path)) problems.set(path, error);
  }
  return problems;
}
