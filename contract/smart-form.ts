import { z } from 'zod';

/**
 * Smart forms: a shop's own forms (sign-ups, surveys, bookings) that its mini-program shows and
 * buyers fill in. The definition is a list of fields; `validateSubmission` is the one rule set the
 * server's public submit endpoint and the builder's phone preview both apply.
 */

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'phone',
  'email',
  'select',
  'radio',
  'checkbox',
  'date',
  'time',
  'region',
  'image',
  'agreement',
  'section',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Field types that offer a list of options. */
export const CHOICE_TYPES: readonly FieldType[] = ['select', 'radio', 'checkbox'];
/** Field types whose limits are character counts. */
export const LENGTH_TYPES: readonly FieldType[] = ['text', 'textarea'];

export const MAX_FIELDS = 50;
export const MAX_OPTIONS = 30;
export const MAX_IMAGES = 9;
export const MAX_TEXT_LENGTH = 2000;
export const LABEL_MAX = 40;
export const OPTION_MAX = 40;
export const PLACEHOLDER_MAX = 60;
export const AGREEMENT_MAX = 2000;
/** Mainland mobile numbers, as the storefront takes them. */
export const PHONE_PATTERN = /^1\d{10}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const IMAGE_PATTERN = /^(https?:\/\/|\/)[^\s]+$/;

const limit = z.number().int().min(0).max(1_000_000_000).nullable();
const isoDate = z
  .string()
  .regex(DATE_PATTERN)
  .refine((value) => isRealDate(value));

export const formFieldSchema = z.strictObject({
  /** Stable within the form: submissions are keyed by it, so relabelling keeps old answers. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/),
  type: z.enum(FIELD_TYPES),
  label: z.string().trim().min(1).max(LABEL_MAX),
  placeholder: z.string().max(PLACEHOLDER_MAX),
  required: z.boolean(),
  /** Choices of select, radio and checkbox. */
  options: z.array(z.string().trim().min(1).max(OPTION_MAX)).max(MAX_OPTIONS),
  /** Characters for text, value for number, choices for checkbox. */
  min: limit,
  max: limit,
  maxImages: z.number().int().min(1).max(MAX_IMAGES),
  /** Earliest and latest allowed day of a date field. */
  minDate: isoDate.nullable(),
  maxDate: isoDate.nullable(),
  /** The text an agreement field asks to accept. */
  agreement: z.string().max(AGREEMENT_MAX),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formDefinitionSchema = z
  .strictObject({ fields: z.array(formFieldSchema).max(MAX_FIELDS) })
  .superRefine((definition, context) => {
    for (const problem of definitionProblems(definition)) {
      context.addIssue({ code: 'custom', path: ['fields', problem.index], message: problem.rule });
    }
  });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** A form's answer to one field: text, a number, the chosen options, a region's three names, images, or acceptance. */
export type FieldValue = string | number | boolean | string[];
export type FormValues = Record<string, unknown>;

function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export interface DefinitionProblem {
  index: number;
  rule: 'duplicateId' | 'noOptions' | 'duplicateOption' | 'reversedLimits' | 'reversedDates';
}

/** Settings that contradict each other: the builder shows them, the server refuses to save them. */
export function definitionProblems(definition: { fields: readonly FormField[] }): DefinitionProblem[] {
  const seen = new Set<string>();
  const problems: DefinitionProblem[] = [];
  definition.fields.forEach((field, index) => {
    if (seen.has(field.id)) problems.push({ index, rule: 'duplicateId' });
    seen.add(field.id);
    if (CHOICE_TYPES.includes(field.type)) {
      if (field.options.length === 0) problems.push({ index, rule: 'noOptions' });
      if (new Set(field.options).size !== field.options.length)
        problems.push({ index, rule: 'duplicateOption' });
    }
    if (field.min !== null && field.max !== null && field.min > field.max)
      problems.push({ index, rule: 'reversedLimits' });
    if (field.minDate !== null && field.maxDate !== null && field.minDate > field.maxDate)
      problems.push({ index, rule: 'reversedDates' });
  });
  return problems;
}

export type SubmissionRule =
  | 'required'
  | 'invalid'
  | 'minLength'
  | 'maxLength'
  | 'min'
  | 'max'
  | 'phone'
  | 'email'
  | 'option'
  | 'minChoices'
  | 'maxChoices'
  | 'date'
  | 'dateBefore'
  | 'dateAfter'
  | 'time'
  | 'region'
  | 'maxImages'
  | 'image'
  | 'agreement'
  | 'unknownField';

/**
 * One broken rule of a submission, named by the field's label and the rule. `params` fill the
 * message `smartForm.rule.<rule>` (both catalogues take `{label}` plus these).
 */
export interface SubmissionError {
  fieldId: string;
  label: string;
  rule: SubmissionRule;
  params: Record<string, string | number>;
}

/** A blank answer: nothing, an empty string, an empty list, or an unticked agreement. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((entry) => isBlank(entry));
  return false;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

type Check = (field: FormField, value: unknown) => Omit<SubmissionError, 'fieldId' | 'label'> | null;

const fail = (rule: SubmissionRule, params: Record<string, string | number> = {}) => ({ rule, params });

function textCheck(field: FormField, value: unknown) {
  if (typeof value !== 'string') return fail('invalid');
  const length = [...value.trim()].length;
  const max = Math.min(field.max ?? MAX_TEXT_LENGTH, MAX_TEXT_LENGTH);
  if (field.min !== null && length < field.min) return fail('minLength', { min: field.min });
  if (length > max) return fail('maxLength', { max });
  return null;
}

function numberCheck(field: FormField, value: unknown) {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fail('invalid');
  if (field.min !== null && number < field.min) return fail('min', { min: field.min });
  if (field.max !== null && number > field.max) return fail('max', { max: field.max });
  return null;
}

function patternCheck(pattern: RegExp, rule: SubmissionRule): Check {
  return (_field, value) => (typeof value === 'string' && pattern.test(value.trim()) ? null : fail(rule));
}

function choiceCheck(field: FormField, value: unknown) {
  if (typeof value !== 'string' || !field.options.includes(value)) return fail('option');
  return null;
}

function choicesCheck(field: FormField, value: unknown) {
  if (!isStringList(value) || value.some((entry) => !field.options.includes(entry))) return fail('option');
  const count = new Set(value).size;
  if (field.min !== null && count < field.min) return fail('minChoices', { min: field.min });
  if (field.max !== null && count > field.max) return fail('maxChoices', { max: field.max });
  return null;
}

function dateCheck(field: FormField, value: unknown) {
  if (typeof value !== 'string' || !isRealDate(value)) return fail('date');
  if (field.minDate !== null && value < field.minDate) return fail('dateBefore', { date: field.minDate });
  if (field.maxDate !== null && value > field.maxDate) return fail('dateAfter', { date: field.maxDate });
  return null;
}

function regionCheck(_field: FormField, value: unknown) {
  // Province, city and district names as the area calls list them.
  if (
    !isStringList(value) ||
    value.length !== 3 ||
    value.some((name) => name.trim() === '' || name.length > 40)
  )
    return fail('region');
  return null;
}

function imageCheck(field: FormField, value: unknown) {
  if (!isStringList(value) || value.some((url) => url.length > 1000 || !IMAGE_PATTERN.test(url)))
    return fail('image');
  if (value.length > field.maxImages) return fail('maxImages', { max: field.maxImages });
  return null;
}

const checks: Record<Exclude<FieldType, 'section'>, Check> = {
  text: textCheck,
  textarea: textCheck,
  number: numberCheck,
  phone: patternCheck(PHONE_PATTERN, 'phone'),
  email: patternCheck(EMAIL_PATTERN, 'email'),
  select: choiceCheck,
  radio: choiceCheck,
  checkbox: choicesCheck,
  date: dateCheck,
  time: patternCheck(TIME_PATTERN, 'time'),
  region: regionCheck,
  image: imageCheck,
  agreement: (_field, value) => (value === true ? null : fail('invalid')),
};

/**
 * Every broken rule of `values` (answers keyed by field id) against the form's definition, in
 * field order. Blank answers of optional fields pass; answers to fields the form does not have fail.
 */
export function validateSubmission(
  definition: { fields: readonly FormField[] },
  values: FormValues,
): SubmissionError[] {
  const errors: SubmissionError[] = [];
  const known = new Set<string>();
  for (const field of definition.fields) {
    if (field.type === 'section') continue;
    known.add(field.id);
    const value = values[field.id];
    const named = { fieldId: field.id, label: field.label };
    if (isBlank(value)) {
      if (field.required)
        errors.push({ ...named, ...(field.type === 'agreement' ? fail('agreement') : fail('required')) });
      continue;
    }
    const problem = checks[field.type](field, value);
    if (problem) errors.push({ ...named, ...problem });
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key)) errors.push({ fieldId: key, label: key, rule: 'unknownField', params: {} });
  }
  return errors;
}

