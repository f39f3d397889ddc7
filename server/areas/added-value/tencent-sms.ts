import type { SmsProviderConfig } from '../../config';
import { type AcceptedMessage, type ReviewVerdict, type SmsProvider, SmsProviderError } from './sms-provider';
import { JSON_CONTENT_TYPE, tc3Sign } from './tc3-signature';

/** The SMS API version every action here is documented under. */
export const TENCENT_SMS_VERSION = '2021-01-11';
const TIMEOUT_MS = 10_000;

/**
 * Tencent's error codes that another attempt later may get past: its own outages and limits, a
 * signature refused for the clock or the key (fixed by the platform's operator), and the platform's
 * prepaid package running out. Anything else (a wrong number, an unapproved template) is final.
 */
export function retryableTencentCode(code: string): boolean {
  return (
    code === 'NETWORK' ||
    code === 'BAD_ANSWER' ||
    code.startsWith('HTTP_5') ||
    code.startsWith('InternalError') ||
    code.startsWith('AuthFailure') ||
    code === 'RequestLimitExceeded' ||
    code === 'FailedOperation.InsufficientBalanceInSmsPackage'
  );
}

/** Tencent's review status codes (StatusCode): 0 approved, 1 under review, -1 rejected. */
function reviewState(statusCode: unknown): ReviewVerdict['state'] {
  if (statusCode === 0) return 'approved';
  if (statusCode === -1) return 'rejected';
  return 'applied';
}

/**
 * Tencent Cloud SMS, API 3.0 (cloud.tencent.com/document/product/382/55981): SendSms, AddSmsSign,
 * AddSmsTemplate, DescribeSmsSignList and DescribeSmsTemplateList, each a signed JSON POST to the
 * API host with the action in X-TC-Action. Answers carry `Response`, with `Error` when refused.
 */
export function tencentSms(config: SmsProviderConfig): SmsProvider {
  const host = new URL(config.apiBase).host;

  async function call(
    action: string,
    body: Record<string, unknown>,
    now: Date,
  ): Promise<Record<string, unknown>> {
    const payload = JSON.stringify(body);
    const timestamp = Math.floor(now.getTime() / 1000);
    const signed = tc3Sign({
      secretId: config.secretId,
      secretKey: config.secretKey,
      service: 'sms',
      host,
      timestamp,
      payload,
    });
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/`, {
        method: 'POST',
        headers: {
          Authorization: signed.authorization,
          'Content-Type': JSON_CONTENT_TYPE,
          'X-TC-Action': action,
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Version': TENCENT_SMS_VERSION,
          'X-TC-Region': config.region,
        },
        body: payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsProviderError('NETWORK', error instanceof Error ? error.message : String(error), true);
    }
    const text = await response.text();
    let parsed: { Response?: Record<string, unknown> & { Error?: { Code?: string; Message?: string } } };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      const code = response.status >= 500 ? `HTTP_${response.status}` : 'BAD_ANSWER';
      throw new SmsProviderError(code, `HTTP ${response.status}: not JSON`, true);
    }
    const answer = parsed.Response;
    if (!answer) throw new SmsProviderError('BAD_ANSWER', `HTTP ${response.status}: no Response`, true);
    if (answer.Error) {
      const code = answer.Error.Code ?? 'UNKNOWN';
      throw new SmsProviderError(code, answer.Error.Message ?? code, retryableTencentCode(code));
    }
    return answer;
  }

  return {
    name: 'tencent',

    async send(message, now): Promise<AcceptedMessage> {
      const answer = await call(
        'SendSms',
        {
          PhoneNumberSet: [`+86${message.mobile}`],
          SmsSdkAppId: config.sdkAppId,
          SignName: message.signName,
          TemplateId: message.templateId,
          TemplateParamSet: message.params,
          SessionContext: message.sessionContext,
        },
        now,
      );
      const statuses = answer.SendStatusSet as Array<Record<string, unknown>> | undefined;
      const status = statuses?.[0];
      if (!status) throw new SmsProviderError('BAD_ANSWER', 'no SendStatusSet', true);
      const code = String(status.Code ?? '');
      if (code !== 'Ok') {
        throw new SmsProviderError(code, String(status.Message ?? code), retryableTencentCode(code));
      }
      return { messageId: String(status.SerialNo ?? ''), fee: Number(status.Fee ?? 0) };
    },

    async applySign(sign, now) {
      const answer = await call(
        'AddSmsSign',
        {
          SignName: sign.name,
          // 0: a company's name, proven by its business licence (DocumentType 1).
          SignType: 0,
          DocumentType: 1,
          International: 0,
          SignPurpose: 0,
          ProofImage: sign.proofImage,
          Remark: sign.remark,
        },
        now,
      );
      const status = answer.AddSignStatus as { SignId?: number } | undefined;
      if (typeof status?.SignId !== 'number') throw new SmsProviderError('BAD_ANSWER', 'no SignId', true);
      return { providerId: String(status.SignId) };
    },

    async applyTemplate(template, now) {
      const answer = await call(
        'AddSmsTemplate',
        {
          TemplateName: template.name,
          TemplateContent: template.content,
          SmsType: template.marketing ? 1 : 0,
          International: 0,
          Remark: template.remark,
        },
        now,
      );
      const status = answer.AddTemplateStatus as { TemplateId?: string | number } | undefined;
      if (status?.TemplateId === undefined) throw new SmsProviderError('BAD_ANSWER', 'no TemplateId', true);
      return { providerId: String(status.TemplateId) };
    },

    async reviews(kind, subjects, now) {
      if (subjects.length === 0) return [];
      const ids = subjects.map((subject) => Number(subject.providerId));
      const answer =
        kind === 'sign'
          ? await call('DescribeSmsSignList', { SignIdSet: ids, International: 0 }, now)
          : await call('DescribeSmsTemplateList', { TemplateIdSet: ids, International: 0 }, now);
      const set = (kind === 'sign' ? answer.DescribeSignListStatusSet : answer.DescribeTemplateStatusSet) as
        | Array<Record<string, unknown>>
        | undefined;
      return (set ?? []).map((entry) => ({
        providerId: String(kind === 'sign' ? entry.SignId : entry.TemplateId),
        state: reviewState(entry.StatusCode),
        reason: String(entry.ReviewReply ?? ''),
      }));
    },
  };
}
