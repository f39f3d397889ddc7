import { sql } from 'drizzle-orm';
import type { DataCarrier } from '../../../contract/endpoints/data-recharge';
import type { SmsTemplateForm } from '../../../contract/endpoints/sms';
import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { buyDataStock, saveDataPackage } from './data-packages';
import { type Buyer, buySmsPackage, requestInvoice } from './purchases';
import { queueBookingReminder } from './service';
import { type Operator as SmsOperator, sendManualMessage } from './sms-manual';
import { applySignature, applyTemplate } from './sms-review';
import { type AddedValueEnvironment, runAddedValueSweeps } from './sweeps';
import { sendVerifyCode } from './verify-codes';

/**
 * Demo added-value data, made through the services operators, buyers and the sweep use: the
 * platform's SMS packages and data products; for the mall, SMS packages and data stock bought and
 * paid in the sandbox (one invoice issued, one asked), its signature and templates reviewed by the
 * sandbox (one rejected as a test text, one still waiting), and messages sent, failed (an empty
 * number) and queued; for the official site, a signature and a template but no balance, so its
 * booking reminder is recorded as not sent. The order seed then ships parcels (more messages) and
 * sells data top-ups from the mall's stock.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The seed always pays in the sandbox and sends through it, whatever the environment says. */
const SANDBOX: AddedValueEnvironment = {
  sms: undefined,
  payment: {
    secretsKey: Buffer.alloc(32),
    developmentKey: true,
    wechatPayApiBase: 'http://sandbox.invalid',
    wechatApiBase: 'http://sandbox.invalid',
    platformMerchant: null,
  } satisfies PaymentEnvironment,
};
const NOTIFY_URL = 'http://sandbox.invalid/notify';

const SMS_PACKAGES = [
  { name: '短信 100 条', count: 100, priceFen: 1_000, sort: 1 },
  { name: '短信 500 条', count: 500, priceFen: 4_500, sort: 2 },
  { name: '短信 1000 条', count: 1_000, priceFen: 8_500, sort: 3 },
  { name: '短信 5000 条', count: 5_000, priceFen: 40_000, sort: 4 },
  { name: '短信 10000 条', count: 10_000, priceFen: 75_000, sort: 5 },
];

/** The platform's cost per top-up, by carrier and size (MB). */
const DATA_PRODUCTS: Array<[DataCarrier, number, number]> = [
  ['chinaMobile', 500, 420],
  ['chinaMobile', 1024, 850],
  ['chinaMobile', 2048, 1_550],
  ['chinaMobile', 5120, 3_000],
  ['chinaUnicom', 1024, 820],
  ['chinaUnicom', 3072, 2_100],
  ['chinaUnicom', 10240, 4_300],
  ['chinaTelecom', 1024, 830],
  ['chinaTelecom', 2048, 1_500],
  ['chinaTelecom', 10240, 4_200],
];

/** The mall's offer: the codes the order seed's data top-ups name, at the prices members pay. */
const MALL_PACKAGES: Array<{
  code: string;
  carrier: DataCarrier;
  sizeMb: number;
  priceFen: number;
  stock: number;
  enabled: boolean;
  sort: number;
}> = [
  { code: 'D500M', carrier: 'chinaMobile', sizeMb: 500, priceFen: 500, stock: 60, enabled: true, sort: 60 },
  { code: 'D1G', carrier: 'chinaMobile', sizeMb: 1024, priceFen: 1_000, stock: 80, enabled: true, sort: 50 },
  { code: 'D3G', carrier: 'chinaUnicom', sizeMb: 3072, priceFen: 2_500, stock: 40, enabled: true, sort: 40 },
  {
    code: 'D10G',
    carrier: 'chinaTelecom',
    sizeMb: 10240,
    priceFen: 5_000,
    stock: 20,
    enabled: true,
    sort: 30,
  },
  {
    code: 'CT-2G',
    carrier: 'chinaTelecom',
    sizeMb: 2048,
    priceFen: 1_800,
    stock: 30,
    enabled: true,
    sort: 20,
  },
  { code: 'CU-1G', carrier: 'chinaUnicom', sizeMb: 1024, priceFen: 980, stock: 0, enabled: false, sort: 10 },
];

const TEMPLATES: SmsTemplateForm[] = [
  { Name: '发货通知', Scene: 'orderShipped', Content: '您的订单{1}已由{2}发出，运单号{3}，请留意查收。' },
  { Name: '验证码', Scene: 'verifyCode', Content: '您的验证码为{1}，{2}分钟内有效，请勿泄露给他人。' },
  { Name: '预约提醒', Scene: 'bookingReminder', Content: '您预约的{1}将于{2}开始，地点：{3}，请准时到店。' },
  { Name: '会员日', Scene: 'manual', Content: '会员日来啦！全场{1}，{2}前有效，详情见小程序。拒收请回复R' },
  { Name: '测试群发', Scene: 'manual', Content: '这是一条测试短信{1}' },
];

function proof(label: string): { url: string; bytes: Buffer } {
  const url = demoPicture('#5b6b7c', label);
  return { url, bytes: Buffer.from(decodeURIComponent(url.slice(url.indexOf(',') + 1)), 'utf8') };
}

async function seedPlatform(db: Database): Promise<void> {
  await db.execute(
    sql`insert into sms_packages (name, count, price_fen, sort) values ${sql.join(
      SMS_PACKAGES.map((entry) => sql`(${entry.name}, ${entry.count}, ${entry.priceFen}, ${entry.sort})`),
      sql`, `,
    )}`,
  );
  await db.execute(
    sql`insert into data_products (carrier, size_mb, cost_fen) values ${sql.join(
      DATA_PRODUCTS.map(([carrier, size, cost]) => sql`(${carrier}, ${size}, ${cost})`),
      sql`, `,
    )}`,
  );
}

