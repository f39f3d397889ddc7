import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extendMessages } from '../i18n/messages';
import { describeZodError } from './validation';

extendMessages({
  en: { 'test.rule.after': 'must be after {what}' },
  zh: { 'test.rule.after': '必须晚于{what}' },
});

const schema = z.object({ At: z.string() }).superRefine((_value, issues) => {
  issues.addIssue({
    code: 'custom',
    path: ['At'],
    params: { key: 'test.rule.after', values: { what: 'B' } },
  });
});

describe('describeZodError with a contract rule key', () => {
  it('says a known key in the caller’s language with its values, on its field', () => {
    const error = schema.safeParse({ At: 'x' }).error!;
    expect(describeZodError(error, 'en').fields).toEqual([{ Field: 'At', Message: 'At: must be after B' }]);
    expect(describeZodError(error, 'zh').message).toBe('At：必须晚于B');
  });

  it('falls back to the issue’s own text for a key the server does not know', () => {
    const unknown = z.string().superRefine((_value, issues) => {
      issues.addIssue({ code: 'custom', message: 'must be odd', params: { key: 'browser.only' } });
    });
    expect(describeZodError(unknown.safeParse('x').error!, 'en').message).toBe('must be odd');
  });
});
