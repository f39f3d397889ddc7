import { describe, expect, it } from 'vitest';
import { zh } from '../lib/i18n/zh';
import { validatePasswordField, validatePasswordForm } from './password-rules';

describe('password dialog rules (SPEC §5)', () => {
  const filled = { oldPassword: 'admin123', newPassword: 'secret99', confirmPassword: 'secret99' };
  it.each([
    ['oldPassword', { ...filled, oldPassword: '' }, '不能为空，请输入'],
    ['newPassword', { ...filled, newPassword: '' }, '不能为空，请输入'],
    ['newPassword', { ...filled, newPassword: '12345', confirmPassword: '12345' }, '密码不能少于 6 位！'],
    ['confirmPassword', { ...filled, confirmPassword: '' }, '两次输入密码不一致!'],
    ['confirmPassword', { ...filled, confirmPassword: 'secret98' }, '两次输入密码不一致!'],
    ['confirmPassword', filled, null],
    ['oldPassword', filled, null],
  ] as const)('%s in %o → %s', (field, values, message) => {
    const key = validatePasswordField(field, values);
    expect(key ? zh[key] : null).toBe(message);
  });

  it('passes a complete, matching form', () => {
    expect(validatePasswordForm(filled)).toEqual({});
  });
});
