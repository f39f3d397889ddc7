import { PASSWORD_MIN_LENGTH } from '../../contract/enums';
import type { MessageKey } from '../lib/i18n/en';

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
export type PasswordValues = Record<PasswordField, string>;

/** SPEC §5 password dialog, checked on blur: the first rule a field breaks, or null. */
export function validatePasswordField(field: PasswordField, values: PasswordValues): MessageKey | null {
  const value = values[field];
  if (field === 'confirmPassword') return value && value === values.newPassword ? null : 'password.mismatch';
  if (!value) return 'password.required';
  if (field === 'newPassword' && value.length < PASSWORD_MIN_LENGTH) return 'password.tooShort';
  return null;
}

export function validatePasswordForm(values: PasswordValues): Partial<Record<PasswordField, MessageKey>> {
  const errors: Partial<Record<PasswordField, MessageKey>> = {};
  for (const field of ['oldPassword', 'newPassword', 'confirmPassword'] as const) {
    const error = validatePasswordField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}
