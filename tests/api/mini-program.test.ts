import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../contract/endpoints/mini-program';
import * as applyments from '../../contract/endpoints/pay-applyment';
import { applymentSweep } from '../../server/areas/mini-program/applyment';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { TEST_ENV } from './test-env';

let server: TestServer;
let admin: string;
let site2: string;
let sub: string;
let store: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  sub = await server.login('sub', { siteId: 1 });
  store = await server.login('store');
});
afterAll(async () => {
  await server?.close();
});

async function versions(token = admin, status: api.VersionTab = 'all') {
  const list = await server.call(api.getVersionList, { status }, { token });
  expect(list.body.Errmsg).toBe('');
  return list.body;
}

const item = {
  Address: 'pages/index/index',
  Tag: '商城 购物',
  Title: '首页',
  FirstClass: '商家自营',
  SecondClass: '服装/鞋/箱包',
  FirstId: 304,
  SecondId: 305,
};

describe('the sandbox mini-program of the demo mall', () => {
  it('shows its authorisation and its versions by tab', async () => {
    const authorization = await server.call(api.getAuthorization, {}, { token: admin });
    expect(authorization.body).toMatchObject({
      Provider: 'sandbox',
      Status: 'authorized',
      ReleasedVersion: '2.0.0',
    });
    const all = await versions();
    // The seeded batch commit made 2.1.2, committed and waiting to be submitted.
    expect(all.Counts).toEqual({ all: 5, uploaded: 1, auditing: 1, approved: 0, rejected: 1, released: 2 });
    expect((await versions(admin, 'uploaded')).Data.map((row) => row.UserVersion)).toEqual(['2.1.2']);
    expect((await versions(admin, 'rejected')).Data.map((row) => row.UserVersion)).toEqual(['2.1.0']);
    const released = await versions(admin, 'released');
    expect(released.Data.map((row) => [row.UserVersion, row.Status])).toEqual([
      ['2.0.0', 'released'],
      ['1.0.0', 'superseded'],
    ]);
  });

  it('refuses a second audit while one is under way, naming the version', async () => {
    const committed = await server.call(
      api.commitVersion,
      { TemplateId: 3, UserVersion: '2.2.0', UserDesc: '积分商城' },
      { token: admin, locale: 'en' },
    );
    expect(committed.body.Errmsg).toBe('');
    const id = committed.body.Id;
    expect((await server.call(api.getVersionInfo, { id }, { token: admin })).body.Status).toBe('uploaded');
    const busy = await server.call(
      api.submitAudit,
      { Id: id, Items: [item] },
      { token: admin, locale: 'en' },
    );
    expect(busy.body.Errmsg).toBe('Version 2.1.1 is under audit already; wait for its result');
  });

  it('plays WeChat’s audit in the sandbox, once per result', async () => {
    const auditing = (await versions(admin, 'auditing')).Data[0]!;
    const approve = { Id: auditing.Id, Result: 'success' as const };
    expect((await server.call(api.sandboxAuditResult, approve, { token: admin })).body.Errmsg).toBe('');
    const again = await server.call(api.sandboxAuditResult, approve, { token: admin, locale: 'en' });
    expect(again.body.Errmsg).toBe(`Code version ${auditing.Id} cannot do this in its current state`);
    const info = await server.call(api.getVersionInfo, { id: auditing.Id }, { token: admin });
    expect(info.body.Status).toBe('approved');
    expect(info.body.Timeline.filter((event) => event.Event === 'approve')).toHaveLength(1);
  });

  it('answers a page that is not in the code with WeChat’s errcode, and the version stays committed', async () => {
    const [uploaded] = (await versions(admin, 'uploaded')).Data;
    await server.call(
      api.submitAudit,
      { Id: uploaded!.Id, Items: [{ ...item, Address: 'pages/none/none' }] },
      { token: admin },
    );
    const refused = await server.call(
      api.getVersionInfo,
      { id: uploaded!.Id },
      { token: admin, locale: 'en' },
    );
    expect(refused.body.Status).toBe('uploaded');
    expect(refused.body.Reason).toBe('A page path is not in the code (85007)');
  });

  it('releases the approved version and rolls back to the one before', async () => {
    const approved = (await versions(admin, 'approved')).Data[0]!;
    expect(
      (await server.call(api.releaseVersion, { Ids: [approved.Id] }, { token: admin })).body.Errmsg,
    ).toBe('');
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.ReleasedVersion).toBe(
      '2.1.1',
    );
    await server.call(api.rollbackVersion, { Ids: [approved.Id] }, { token: admin });
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.ReleasedVersion).toBe(
      '2.0.0',
    );
    const qr = await server.call(api.getExperienceQr, { id: approved.Id }, { token: admin });
    expect(qr.body.Image).toMatch(/^data:image\/png;base64,/);
  });
});

