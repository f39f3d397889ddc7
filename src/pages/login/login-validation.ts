import { PASSWORD_MIN_LENGTH, VERIFY_CODE_PATTERN } from '../../../contract/enums';
import type { MessageKey } from '../../lib/i18n/en';

export type LoginField = 'userName' | 'passWord' | 'verifyCode';
export type LoginValues = Record<LoginField, string>;
export const LOGIN_FIELDS: readonly LoginField[] = ['userName', 'passWord', 'verifyCode'];

/** SPEC §5's login rules; the message key of the first rule a value breaks, or null. */
export function validateLoginField(field: LoginField, value: string): MessageKey | null {
  if (field === 'userName') return value.trim() ? null : 'login.userNameRequired';
  if (field === 'passWord') {
    if (!value) return 'login.passwordRequired';
    return value.length < PASSWORD_MIN_LENGTH ? 'login.passwordTooShort' : null;
  }
  if (!value) return 'login.verifyCodeRequired';
  return VERIFY_CODE_PATTERN.test(value) ? null : 'login.verifyCodeFormat';
}

export function validateLogin(values: LoginValues): Partial<Record<LoginField, MessageKey>> {
  const errors: Partial<Record<LoginField, MessageKey>> = {};
  for (const field of LOGIN_FIELDS) {
    const error = validateLoginField(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** /dislogin?siteId=…: a positive whole number, else null. */
export function parseSiteId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
