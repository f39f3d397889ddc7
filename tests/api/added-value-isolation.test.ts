import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as data from '../../contract/endpoints/data-recharge';
import * as records from '../../contract/endpoints/recharge-records';
import * as sms from '../../contract/endpoints/sms';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { uploadProof } from './added-value-helpers';
import { startTestServer, type TestServer } from './harness';
import { BUYER, expectError, storefront, storefrontKey } from './order-helpers';
import { defineIsolationCase, noneOfSiteB, runIsolationCases, sharedSiteB } from './tenant-isolation';

/** Rows of site B: a purchase, a template, a data package, a grade, an upload; made once per server. */
interface SiteB extends Record<string, unknown> {
  purchaseId: number;
  templateId: number;
  templateVersion: number;
  packageId: number;
  packageVersion: number;
  productId: number;
  gradeId: number;
  upload: string;
  sendIds: number[];
}

async function makeSiteB(server: TestServer, siteB: number): Promise<SiteB> {
  const token = await server.login('site2');
  const overview = (await server.call(sms.getSmsOverview, {}, { token })).body;
  const bought = await server.call(sms.buySmsPackage, { PackageId: overview.Packages[0]!.Id }, { token });
  const [template] = await server.query<{ id: number; version: number }>(
    sql`select id, version from sms_templates where site_id = ${siteB} order by id limit 1`,
  );
  const products = (await server.call(data.getDataProducts, {}, { token })).body.Data;
  const saved = await server.call(
    data.saveDataPackage,
    { Code: 'B-1G', ProductId: products[0]!.Id, PriceFen: 990, Enabled: true, Sort: 0 },
    { token },
  );
  let [grade] = await server.query<{ id: number }>(
    sql`select id from member_grades where site_id = ${siteB} limit 1`,
  );
  grade ??= (
    await server.query<{ id: number }>(
      sql`insert into member_grades (site_id, name, level) values (${siteB}, '官网会员', 1) returning id`,
    )
  )[0];
  const sends = await server.query<{ id: number }>(sql`select id from sms_sends where site_id = ${siteB}`);
  return {
    purchaseId: bought.body.Purchase.Id,
    templateId: template!.id,
    templateVersion: template!.version,
    packageId: saved.body.Package.Id,
    packageVersion: saved.body.Package.Version,
    productId: products[0]!.Id,
    gradeId: grade!.id,
    upload: await uploadProof(server, token),
    sendIds: sends.map((row) => row.id),
  };
}

const siteB = sharedSiteB(makeSiteB);