describe('visit status', () => {
  it('closes the released mini-program to visitors and opens it again, in the audit log', async () => {
    const closed = await server.call(api.setVisitStatus, { Open: false }, { token: admin });
    expect(closed.body).toMatchObject({ Status: 'authorized', VisitOpen: false });
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.VisitOpen).toBe(false);
    const opened = await server.call(api.setVisitStatus, { Open: true }, { token: admin });
    expect(opened.body.VisitOpen).toBe(true);
    const logged = await server.query<{ action: string }>(
      sql`select action from audit_log where site_id = 1 and action like 'miniProgram.%Visit' order by id`,
    );
    expect(logged.map((row) => row.action)).toEqual(['miniProgram.closeVisit', 'miniProgram.openVisit']);
  });

  it('refuses bad input naming the field, a shop with nothing released, and the sub-account', async () => {
    const bad = await server.call(api.setVisitStatus, { Open: 'no' as unknown as boolean }, { token: admin });
    expect((bad.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field).toBe('Open');
    const none = await server.call(api.setVisitStatus, { Open: false }, { token: site2, locale: 'en' });
    expect(none.body.Errmsg).toBe('Authorise the mini-program to the platform first');
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.VisitOpen).toBe(true);
    expect((await server.call(api.setVisitStatus, { Open: false }, { token: sub })).status).toBe(403);
  });
});

describe('page codes (GetQrCode2)', () => {
  it('draws the released mini-program’s code of a page, and refuses a shop with none released', async () => {
    const code = await server.call(
      api.getQrCode2,
      { page: 'pages/goods/detail', scene: 'id=12' },
      { token: admin },
    );
    expect(code.body.Image).toMatch(/^data:image\/png;base64,/);
    const bad = await server.call(api.getQrCode2, { page: '../etc/passwd' }, { token: admin });
    expect(bad.body.Errmsg).toContain('page');
    const none = await server.call(
      api.getQrCode2,
      { page: 'pages/index/index' },
      { token: site2, locale: 'en' },
    );
    expect(none.body.Errmsg).toBe('Authorise the mini-program to the platform first');
  });
});

describe('bad input', () => {
  it.each([
    [{ TemplateId: 3, UserVersion: 'has space', UserDesc: 'x' }, 'UserVersion'],
    [{ TemplateId: 3, UserVersion: '1.0.0', UserDesc: '' }, 'UserDesc'],
    [{ TemplateId: 3, UserVersion: '1.0.0', UserDesc: 'x', Extra: 1 }, 'Extra'],
  ])('refuses commit %j naming %s', async (input, field) => {
    const response = await server.call(api.commitVersion, input, { token: admin });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toContain(field);
  });

  it('refuses a template the platform does not list, and an audit of six pages', async () => {
    const template = await server.call(
      api.commitVersion,
      { TemplateId: 99, UserVersion: '9.9.9', UserDesc: 'x' },
      { token: admin, locale: 'en' },
    );
    expect(template.body.Errmsg).toBe('Code template 99 is not among the platform templates');
    const many = await server.call(api.submitAudit, { Id: 1, Items: Array(6).fill(item) }, { token: admin });
    expect(many.body.Errmsg).toContain('Items');
    const tag = await server.call(
      api.submitAudit,
      { Id: 1, Items: [{ ...item, Tag: 'a  b' }] },
      { token: admin },
    );
    expect(tag.body.Errmsg).toContain('Tag');
  });
});

