import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_QR_PREFIX, groupCouponCode, readCouponCode } from '../../contract/coupon-code';
import { API_BASE } from '../../contract/endpoint';
import * as coupons from '../../contract/endpoints/coupons';
import { storefrontWriteOffCoupon } from '../../contract/endpoints/storefront-coupons';
import { getWriteOffLog } from '../../contract/endpoints/tickets';
import { DAY_MS } from '../../contract/shop-time';
import { marketingSweep } from '../../server/areas/marketing/sweeps';
import { fieldOf, makeCoupon } from './coupon-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, storefront, storefrontKey } from './order-helpers';

/** Offline coupons: batches of codes, their list and export, voiding, and writing one off at a store. */

let server: TestServer;
let admin: string;
let store: string;
let sub: string;
let key: string;
let flagship: number;
let otherStore: number;

beforeAll(async () => {
  server = await startTestServer({ env: { SWEEP_INTERVAL_SECONDS: '0' } });
  admin = await server.login('admin');
  store = await server.login('store');
  sub = await server.login('sub', { siteId: MALL_SITE });
  key = await storefrontKey(server, admin);
  const [account] = await server.query<{ store_id: number }>(
    sql`select store_id from accounts where user_name = 'store'`,
  );
  flagship = account!.store_id;
  const [other] = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${MALL_SITE} and id <> ${flagship} and not deleted order by id limit 1`,
  );
  otherStore = other!.id;
});
afterAll(() => server.close());

const offlineCoupon = (change: Parameters<typeof makeCoupon>[2] = {}, activate = false) =>
  makeCoupon(
    server,
    admin,
    { Title: '门店测试券', Channel: 'offline', ThresholdFen: 0, Value: 500, ...change },
    activate,
  );

async function build(couponId: number, quantity: number) {
  return server.call(coupons.buildOfflineCodes, { CouponId: couponId, Quantity: quantity }, { token: admin });
}

async function codesOf(couponId: number, state = 'unused') {
  const rows = await server.query<{ id: number; code: string }>(
    sql`select id, code from offline_coupon_codes where coupon_id = ${couponId} and state = ${state} order by id`,
  );
  return rows;
}

describe('building codes', () => {
  it('builds a batch of unique codes with a valid check character, each a unit of the quantity', async () => {
    const id = await offlineCoupon({ TotalQuantity: 150 });
    const built = await build(id, 100);
    expect(built.body).toMatchObject({ Errcode: 0, Count: 100 });
    const codes = await codesOf(id);
    expect(codes).toHaveLength(100);
    expect(new Set(codes.map((row) => row.code)).size).toBe(100);
    expect(codes.every((row) => readCouponCode(row.code) === row.code)).toBe(true);
    const [coupon] = await server.query<{ issued: number }>(sql`select issued from coupons where id = ${id}`);
    expect(coupon!.issued).toBe(100);
    const over = await build(id, 51);
    expect(over.body.Errcode).toBe(-1);
    expect(fieldOf(over)).toBe('Quantity');
    expect(over.body.Errmsg).toContain('50');
    expect((await build(id, 50)).body.Count).toBe(50);
    const batches = await server.call(coupons.getOfflineBatches, { couponId: id }, { token: admin });
    expect(batches.body.Data.map((row) => row.Quantity)).toEqual([50, 100]);
  });

  it.each<[string, () => Promise<number>, number, string]>([
    ['an online coupon', () => makeCoupon(server, admin, { Title: '线上券' }), 10, 'CouponId'],
    [
      'an ended offline coupon',
      async () => {
        const id = await offlineCoupon({}, true);
        await server.call(coupons.setCouponState, { Ids: [id], Action: 'end' }, { token: admin });
        return id;
      },
      10,
      'CouponId',
    ],
    ['no codes', () => offlineCoupon(), 0, 'Quantity'],
    [
      'more than a batch holds',
      () => offlineCoupon({ TotalQuantity: null }),
      coupons.MAX_BATCH_CODES + 1,
      'Quantity',
    ],
  ])('refuses %s, naming the field', async (_, make, quantity, field) => {
    const response = await build(await make(), quantity);
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe(field);
  });

  it('is refused to accounts without the build screen', async () => {
    expect(
      (await server.call(coupons.buildOfflineCodes, { CouponId: 1, Quantity: 1 }, { token: sub })).status,
    ).toBe(403);
  });
});

describe('the code list and its export', () => {
  it('lists codes by state with counts, by batch and by a code typed in groups', async () => {
    const id = await offlineCoupon();
    await build(id, 5);
    const second = (await build(id, 3)).body.BatchId;
    const list = await server.call(coupons.getOfflineCodeList, { couponId: id }, { token: admin });
    expect(list.body).toMatchObject({
      Total: 8,
      Counts: { all: 8, unused: 8 },
      Coupon: { Id: id, Title: '门店测试券' },
    });
    expect(list.body.Data[0]!.QrPayload).toBe(`${COUPON_QR_PREFIX}${list.body.Data[0]!.Code}`);
    const batch = await server.call(
      coupons.getOfflineCodeList,
      { couponId: id, batchId: second },
      { token: admin },
    );
    expect(batch.body.Total).toBe(3);
    const code = list.body.Data[4]!.Code;
    const typed = await server.call(
      coupons.getOfflineCodeList,
      { couponId: id, keyword: groupCouponCode(code).toLowerCase() },
      { token: admin },
    );
    expect(typed.body.Data.map((row) => row.Code)).toEqual([code]);
    const online = await makeCoupon(server, admin, { Title: '非门店券' });
    expect(
      fieldOf(await server.call(coupons.getOfflineCodeList, { couponId: online }, { token: admin })),
    ).toBe('couponId');
  });

  it('exports every code as a workbook, grouped, with the QR content', async () => {
    const id = await offlineCoupon();
    await build(id, 100);
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${coupons.exportOfflineCodes.path}`,
      query: { couponId: String(id) },
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('spreadsheetml');
    expect(String(raw.headers['content-disposition'])).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(101);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Code', 'QR content', 'State']));
    const codes = new Set((await codesOf(id)).map((row) => groupCouponCode(row.code)));
    for (let row = 2; row <= 101; row += 1) {
      const code = String(sheet.getRow(row).getCell(1).value);
      expect(codes.has(code)).toBe(true);
      expect(sheet.getRow(row).getCell(2).value).toBe(`${COUPON_QR_PREFIX}${code.replaceAll('-', '')}`);
    }
  });

  it('voids unused codes once', async () => {
    const id = await offlineCoupon();
    await build(id, 2);
    const [first] = await codesOf(id);
    const voided = await server.call(coupons.voidOfflineCodes, { Ids: [first!.id] }, { token: admin });
    expect(voided.body.Changed).toEqual([first!.id]);
    expect(
      (await server.call(coupons.voidOfflineCodes, { Ids: [first!.id] }, { token: admin })).body.Changed,
    ).toEqual([]);
    expect(fieldOf(await server.call(coupons.voidOfflineCodes, { Ids: [] }, { token: admin }))).toBe('Ids');
  });
});

