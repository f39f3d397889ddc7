import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as applyments from '../../contract/endpoints/pay-applyment';
import { applymentSweep } from '../../server/areas/mini-program/applyment';
import { ApplymentError } from '../../server/areas/mini-program/applyment-adapter';
import { sandboxAppId } from '../../server/areas/mini-program/sandbox-platform';
import { wechatPayApplyments } from '../../server/areas/mini-program/wechat-pay-applyment';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE } from './order-helpers';
import { TEST_ENV } from './test-env';
import { startWechatPayStandIn, TEST_MERCHANT, type WechatPayStandIn } from './wechat-pay-stand-in';

/**
 * The applyment's sales scenes (issue 20 §5) sent to WeChat Pay's applyment4sub through the adapter,
 * against the stand-in, which checks the signature, opens the sealed fields, requires biz_store_info
 * when the sales scenes include a physical store and mini_program_info (one app id) with the
 * mini-program scene.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/wechat-pay');

let server: TestServer;
let standIn: WechatPayStandIn;
let admin: string;
let site2: string;

const partnerEnv = () => ({
  WECHATPAY_API_BASE: standIn.url,
  WECHATPAY_PARTNER_MCH_ID: TEST_MERCHANT.mchId,
  WECHATPAY_PARTNER_SERIAL_NO: TEST_MERCHANT.serialNo,
  WECHATPAY_PARTNER_PRIVATE_KEY_FILE: path.join(FIXTURES, 'merchant-key.pem'),
  WECHATPAY_PARTNER_CERTIFICATE_FILE: path.join(FIXTURES, 'platform-cert.pem'),
});

beforeAll(async () => {
  standIn = await startWechatPayStandIn();
  server = await startTestServer({ env: partnerEnv() });
  admin = await server.login('admin');
  site2 = await server.login('site2');
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const picture = (text: string) => `data:image/svg+xml,${encodeURIComponent(`<svg>${text}</svg>`)}`;

const draft = {
  SubjectType: 'SUBJECT_TYPE_ENTERPRISE',
  MerchantName: '杭州门店商贸有限公司',
  LicenseNumber: '91330100MA2KXXXX1Q',
  LicenseCopy: picture('licence'),
  LegalPerson: '李四',
  IdCardName: '李四',
  IdCardNumber: '33010119900101123X',
  IdCardCopy: picture('portrait'),
  IdCardNational: picture('emblem'),
  IdCardValidFrom: '2020-01-01',
  IdCardValidTo: '长期',
  BankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
  AccountBank: '工商银行',
  AccountName: '杭州门店商贸有限公司',
  BankAddressCode: '330100',
  AccountNumber: '6222020202020202',
  ContactName: '李四',
  ContactMobile: '13900001111',
  ContactEmail: 'li@example.com',
  MerchantShortname: '门店商城',
  ServicePhone: '0571-8888888',
  SalesScenes: 'miniProgramAndStore',
  StoreName: '门店商城西湖店',
  StoreProvinceCode: '330000',
  StoreCityCode: '330100',
  StoreDistrictCode: '330106',
  StoreStreet: '文三路 90 号',
  StoreEntrancePic: picture('entrance'),
  StoreIndoorPic: picture('indoor'),
} as const;

type Errors = { Errors?: { Field: string }[] };
const fieldOf = (body: unknown) => (body as Errors).Errors?.[0]?.Field;

async function submit(input: Record<string, unknown>, token = admin) {
  const saved = await server.call(applyments.saveApplyment, input as applyments.ApplymentDraft, { token });
  expect(saved.body.Errmsg).toBe('');
  const submitted = await server.call(
    applyments.submitApplyment,
    { Ids: [saved.body.Id] },
    { token, locale: 'en' },
  );
  return { id: saved.body.Id, submitted };
}

describe('the store info of an applyment', () => {
  it('is saved, shown, and sent in biz_store_info with uploaded photos, through to signing', async () => {
    const { id, submitted } = await submit(draft);
    expect(submitted.body.Errmsg).toBe('');
    const info = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({
      Status: 'auditing',
      Provider: 'wechat',
      SalesScenes: 'miniProgramAndStore',
      StoreName: '门店商城西湖店',
      StoreProvinceCode: '330000',
      StoreCityCode: '330100',
      StoreDistrictCode: '330106',
      StoreStreet: '文三路 90 号',
      StoreEntrancePic: draft.StoreEntrancePic,
      StoreIndoorPic: draft.StoreIndoorPic,
    });
    const received = standIn.applyments.get(info.body.BusinessCode)!;
    expect(received.applymentId).toBe(info.body.ApplymentId);
    const business = received.body.business_info as {
      sales_info: { sales_scenes_type: string[]; biz_store_info: Record<string, unknown> };
    };
    expect(business.sales_info.sales_scenes_type).toEqual([
      'SALES_SCENES_STORE',
      'SALES_SCENES_MINI_PROGRAM',
    ]);
    const store = business.sales_info.biz_store_info;
    expect(store).toMatchObject({
      biz_store_name: '门店商城西湖店',
      biz_address_code: '330106',
      biz_store_address: '浙江省杭州市西湖区文三路 90 号',
    });
    // Each photo went up through the media API as its own upload.
    const uploads = standIn.received.filter((request) => request.path === '/v3/merchant/media/upload');
    expect(uploads).toHaveLength(5);
    expect(store.store_entrance_pic).toEqual([expect.stringMatching(/^V2_/)]);
    expect(store.indoor_pic).toEqual([expect.stringMatching(/^V2_/)]);
    expect(store.store_entrance_pic).not.toEqual(store.indoor_pic);
    expect(received.opened['contact_info/mobile_phone']).toBe('13900001111');

    standIn.setApplymentState(info.body.BusinessCode, 'APPLYMENT_STATE_TO_BE_SIGNED', {
      sign_url: 'https://pay.weixin.qq.com/public/apply4ec_sign/s?applymentId=1',
    });
    expect(
      (await server.call(applyments.refreshApplyment, { Ids: [id] }, { token: admin })).body.Errmsg,
    ).toBe('');
    const signing = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(signing.body).toMatchObject({ Status: 'toBeSigned', StoreName: '门店商城西湖店' });
  });

  it('is left out of the body when the shop sells in the mini-program only', async () => {
    const { id, submitted } = await submit({
      ...draft,
      MerchantName: '杭州线上商贸有限公司',
      SalesScenes: 'miniProgram',
      StoreName: '',
      StoreEntrancePic: '',
    });
    expect(submitted.body.Errmsg).toBe('');
    const info = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    const sales = (
      standIn.applyments.get(info.body.BusinessCode)!.body.business_info as Record<string, unknown>
    ).sales_info;
    expect(sales).toEqual({
      sales_scenes_type: ['SALES_SCENES_MINI_PROGRAM'],
      mini_program_info: { mini_program_sub_appid: sandboxAppId(MALL_SITE) },
    });
  });

  it.each(applyments.STORE_FIELDS.map((name) => [name]))(
    'refuses to submit a physical store without %s, naming it',
    async (name) => {
      const { submitted } = await submit({ ...draft, [name]: '' });
      expect(submitted.body.Errmsg).toBe(
        `A physical store needs its name, address and photos; missing: ${name}`,
      );
      expect(fieldOf(submitted.body)).toBe(name);
    },
  );

  it('lists every missing store field in Chinese too', async () => {
    const saved = await server.call(
      applyments.saveApplyment,
      { ...draft, StoreName: '', StoreIndoorPic: '' },
      { token: admin },
    );
    const refused = await server.call(
      applyments.submitApplyment,
      { Ids: [saved.body.Id] },
      { token: admin, locale: 'zh' },
    );
    expect(refused.body.Errmsg).toBe('线下门店须填写名称、地址和照片，缺少：StoreName, StoreIndoorPic');
  });

  it.each([
    ['StoreName', { StoreName: '店'.repeat(129) }],
    ['StoreStreet', { StoreStreet: '路'.repeat(257) }],
    ['StoreProvinceCode', { StoreProvinceCode: '33000' }],
    ['StoreDistrictCode', { StoreDistrictCode: '330106 1' }],
    ['SalesScenes', { SalesScenes: 'SALES_SCENES_STORE' }],
  ])('refuses a bad %s when saving, naming it', async (name, change) => {
    const refused = await server.call(
      applyments.saveApplyment,
      { ...draft, ...change } as unknown as applyments.ApplymentDraft,
      { token: admin, locale: 'en' },
    );
    expect(refused.body.Errcode).not.toBe(0);
    expect(fieldOf(refused.body)).toBe(name);
  });

  it.each([
    ['StoreProvinceCode', { StoreProvinceCode: '990000' }],
    ['StoreCityCode', { StoreCityCode: '320100' }],
    ['StoreDistrictCode', { StoreDistrictCode: '330205' }],
  ])('refuses a %s that is not under the area above it', async (name, change) => {
    const refused = await server.call(
      applyments.saveApplyment,
      { ...draft, ...change },
      { token: admin, locale: 'en' },
    );
    expect(refused.body.Errmsg).toBe(
      `Choose the store’s area (${name}) from the list: this code is not under the area above it`,
    );
    expect(fieldOf(refused.body)).toBe(name);
    const zh = await server.call(
      applyments.saveApplyment,
      { ...draft, ...change },
      { token: admin, locale: 'zh' },
    );
    expect(zh.body.Errmsg).toBe(`请从列表中选择门店所在地区（${name}）：此编码不属于上一级地区`);
  });

  it('keeps one shop’s store info from another shop', async () => {
    const saved = await server.call(applyments.saveApplyment, draft, { token: admin });
    const id = saved.body.Id;
    const read = await server.call(applyments.getApplymentInfo, { id }, { token: site2, locale: 'en' });
    expect(read.body.Errmsg).toBe(`No applyment ${id} in this shop`);
    expect(JSON.stringify(read.body)).not.toContain('门店商城西湖店');
    const overwrite = await server.call(
      applyments.saveApplyment,
      { ...draft, Id: id, Version: saved.body.Version, StoreName: '别家的店' },
      { token: site2, locale: 'en' },
    );
    expect(overwrite.body.Errmsg).toBe(`No applyment ${id} in this shop`);
    const submitted = await server.call(applyments.submitApplyment, { Ids: [id] }, { token: site2 });
    expect(submitted.body.Errcode).not.toBe(0);
    const list = await server.call(applyments.getApplymentList, { keyword: '门店商城' }, { token: site2 });
    expect(list.body.Total).toBe(0);
    const mine = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(mine.body).toMatchObject({ Status: 'editing', StoreName: '门店商城西湖店' });
  });
});

type SalesInfo = {
  sales_scenes_type: string[];
  mini_program_info?: { mini_program_sub_appid?: string; mini_program_pics?: string[] };
  biz_store_info?: Record<string, unknown>;
};

async function salesInfoOf(id: number): Promise<SalesInfo> {
  const info = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
  const body = standIn.applyments.get(info.body.BusinessCode)!.body;
  return (body.business_info as { sales_info: SalesInfo }).sales_info;
}

describe('the mini-program of an applyment', () => {
  const online = { ...draft, MerchantName: '杭州小程序商贸有限公司', SalesScenes: 'miniProgram' } as const;

  it('names the shop’s authorised mini-program and sends its screenshots as uploaded media', async () => {
    const uploadsBefore = standIn.received.filter((request) => request.path === '/v3/merchant/media/upload');
    const pics = [picture('home'), picture('goods')];
    const { id, submitted } = await submit({ ...online, MiniProgramPics: pics });
    expect(submitted.body.Errmsg).toBe('');
    const info = await server.call(applyments.getApplymentInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({ MiniProgramAppId: sandboxAppId(MALL_SITE), MiniProgramPics: pics });
    const sales = await salesInfoOf(id);
    expect(sales.sales_scenes_type).toEqual(['SALES_SCENES_MINI_PROGRAM']);
    expect(sales.mini_program_info).toEqual({
      mini_program_sub_appid: sandboxAppId(MALL_SITE),
      mini_program_pics: [expect.stringMatching(/^V2_/), expect.stringMatching(/^V2_/)],
    });
    const [home, goods] = sales.mini_program_info!.mini_program_pics!;
    expect(home).not.toBe(goods);
    // Licence, two ID sides and the two screenshots: five uploads.
    const uploads = standIn.received.filter((request) => request.path === '/v3/merchant/media/upload');
    expect(uploads.length - uploadsBefore.length).toBe(5);
  });

  it('sends the app id alone without screenshots, and beside the store when the shop has one', async () => {
    const plain = await submit(online);
    expect(plain.submitted.body.Errmsg).toBe('');
    expect((await salesInfoOf(plain.id)).mini_program_info).toEqual({
      mini_program_sub_appid: sandboxAppId(MALL_SITE),
    });
    const both = await submit({ ...draft, MerchantName: '杭州两栖商贸有限公司' });
    expect(both.submitted.body.Errmsg).toBe('');
    const sales = await salesInfoOf(both.id);
    expect(sales.sales_scenes_type).toContain('SALES_SCENES_MINI_PROGRAM');
    expect(sales.biz_store_info).toMatchObject({ biz_store_name: '门店商城西湖店' });
    expect(sales.mini_program_info).toEqual({ mini_program_sub_appid: sandboxAppId(MALL_SITE) });
  });

  it('refuses to submit for a shop whose mini-program is not authorised, saying what to do', async () => {
    const saved = await server.call(applyments.saveApplyment, online, { token: site2 });
    expect(saved.body.Errmsg).toBe('');
    const detail = await server.call(applyments.getApplymentInfo, { id: saved.body.Id }, { token: site2 });
    expect(detail.body.MiniProgramAppId).toBe('');
    const sent = standIn.applyments.size;
    const refused = await server.call(
      applyments.submitApplyment,
      { Ids: [saved.body.Id] },
      { token: site2, locale: 'en' },
    );
    expect(refused.body.Errmsg).toBe(
      'The applyment names the shop’s mini-program, and none is authorised: authorise the mini-program under Mini-program management first',
    );
    expect(fieldOf(refused.body)).toBe('MiniProgramAppId');
    const zh = await server.call(
      applyments.submitApplyment,
      { Ids: [saved.body.Id] },
      { token: site2, locale: 'zh' },
    );
    expect(zh.body.Errmsg).toBe('进件申请须填写本店小程序，但尚未授权小程序：请先在小程序管理中授权小程序');
    expect(standIn.applyments.size).toBe(sent);
    const after = await server.call(applyments.getApplymentInfo, { id: saved.body.Id }, { token: site2 });
    expect(after.body.Status).toBe('editing');
  });

  it('sends back to editing an applyment whose authorisation was revoked before it reached WeChat Pay', async () => {
    const saved = await server.call(
      applyments.saveApplyment,
      { ...online, MerchantName: '杭州撤销授权商贸有限公司' },
      { token: admin },
    );
    // WeChat Pay is busy at the first try, so the submission waits in the outbox.
    standIn.failNext(500, 'SYSTEM_ERROR', '系统繁忙');
    const sentBefore = standIn.applyments.size;
    const submitted = await server.call(
      applyments.submitApplyment,
      { Ids: [saved.body.Id] },
      { token: admin },
    );
    expect(submitted.body.Errmsg).toBe('');
    expect(
      (await server.call(applyments.getApplymentInfo, { id: saved.body.Id }, { token: admin })).body.Status,
    ).toBe('submitted');
    await server.query(sql`update wechat_authorizers set state = 'revoked' where site_id = ${MALL_SITE}`);
    try {
      const config = loadConfig({ ...TEST_ENV, ...partnerEnv() });
      await applymentSweep(server.database.db, new Date(Date.now() + 24 * 60 * 60 * 1000), config);
    } finally {
      await server.query(
        sql`update wechat_authorizers set state = 'authorized' where site_id = ${MALL_SITE}`,
      );
    }
    const info = await server.call(applyments.getApplymentInfo, { id: saved.body.Id }, { token: admin });
    expect(info.body.Status).toBe('editing');
    expect(info.body.Reason).toMatch(/^MINI_PROGRAM_UNAUTHORIZED: /);
    expect(standIn.applyments.size).toBe(sentBefore);
  });

  it.each([
    [
      'MiniProgramPics',
      { MiniProgramPics: Array.from({ length: 6 }, (_, index) => picture(`shot${index}`)) },
    ],
    ['MiniProgramPics.1', { MiniProgramPics: [picture('shot'), ''] }],
    ['MiniProgramPics', { MiniProgramPics: picture('shot') }],
  ])('refuses bad screenshots when saving, naming %s', async (name, change) => {
    const refused = await server.call(
      applyments.saveApplyment,
      { ...online, ...change } as unknown as applyments.ApplymentDraft,
      { token: admin, locale: 'en' },
    );
    expect(refused.body.Errcode).not.toBe(0);
    expect(fieldOf(refused.body)).toBe(name);
  });

  it('is refused by WeChat Pay when the mini-program scene comes without its app id', async () => {
    const config = loadConfig({ ...TEST_ENV, ...partnerEnv() });
    const adapter = wechatPayApplyments(config.wechatPayPartner!, config.payment.wechatPayApiBase);
    const media = await adapter.uploadImage('licence.png', Buffer.from('licence'));
    const request = {
      businessCode: `stand-in-${Date.now()}`,
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      merchantName: '缺少小程序的商户',
      licenseNumber: '91330100MA2KXXXX1Q',
      licenseCopy: media,
      legalPerson: '李四',
      idCardName: '李四',
      idCardNumber: '33010119900101123X',
      idCardCopy: media,
      idCardNational: media,
      idCardValidFrom: '2020-01-01',
      idCardValidTo: '长期',
      bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
      accountBank: '工商银行',
      accountName: '缺少小程序的商户',
      bankAddressCode: '330100',
      accountNumber: '6222020202020202',
      contactName: '李四',
      contactMobile: '13900001111',
      contactEmail: '',
      merchantShortname: '缺少小程序',
      servicePhone: '0571-8888888',
      miniProgram: { subAppId: '', pics: [] },
    };
    const refusal = await adapter.submit(request).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApplymentError);
    expect(refusal).toMatchObject({ code: 'PARAM_ERROR', transient: false });
    expect((refusal as Error).message).toBe('服务商小程序APPID与商家小程序APPID须二选一填写');
    const accepted = await adapter.submit({
      ...request,
      miniProgram: { subAppId: sandboxAppId(MALL_SITE), pics: [] },
    });
    expect(accepted.applymentId).toMatch(/^\d+$/);
  });
});
