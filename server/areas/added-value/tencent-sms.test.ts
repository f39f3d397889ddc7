import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../../tests/api/tencent-sms-stand-in';
import { SmsProviderError } from './sms-provider';
import { retryableTencentCode, tencentSms } from './tencent-sms';

let standIn: TencentSmsStandIn;
beforeAll(async () => {
  standIn = await startTencentSmsStandIn();
});
afterAll(() => standIn.close());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('Tencent Cloud SMS against the stand-in', () => {
  it('applies a signature and a template, reads the verdicts and sends with them', async () => {
    const provider = tencentSms(standIn.config);
    const now = new Date();
    const sign = await provider.applySign(
      { name: '演示商城', proofImage: 'aGVsbG8=', remark: 'site 1' },
      now,
    );
    const template = await provider.applyTemplate(
      { name: '验证码', content: '验证码{1}，{2}分钟内有效', marketing: false, remark: 'site 1' },
      now,
    );
    expect(standIn.received.map((call) => call.action)).toEqual(['AddSmsSign', 'AddSmsTemplate']);
    expect(standIn.received[0]!.body).toEqual({
      SignName: '演示商城',
      SignType: 0,
      DocumentType: 1,
      International: 0,
      SignPurpose: 0,
      ProofImage: 'aGVsbG8=',
      Remark: 'site 1',
    });
    expect(standIn.received[1]!.body).toMatchObject({
      TemplateContent: '验证码{1}，{2}分钟内有效',
      SmsType: 0,
    });

    const subjects = (id: string) => [{ providerId: id, text: '' }];
    expect(await provider.reviews('template', subjects(template.providerId), now)).toEqual([
      { providerId: template.providerId, state: 'applied', reason: '' },
    ]);
    standIn.review('sign', Number(sign.providerId), 0);
    standIn.review('template', Number(template.providerId), 0);
    expect(await provider.reviews('sign', subjects(sign.providerId), now)).toEqual([
      { providerId: sign.providerId, state: 'approved', reason: '' },
    ]);
    expect(standIn.received.at(-1)!.body).toEqual({ SignIdSet: [Number(sign.providerId)], International: 0 });

    const accepted = await provider.send(
      {
        mobile: '13800000001',
        signName: '演示商城',
        templateId: template.providerId,
        params: ['123456', '5'],
        sessionContext: 'sms.send:1',
        text: '',
      },
      now,
    );
    expect(accepted).toEqual({ messageId: expect.stringMatching(/^2433:/), fee: 1 });
    expect(standIn.received.at(-1)).toEqual({
      action: 'SendSms',
      body: {
        PhoneNumberSet: ['+8613800000001'],
        SmsSdkAppId: standIn.config.sdkAppId,
        SignName: '演示商城',
        TemplateId: template.providerId,
        TemplateParamSet: ['123456', '5'],
        SessionContext: 'sms.send:1',
      },
    });
  });

  it('reports a rejection with the reviewers’ reply', async () => {
    const provider = tencentSms(standIn.config);
    const template = await provider.applyTemplate(
      { name: 'x', content: '测试{1}', marketing: true, remark: '' },
      new Date(),
    );
    standIn.review('template', Number(template.providerId), -1, '测试类模板不予通过');
    expect(
      await provider.reviews('template', [{ providerId: template.providerId, text: '' }], new Date()),
    ).toEqual([{ providerId: template.providerId, state: 'rejected', reason: '测试类模板不予通过' }]);
  });

  it('is refused by the stand-in when signed with another key, the clock off, or another account', async () => {
    const apply = (config: typeof standIn.config, now = new Date()) =>
      failureOf(
        tencentSms(config).applyTemplate({ name: 'x', content: 'y', marketing: false, remark: '' }, now),
      );
    expect(await apply({ ...standIn.config, secretKey: `${standIn.config.secretKey}x` })).toMatchObject({
      code: 'AuthFailure.SignatureFailure',
      retry: true,
    });
    expect(await apply(standIn.config, new Date(Date.now() - 600_000))).toMatchObject({
      code: 'AuthFailure.SignatureExpire',
    });
    expect(await apply({ ...standIn.config, secretId: 'AKIDsomeoneelse00000000000000000' })).toMatchObject({
      code: 'AuthFailure.SecretIdNotFound',
    });
    expect(standIn.refused).toEqual(['signature', 'timestamp', 'secretId']);
  });

  it('raises Tencent’s codes, retrying only what a later attempt can get past', async () => {
    const provider = tencentSms(standIn.config);
    const message = {
      mobile: '13800000009',
      signName: '未审核',
      templateId: '1',
      params: [],
      sessionContext: 'k',
      text: '',
    };
    const unapproved = await failureOf(provider.send(message, new Date()));
    expect(unapproved).toBeInstanceOf(SmsProviderError);
    expect(unapproved).toMatchObject({
      code: 'FailedOperation.SignatureIncorrectOrUnapproved',
      retry: false,
    });
    standIn.failNext('InternalError.Timeout', 'timeout');
    expect(await failureOf(provider.send(message, new Date()))).toMatchObject({
      code: 'InternalError.Timeout',
      retry: true,
    });
    const unreachable = await failureOf(
      tencentSms({ ...standIn.config, apiBase: 'http://127.0.0.1:9' }).send(message, new Date()),
    );
    expect(unreachable).toMatchObject({ code: 'NETWORK', retry: true });
  });

  it.each([
    ['InternalError.Timeout', true],
    ['RequestLimitExceeded', true],
    ['AuthFailure.SignatureFailure', true],
    ['FailedOperation.InsufficientBalanceInSmsPackage', true],
    ['HTTP_502', true],
    ['NETWORK', true],
    ['LimitExceeded.PhoneNumberDailyLimit', false],
    ['InvalidParameterValue.IncorrectPhoneNumber', false],
    ['FailedOperation.TemplateIncorrectOrUnapproved', false],
    ['FailedOperation.PhoneNumberInBlacklist', false],
    ['HTTP_404', false],
  ])('retries %s: %s', (code, retry) => {
    expect(retryableTencentCode(code)).toBe(retry);
  });
});
