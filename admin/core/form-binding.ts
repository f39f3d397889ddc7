import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Resolver,
  set,
} from 'react-hook-form';
import type { z } from 'zod';

/** A catalogue key and its values: what a field error shows once translated. */
export interface MessageRef {
  id: string;
  values?: Record<string, string | number>;
}

/** The parts of a zod issue that decide its message. */
export interface IssueLike {
  code: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
}

function blank(input: unknown): boolean {
  return input === undefined || input === null || input === '' || Number.isNaN(input);
}

/**
 * A broken schema rule in the operator's words (zod's own text is English and about types). A custom
 * issue carries its catalogue key in `params.key` (the contract's cross-field rules).
 */
export function issueMessage(issue: IssueLike): MessageRef {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (blank(issue.input)) return { id: 'engine.form.required' };
      return { id: issue.expected === 'int' ? 'engine.form.integer' : 'engine.form.number' };
    case 'too_small':
      if (issue.origin === 'string')
        return min <= 1 ? { id: 'engine.form.required' } : { id: 'engine.form.minLength', values: { min } };
      if (issue.origin === 'array') return { id: 'engine.form.minItems', values: { min } };
      return { id: 'engine.form.min', values: { min } };
    case 'too_big':
      if (issue.origin === 'string') return { id: 'engine.form.maxLength', values: { max } };
      if (issue.origin === 'array') return { id: 'engine.form.maxItems', values: { max } };
      return { id: 'engine.form.max', values: { max } };
    case 'invalid_format':
      return { id: 'engine.form.format' };
    case 'invalid_value':
      return { id: 'engine.form.choice' };
    case 'custom':
      if (typeof issue.params?.key === 'string')
        return { id: issue.params.key, values: issue.params.values as MessageRef['values'] };
      return { id: 'engine.form.invalid' };
    default:
      return { id: 'engine.form.invalid' };
  }
}

/**
 * Where a call's field path is shown in a form whose values differ from the call's input: `renames`
 * maps the last segment (`MarketPriceFen` → `MarketPrice`, `Skus.0.PriceFen` → `Skus.0.Price`).
 */
export function formPath(path: string, renames: Readonly<Record<string, string>>): string {
  const segments = path.split('.');
  const last = segments.at(-1)!;
  if (Object.hasOwn(renames, last)) segments[segments.length - 1] = renames[last]!;
  return segments.join('.');
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/** Nested resolver errors as `path → error`, leaves only. */
export function flatErrors(errors: FieldErrors, prefix = ''): [string, FieldError][] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isFieldError(value)) return [[path, value] as [string, FieldError]];
    return typeof value === 'object' && value !== null ? flatErrors(value as FieldErrors, path) : [];
  });
}

/**
 * A resolver for a form that edits a draft (text as typed, yuan) of a call's input (numbers, fen):
 * the draft is converted by `toInput` and checked against the contract's schema, and each problem is
 * put on the draft field that shows it. Submitting hands over the draft itself.
 */
export function draftResolver<Draft extends FieldValues>(
  schema: z.ZodType,
  toInput: (draft: Draft) => unknown,
  options: { renames?: Readonly<Record<string, string>>; message: (issue: IssueLike) => string },
): Resolver<Draft> {
  const check = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, {
    error: (issue) => options.message(issue as unknown as IssueLike),
  });
  return async (draft, context, resolverOptions) => {
    const result = await check(toInput(draft) as FieldValues, context, {
      ...resolverOptions,
      fields: {},
      shouldUseNativeValidation: false,
    });
    const found = flatErrors(result.errors);
    if (found.length === 0) return { values: draft, errors: {} };
    const errors: FieldErrors<Draft> = {};
    for (const [path, error] of found) {
      const target = formPath(path, options.renames ?? {});
      if (get(errors, target)) continue;
      const field = get(resolverOptions.fields, target) as { ref?: FieldError['ref'] } | undefined;
      set(errors, target, { ...error, ref: field?.ref });
    }
    return { values: {}, errors };
  };
}
