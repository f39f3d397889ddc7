import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en';
import { parseSiteId, validateLogin, validateLoginField } from './login-validation';

describe('login rules (SPEC §5)', () => {
  it.each([
    ['userName', '', 'The user name cannot be empty!'],
    ['userName', '   ', 'The user name cannot be empty!'],
    ['userName', ' admin ', null],
    ['passWord', '', 'The password cannot be empty!'],
    ['passWord', '12345', 'The password cannot be less than 6 digits!'],
    ['passWord', '123456', null],
    ['verifyCode', '', 'The verification code cannot be empty!'],
    ['verifyCode', 'abcd', 'The verification code must be a 5-digit number or letter!'],
    ['verifyCode', 'ab-d1', 'The verification code must be a 5-digit number or letter!'],
    ['verifyCode', 'abcdef', 'The verification code must be a 5-digit number or letter!'],
    ['verifyCode', 'T3ST5', null],
  ] as const)('%s %j → %s', (field, value, message) => {
    const key = validateLoginField(field, value);
    expect(key ? en[key] : null).toBe(message);
  });

  it('reports every broken field of the form at once', () => {
    expect(Object.keys(validateLogin({ userName: '', passWord: '1', verifyCode: 'T3ST5' }))).toEqual([
      'userName',
      'passWord',
    ]);
  });

  it.each([
    ['1', 1],
    ['42', 42],
    ['0', null],
    ['-1', null],
    ['abc', null],
    [null, null],
  ])('site id %j → %j', (value, expected) => {
    expect(parseSiteId(value)).toBe(expected);
  });
});
