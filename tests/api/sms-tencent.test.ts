import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sms from '../../contract/endpoints/sms';
import { balanceOf, memberWith, sweep, uploadProof } from './added-value-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE } from './order-helpers';
import { startTencentSmsStandIn, type TencentSmsStandIn } from './tencent-sms-stand-in';

/**
 * The mall switched to Tencent Cloud SMS (the local stand-in): its signature and a template are
 * applied there, reviewed by the stand-in's reviewers, and messages go out signed, retried with the
 * same idempotency key, and refused numbers give their parts back.
 */

let server: TestServer;
let standIn: TencentSmsStandIn;
let admin: string;
let templateId: number;

beforeAll(async () => {
  standIn = await startTencentSmsStandIn();
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

const tencent = (at?: Date) => sweep(server, { sms: standIn.config, at });

async function sends(reference: string) {
  return server.query<{ id: number; state: string; provider_message_id: string; error: string }>(
    sql`select id, state, provider_message_id, error from sms_sends where reference = ${reference} order by id`,
  );
}

describe('Tencent Cloud SMS through the outbox', () => {
  it('fails what the sandbox approved and Tencent does not know, and gives the parts back', async () => {
    const [shipped] = await server.query<{ id: number; parts: number }>(
      sql`select id, parts from sms_sends where scene = 'orderShipped' and state = 'queued' order by id limit 1`,
    );
    const [queued] = await server.query<{ parts: number }>(
      sql`select coalesce(sum(parts), 0)::int as parts from sms_sends where site_id = ${MALL_SITE} and state = 'queued'`,
    );
    const before = await balanceOf(server, MALL_SITE);
    await tencent();
    const [after] = await server.query<{ state: string; error: string }>(
      sql`select state, error from sms_sends where id = ${shipped!.id}`,
    );
    expect(after).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^FailedOperation\.SignatureIncorrectOrUnapproved/),
    });
    expect(await balanceOf(server, MALL_SITE)).toBe(before + queued!.parts);
  });

  it('applies the signature and a template there and reads the reviewers’ verdicts', async () => {
    const signature = (await server.call(sms.getSmsOverview, {}, { token: admin })).body.Signature!;
    await server.call(
      sms.applySmsSignature,
      { Name: '演示商城', ProofImage: await uploadProof(server, admin), Version: signature.Version },
      { token: admin },
    );
    const saved = await server.call(
      sms.saveSmsTemplate,
      { Name: '腾讯群发', Scene: 'manual', Content: '{1}到店有礼。拒收请回复R' },
      { token: admin },
    );
    templateId = saved.body.Template.Id;
    await tencent();
    const sign = [...standIn.signs.values()].find((entry) => entry.text === '演示商城');
    const template = [...standIn.templates.values()].find(
      (entry) => entry.text === '{1}到店有礼。拒收请回复R',
    );
    expect(sign).toBeDefined();
    expect(standIn.received.find((call) => call.action === 'AddSmsSign')!.body.ProofImage as string).toMatch(
      /^iVBORw0KGgo/,
    );
    expect(standIn.received.find((call) => call.action === 'AddSmsTemplate')!.body).toMatchObject({
      SmsType: 1,
    });
    // Still under review: nothing changes.
    await tencent();
    expect(
      (await server.call(sms.getSmsTemplates, { keyword: '腾讯群发' }, { token: admin })).body.Data[0],
    ).toMatchObject({
      State: 'applied',
      ProviderTemplateId: String(template!.id),
    });
    standIn.review('sign', sign!.id, 0);
    standIn.review('template', template!.id, 0);
    await tencent();
    expect((await server.call(sms.getSmsOverview, {}, { token: admin })).body.Signature!.State).toBe(
      'approved',
    );
    expect(
      (await server.call(sms.getSmsTemplates, { keyword: '腾讯群发' }, { token: admin })).body.Data[0]!.State,
    ).toBe('approved');
    expect(standIn.refused).toEqual([]);
  });

  it('records a rejection with the reviewers’ reply', async () => {
    const saved = await server.call(
      sms.saveSmsTemplate,
      { Name: '腾讯驳回', Scene: 'manual', Content: '点击链接领奖{1}' },
      { token: admin },
    );
    await tencent();
    const template = [...standIn.templates.values()].at(-1)!;
    standIn.review('template', template.id, -1, '含诱导性内容');
    await tencent();
    const row = (await server.call(sms.getSmsTemplates, { keyword: '腾讯驳回' }, { token: admin })).body
      .Data[0]!;
    expect(row).toMatchObject({ Id: saved.body.Template.Id, State: 'rejected', Reason: '含诱导性内容' });
  });

  it('sends signed requests with the outbox key as SessionContext, and keeps the key across a retry', async () => {
    await memberWith(server, MALL_SITE, { openId: 'tc-1', mobile: '13700000101', tags: ['腾讯'] });
    await server.call(
      sms.sendSms,
      { TemplateId: templateId, AudienceKind: 'tag', Tag: '腾讯', Values: ['周末'] },
      { token: admin },
    );
    const [queued] = await sends('admin · 腾讯');
    standIn.failNext('InternalError.Timeout', 'timeout');
    const first = new Date(Date.now() + 1000);
    expect((await tencent(first)).retried).toBeGreaterThanOrEqual(1);
    expect((await sends('admin · 腾讯'))[0]).toMatchObject({ state: 'queued' });
    const [waiting] = await server.query<{ attempts: number; last_error: string; state: string }>(
      sql`select attempts, last_error, state from outbox where idempotency_key = ${`sms.send:${queued!.id}`}`,
    );
    expect(waiting).toEqual({ attempts: 1, last_error: 'InternalError.Timeout: timeout', state: 'pending' });
    // Not due again before the retry delay (two minutes after a first failure).
    await tencent(new Date(first.getTime() + 119_000));
    expect((await sends('admin · 腾讯'))[0]!.state).toBe('queued');
    await tencent(new Date(first.getTime() + 121_000));
    const [sent] = await sends('admin · 腾讯');
    expect(sent!.state).toBe('sent');
    expect(sent!.provider_message_id).toMatch(/^2433:/);
    const attempts = standIn.received.filter(
      (call) => call.action === 'SendSms' && call.body.SessionContext === `sms.send:${queued!.id}`,
    );
    expect(attempts.map((call) => call.body)).toEqual([
      expect.objectContaining({
        PhoneNumberSet: ['+8613700000101'],
        TemplateParamSet: ['周末'],
        SignName: '演示商城',
      }),
      expect.objectContaining({
        PhoneNumberSet: ['+8613700000101'],
        TemplateParamSet: ['周末'],
        SignName: '演示商城',
      }),
    ]);
  });

  it('fails a number Tencent refuses for good at once, and gives its part back', async () => {
    await memberWith(server, MALL_SITE, { openId: 'tc-2', mobile: '13700000102', tags: ['腾讯黑名单'] });
    standIn.failNumber('13700000102', 'FailedOperation.PhoneNumberInBlacklist');
    const before = await balanceOf(server, MALL_SITE);
    await server.call(
      sms.sendSms,
      { TemplateId: templateId, AudienceKind: 'tag', Tag: '腾讯黑名单', Values: ['周末'] },
      { token: admin },
    );
    expect(await balanceOf(server, MALL_SITE)).toBe(before - 1);
    await tencent();
    const [failed] = await sends('admin · 腾讯黑名单');
    expect(failed).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^FailedOperation\.PhoneNumberInBlacklist/),
    });
    expect(await balanceOf(server, MALL_SITE)).toBe(before);
  });
});