describe('writing a code off', () => {
  const writeOff = (token: string, input: Record<string, unknown>, locale = 'en') =>
    server.call(coupons.writeOffCoupon, input, { token, locale });

  it('writes a code off once at a store, and the write-off log lists it', async () => {
    const id = await offlineCoupon({ Title: '核销测试券' }, true);
    await build(id, 2);
    const [code] = await codesOf(id);
    const done = await writeOff(admin, {
      Code: `  ${groupCouponCode(code!.code).toLowerCase()} `,
      StoreId: flagship,
    });
    expect(done.body).toMatchObject({ Errcode: 0, Code: code!.code, Title: '核销测试券' });
    const again = await writeOff(admin, { Code: code!.code, StoreId: flagship });
    expect(again.body.Errmsg).toMatch(/was already written off/);
    expect(fieldOf(again)).toBe('Code');
    const log = await server.call(getWriteOffLog, { kind: 'coupon', keyword: code!.code }, { token: admin });
    expect(log.body.Data).toEqual([
      expect.objectContaining({
        Kind: 'coupon',
        Reference: code!.code,
        Title: '核销测试券',
        VerifierName: 'admin',
      }),
    ]);
    const codes = await server.call(
      coupons.getOfflineCodeList,
      { couponId: id, state: 'used' },
      { token: admin },
    );
    expect(codes.body.Data[0]).toMatchObject({ Code: code!.code, State: 'used' });
    expect(codes.body.Data[0]!.UsedStoreTitle).not.toBe('');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a mistyped code', { Code: 'ABCD-EFGH-JKLM-NPQ2' }, 'Code'],
    ['a ticket code', { Code: '123456789012' }, 'Code'],
    ['one character', { Code: 'X' }, 'Code'],
  ])('refuses %s', async (_, input, field) => {
    expect(fieldOf(await writeOff(admin, input))).toBe(field);
  });

  it('refuses a voided code, a code of another store, and names the store when none is given', async () => {
    const id = await offlineCoupon({ Title: '指定门店券', StoreIds: [otherStore] }, true);
    await build(id, 2);
    const [first, second] = await codesOf(id);
    const wrong = await writeOff(admin, { Code: first!.code, StoreId: flagship });
    expect(wrong.body.Errmsg).toMatch(/cannot be used at this store/);
    expect(fieldOf(wrong)).toBe('StoreId');
    expect(fieldOf(await writeOff(admin, { Code: first!.code }))).toBe('StoreId');
    await server.call(coupons.voidOfflineCodes, { Ids: [second!.id] }, { token: admin });
    expect((await writeOff(admin, { Code: second!.code, StoreId: otherStore })).body.Errmsg).toMatch(
      /voided/,
    );
    expect((await writeOff(admin, { Code: first!.code, StoreId: otherStore })).body.Errcode).toBe(0);
  });

  it('lets a store account write off at its own store only', async () => {
    const id = await offlineCoupon({ Title: '门店账号券' }, true);
    await build(id, 2);
    const [first] = await codesOf(id);
    const elsewhere = await writeOff(store, { Code: first!.code, StoreId: otherStore });
    expect(elsewhere.body.Errcode).toBe(-1);
    expect(fieldOf(elsewhere)).toBe('StoreId');
    expect((await writeOff(store, { Code: first!.code })).body).toMatchObject({ Errcode: 0 });
    const log = await server.call(getWriteOffLog, { kind: 'coupon' }, { token: store });
    expect(log.body.Data.every((row) => row.StoreId === flagship)).toBe(true);
    expect(log.body.Data.map((row) => row.Reference)).toContain(first!.code);
  });

  it('lets a verifier member write off through the storefront', async () => {
    const id = await offlineCoupon({ Title: '店员核销券' }, true);
    await build(id, 1);
    const [code] = await codesOf(id);
    const [verifier] = await server.query<{ store_id: number }>(
      sql`select v.store_id from ticket_verifiers v join members m on m.id = v.member_id
           where m.open_id = 'demo-ticket-verifier' and v.site_id = ${MALL_SITE}`,
    );
    const stranger = await storefront(server, key, storefrontWriteOffCoupon, {
      VerifierId: 'demo-buyer-001',
      StoreId: verifier!.store_id,
      Code: code!.code,
    });
    expect(fieldOf(stranger)).toBe('VerifierId');
    const done = await storefront(server, key, storefrontWriteOffCoupon, {
      VerifierId: 'demo-ticket-verifier',
      StoreId: verifier!.store_id,
      Code: code!.code,
    });
    expect(done.body).toMatchObject({ Errcode: 0, Code: code!.code, Title: '店员核销券' });
  });

  it('expires unused codes past their validity, once', async () => {
    const id = await offlineCoupon(
      { Title: '过期门店券', Validity: { kind: 'relative', days: 1, fromTomorrow: false } },
      true,
    );
    await build(id, 3);
    const later = new Date(Date.now() + 3 * DAY_MS);
    expect((await marketingSweep(server.database.db, later)).expiredCodes).toBeGreaterThanOrEqual(3);
    expect(await codesOf(id, 'expired')).toHaveLength(3);
    expect((await marketingSweep(server.database.db, later)).expiredCodes).toBe(0);
  });
});
