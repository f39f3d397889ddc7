import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderTemplate, smsParts, smsText } from '../../contract/sms';
import { parseTc3Authorization, tc3Sign, utcDay } from '../../server/areas/added-value/tc3-signature';
import { TENCENT_SMS_VERSION } from '../../server/areas/added-value/tencent-sms';
import type { SmsProviderConfig } from '../../server/config';

/**
 * A local stand-in for Tencent Cloud SMS (API 3.0), for tests: it recomputes every request's
 * TC3-HMAC-SHA256 signature with the account's SecretKey as Tencent does and refuses a request that
 * does not match, keeps the signatures and templates applied to it under review until the test gives
 * a verdict, and sends only with an approved signature and template, billing the parts it counts.
 */

export const STAND_IN_ACCOUNT = {
  secretId: 'AKIDstandin0000000000000000000000',
  secretKey: 'standInSecretKey0000000000000000',
  sdkAppId: '1400006666',
  region: 'ap-guangzhou',
};

export interface ReceivedCall {
  action: string;
  body: Record<string, unknown>;
}

type Reviewed = { id: number; text: string; status: 0 | 1 | -1; reply: string };

export interface TencentSmsStandIn {
  config: SmsProviderConfig;
  /** Every request whose signature held. */
  received: ReceivedCall[];
  /** Requests refused for their signature. */
  refused: string[];
  signs: Map<number, Reviewed>;
  templates: Map<number, Reviewed>;
  /** The provider's reviewers decide: 0 approved, -1 rejected with the reply. */
  review(kind: 'sign' | 'template', id: number, status: 0 | -1, reply?: string): void;
  /** Answer the next call with this error (Response.Error). */
  failNext(code: string, message: string): void;
  /** Answer sends to this mobile with this per-number code. */
  failNumber(mobile: string, code: string): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export async function startTencentSmsStandIn(): Promise<TencentSmsStandIn> {
  const received: ReceivedCall[] = [];
  const refused: string[] = [];
  const signs = new Map<number, Reviewed>();
  const templates = new Map<number, Reviewed>();
  const numberFailures = new Map<string, string>();
  let failure: { code: string; message: string } | null = null;
  let nextId = 100;

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const answer = (content: Record<string, unknown>) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ Response: { ...content, RequestId: randomUUID() } }));
    };
    const error = (code: string, message: string) => answer({ Error: { Code: code, Message: message } });

    const header = (name: string) => String(request.headers[name] ?? '');
    const timestamp = Number(header('x-tc-timestamp'));
    const auth = parseTc3Authorization(header('authorization'));
    if (!auth || auth.secretId !== STAND_IN_ACCOUNT.secretId) {
      refused.push('secretId');
      return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
    }
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      refused.push('timestamp');
      return error('AuthFailure.SignatureExpire', 'Signature expired');
    }
    const expected = tc3Sign({
      secretId: STAND_IN_ACCOUNT.secretId,
      secretKey: STAND_IN_ACCOUNT.secretKey,
      service: 'sms',
      host: header('host'),
      timestamp,
      payload: body,
      contentType: header('content-type'),
    });
    if (
      auth.service !== 'sms' ||
      auth.day !== utcDay(timestamp) ||
      auth.signedHeaders !== 'content-type;host' ||
      auth.signature !== expected.signature
    ) {
      refused.push('signature');
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated');
    }
    if (header('x-tc-version') !== TENCENT_SMS_VERSION || header('x-tc-region') !== STAND_IN_ACCOUNT.region) {
      return error('InvalidParameter', 'Version or region');
    }
    const action = header('x-tc-action');
    const parsed = JSON.parse(body) as Record<string, unknown>;
    received.push({ action, body: parsed });
    if (failure) {
      const { code, message } = failure;
      failure = null;
      return error(code, message);
    }

    if (action === 'AddSmsSign') {
      if (typeof parsed.ProofImage !== 'string' || parsed.ProofImage === '')
        return error('MissingParameter', 'ProofImage');
      nextId += 1;
      const id = nextId;
      signs.set(id, { id, text: String(parsed.SignName), status: 1, reply: '' });
      return answer({ AddSignStatus: { SignId: id, SignApplyId: id + 1000 } });
    }
    if (action === 'AddSmsTemplate') {
      nextId += 1;
      const id = nextId;
      templates.set(id, { id, text: String(parsed.TemplateContent), status: 1, reply: '' });
      return answer({ AddTemplateStatus: { TemplateId: String(id) } });
    }
    if (action === 'DescribeSmsSignList' || action === 'DescribeSmsTemplateList') {
      const kind = action === 'DescribeSmsSignList' ? signs : templates;
      const ids = (parsed[action === 'DescribeSmsSignList' ? 'SignIdSet' : 'TemplateIdSet'] ??
        []) as number[];
      const set = ids.flatMap((id) => {
        const entry = kind.get(id);
        if (!entry) return [];
        return [
          action === 'DescribeSmsSignList'
            ? {
                SignId: id,
                International: 0,
                StatusCode: entry.status,
                ReviewReply: entry.reply,
                SignName: entry.text,
                CreateTime: 0,
              }
            : {
                TemplateId: id,
                International: 0,
                StatusCode: entry.status,
                ReviewReply: entry.reply,
                TemplateName: '',
                CreateTime: 0,
              },
        ];
      });
      return answer(
        action === 'DescribeSmsSignList'
          ? { DescribeSignListStatusSet: set }
          : { DescribeTemplateStatusSet: set },
      );
    }
    if (action === 'SendSms') {
      if (parsed.SmsSdkAppId !== STAND_IN_ACCOUNT.sdkAppId)
        return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId');
      const sign = [...signs.values()].find((entry) => entry.text === parsed.SignName && entry.status === 0);
      if (!sign) return error('FailedOperation.SignatureIncorrectOrUnapproved', 'signature not approved');
      const template = templates.get(Number(parsed.TemplateId));
      if (template?.status !== 0)
        return error('FailedOperation.TemplateIncorrectOrUnapproved', 'template not approved');
      const phones = parsed.PhoneNumberSet as string[];
      const values = (parsed.TemplateParamSet ?? []) as string[];
      const statuses = phones.map((phone) => {
        const mobile = phone.replace(/^\+86/, '');
        const code = numberFailures.get(mobile);
        if (code)
          return {
            SerialNo: '',
            PhoneNumber: phone,
            Fee: 0,
            SessionContext: parsed.SessionContext,
            Code: code,
            Message: code,
            IsoCode: 'CN',
          };
        return {
          SerialNo: `2433:${randomBytes(10).toString('hex')}`,
          PhoneNumber: phone,
          Fee: smsParts(smsText(sign.text, renderTemplate(template.text, values))),
          SessionContext: parsed.SessionContext,
          Code: 'Ok',
          Message: 'send success',
          IsoCode: 'CN',
        };
      });
      return answer({ SendStatusSet: statuses });
    }
    return error('InvalidAction', `unknown action ${action}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    config: { ...STAND_IN_ACCOUNT, apiBase: `http://127.0.0.1:${port}` },
    received,
    refused,
    signs,
    templates,
    review(kind, id, status, reply = '') {
      const entry = (kind === 'sign' ? signs : templates).get(id);
      if (!entry) throw new Error(`no ${kind} ${id} at the stand-in`);
      entry.status = status;
      entry.reply = reply;
    },
    failNext(code, message) {
      failure = { code, message };
    },
    failNumber(mobile, code) {
      numberFailures.set(mobile, code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