describe('tenant isolation and permissions', () => {
  it('shows another shop none of the mall’s versions and lets it act on none', async () => {
    const mallId = (await versions()).Data[0]!.Id;
    expect((await versions(site2)).Total).toBe(0);
    expect((await server.call(api.getAuthorization, {}, { token: site2 })).body.Status).toBe('none');
    for (const [endpoint, input] of [
      [api.getVersionInfo, { id: mallId }],
      [api.getExperienceQr, { id: mallId }],
      [api.releaseVersion, { Ids: [mallId] }],
      [api.rollbackVersion, { Ids: [mallId] }],
      [api.sandboxAuditResult, { Id: mallId, Result: 'success' }],
    ] as const) {
      const response = await server.call(endpoint, input, { token: site2, locale: 'en' });
      expect(response.body.Errmsg, endpoint.path).toBe(`No code version ${mallId} in this shop`);
    }
    const commit = await server.call(
      api.commitVersion,
      { TemplateId: 3, UserVersion: '1.0.0', UserDesc: 'x' },
      { token: site2, locale: 'en' },
    );
    expect(commit.body.Errmsg).toBe('Authorise the mini-program to the platform first');
  });

  it('authorises another shop in the sandbox with its own app id', async () => {
    const started = await server.call(api.startAuthorization, {}, { token: site2 });
    const code = new URL(started.body.Url).searchParams.get('auth_code')!;
    expect(code).toMatch(/^sandbox-/);
    const done = await server.call(api.completeAuthorization, { AuthCode: code }, { token: site2 });
    expect(done.body).toMatchObject({ Status: 'authorized', AppId: 'wx0000000000000002' });
    const forged = await server.call(
      api.completeAuthorization,
      { AuthCode: 'not-sandbox' },
      { token: site2, locale: 'en' },
    );
    expect(forged.body.Errmsg).toBe(
      'WeChat refused: The authorisation code is not valid; authorise again (61006)',
    );
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.AppId).toBe(
      'wx0000000000000001',
    );
  });

  it.each([
    ['the sub-account', () => sub],
    ['the store account', () => store],
  ])('refuses %s every mini-program and applyment call', async (_, token) => {
    for (const [endpoint, input] of [
      [api.getVersionList, {}],
      [api.commitVersion, { TemplateId: 3, UserVersion: '1.0.0', UserDesc: 'x' }],
      [api.releaseVersion, { Ids: [1] }],
      [applyments.getApplymentList, {}],
      [applyments.submitApplyment, { Ids: [1] }],
    ] as const) {
      const response = await server.call(endpoint, input, { token: token() });
      expect(response.status, endpoint.path).toBe(403);
    }
  });
});

