import { z } from 'zod';
import { findTextCharacterIssue } from '../../contract/text-characters';
import { type AnyMessageKey, extendMessages, hasMessage, type Locale, translate } from '../i18n/messages';

extendMessages({
  en: {
    'validation.greaterThan': 'must be greater than {minimum}',
    'validation.lessThan': 'must be less than {maximum}',
    'validation.controlCharacter': 'must not contain control characters',
    'validation.loneSurrogate': 'must not contain broken characters (a lone UTF-16 surrogate)',
  },
  zh: {
    'validation.greaterThan': '必须大于 {minimum}',
    'validation.lessThan': '必须小于 {maximum}',
    'validation.controlCharacter': '不能包含控制字符',
    'validation.loneSurrogate': '不能包含残缺字符（单独的 UTF-16 代理项）',
  },
});

/** Input that failed its endpoint's schema, with the raw value so messages can tell missing from wrong. */
export class InputError extends Error {
  constructor(
    readonly zodError: z.ZodError,
    readonly input: unknown,
  ) {
    super(zodError.message);
  }
}

/** Parses input with a schema; on failure throws an InputError the error handler turns into the envelope. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // Before the schema, so the field at fault is named even when other fields are missing, and
  // strings inside free-form documents (z.record, z.unknown) are checked like any field.
  const textIssue = findTextCharacterIssue(input);
  if (textIssue) {
    const issue = {
      code: 'custom' as const,
      path: textIssue.path,
      message: textIssue.problem,
      input: valueAt(input, textIssue.path),
      params: { textCharacter: textIssue.problem },
    };
    throw new InputError(new z.ZodError([issue]), input);
  }
  const result = schema.safeParse(input);
  if (!result.success) throw new InputError(result.error, input);
  return result.data;
}

/** The raw value at an issue's path; coercion hides a missing value behind NaN, the raw input does not. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const typeNames: Record<Locale, Record<string, string>> = {
  en: {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
  },
  zh: { string: '文本', number: '数字', int: '整数', boolean: '布尔值', array: '列表', object: '对象' },
};

/**
 * One zod issue as "field: rule" in the caller's language. `input` is the raw value that was parsed:
 * a field absent from it is "required", whatever type its schema wanted.
 */
export function describeIssue(
  issue: z.core.$ZodIssue,
  locale: Locale,
  input?: unknown,
): { field: string; message: string } {
  const field = issue.path.length > 0 ? issue.path.join('.') : '';
  const say = (key: AnyMessageKey, params: Record<string, string | number> = {}) =>
    translate(locale, key, params);
  let rule: string;
  switch (issue.code) {
    case 'invalid_type':
      rule =
        (input === undefined ? issue.input : valueAt(input, issue.path)) === undefined
          ? say('validation.required')
          : say('validation.type', { expected: typeNames[locale][issue.expected] ?? issue.expected });
      break;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) rule = say('validation.required');
      else if (issue.origin === 'string')
        rule = say('validation.tooShortString', { minimum: Number(issue.minimum) });
      else if (issue.origin === 'array' || issue.origin === 'set')
        rule = say('validation.tooFewItems', { minimum: Number(issue.minimum) });
      else if (issue.inclusive === false)
        rule = say('validation.greaterThan', { minimum: Number(issue.minimum) });
      else rule = say('validation.tooSmall', { minimum: Number(issue.minimum) });
      break;
    case 'too_big':
      if (issue.origin === 'string')
        rule = say('validation.tooLongString', { maximum: Number(issue.maximum) });
      else if (issue.origin === 'array' || issue.origin === 'set')
        rule = say('validation.tooManyItems', { maximum: Number(issue.maximum) });
      else if (issue.inclusive === false)
        rule = say('validation.lessThan', { maximum: Number(issue.maximum) });
      else rule = say('validation.tooBig', { maximum: Number(issue.maximum) });
      break;
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      const separator = locale === 'zh' ? '：' : ': ';
      return {
        field: keys,
        message: `${[...issue.path, keys].join('.')}${separator}${say('validation.unknownField')}`,
      };
    }
    case 'invalid_format':
      rule = say('validation.format');
      break;
    case 'invalid_value':
      rule = say('validation.oneOf', { values: issue.values.map(String).join(', ') });
      break;
    case 'custom':
      rule =
        typeof issue.params?.key === 'string' && knownMessage(issue.params.key)
          ? say(issue.params.key, (issue.params.values ?? {}) as Record<string, string | number>)
          : issue.params?.textCharacter === 'controlCharacter'
            ? say('validation.controlCharacter')
            : issue.params?.textCharacter === 'loneSurrogate'
              ? say('validation.loneSurrogate')
              : customRule(issue.message, say);
      break;
    default:
      rule = customRule(issue.message, say);
  }
  const separator = locale === 'zh' ? '：' : ': ';
  return { field, message: field ? `${field}${separator}${rule}` : rule };
}

/** A contract rule's catalogue key (`params.key`, shared with the browser) that the server can say. */
function knownMessage(key: string): boolean {
  return hasMessage(key);
}

function customRule(message: string, say: (key: AnyMessageKey) => string): string {
  return message && !message.startsWith('Invalid') ? message : say('validation.invalid');
}

/** The first issue decides the message; all field errors travel in `Errors` for forms. */
export function describeZodError(error: z.ZodError, locale: Locale, input?: unknown) {
  const described = error.issues.map((issue) => describeIssue(issue, locale, input));
  return {
    message: described.map((entry) => entry.message).join('; '),
    fields: described.map((entry) => ({ Field: entry.field, Message: entry.message })),
  };
}
