import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOrderState } from '../../contract/endpoints/orders';
import * as sms from '../../contract/endpoints/sms';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { queueBookingReminder } from '../../server/areas/added-value/service';
import {
  approvedTemplate,
  balanceOf,
  memberWith,
  platformPackage,
  sweep,
  uploadProof,
} from './added-value-helpers';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import {
  BUYER,
  expectError,
  MALL_SITE,
  orderId,
  placeOrder,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
} from './order-helpers';

let server: TestServer;
let admin: string;
let site2: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
});
afterAll(() => server.close());

function fieldOf(response: ApiResponse): string | undefined {
  return (response.body as { Errors?: Array<{ Field: string }> }).Errors?.[0]?.Field;
}

async function sendsWhere(condition: ReturnType<typeof sql>) {
  return server.query<{
    id: number;
    state: string;
    parts: number;
    mobile: string;
    content: string;
    params: string[];
    error: string;
  }>(
    sql`select id, state, parts, mobile, content, params, error from sms_sends where ${condition} order by id`,
  );
}

describe('the SMS overview and buying a package in the sandbox', () => {
  it('shows the balance, the sandbox plainly, the signature and the platform’s packages', async () => {
    const overview = (await server.call(sms.getSmsOverview, {}, { token: admin })).body;
    expect(overview).toMatchObject({
      Balance: await balanceOf(server, MALL_SITE),
      SmsProvider: 'sandbox',
      PayProvider: 'sandbox',
      Signature: { Name: '演示商城', State: 'approved' },
    });
    expect(overview.Packages.map((entry) => entry.Count)).toEqual([100, 500, 1000, 5000, 10000]);
    const second = (await server.call(sms.getSmsOverview, {}, { token: site2 })).body;
    expect(second).toMatchObject({ Balance: 0, Signature: { Name: '演示官网' } });
  });

  it('credits the package at once in the sandbox, with a ledger row naming the purchase', async () => {
    const before = await balanceOf(server, MALL_SITE);
    const packageId = (await server.call(sms.getSmsOverview, {}, { token: admin })).body.Packages[0]!.Id;
    const bought = await server.call(sms.buySmsPackage, { PackageId: packageId }, { token: admin });
    expect(bought.body.Purchase).toMatchObject({
      Kind: 'sms',
      Quantity: 100,
      AmountFen: 1000,
      State: 'paid',
      Provider: 'sandbox',
      CodeUrl: null,
    });
    expect(bought.body.Purchase.TransactionId).toMatch(/^SANDBOX/);
    expect(await balanceOf(server, MALL_SITE)).toBe(before + 100);
    const ledger = (await server.call(sms.getSmsLedger, {}, { token: admin })).body.Data;
    expect(ledger[0]).toMatchObject({
      Delta: 100,
      BalanceAfter: before + 100,
      Reason: 'purchase',
      Reference: bought.body.Purchase.PurchaseNo,
    });
    const audits = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`purchase:${bought.body.Purchase.Id}`}`,
    );
    expect(audits.map((row) => row.action)).toEqual(['addedValue.buySms']);
  });

  it('refuses a package that is not on sale or not a number, naming PackageId', async () => {
    const missing = await server.call(sms.buySmsPackage, { PackageId: 999_999 }, { token: admin });
    expectError(missing, /no SMS package 999999/);
    expect(fieldOf(missing)).toBe('PackageId');
    const bad = await server.call(sms.buySmsPackage, { PackageId: 'one' }, { token: admin });
    expectError(bad);
    expect(fieldOf(bad)).toBe('PackageId');
    const extra = await server.call(sms.buySmsPackage, { PackageId: 1, Price: 1 }, { token: admin });
    expectError(extra);
  });

  it('filters the ledger by reason', async () => {
    const sends = (await server.call(sms.getSmsLedger, { reason: 'send', pageSize: 100 }, { token: admin }))
      .body;
    expect(sends.Total).toBeGreaterThan(0);
    expect(new Set(sends.Data.map((row) => row.Reason))).toEqual(new Set(['send']));
    expect(sends.Data[0]!.Reference).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(fieldOf(await server.call(sms.getSmsLedger, { reason: 'gift' }, { token: admin }))).toBe('reason');
  });
});

describe('the signature', () => {
  it('applies again with a proof of the shop’s own, is reviewed by the sweep and approved', async () => {
    const proof = await uploadProof(server, site2);
    const current = (await server.call(sms.getSmsOverview, {}, { token: site2 })).body.Signature!;
    const applied = await server.call(
      sms.applySmsSignature,
      { Name: '演示官网', ProofImage: proof, Version: current.Version },
      { token: site2 },
    );
    expect(applied.body.Signature).toMatchObject({ State: 'applied', Version: current.Version + 1 });
    // Under review, it cannot change again.
    const again = await server.call(
      sms.applySmsSignature,
      { Name: '官网', ProofImage: proof, Version: current.Version + 1 },
      { token: site2 },
    );
    expectError(again, /being reviewed/);
    expect(fieldOf(again)).toBe('Name');
    const [outbox] = await server.query<{ payload: { proofImage: string; name: string } }>(
      sql`select payload from outbox where kind = 'sms.sign' and site_id = ${SECOND_SITE} order by id desc limit 1`,
    );
    expect(outbox!.payload.name).toBe('演示官网');
    expect(Buffer.from(outbox!.payload.proofImage, 'base64').subarray(1, 4).toString()).toBe('PNG');
    await sweep(server);
    const reviewed = (await server.call(sms.getSmsOverview, {}, { token: site2 })).body.Signature!;
    expect(reviewed).toMatchObject({ State: 'approved', Reason: '' });
    expect(reviewed.ReviewedAt).not.toBeNull();
  });

  it('refuses a stale version, a proof of another shop, and a name Tencent would refuse', async () => {
    const current = (await server.call(sms.getSmsOverview, {}, { token: site2 })).body.Signature!;
    const mallProof = await uploadProof(server, admin);
    const foreign = await server.call(
      sms.applySmsSignature,
      { Name: '演示官网', ProofImage: mallProof, Version: current.Version },
      { token: site2 },
    );
    expectError(foreign, /business licence image/);
    expect(fieldOf(foreign)).toBe('ProofImage');
    const proof = await uploadProof(server, site2);
    const stale = await server.call(
      sms.applySmsSignature,
      { Name: '演示官网', ProofImage: proof, Version: current.Version - 1 },
      { token: site2 },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: current.Version });
    for (const Name of ['官', '一二三四五六七八九十一二三', '演示 官网', '演示官网!']) {
      const bad = await server.call(sms.applySmsSignature, { Name, ProofImage: proof }, { token: site2 });
      expectError(bad);
      expect(fieldOf(bad)).toBe('Name');
    }
    const notUpload = await server.call(
      sms.applySmsSignature,
      { Name: '演示官网', ProofImage: 'https://example.com/a.png' },
      { token: site2 },
    );
    expect(fieldOf(notUpload)).toBe('ProofImage');
  });
});

describe('templates', () => {
  it('are applied, then approved or rejected by the provider’s review, counted by state', async () => {
    const before = (await server.call(sms.getSmsTemplates, {}, { token: admin })).body.Counts;
    const saved = await server.call(
      sms.saveSmsTemplate,
      { Name: '到店提醒', Scene: 'bookingReminder', Content: '您预约的{1}在{2}' },
      { token: admin },
    );
    expect(saved.body.Template).toMatchObject({ State: 'applied', Variables: 2, ProviderTemplateId: '' });
    const test = await server.call(
      sms.saveSmsTemplate,
      { Name: '群发测试', Scene: 'manual', Content: '测试一下{1}' },
      { token: admin },
    );
    const counts = (await server.call(sms.getSmsTemplates, {}, { token: admin })).body.Counts;
    expect(counts.applied).toBe(before.applied! + 2);
    await sweep(server);
    const listed = (await server.call(sms.getSmsTemplates, { keyword: '到店提醒' }, { token: admin })).body
      .Data[0]!;
    expect(listed).toMatchObject({ State: 'approved' });
    expect(listed.ProviderTemplateId).toMatch(/^T/);
    const rejected = (
      await server.call(sms.getSmsTemplates, { state: 'rejected', scene: 'manual' }, { token: admin })
    ).body.Data;
    expect(rejected.map((row) => row.Id)).toContain(test.body.Template.Id);
    expect(rejected.find((row) => row.Id === test.body.Template.Id)!.Reason).toMatch(/测试/);
  });

  it('are changed only once reviewed, reviewed again, and refused when stale', async () => {
    const saved = (
      await server.call(
        sms.saveSmsTemplate,
        { Name: '改动', Scene: 'manual', Content: '内容{1}' },
        { token: admin },
      )
    ).body.Template;
    const underReview = await server.call(
      sms.saveSmsTemplate,
      { Id: saved.Id, Version: saved.Version, Name: '改动', Scene: 'manual', Content: '新内容{1}' },
      { token: admin },
    );
    expectError(underReview, /being reviewed/);
    expect(fieldOf(underReview)).toBe('Id');
    await sweep(server);
    const edited = await server.call(
      sms.saveSmsTemplate,
      { Id: saved.Id, Version: saved.Version, Name: '改动', Scene: 'manual', Content: '新内容{1}{2}' },
      { token: admin },
    );
    expect(edited.body.Template).toMatchObject({
      State: 'applied',
      Version: saved.Version + 1,
      Variables: 2,
    });
    const stale = await server.call(
      sms.saveSmsTemplate,
      { Id: saved.Id, Version: saved.Version, Name: '改动', Scene: 'manual', Content: '内容{1}' },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ StaleVersion: true, CurrentVersion: saved.Version + 1 });
    const outboxKeys = await server.query<{ idempotency_key: string }>(
      sql`select idempotency_key from outbox where kind = 'sms.template' and payload->>'templateId' = ${String(saved.Id)} order by id`,
    );
    expect(outboxKeys.map((row) => row.idempotency_key)).toEqual([
      `sms.template:${saved.Id}:1`,
      `sms.template:${saved.Id}:2`,
    ]);
  });

  it.each([
    [
      'Content',
      { Name: 'x', Scene: 'manual', Content: '缺编号{1}{3}' },
      /\{1\}, \{2\}… without a gap, at most 5/,
    ],
    ['Content', { Name: 'x', Scene: 'orderShipped', Content: '{1}{2}{3}{4}' }, /at most 3/],
    ['Content', { Name: 'x', Scene: 'verifyCode', Content: '没有验证码' }, /at most 2/],
    ['Content', { Name: 'x', Scene: 'manual', Content: '长'.repeat(301) }, undefined],
    ['Name', { Name: '', Scene: 'manual', Content: '内容' }, undefined],
    ['Scene', { Name: 'x', Scene: 'birthday', Content: '内容' }, undefined],
    ['Version', { Id: 1, Name: 'x', Scene: 'manual', Content: '内容' }, undefined],
  ])('refuses a bad %s, naming it', async (field, input, message) => {
    const response = await server.call(sms.saveSmsTemplate, input, { token: admin });
    expectError(response, message);
    expect(fieldOf(response)).toBe(field);
  });

  it('are deleted: they leave the list; unknown ids are named', async () => {
    const saved = (
      await server.call(
        sms.saveSmsTemplate,
        { Name: '删掉', Scene: 'manual', Content: '删{1}' },
        { token: admin },
      )
    ).body.Template;
    const deleted = await server.call(sms.deleteSmsTemplates, { Ids: [saved.Id] }, { token: admin });
    expect(deleted.body.Changed).toEqual([saved.Id]);
    expect((await server.call(sms.getSmsTemplates, { keyword: '删掉' }, { token: admin })).body.Total).toBe(
      0,
    );
    const again = await server.call(sms.deleteSmsTemplates, { Ids: [saved.Id] }, { token: admin });
    expectError(again, new RegExp(`not in this shop: ${saved.Id}`));
    expect(fieldOf(again)).toBe('Ids');
    expect(fieldOf(await server.call(sms.deleteSmsTemplates, { Ids: [] }, { token: admin }))).toBe('Ids');
  });
});

describe('manual sends to a tag or grade', () => {
  let memberDay: number;
  beforeAll(async () => {
    const [row] = await server.query<{ id: number }>(
      sql`select id from sms_templates where site_id = ${MALL_SITE} and name = '会员日'`,
    );
    memberDay = row!.id;
  });

  it('queues one message per reachable member, taking each one’s parts from the balance', async () => {
    const audiences = (await server.call(sms.getSmsAudiences, {}, { token: admin })).body;
    const vip = audiences.Tags.find((tag) => tag.Name === 'VIP')!;
    expect(vip.Mobiles).toBeGreaterThan(0);
    expect(audiences.Grades.length).toBeGreaterThan(0);
    const before = await balanceOf(server, MALL_SITE);
    const sent = await server.call(
      sms.sendSms,
      { TemplateId: memberDay, AudienceKind: 'tag', Tag: 'VIP', Values: ['7折', '周日'] },
      { token: admin },
    );
    expect(sent.body).toMatchObject({
      Queued: vip.Mobiles,
      Parts: vip.Mobiles,
      Balance: before - vip.Mobiles,
    });
    expect(await balanceOf(server, MALL_SITE)).toBe(before - vip.Mobiles);
    const rows = await sendsWhere(
      sql`site_id = ${MALL_SITE} and reference = 'admin · VIP' and params @> '["7折"]'::jsonb`,
    );
    expect(rows).toHaveLength(vip.Mobiles);
    expect(rows[0]!.content).toBe('【演示商城】会员日来啦！全场7折，周日前有效，详情见小程序。拒收请回复R');
    expect(rows.every((row) => row.state === 'queued')).toBe(true);
    await sweep(server);
    const after = await sendsWhere(
      sql`id in (${sql.join(
        rows.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
    expect(after.every((row) => row.state === 'sent')).toBe(true);
    const records = (await server.call(sms.getSmsSends, { keyword: '7折' }, { token: admin })).body;
    expect(records.Data[0]).toMatchObject({ Scene: 'manual', State: 'sent', Parts: 1 });
    expect(records.Data[0]!.Mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(records.Data[0]!.ProviderMessageId).toMatch(/^SANDBOX:/);
  });

  it('counts a long message as several parts for each recipient', async () => {
    const long = await approvedTemplate(server, admin, {
      Name: '长通知',
      Scene: 'manual',
      Content: `${'店庆通知'.repeat(15)}{1}`,
    });
    await memberWith(server, MALL_SITE, { openId: 'long-1', mobile: '13700000071', tags: ['长短信'] });
    const before = await balanceOf(server, MALL_SITE);
    // 【演示商城】 (6) + 60 + 5 = 71 characters: two parts.
    const sent = await server.call(
      sms.sendSms,
      { TemplateId: long, AudienceKind: 'tag', Tag: '长短信', Values: ['一二三四五'] },
      { token: admin },
    );
    expect(sent.body).toMatchObject({ Queued: 1, Parts: 2 });
    expect(await balanceOf(server, MALL_SITE)).toBe(before - 2);
  });

  it('sends to a grade', async () => {
    const grade = (await server.call(sms.getSmsAudiences, {}, { token: admin })).body.Grades.find(
      (entry) => entry.Mobiles > 0,
    )!;
    const sent = await server.call(
      sms.sendSms,
      { TemplateId: memberDay, AudienceKind: 'grade', GradeId: grade.Id, Values: ['8折', '月底'] },
      { token: admin },
    );
    expect(sent.body.Queued).toBe(grade.Mobiles);
  });

  it.each([
    ['Tag', { AudienceKind: 'tag', Values: ['1', '2'] }, undefined],
    ['GradeId', { AudienceKind: 'grade', Values: ['1', '2'] }, undefined],
    ['GradeId', { AudienceKind: 'grade', GradeId: 999_999, Values: ['1', '2'] }, /no grade 999999/],
    ['Tag', { AudienceKind: 'tag', Tag: '没人有的标签', Values: ['1', '2'] }, /No active member/],
    ['Values', { AudienceKind: 'tag', Tag: 'VIP', Values: ['1'] }, /needs 2 values/],
    ['Values', { AudienceKind: 'tag', Tag: 'VIP', Values: ['1', 'x'.repeat(21)] }, undefined],
    ['AudienceKind', { AudienceKind: 'everyone', Values: [] }, undefined],
  ])('refuses a bad %s, naming it', async (field, input, message) => {
    const response = await server.call(sms.sendSms, { TemplateId: memberDay, ...input }, { token: admin });
    expectError(response, message);
    // A list names its entry too (Values.1).
    expect(fieldOf(response)).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
  });

  it('refuses a template that is not an approved manual one', async () => {
    const [shipped] = await server.query<{ id: number }>(
      sql`select id from sms_templates where site_id = ${MALL_SITE} and scene = 'orderShipped' limit 1`,
    );
    const response = await server.call(
      sms.sendSms,
      { TemplateId: shipped!.id, AudienceKind: 'tag', Tag: 'VIP', Values: ['1', '2', '3'] },
      { token: admin },
    );
    expectError(response, /not an approved template for manual sends/);
    expect(fieldOf(response)).toBe('TemplateId');
  });

  it('refuses the whole send when the balance is short, taking nothing', async () => {
    const template = await approvedTemplate(server, site2, {
      Name: '通知',
      Scene: 'manual',
      Content: '通知{1}',
    });
    await memberWith(server, SECOND_SITE, { openId: 'short-1', mobile: '13700000081', tags: ['余量'] });
    await memberWith(server, SECOND_SITE, { openId: 'short-2', mobile: '13700000082', tags: ['余量'] });
    const packageId = await platformPackage(server, 1, 10);
    await server.call(sms.buySmsPackage, { PackageId: packageId }, { token: site2 });
    const before = await balanceOf(server, SECOND_SITE);
    const response = await server.call(
      sms.sendSms,
      { TemplateId: template, AudienceKind: 'tag', Tag: '余量', Values: ['一'] },
      { token: site2 },
    );
    expectError(response, /balance is short: 2 messages need 2/);
    expect(await balanceOf(server, SECOND_SITE)).toBe(before);
    expect(await sendsWhere(sql`site_id = ${SECOND_SITE} and reference like '%余量'`)).toEqual([]);
  });
});

describe('a failed send', () => {
  it('gives its parts back, once, with a ledger row', async () => {
    const [memberDay] = await server.query<{ id: number }>(
      sql`select id from sms_templates where site_id = ${MALL_SITE} and name = '会员日'`,
    );
    // The sandbox treats numbers ending 0000 as empty numbers.
    await memberWith(server, MALL_SITE, { openId: 'empty-1', mobile: '13600000000', tags: ['空号'] });
    const before = await balanceOf(server, MALL_SITE);
    await server.call(
      sms.sendSms,
      { TemplateId: memberDay!.id, AudienceKind: 'tag', Tag: '空号', Values: ['1', '2'] },
      { token: admin },
    );
    expect(await balanceOf(server, MALL_SITE)).toBe(before - 1);
    await sweep(server);
    await sweep(server);
    const [failed] = await sendsWhere(sql`site_id = ${MALL_SITE} and mobile = '13600000000'`);
    expect(failed).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^InvalidParameterValue\.IncorrectPhoneNumber/),
    });
    expect(await balanceOf(server, MALL_SITE)).toBe(before);
    const ledger = await server.query<{ reason: string; delta: number }>(
      sql`select reason, delta from sms_ledger where send_id = ${failed!.id} order by id`,
    );
    expect(ledger).toEqual([
      { reason: 'send', delta: -1 },
      { reason: 'giveBack', delta: 1 },
    ]);
    const records = (
      await server.call(sms.getSmsSends, { state: 'failed', keyword: '13600000000' }, { token: admin })
    ).body.Data;
    expect(records[0]).toMatchObject({ Mobile: '136****0000', State: 'failed' });
  });
});

