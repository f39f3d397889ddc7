import type { z } from 'zod';
import { type Locale, type MessageKey, translate } from '../i18n/messages';

const typeNames: Record<Locale, Record<string, string>> = {
  en: { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object' },
  zh: { string: '文本', number: '数字', int: '整数', boolean: '布尔值', array: '列表', object: '对象' },
};

/** One zod issue as "field: rule" in the caller's language. */
export function describeIssue(issue: z.core.$ZodIssue, locale: Locale): { field: string; message: string } {
  const field = issue.path.length > 0 ? issue.path.join('.') : '';
  const say = (key: MessageKey, params: Record<string, string | number> = {}) => translate(locale, key, params);
  let rule: string;
  switch (issue.code) {
    case 'invalid_type':
      rule =
        issue.input === undefined
          ? say('validation.required')
          : say('validation.type', { expected: typeNames[locale][issue.expected] ?? issue.expected });
      break;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) rule = say('validation.required');
      else if (issue.origin === 'string') rule = say('validation.tooShortString', { minimum: Number(issue.minimum) });
      else if (issue.origin === 'array' || issue.origin === 'set') rule = say('validation.tooFewItems', { minimum: Number(issue.minimum) });
      else rule = say('validation.tooSmall', { minimum: Number(issue.minimum) });
      break;
    case 'too_big':
      if (issue.origin === 'string') rule = say('validation.tooLongString', { maximum: Number(issue.maximum) });
      else if (issue.origin === 'array' || issue.origin === 'set') rule = say('validation.tooManyItems', { maximum: Number(issue.maximum) });
      else rule = say('validation.tooBig', { maximum: Number(issue.maximum) });
      break;
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      const separator = locale === 'zh' ? '：' : ': ';
      return { field: keys, message: `${[...issue.path, keys].join('.')}${separator}${say('validation.unknownField')}` };
    }
    case 'invalid_format':
      rule = say('validation.format');
      break;
    case 'invalid_value':
      rule = say('validation.oneOf', { values: issue.values.map(String).join(', ') });
      break;
    default:
      rule = issue.message && !issue.message.startsWith('Invalid') ? issue.message : say('validation.invalid');
  }
  const separator = locale === 'zh' ? '：' : ': ';
  return { field, message: field ? `${field}${separator}${rule}` : rule };
}

/** The first issue decides the message; all field errors travel in `Errors` for forms. */
export function describeZodError(error: z.ZodError, locale: Locale) {
  const described = error.issues.map((issue) => describeIssue(issue, locale));
  return {
    message: described.map((entry) => entry.message).join('; '),
    fields: described.map((entry) => ({ Field: entry.field, Message: entry.message })),
  };
}