describe('applyments', () => {
  const config = loadConfig({ ...TEST_ENV });
  const draft = {
    SubjectType: 'SUBJECT_TYPE_ENTERPRISE',
    MerchantName: '杭州测试商贸有限公司',
    LicenseNumber: '91330100MA2KXXXX1Q',
    LicenseCopy: 'data:image/png;base64,iVBORw0KGgo=',
    LegalPerson: '李四',
    IdCardName: '李四',
    IdCardNumber: '33010119900101123X',
    IdCardCopy: 'data:image/png;base64,iVBORw0KGgo=',
    IdCardNational: 'data:image/png;base64,iVBORw0KGgo=',
    IdCardValidFrom: '2020-01-01',
    IdCardValidTo: '长期',
    BankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
    AccountBank: '工商银行',
    AccountName: '杭州测试商贸有限公司',
    BankAddressCode: '330100',
    AccountNumber: '6222020202020202',
    ContactName: '李四',
    ContactMobile: '13900001111',
    ContactEmail: 'li@example.com',
    MerchantShortname: '测试商城',
    ServicePhone: '0571-8888888',
  };

  it('lists the demo applyments by state, to this shop only', async () => {
    const list = await server.call(applyments.getApplymentList, {}, { token: admin });
    expect(list.body.Counts).toMatchObject({ all: 3, editing: 1, toBeSigned: 1, rejected: 1 });
    expect((await server.call(applyments.getApplymentList, {}, { token: site2 })).body.Total).toBe(0);
    const id = list.body.Data[0]!.Id;
    const other = await server.call(applyments.getApplymentInfo, { id }, { token: site2, locale: 'en' });
    expect(other.body.Errmsg).toBe(`No applyment ${id} in this shop`);
  });

  it('keeps the numbers sealed, shows them masked, and refuses bad ones naming the field', async () => {
    const bad = await server.call(
      applyments.saveApplyment,
      { ...draft, IdCardNumber: '1234' },
      { token: admin },
    );
    expect(bad.body.Errmsg).toContain('IdCardNumber');
    const licence = await server.call(
      applyments.saveApplyment,
      { ...draft, LicenseNumber: 'OOOO' },
      { token: admin },
    );
    expect(licence.body.Errmsg).toContain('LicenseNumber');
    const saved = await server.call(applyments.saveApplyment, draft, { token: admin });
    expect(saved.body.Errmsg).toBe('');
    const info = await server.call(applyments.getApplymentInfo, { id: saved.body.Id }, { token: admin });
    expect(info.body).toMatchObject({
      Status: 'editing',
      IdCardNumberMask: '3301**********123X',
      AccountNumberMask: '************0202',
      ContactMobileMask: '139****1111',
    });
    const [row] = await server.query<{ id_card_number_sealed: string; draft: unknown }>(
      sql`select id_card_number_sealed, draft from pay_applyments where id = ${saved.body.Id}`,
    );
    expect(row!.id_card_number_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('33010119900101123X');
    const stale = await server.call(
      applyments.saveApplyment,
      { ...draft, Id: saved.body.Id, Version: 99 },
      { token: admin },
    );
    expect(stale.body.Errcode).toBe(-1);
  });

  it('walks an applyment to be signed, then finished, filling the merchant id of the payment settings', async () => {
    const saved = await server.call(applyments.saveApplyment, draft, { token: admin });
    const id = saved.body.Id;
    expect((await server.call(applyments.submitApplyment, { Ids: [id] }, { token: admin })).body.Errmsg).toBe(
      '',
    );
    const auditing = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(auditing.body.Status).toBe('auditing');
    expect(auditing.body.ApplymentId).toMatch(/^\d+$/);
    const edit = await server.call(
      applyments.saveApplyment,
      { ...draft, Id: id, Version: auditing.body.Version },
      { token: admin, locale: 'en' },
    );
    expect(edit.body.Errmsg).toBe(`Applyment ${id} is with WeChat Pay and cannot be changed now`);
    await server.call(applyments.refreshApplyment, { Ids: [id] }, { token: admin });
    const signing = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(signing.body.Status).toBe('toBeSigned');
    expect(signing.body.SignUrl).toMatch(/^https:\/\/pay\.weixin\.qq\.com\//);
    // A day later the sweep finds it signed.
    await applymentSweep(server.database.db, new Date(Date.now() + 2 * 24 * 3600 * 1000), config);
    const finished = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(finished.body.Status).toBe('finished');
    expect(finished.body.SubMchId).toMatch(/^\d{10}$/);
    const [settings] = await server.query<{ mch_id: string }>(
      sql`select mch_id from payment_settings where site_id = 1`,
    );
    expect(settings!.mch_id).toBe(finished.body.SubMchId);
  });

  it('refuses to submit an incomplete draft, naming the first missing field', async () => {
    const saved = await server.call(
      applyments.saveApplyment,
      { ...draft, BankAddressCode: '', AccountNumber: undefined },
      { token: admin },
    );
    const refused = await server.call(
      applyments.submitApplyment,
      { Ids: [saved.body.Id] },
      { token: admin, locale: 'en' },
    );
    expect(refused.body.Errmsg).toBe(
      'Fill in every field before submitting; missing: BankAddressCode, AccountNumber',
    );
  });
});