describe('scenes other areas trigger', () => {
  it('sends "order shipped" to the buyer when the operator ships, with carrier and tracking number', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5);
    const order = await placeOrder(server, key, sku);
    await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    const id = await orderId(server, order.OrderNo);
    const [row] = await server.query<{ version: number }>(sql`select version from orders where id = ${id}`);
    const shipped = await server.call(
      bindOrderState,
      { Action: 'ship', Id: id, Version: row!.version, Carrier: 'SF', TrackingNo: 'SF1234567890123' },
      { token: admin },
    );
    expect(shipped.body.Errmsg).toBe('');
    const [message] = await sendsWhere(sql`reference = ${order.OrderNo}`);
    expect(message).toMatchObject({
      state: 'queued',
      mobile: '13800000001',
      content: `【演示商城】您的订单${order.OrderNo}已由顺丰速运发出，运单号SF1234567890123，请留意查收。`,
    });
    const [outbox] = await server.query<{ state: string }>(
      sql`select state from outbox where idempotency_key = ${`sms.send:${message!.id}`}`,
    );
    expect(outbox).toEqual({ state: 'pending' });
  });

  it('reminds of a booking through the public service, and records a reminder the balance cannot pay', async () => {
    const now = new Date();
    const outcome = await server.database.db.transaction((tx) =>
      queueBookingReminder(tx, {
        siteId: MALL_SITE,
        mobile: '13800000002',
        item: '手冲课',
        time: '周六 10:00',
        place: '静安店',
        reference: '预约 T1',
        now,
      }),
    );
    expect(outcome).toMatchObject({ ok: true, parts: 1 });
    const [reminder] = await sendsWhere(sql`reference = '预约 T1'`);
    // The newest approved booking template of the shop: the one this file applied, with two variables.
    expect(reminder!.content).toBe('【演示商城】您预约的手冲课在周六 10:00');

    await server.query(sql`update sms_accounts set balance = 0 where site_id = ${SECOND_SITE}`);
    const short = await server.database.db.transaction((tx) =>
      queueBookingReminder(tx, {
        siteId: SECOND_SITE,
        mobile: '13800000003',
        item: '参观',
        time: '周五',
        place: '展厅',
        reference: '预约 T2',
        now,
      }),
    );
    expect(short).toMatchObject({ ok: false, reason: 'balance' });
    const records = (await server.call(sms.getSmsSends, { keyword: '预约 T2' }, { token: site2 })).body.Data;
    expect(records[0]).toMatchObject({ State: 'failed', Error: 'Not sent: the SMS balance was short' });
    const none = await server.database.db.transaction((tx) =>
      queueBookingReminder(tx, {
        siteId: MALL_SITE,
        mobile: '010-1234',
        item: '',
        time: '',
        place: '',
        reference: 'x',
        now,
      }),
    );
    expect(none).toBeNull();
  });
});

