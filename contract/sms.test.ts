import { describe, expect, it } from 'vitest';
import {
  maskMobile,
  renderTemplate,
  SMS_MOBILE_PATTERN,
  smsCharacters,
  smsParts,
  smsText,
  templateFitsScene,
  templateVariableCount,
} from './sms';

const chinese = (count: number) => '好'.repeat(count);

describe('the parts a message is billed as', () => {
  it.each([
    [1, 1],
    [69, 1],
    [70, 1],
    [71, 2],
    [134, 2],
    [135, 3],
    [201, 3],
    [202, 4],
    [335, 5],
    [336, 6],
  ])('%i characters make %i parts', (characters, parts) => {
    expect(smsParts(chinese(characters))).toBe(parts);
  });

  it('counts letters, digits, spaces and punctuation one each, like Chinese characters', () => {
    expect(smsParts('a'.repeat(70))).toBe(1);
    expect(smsParts(`${'a 1,'.repeat(17)}ab`)).toBe(1);
    expect(smsParts('a'.repeat(71))).toBe(2);
  });

  it('counts an emoji as one character, not its two UTF-16 units', () => {
    const text = `${chinese(69)}🎉`;
    expect(text.length).toBe(71);
    expect(smsCharacters(text)).toBe(70);
    expect(smsParts(text)).toBe(1);
  });

  it('counts the signature with its brackets', () => {
    const body = chinese(64);
    expect(smsParts(body)).toBe(1);
    expect(smsText('演示商城', body)).toBe(`【演示商城】${body}`);
    expect(smsCharacters(smsText('演示商城', body))).toBe(70);
    expect(smsParts(smsText('演示商城', `${body}好`))).toBe(2);
  });
});

describe('template variables', () => {
  it.each([
    ['您的验证码是{1}，{2}分钟内有效', 2],
    ['订单{1}已发货，{2}单号{3}', 3],
    ['{2}在前{1}在后', 2],
    ['没有变量', 0],
    ['{1}重复{1}', 1],
    ['{1}缺了二{3}', null],
    ['从二开始{2}', null],
    ['{0}不是编号', null],
    ['{a}不是变量{1}', 1],
  ])('%s uses %s', (content, count) => {
    expect(templateVariableCount(content)).toBe(count);
  });

  it('fills each placeholder with its value, the same one wherever it appears', () => {
    expect(renderTemplate('验证码{1}，{2}分钟内有效，勿告诉他人{1}', ['123456', '5'])).toBe(
      '验证码123456，5分钟内有效，勿告诉他人123456',
    );
    expect(renderTemplate('订单{1}已发货{3}', ['A1'])).toBe('订单A1已发货');
    expect(renderTemplate('原样{x}', [])).toBe('原样{x}');
  });

  it.each([
    ['orderShipped', '订单{1}已由{2}发出，单号{3}', true],
    ['orderShipped', '订单{1}已由{2}发出，单号{3}{4}', false],
    ['verifyCode', '验证码{1}', true],
    ['verifyCode', '验证码{1}，{2}分钟有效', true],
    ['verifyCode', '没有验证码', false],
    ['bookingReminder', '您预约的{1}在{2}，地点{3}', true],
    ['manual', '活动开始了', true],
    ['manual', '{1}{2}{3}{4}{5}', true],
    ['manual', '{1}{2}{3}{4}{5}{6}', false],
    ['manual', '{2}', false],
  ] as const)('a %s template "%s" fits: %s', (scene, content, fits) => {
    expect(templateFitsScene(content, scene)).toBe(fits);
  });
});

describe('mobiles', () => {
  it.each([
    ['13800000001', true],
    ['19912345678', true],
    ['12800000001', false],
    ['1380000000', false],
    ['138000000011', false],
    [' 13800000001', false],
    ['+8613800000001', false],
  ])('%s is a mainland mobile: %s', (mobile, valid) => {
    expect(SMS_MOBILE_PATTERN.test(mobile)).toBe(valid);
  });

  it('shows the first three and last four digits only', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('1234567')).toBe('*******');
    expect(maskMobile('12345678')).toBe('123****5678');
  });
});