/** The demo shop owner, who sends messages and buys packages; seeds have no caller address. */
type Operator = SmsOperator & Buyer;

async function buySms(db: Database, operator: Operator, count: number, at: Date): Promise<number> {
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`select id from sms_packages where count = ${count}`,
  );
  return (await buySmsPackage(db, operator, found!.id, SANDBOX.payment, NOTIFY_URL, at)).Id;
}

async function seedMallData(db: Database, operator: Operator, now: number): Promise<number[]> {
  const purchases: number[] = [];
  for (const entry of MALL_PACKAGES) {
    const [product] = await queryRows<{ id: number }>(
      db,
      sql`select id from data_products where carrier = ${entry.carrier} and size_mb = ${entry.sizeMb}`,
    );
    const { id } = await db.transaction((tx) =>
      saveDataPackage(tx, operator.siteId, {
        Code: entry.code,
        ProductId: product!.id,
        PriceFen: entry.priceFen,
        Enabled: entry.enabled,
        Sort: entry.sort,
      }),
    );
    if (entry.stock === 0) continue;
    const purchase = await buyDataStock(
      db,
      operator,
      id,
      entry.stock,
      SANDBOX.payment,
      NOTIFY_URL,
      new Date(now - 30 * DAY),
    );
    purchases.push(purchase.Id);
  }
  return purchases;
}

async function applyAll(db: Database, siteId: number, name: string, templates: SmsTemplateForm[], at: Date) {
  const image = proof(name);
  await db.transaction(async (tx) => {
    await applySignature(tx, siteId, { name, proofImage: image.url, proofBytes: image.bytes }, at);
    for (const template of templates) await applyTemplate(tx, siteId, template, at);
  });
}

export const addedValueSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  await seedPlatform(db);
  const mall: Operator = {
    siteId: demo.mallSiteId,
    accountId: demo.adminAccountId,
    userName: 'admin',
    ip: '',
  };

  const firstSms = await buySms(db, mall, 1_000, new Date(now - 20 * DAY));
  await buySms(db, mall, 500, new Date(now - 3 * DAY));
  const dataPurchases = await seedMallData(db, mall, now);
  await applyAll(db, mall.siteId, '演示商城', TEMPLATES, new Date(now - 25 * DAY));

  await applyAll(db, demo.secondSiteId, '演示官网', [TEMPLATES[2]!], new Date(now - 10 * DAY));

  // The sandbox reviews what was applied and the platform's sandbox invoicing issues the first invoice.
  await db.transaction((tx) =>
    requestInvoice(
      tx,
      mall,
      {
        PurchaseId: firstSms,
        Title: '上海演示商贸有限公司',
        TaxNo: '91310000MA1FL0XX3Q',
        Email: 'finance@example.com',
      },
      new Date(now - 19 * DAY),
    ),
  );
  await runAddedValueSweeps(db, new Date(now - 2 * DAY), SANDBOX);

  await db.transaction(async (tx) => {
    await sendManualMessage(
      tx,
      mall,
      {
        TemplateId: await templateId(tx, mall.siteId, '会员日'),
        AudienceKind: 'tag',
        Tag: 'VIP',
        Values: ['8折', '周日'],
      },
      new Date(now - 2 * DAY),
    );
    await queueBookingReminder(tx, {
      siteId: mall.siteId,
      mobile: '13800000003',
      item: '咖啡品鉴课',
      time: '周六 14:00',
      place: '静安店',
      reference: '预约 BK0001',
      now: new Date(now - DAY),
    });
    await queueBookingReminder(tx, {
      siteId: demo.secondSiteId,
      mobile: '13900000002',
      item: '门店参观',
      time: '周五 10:00',
      place: '总部展厅',
      reference: '预约 BK0002',
      now: new Date(now - DAY),
    });
  });
  await sendVerifyCode(db, mall.siteId, '13800000002', '127.0.0.1', new Date(now - DAY));
  // The sandbox treats numbers ending 0000 as empty numbers: this one fails and its part comes back.
  await sendVerifyCode(db, mall.siteId, '13900000000', '127.0.0.1', new Date(now - DAY));
  await runAddedValueSweeps(db, new Date(now - DAY + 60_000), SANDBOX);

  await db.transaction(async (tx) => {
    await requestInvoice(
      tx,
      mall,
      {
        PurchaseId: dataPurchases[1]!,
        Title: '上海演示商贸有限公司',
        TaxNo: '91310000MA1FL0XX3Q',
        Email: 'finance@example.com',
      },
      new Date(now - DAY),
    );
    // Waiting for the next sweep: a message queued and a template applied.
    await sendManualMessage(
      tx,
      mall,
      {
        TemplateId: await templateId(tx, mall.siteId, '会员日'),
        AudienceKind: 'tag',
        Tag: '老客户',
        Values: ['9折', '月底'],
      },
      new Date(now - 60_000),
    );
    await applyTemplate(
      tx,
      mall.siteId,
      { Name: '新品上架', Scene: 'manual', Content: '新品{1}上架，{2}起售，详情见小程序。拒收请回复R' },
      new Date(now - 60_000),
    );
  });
};

async function templateId(tx: Database, siteId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from sms_templates where site_id = ${siteId} and name = ${name} and not deleted`,
  );
  return row!.id;
}