describe('storefront verification codes', () => {
  const mobile = '13800000005';

  it('sends a code with the verification template, masked in the records, and checks it once', async () => {
    const sent = await storefront(server, key, sms.storefrontSendSmsCode, { Mobile: mobile });
    expect(sent.body).toMatchObject({ Errcode: 0, ExpiresInSeconds: 300, ResendInSeconds: 60 });
    const [message] = await sendsWhere(sql`mobile = ${mobile} and scene = 'verifyCode'`);
    const code = message!.params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    expect(message!.content).toBe('【演示商城】您的验证码为******，5分钟内有效，请勿泄露给他人。');
    await sweep(server);
    const [delivered] = await sendsWhere(sql`id = ${message!.id}`);
    expect(delivered).toMatchObject({ state: 'sent', params: [] });

    const wrong = await storefront(server, key, sms.storefrontCheckSmsCode, {
      Mobile: mobile,
      Code: code === '000000' ? '111111' : '000000',
    });
    expectError(wrong, /wrong: 4 tries left/);
    expect(fieldOf(wrong)).toBe('Code');
    const right = await storefront(server, key, sms.storefrontCheckSmsCode, { Mobile: mobile, Code: code });
    expect(right.body).toMatchObject({ Errcode: 0, Valid: true });
    const reused = await storefront(server, key, sms.storefrontCheckSmsCode, { Mobile: mobile, Code: code });
    expectError(reused, /No code is waiting/);
  });

  it('limits sending per mobile, answering 429 with Retry-After', async () => {
    const first = await storefront(server, key, sms.storefrontSendSmsCode, { Mobile: '13800000006' });
    expect(first.body.Errcode).toBe(0);
    const again = await storefront(server, key, sms.storefrontSendSmsCode, { Mobile: '13800000006' });
    expect(again.status).toBe(429);
    expectError(again, /ask again in \d+ s/);
    expect(fieldOf(again)).toBe('Mobile');
    expect(Number(again.raw.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses after five wrong tries and once the code lapsed', async () => {
    await storefront(server, key, sms.storefrontSendSmsCode, { Mobile: '13800000007' });
    for (let attempt = 0; attempt < 5; attempt += 1)
      await storefront(server, key, sms.storefrontCheckSmsCode, { Mobile: '13800000007', Code: '999999' });
    expectError(
      await storefront(server, key, sms.storefrontCheckSmsCode, { Mobile: '13800000007', Code: '999999' }),
      /Too many wrong tries/,
    );
    await storefront(server, key, sms.storefrontSendSmsCode, { Mobile: '13800000008' });
    const [message] = await sendsWhere(sql`mobile = '13800000008'`);
    await server.query(
      sql`update sms_verify_codes set expires_at = now() - interval '1 second' where mobile = '13800000008'`,
    );
    expectError(
      await storefront(server, key, sms.storefrontCheckSmsCode, {
        Mobile: '13800000008',
        Code: message!.params[0]!,
      }),
      /No code is waiting/,
    );
  });

  it('refuses bad mobiles and codes naming them, a shop that cannot send, and calls without the key', async () => {
    for (const Mobile of ['12800000001', '1380000000', '+8613800000001']) {
      const response = await storefront(server, key, sms.storefrontSendSmsCode, { Mobile });
      expect(fieldOf(response)).toBe('Mobile');
    }
    for (const Code of ['12345', '1234567', 'abcdef']) {
      const response = await storefront(server, key, sms.storefrontCheckSmsCode, { Mobile: mobile, Code });
      expect(fieldOf(response)).toBe('Code');
    }
    const secondKey = await storefrontKey(server, site2);
    const cannot = await storefront(server, secondKey, sms.storefrontSendSmsCode, { Mobile: '13800000009' });
    expectError(cannot, /cannot send verification codes/);
    expect(await server.query(sql`select id from sms_verify_codes where mobile = '13800000009'`)).toEqual([]);
    expect((await server.call(sms.storefrontSendSmsCode, { Mobile: mobile })).status).toBe(401);
  });
});

describe('send records', () => {
  it('filter by scene, state and mobile digits, with counts per state', async () => {
    const all = (await server.call(sms.getSmsSends, { pageSize: 5 }, { token: admin })).body;
    expect(all.Counts.all).toBe(all.Counts.queued! + all.Counts.sent! + all.Counts.failed!);
    const shipped = (
      await server.call(sms.getSmsSends, { scene: 'orderShipped', pageSize: 100 }, { token: admin })
    ).body;
    expect(shipped.Total).toBeGreaterThan(0);
    expect(new Set(shipped.Data.map((row) => row.Scene))).toEqual(new Set(['orderShipped']));
    const byMobile = (await server.call(sms.getSmsSends, { keyword: '0000000' }, { token: admin })).body;
    expect(byMobile.Data.every((row) => /0000$/.test(row.Mobile) || row.Mobile.startsWith('13'))).toBe(true);
    const failed = (await server.call(sms.getSmsSends, { state: 'failed' }, { token: admin })).body;
    expect(failed.Total).toBe(all.Counts.failed);
    const range = await server.call(
      sms.getSmsSends,
      { createdFrom: '2026-02-01', createdTo: '2026-01-01' },
      { token: admin },
    );
    expect(fieldOf(range)).toBe('createdFrom');
  });

  it('export as a spreadsheet with masked mobiles', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api${sms.exportSmsSends.path}?scene=manual&format=csv`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(String(response.headers['content-disposition'])).toContain('sms-records.csv');
    const text = response.body;
    expect(text).toContain('Manual send');
    // Only the mobile column is checked: a random sandbox message id can be eleven digits too.
    const mobiles = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split('","')[1]);
    expect(mobiles.length).toBeGreaterThan(0);
    for (const mobile of mobiles) expect(mobile).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    const xlsx = await server.app.inject({
      method: 'GET',
      url: `/api${sms.exportSmsSends.path}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});

describe('who may', () => {
  it('refuses accounts without the SMS screens, and callers without a session', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    const calls = [
      [sms.getSmsOverview, {}],
      [sms.buySmsPackage, { PackageId: 1 }],
      [sms.getSmsLedger, {}],
      [sms.applySmsSignature, { Name: '演示商城', ProofImage: '/uploads/1/a.png' }],
      [sms.getSmsTemplates, {}],
      [sms.saveSmsTemplate, { Name: 'x', Scene: 'manual', Content: '内容' }],
      [sms.deleteSmsTemplates, { Ids: [1] }],
      [sms.getSmsAudiences, {}],
      [sms.sendSms, { TemplateId: 1, AudienceKind: 'tag', Tag: 'VIP', Values: [] }],
      [sms.getSmsSends, {}],
      [sms.exportSmsSends, {}],
    ] as const;
    for (const [endpoint, input] of calls) {
      expect((await server.call(endpoint, input, { token: sub })).status, endpoint.path).toBe(403);
      expect((await server.call(endpoint, input, { token: null })).status, endpoint.path).toBe(401);
    }
  });
});

describe('parallel sends', () => {
  it('never take more than the balance: 20 sends at once with 5 parts left make exactly 5 messages', async () => {
    const template = await approvedTemplate(server, site2, {
      Name: '并发',
      Scene: 'manual',
      Content: '并发{1}',
    });
    await memberWith(server, SECOND_SITE, { openId: 'race-1', mobile: '13700000091', tags: ['并发'] });
    await server.query(sql`update sms_accounts set balance = 0 where site_id = ${SECOND_SITE}`);
    const packageId = await platformPackage(server, 5, 50);
    await server.call(sms.buySmsPackage, { PackageId: packageId }, { token: site2 });
    expect(await balanceOf(server, SECOND_SITE)).toBe(5);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call(
          sms.sendSms,
          { TemplateId: template, AudienceKind: 'tag', Tag: '并发', Values: ['!'] },
          { token: site2 },
        ),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(responses.filter((response) => response.body.Errcode === 0)).toHaveLength(5);
    expect(responses.filter((response) => /balance is short/.test(response.body.Errmsg))).toHaveLength(15);
    expect(await balanceOf(server, SECOND_SITE)).toBe(0);
    expect(await sendsWhere(sql`site_id = ${SECOND_SITE} and reference like '%并发'`)).toHaveLength(5);
    const [ledger] = await server.query<{ taken: number }>(
      sql`select -sum(delta)::int as taken from sms_ledger l join sms_sends s on s.id = l.send_id
           where s.site_id = ${SECOND_SITE} and s.reference like '%并发'`,
    );
    expect(ledger!.taken).toBe(5);
  });

  it('sends each queued message once when several instances drain at the same moment', async () => {
    const queued = await sendsWhere(
      sql`site_id = ${SECOND_SITE} and reference like '%并发' and state = 'queued'`,
    );
    const at = new Date(Date.now() + 5_000);
    await Promise.all(Array.from({ length: 3 }, () => sweep(server, { at })));
    const rows = await sendsWhere(
      sql`id in (${sql.join(
        queued.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
    const outbox = await server.query<{ attempts: number }>(
      sql`select attempts from outbox where kind = 'sms.send'
           and (payload->>'sendId')::int in (${sql.join(
             queued.map((row) => sql`${row.id}`),
             sql`, `,
           )})`,
    );
    expect(outbox.map((row) => row.attempts)).toEqual(queued.map(() => 1));
  });
});