/** The answers as stored: only the form's fields, blanks dropped, text trimmed, numbers as numbers. */
export function normalizeSubmission(
  definition: { fields: readonly FormField[] },
  values: FormValues,
): Record<string, FieldValue> {
  const stored: Record<string, FieldValue> = {};
  for (const field of definition.fields) {
    const value = values[field.id];
    if (field.type === 'section' || isBlank(value)) continue;
    if (field.type === 'number') stored[field.id] = Number(value);
    else if (typeof value === 'string') stored[field.id] = value.trim();
    else if (isStringList(value)) stored[field.id] = value.map((entry) => entry.trim());
    else stored[field.id] = value as FieldValue;
  }
  return stored;
}

/** One answer as text, for lists, search and spreadsheets; images are left to the caller. */
export function answerText(field: FormField, value: unknown, yes: string): string {
  if (isBlank(value)) return '';
  if (field.type === 'agreement') return value === true ? yes : '';
  if (field.type === 'region' && isStringList(value)) return value.join(' ');
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The fields that take answers (section titles do not). */
export function answerFields(definition: { fields: readonly FormField[] }): FormField[] {
  return definition.fields.filter((field) => field.type !== 'section');
}

/** A new field of a type with sensible settings; `label` is already in the builder's language. */
export function newField(type: FieldType, id: string, label: string, options: string[] = []): FormField {
  return {
    id,
    type,
    label,
    placeholder: '',
    required: false,
    options: CHOICE_TYPES.includes(type) ? options : [],
    min: null,
    max: null,
    maxImages: 3,
    minDate: null,
    maxDate: null,
    agreement: '',
  };
}