runIsolationCases('added value', [
  defineIsolationCase({
    name: 'GetPurchase of a site B purchase',
    endpoint: records.getPurchase,
    setup: siteB,
    input: (_context, prepared) => ({ id: prepared.purchaseId }),
    message: /no purchase/,
  }),
  defineIsolationCase({
    name: 'CancelPurchase of a site B purchase',
    endpoint: records.cancelPurchase,
    setup: siteB,
    input: (_context, prepared) => ({ Id: prepared.purchaseId }),
    message: /no purchase/,
  }),
  defineIsolationCase({
    name: 'RequestInvoice of a site B purchase',
    endpoint: records.requestInvoice,
    setup: siteB,
    input: (_context, prepared) => ({
      PurchaseId: prepared.purchaseId,
      Title: '越权',
      TaxNo: '',
      Email: 'a@example.com',
    }),
    message: /no purchase/,
  }),
  defineIsolationCase({
    name: 'WithdrawInvoice of a site B purchase',
    endpoint: records.withdrawInvoice,
    setup: siteB,
    input: (_context, prepared) => ({ PurchaseId: prepared.purchaseId }),
    message: /no purchase/,
  }),
  defineIsolationCase({
    name: 'SaveSmsTemplate changing a site B template',
    endpoint: sms.saveSmsTemplate,
    setup: siteB,
    input: (_context, prepared) => ({
      Id: prepared.templateId,
      Version: prepared.templateVersion,
      Name: '越权',
      Scene: 'manual',
      Content: '越权{1}',
    }),
    message: /no template/,
  }),
  defineIsolationCase({
    name: 'DelSmsTemplates of a site B template',
    endpoint: sms.deleteSmsTemplates,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.templateId] }),
  }),
  defineIsolationCase({
    name: 'SendSms with a site B template',
    endpoint: sms.sendSms,
    setup: siteB,
    input: (_context, prepared) => ({
      TemplateId: prepared.templateId,
      AudienceKind: 'tag',
      Tag: 'VIP',
      Values: [],
    }),
    message: /no template/,
  }),
  defineIsolationCase({
    name: 'SendSms to a site B grade',
    endpoint: sms.sendSms,
    setup: async (context) => {
      const prepared = await siteB(context);
      const [own] = await context.server.query<{ id: number }>(
        sql`select id from sms_templates where site_id = ${context.siteA} and name = '会员日'`,
      );
      return { ...prepared, ownTemplate: own!.id };
    },
    input: (_context, prepared) => ({
      TemplateId: prepared.ownTemplate as number,
      AudienceKind: 'grade',
      GradeId: prepared.gradeId,
      Values: ['1', '2'],
    }),
    message: /no grade/,
  }),
  defineIsolationCase({
    name: 'ApplySmsSignature with a site B upload as proof',
    endpoint: sms.applySmsSignature,
    setup: siteB,
    input: (_context, prepared) => ({ Name: '越权签名', ProofImage: prepared.upload }),
    message: /business licence image/,
  }),
  defineIsolationCase({
    name: 'SaveDataPackage changing a site B package',
    endpoint: data.saveDataPackage,
    setup: siteB,
    input: (_context, prepared) => ({
      Id: prepared.packageId,
      Version: prepared.packageVersion,
      Code: 'B-1G',
      ProductId: prepared.productId,
      PriceFen: 1,
      Enabled: true,
      Sort: 0,
    }),
    message: /no data package/,
  }),
  defineIsolationCase({
    name: 'SetDataPackageStatus of a site B package',
    endpoint: data.setDataPackageStatus,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.packageId], Enabled: false }),
  }),
  defineIsolationCase({
    name: 'DelDataPackages of a site B package',
    endpoint: data.deleteDataPackages,
    setup: siteB,
    input: (_context, prepared) => ({ Ids: [prepared.packageId] }),
  }),
  defineIsolationCase({
    name: 'BuyDataStock of a site B package',
    endpoint: data.buyDataStock,
    setup: siteB,
    input: (_context, prepared) => ({ PackageId: prepared.packageId, Quantity: 1 }),
    message: /no data package/,
  }),
  defineIsolationCase({
    name: 'GetRechargeRecordList shows none of site B',
    endpoint: records.getRechargeRecords,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOfSiteB((prepared) => [prepared.purchaseId]),
  }),
  defineIsolationCase({
    name: 'GetSmsTemplateList shows none of site B',
    endpoint: sms.getSmsTemplates,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOfSiteB((prepared) => [prepared.templateId]),
  }),
  defineIsolationCase({
    name: 'GetSmsSendList shows none of site B',
    endpoint: sms.getSmsSends,
    setup: siteB,
    input: () => ({ pageSize: 100, state: 'failed' }),
    verify: noneOfSiteB((prepared) => prepared.sendIds),
  }),
  defineIsolationCase({
    name: 'GetDataPackageList shows none of site B',
    endpoint: data.getDataPackages,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOfSiteB((prepared) => [prepared.packageId]),
  }),
  defineIsolationCase({
    name: 'GetSmsAudiences names none of site B’s grades',
    endpoint: sms.getSmsAudiences,
    setup: siteB,
    input: () => ({}),
    verify: (response, _context, prepared) => {
      const grades = (response.body as unknown as { Grades: { Id: number }[] }).Grades;
      expect(grades.some((grade) => grade.Id === prepared.gradeId)).toBe(false);
    },
  }),
  defineIsolationCase({
    name: 'GetSmsLedger shows only the caller’s balance changes',
    endpoint: sms.getSmsLedger,
    setup: siteB,
    input: () => ({ reason: 'purchase', pageSize: 100 }),
    verify: async (response, context, prepared) => {
      const [theirs] = await context.server.query<{ purchase_no: string }>(
        sql`select purchase_no from platform_purchases where id = ${prepared.purchaseId}`,
      );
      const rows = (response.body as unknown as { Data: { Reference: string }[] }).Data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.Reference === theirs!.purchase_no)).toBe(false);
    },
  }),
]);

describe('tenant isolation: added value through the storefront', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = await storefrontKey(server, await server.login('admin'));
  });
  afterAll(() => server.close());

  it('never sells another shop’s data package', async () => {
    const site2 = await server.login('site2');
    const products = (await server.call(data.getDataProducts, {}, { token: site2 })).body.Data;
    const saved = await server.call(
      data.saveDataPackage,
      { Code: 'ONLY-B', ProductId: products[0]!.Id, PriceFen: 990, Enabled: true, Sort: 0 },
      { token: site2 },
    );
    await server.call(data.buyDataStock, { PackageId: saved.body.Package.Id, Quantity: 3 }, { token: site2 });
    const refused = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'data',
      Buyer: BUYER,
      PackageCode: 'ONLY-B',
      Phone: '13900000001',
    });
    expectError(refused, /offers no data package ONLY-B/);
    const offered = (await storefront(server, key, data.storefrontGetDataPackages, {})).body.Data;
    expect(offered.map((row) => row.Code)).not.toContain('ONLY-B');
  });

  it('never checks a code another shop sent', async () => {
    const secondKey = await storefrontKey(server, await server.login('site2'));
    // The official site cannot send codes (no verification template): the mall's code stays the mall's.
    await storefront(server, key, sms.storefrontSendSmsCode, { Mobile: '13800000011' });
    const [message] = await server.query<{ params: string[] }>(
      sql`select params from sms_sends where mobile = '13800000011' and scene = 'verifyCode'`,
    );
    const elsewhere = await storefront(server, secondKey, sms.storefrontCheckSmsCode, {
      Mobile: '13800000011',
      Code: message!.params[0]!,
    });
    expectError(elsewhere, /No code is waiting/);
    const here = await storefront(server, key, sms.storefrontCheckSmsCode, {
      Mobile: '13800000011',
      Code: message!.params[0]!,
    });
    expect(here.body.Valid).toBe(true);
  });
});
