import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import { getProductInfo, getProductList, saveProduct } from '../../contract/endpoints/goods';
import { bindOrderState } from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import * as tickets from '../../contract/endpoints/tickets';
import { makeTicketCode } from '../../contract/ticket-code';
import { runAreaSweeps } from '../../server/area-list';
import { goodsForm, leafCategory } from './goods-helpers';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { MALL_SITE, SECOND_SITE, storefront, storefrontKey } from './order-helpers';

/** Electronic tickets: issued by paying for virtual goods, written off once, refunded, expired, scoped. */

let server: TestServer;
let admin: string;
let site2: string;
let store: string;
let key: string;
let key2: string;
let flagship: number;
let otherStore: number;
let foreignStore: number;
let buyerCount = 0;

const fieldOf = (response: ApiResponse) =>
  (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

async function virtualSku(
  siteId: number,
  name = '双人下午茶套餐券',
): Promise<{ skuId: number; priceFen: number }> {
  const [row] = await server.query<{ id: number; price_fen: number }>(
    sql`select s.id, s.price_fen from skus s join products p on p.id = s.product_id
         where p.site_id = ${siteId} and p.kind = 'virtual' and p.name = ${name} limit 1`,
  );
  return { skuId: row!.id, priceFen: row!.price_fen };
}

/** A fresh buyer's paid order of `quantity` units of a virtual good; its tickets' codes. */
async function paidTickets(
  quantity: number,
  options: { siteId?: number; name?: string } = {},
): Promise<{ orderNo: string; buyerId: string; codes: string[]; orderId: number; version: number }> {
  const siteId = options.siteId ?? MALL_SITE;
  const shopKey = siteId === MALL_SITE ? key : key2;
  const sku = await virtualSku(siteId, options.name);
  buyerCount += 1;
  const buyer = { Id: `ticket-test-${buyerCount}`, Name: '测试买家', Phone: '13900000001' };
  const created = await storefront(server, shopKey, storefrontApi.createOrder, {
    Buyer: buyer,
    DeliveryType: 'virtual',
    Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
  });
  expect(created.body.Errmsg).toBe('');
  expect(created.body.Order.FreightFen).toBe(0);
  const paid = await storefront(server, shopKey, storefrontApi.payOrder, {
    OrderNo: created.body.Order.OrderNo,
    BuyerId: buyer.Id,
    PaymentMethod: 'wechat',
    AmountFen: created.body.Order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  const rows = await server.query<{ code: string; order_id: number; version: number }>(
    sql`select t.code, t.order_id, o.version from tickets t join orders o on o.id = t.order_id
         where o.order_no = ${created.body.Order.OrderNo} order by t.id`,
  );
  return {
    orderNo: created.body.Order.OrderNo,
    buyerId: buyer.Id,
    codes: rows.map((row) => row.code),
    orderId: rows[0]!.order_id,
    version: rows[0]!.version,
  };
}

function writeOff(token: string, input: unknown) {
  return server.call(tickets.writeOffTicket, input, { token });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  store = await server.login('store');
  key = await storefrontKey(server, admin);
  key2 = await storefrontKey(server, site2);
  const [account] = await server.query<{ store_id: number }>(
    sql`select store_id from accounts where user_name = 'store'`,
  );
  flagship = account!.store_id;
  const [other] = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${MALL_SITE} and id <> ${flagship} and deleted = false order by id limit 1`,
  );
  otherStore = other!.id;
  const [foreign] = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${SECOND_SITE} order by id limit 1`,
  );
  foreignStore = foreign!.id;
});
afterAll(() => server.close());

describe('the demo tickets', () => {
  it('hold every state in both shops, with tab counts', async () => {
    for (const token of [admin, site2]) {
      const list = await server.call(tickets.getTicketList, { pageSize: 100 }, { token });
      expect(list.body.Errcode).toBe(0);
      const { Counts } = list.body;
      expect(Counts.unused).toBeGreaterThan(0);
      expect(Counts.used).toBeGreaterThan(0);
      expect(Counts.expired).toBeGreaterThan(0);
      expect(Counts.refunded).toBeGreaterThan(0);
      expect(Counts.all).toBe(Counts.unused + Counts.used + Counts.expired + Counts.refunded);
      const used = await server.call(tickets.getTicketList, { state: 'used' }, { token });
      expect(used.body.Total).toBe(Counts.used);
      expect(used.body.Data.every((row) => row.State === 'used' && row.UsedStoreTitle !== '')).toBe(true);
    }
  });

  it('searches by code, member and goods', async () => {
    const [ticket] = await server.query<{ code: string }>(
      sql`select code from tickets where site_id = ${MALL_SITE} order by id limit 1`,
    );
    const grouped = `${ticket!.code.slice(0, 4)} ${ticket!.code.slice(4)}`;
    const byCode = await server.call(tickets.getTicketList, { keyword: grouped }, { token: admin });
    expect(byCode.body.Data.map((row) => row.Code)).toEqual([ticket!.code]);
    const byGoods = await server.call(
      tickets.getTicketList,
      { keyword: '洗车', pageSize: 100 },
      { token: admin },
    );
    expect(byGoods.body.Total).toBeGreaterThan(0);
    expect(byGoods.body.Data.every((row) => row.GoodsName.includes('洗车'))).toBe(true);
    const byMember = await server.call(
      tickets.getTicketList,
      { keyword: '林晓', pageSize: 100 },
      { token: admin },
    );
    expect(byMember.body.Total).toBeGreaterThan(0);
    expect(byMember.body.Data.every((row) => row.MemberName === '林晓')).toBe(true);
    const bad = await server.call(tickets.getTicketList, { state: 'lost' }, { token: admin });
    expect(bad.body.Errcode).toBe(-1);
    expect(bad.body.Errmsg).toContain('state');
  });
});

describe('issuing', () => {
  it('issues one ticket per unit at payment; the order is received without shipping', async () => {
    const { orderNo, buyerId, codes } = await paidTickets(3);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    const order = await storefront(server, key, storefrontApi.getOrder, { orderNo, buyerId });
    expect(order.body.Order).toMatchObject({ State: 'received', DeliveryType: 'virtual', FreightFen: 0 });
    const mine = await storefront(server, key, tickets.storefrontGetTickets, { buyerId });
    expect(mine.body.Data.map((row) => row.Code).sort()).toEqual([...codes].sort());
    expect(mine.body.Data.every((row) => row.State === 'unused' && row.ValidUntil !== null)).toBe(true);
  });

  it('refuses a mixed cart, virtual goods with delivery, and physical goods without', async () => {
    const sku = await virtualSku(MALL_SITE);
    const [physical] = await server.query<{ id: number }>(
      sql`select s.id from skus s join products p on p.id = s.product_id
           where p.site_id = ${MALL_SITE} and p.kind = 'physical' and p.shelf_state = 'on' and s.stock > 5 limit 1`,
    );
    const buyer = { Id: 'ticket-mixed', Name: '买家', Phone: '13900000002' };
    const cases: [unknown, string][] = [
      [
        {
          DeliveryType: 'virtual',
          Lines: [
            { SkuId: sku.skuId, Quantity: 1 },
            { SkuId: physical!.id, Quantity: 1 },
          ],
        },
        'Lines',
      ],
      [
        {
          DeliveryType: 'express',
          Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
          Address: {
            Name: '张三',
            Phone: '13800000001',
            Province: '广东省',
            City: '深圳市',
            District: '南山区',
            Detail: '1 号',
          },
        },
        'DeliveryType',
      ],
      [{ DeliveryType: 'virtual', Lines: [{ SkuId: physical!.id, Quantity: 1 }] }, 'DeliveryType'],
    ];
    for (const [input, field] of cases) {
      const response = await storefront(server, key, storefrontApi.createOrder, {
        Buyer: buyer,
        ...(input as object),
      });
      expect(response.body.Errcode).toBe(-1);
      expect(fieldOf(response)).toBe(field);
    }
  });
});

describe('writing off', () => {
  it('by an operator at a store, once; the log shows it', async () => {
    const { codes } = await paidTickets(1);
    const code = codes[0]!;
    const done = await writeOff(admin, { Code: `${code.slice(0, 4)}-${code.slice(4)}`, StoreId: otherStore });
    expect(done.body.Errmsg).toBe('');
    expect(done.body.Ticket).toMatchObject({ Code: code, State: 'used' });
    const again = await writeOff(admin, { Code: code, StoreId: otherStore });
    expect(again.body.Errcode).toBe(-1);
    expect(again.body.Errmsg).toMatch(new RegExp(`Ticket ${code} was already written off at`));
    const log = await server.call(tickets.getWriteOffLog, { keyword: code }, { token: admin });
    expect(log.body.Data).toHaveLength(1);
    expect(log.body.Data[0]).toMatchObject({
      Kind: 'ticket',
      Reference: code,
      VerifierName: 'admin',
      StoreId: otherStore,
    });
    const [audit] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where action = 'ticket.writeOff' and summary->>'code' = ${code}`,
    );
    expect(audit!.count).toBe(1);
  });

  it('refuses bad input naming the field', async () => {
    const { codes } = await paidTickets(1);
    const code = codes[0]!;
    const typo = `${code.slice(0, 11)}${(Number(code[11]) + 1) % 10}`;
    const cases: [unknown, RegExp, string][] = [
      [{ Code: typo, StoreId: otherStore }, /not a ticket code/, 'Code'],
      [{ Code: '', StoreId: otherStore }, /Code/, 'Code'],
      [{ Code: code }, /Choose the store/, 'StoreId'],
      [{ Code: code, StoreId: foreignStore }, /is not one of this shop/, 'StoreId'],
      [{ Code: makeTicketCode('00000000001'), StoreId: otherStore }, /No ticket of this shop/, 'Code'],
    ];
    for (const [input, message, field] of cases) {
      const response = await writeOff(admin, input);
      expect(response.body.Errcode).toBe(-1);
      expect(response.body.Errmsg).toMatch(message);
      expect(fieldOf(response)).toBe(field);
    }
  });

  it('by a verifier member through the storefront, only at their store and where the ticket is valid', async () => {
    const { codes } = await paidTickets(2, { name: '洗车服务次卡' });
    const [first] = await server.query<{ store_id: number }>(
      sql`select store_id from ticket_verifiers v join members m on m.id = v.member_id
           where m.open_id = 'demo-ticket-verifier' and m.site_id = ${MALL_SITE}`,
    );
    const stranger = await storefront(server, key, tickets.storefrontWriteOffTicket, {
      VerifierId: 'nobody',
      StoreId: first!.store_id,
      Code: codes[0],
    });
    expect(stranger.body.Errmsg).toBe('You are not a verifier of this store');
    expect(fieldOf(stranger)).toBe('VerifierId');
    const done = await storefront(server, key, tickets.storefrontWriteOffTicket, {
      VerifierId: 'demo-ticket-verifier',
      StoreId: first!.store_id,
      Code: codes[0],
    });
    expect(done.body).toMatchObject({ Errcode: 0, Code: codes[0], GoodsName: '洗车服务次卡' });
    // The car wash is valid at the first store only: an operator elsewhere is refused.
    const elsewhere = await writeOff(admin, {
      Code: codes[1],
      StoreId: otherStore === first!.store_id ? flagship : otherStore,
    });
    expect(elsewhere.body.Errmsg).toBe(`Ticket ${codes[1]} cannot be used at this store`);
    const noKey = await server.call(tickets.storefrontWriteOffTicket, {
      VerifierId: 'demo-ticket-verifier',
      StoreId: first!.store_id,
      Code: codes[1],
    });
    expect(noKey.status).toBe(401);
  });

  it('gives exactly one success to 20 parallel write-offs of one code', async () => {
    const { codes } = await paidTickets(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => writeOff(admin, { Code: codes[0], StoreId: otherStore })),
    );
    const ok = answers.filter((answer) => answer.body.Errcode === 0);
    expect(ok).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.body.Errcode !== 0)) {
      expect(answer.body.Errmsg).toMatch(/was already written off at/);
    }
    const [rows] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from write_offs where reference = ${codes[0]!}`,
    );
    expect(rows!.count).toBe(1);
  });
});

describe('refunds and expiry', () => {
  async function command(orderId: number, input: Record<string, unknown>) {
    const [order] = await server.query<{ version: number }>(
      sql`select version from orders where id = ${orderId}`,
    );
    return server.call(bindOrderState, { Id: orderId, Version: order!.version, ...input } as never, {
      token: admin,
    });
  }

  it('refunds unused tickets and refuses the price of used ones', async () => {
    const sku = await virtualSku(MALL_SITE);
    const { orderNo, buyerId, codes, orderId } = await paidTickets(2);
    expect((await writeOff(admin, { Code: codes[0], StoreId: otherStore })).body.Errcode).toBe(0);
    const all = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: orderNo,
      BuyerId: buyerId,
      AmountFen: sku.priceFen * 2,
      Reason: '不去了',
    });
    expect(all.body.Errcode).toBe(-1);
    expect(all.body.Errmsg).toBe(
      `Used tickets of this order: 1. A used ticket is not refunded, so at most ¥${(sku.priceFen / 100).toFixed(2)} can be`,
    );
    expect(fieldOf(all)).toBe('AmountFen');
    const one = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: orderNo,
      BuyerId: buyerId,
      AmountFen: sku.priceFen,
      Reason: '不去了',
    });
    expect(one.body.Errmsg).toBe('');
    // While the refund waits, the other ticket cannot be used.
    const waiting = await writeOff(admin, { Code: codes[1], StoreId: otherStore });
    expect(waiting.body.Errmsg).toBe(`Ticket ${codes[1]} cannot be used while its order waits for a refund`);
    expect((await command(orderId, { Action: 'approveRefund', AmountFen: sku.priceFen })).body.Errmsg).toBe(
      '',
    );
    expect((await command(orderId, { Action: 'markRefunded' })).body.Errmsg).toBe('');
    const states = await server.query<{ code: string; state: string }>(
      sql`select code, state from tickets where order_id = ${orderId} order by id`,
    );
    expect(states).toEqual([
      { code: codes[0], state: 'used' },
      { code: codes[1], state: 'refunded' },
    ]);
  });

  it('expires unused tickets past their validity in the sweep, once', async () => {
    const { codes } = await paidTickets(2);
    await server.query(
      sql`update tickets set valid_until = now() - interval '1 minute' where code = ${codes[0]!}`,
    );
    const first = await runAreaSweeps(server.database.db, new Date());
    expect(first.ticket!.expiredTickets).toBeGreaterThanOrEqual(1);
    const second = await runAreaSweeps(server.database.db, new Date());
    expect(second.ticket!.expiredTickets).toBe(0);
    const rows = await server.query<{ code: string; state: string }>(
      sql`select code, state from tickets where code in (${codes[0]!}, ${codes[1]!}) order by id`,
    );
    expect(rows.map((row) => row.state)).toEqual(['expired', 'unused']);
    const late = await writeOff(admin, { Code: codes[0], StoreId: otherStore });
    expect(late.body.Errmsg).toBe(`Ticket ${codes[0]} cannot be used: it is expired`);
  });

  it('invalidates an unused ticket with a reason; stale and repeated calls are refused', async () => {
    const { codes } = await paidTickets(1);
    const [row] = await server.query<{ id: number; version: number }>(
      sql`select id, version from tickets where code = ${codes[0]!}`,
    );
    const empty = await server.call(tickets.invalidateTicket, { Id: row!.id, Reason: ' ' }, { token: admin });
    expect(fieldOf(empty)).toBe('Reason');
    const stale = await server.call(
      tickets.invalidateTicket,
      { Id: row!.id, Reason: '遗失', Version: row!.version + 1 },
      { token: admin },
    );
    expect(fieldOf(stale)).toBe('Version');
    const done = await server.call(
      tickets.invalidateTicket,
      { Id: row!.id, Reason: '遗失', Version: row!.version },
      { token: admin },
    );
    expect(done.body.Ticket).toMatchObject({ State: 'expired', EndReason: '遗失' });
    const again = await server.call(
      tickets.invalidateTicket,
      { Id: row!.id, Reason: '遗失' },
      { token: admin },
    );
    expect(again.body.Errmsg).toBe(`Ticket ${codes[0]} cannot be used: it is expired`);
  });
});

describe('verifiers', () => {
  it('adds a member by number, refuses duplicates and unknowns, removes', async () => {
    const [member] = await server.query<{ member_no: string }>(
      sql`select member_no from members where site_id = ${MALL_SITE} and open_id = 'demo-ticket-buyer-1'`,
    );
    const added = await server.call(
      tickets.addVerifier,
      { Kind: 'member', Who: member!.member_no, StoreId: otherStore },
      { token: admin },
    );
    expect(added.body.Verifier).toMatchObject({ Kind: 'member', Name: '林晓', StoreId: otherStore });
    const twice = await server.call(
      tickets.addVerifier,
      { Kind: 'member', Who: member!.member_no, StoreId: otherStore },
      { token: admin },
    );
    expect(twice.body.Errmsg).toBe(`${member!.member_no} already verifies at this store`);
    const cases: [unknown, string][] = [
      [{ Kind: 'member', Who: 'M99999999', StoreId: otherStore }, 'Who'],
      [{ Kind: 'account', Who: 'admin', StoreId: otherStore }, 'Who'],
      [{ Kind: 'member', Who: member!.member_no, StoreId: foreignStore }, 'StoreId'],
      [{ Kind: 'robot', Who: 'x', StoreId: otherStore }, 'Kind'],
    ];
    for (const [input, field] of cases) {
      const response = await server.call(tickets.addVerifier, input, { token: admin });
      expect(response.body.Errcode).toBe(-1);
      expect(fieldOf(response)).toBe(field);
    }
    const listed = await server.call(tickets.getVerifierList, { keyword: '林晓' }, { token: admin });
    expect(listed.body.Data.map((row) => row.Id)).toContain(added.body.Verifier.Id);
    const removed = await server.call(
      tickets.removeVerifiers,
      { Ids: [added.body.Verifier.Id] },
      { token: admin },
    );
    expect(removed.body.Removed).toEqual([added.body.Verifier.Id]);
    const gone = await server.call(
      tickets.removeVerifiers,
      { Ids: [added.body.Verifier.Id] },
      { token: admin },
    );
    expect(fieldOf(gone)).toBe('Ids');
  });
});

describe('the write-off log', () => {
  it('filters by kind and date and exports a spreadsheet', async () => {
    const all = await server.call(
      tickets.getWriteOffLog,
      { kind: 'ticket', pageSize: 100 },
      { token: admin },
    );
    expect(all.body.Total).toBeGreaterThan(0);
    const future = await server.call(tickets.getWriteOffLog, { createdFrom: '2999-01-01' }, { token: admin });
    expect(future.body.Total).toBe(0);
    const reversed = await server.call(
      tickets.getWriteOffLog,
      { createdFrom: '2026-05-02', createdTo: '2026-05-01' },
      { token: admin },
    );
    expect(fieldOf(reversed)).toBe('createdFrom');
    // The log lists offline coupon codes written off too: the ticket rows are exported by kind.
    const file = await server.call(
      tickets.exportWriteOffLog,
      { format: 'csv', kind: 'ticket' },
      { token: admin },
    );
    expect(file.status).toBe(200);
    expect(String(file.raw.headers['content-type'])).toContain('csv');
    const text = file.raw.body;
    expect(text.split('\n').filter((line) => line.trim() !== '').length).toBe(
      Math.min(all.body.Total, 50_000) + 1,
    );
  });
});

describe('tenant isolation', () => {
  it('the other shop never sees or changes the mall’s tickets, verifiers or write-offs', async () => {
    const { codes } = await paidTickets(1);
    const [row] = await server.query<{ id: number }>(sql`select id from tickets where code = ${codes[0]!}`);
    const list = await server.call(
      tickets.getTicketList,
      { keyword: codes[0], pageSize: 100 },
      { token: site2 },
    );
    expect(list.body.Total).toBe(0);
    const invalidate = await server.call(
      tickets.invalidateTicket,
      { Id: row!.id, Reason: 'x' },
      { token: site2 },
    );
    expect(invalidate.body.Errmsg).toBe(`There is no ticket ${row!.id} in this shop`);
    const writeOffForeign = await writeOff(site2, { Code: codes[0], StoreId: foreignStore });
    expect(writeOffForeign.body.Errmsg).toBe(`No ticket of this shop has the code ${codes[0]}`);
    const byKey = await storefront(server, key2, tickets.storefrontWriteOffTicket, {
      VerifierId: 'demo-ticket-verifier',
      StoreId: flagship,
      Code: codes[0],
    });
    expect(fieldOf(byKey)).toBe('StoreId');
    const [verifier] = await server.query<{ id: number }>(
      sql`select id from ticket_verifiers where site_id = ${MALL_SITE} limit 1`,
    );
    const remove = await server.call(tickets.removeVerifiers, { Ids: [verifier!.id] }, { token: site2 });
    expect(fieldOf(remove)).toBe('Ids');
    const log = await server.call(tickets.getWriteOffLog, { pageSize: 100 }, { token: site2 });
    expect(log.body.Data.every((entry) => entry.StoreId === foreignStore || entry.StoreTitle !== '')).toBe(
      true,
    );
    const mallStores = await server.query<{ id: number }>(
      sql`select id from stores where site_id = ${MALL_SITE}`,
    );
    const mallIds = new Set(mallStores.map((entry) => entry.id));
    expect(log.body.Data.some((entry) => mallIds.has(entry.StoreId))).toBe(false);
    const state = await server.query<{ state: string }>(sql`select state from tickets where id = ${row!.id}`);
    expect(state[0]!.state).toBe('unused');
  });
});

describe('store accounts', () => {
  it('see and write off only at their own store', async () => {
    const carWash = await paidTickets(1, { name: '洗车服务次卡' });
    const [firstStore] = await server.query<{ store_ids: number[] }>(
      sql`select store_ids from tickets where code = ${carWash.codes[0]!}`,
    );
    const tea = await paidTickets(1);
    const list = await server.call(
      tickets.getTicketList,
      { pageSize: 100, state: 'unused' },
      { token: store },
    );
    expect(list.body.Errcode).toBe(0);
    const visible = list.body.Data.every(
      (row) => row.Stores.length === 0 || row.Stores.some((entry) => entry.Id === flagship),
    );
    expect(visible).toBe(true);
    const used = await server.call(tickets.getTicketList, { pageSize: 100, state: 'used' }, { token: store });
    expect(used.body.Data.every((row) => row.UsedStoreTitle !== '')).toBe(true);
    const elsewhere = await writeOff(store, { Code: tea.codes[0], StoreId: otherStore });
    expect(fieldOf(elsewhere)).toBe('StoreId');
    const done = await writeOff(store, { Code: tea.codes[0] });
    expect(done.body.Errmsg).toBe('');
    expect(done.body.Ticket.UsedStoreTitle).not.toBe('');
    if (firstStore!.store_ids[0] !== flagship) {
      const hidden = await server.call(
        tickets.getTicketList,
        { keyword: carWash.codes[0] },
        { token: store },
      );
      expect(hidden.body.Total).toBe(0);
    }
    const log = await server.call(tickets.getWriteOffLog, { pageSize: 100 }, { token: store });
    expect(log.body.Data.length).toBeGreaterThan(0);
    expect(log.body.Data.every((entry) => entry.StoreId === flagship)).toBe(true);
    const verifiers = await server.call(tickets.getVerifierList, { pageSize: 100 }, { token: store });
    expect(verifiers.body.Data.every((entry) => entry.StoreId === flagship)).toBe(true);
    const addElsewhere = await server.call(
      tickets.addVerifier,
      { Kind: 'member', Who: 'M00000001', StoreId: otherStore },
      { token: store },
    );
    expect(fieldOf(addElsewhere)).toBe('StoreId');
    const stores = await server.call(tickets.getTicketStores, {}, { token: store });
    expect(stores.body.Data.map((entry) => entry.Id)).toEqual([flagship]);
  });

  it('a store account that is not a verifier of its store cannot write off', async () => {
    const tea = await paidTickets(1);
    const [account] = await server.query<{ id: number }>(
      sql`select id from accounts where user_name = 'store'`,
    );
    await server.query(sql`delete from ticket_verifiers where account_id = ${account!.id}`);
    const refused = await writeOff(store, { Code: tea.codes[0] });
    expect(refused.body.Errmsg).toBe('You are not a verifier of this store');
    await server.query(
      sql`insert into ticket_verifiers (site_id, kind, account_id, store_id) values (${MALL_SITE}, 'account', ${account!.id}, ${flagship})`,
    );
  });
});

describe('permissions', () => {
  it('refuses accounts without the screens', async () => {
    const [sub] = await server.query<{ id: number }>(sql`select id from accounts where user_name = 'sub'`);
    await server.query(
      sql`delete from grants where account_id = ${sub!.id}
            and menu_id in (select id from menus where path like '/customer/%')`,
    );
    const token = await server.login('sub', { siteId: MALL_SITE });
    const endpoints: [EndpointDefinition, unknown][] = [
      [tickets.getTicketList, {}],
      [tickets.writeOffTicket, { Code: makeTicketCode('12345678901'), StoreId: otherStore }],
      [tickets.getWriteOffLog, {}],
      [tickets.getVerifierList, {}],
    ];
    for (const [endpoint, input] of endpoints) {
      const response = await server.call(endpoint, input, { token });
      expect(response.status).toBe(403);
    }
  });
});

describe('the goods kind', () => {
  it('saves a virtual good with its ticket validity and stores; the list filters by kind', async () => {
    const category = await leafCategory(server, MALL_SITE);
    const Ticket = { Mode: 'fixed', From: '2026-06-01', Until: '2026-06-30', StoreIds: [otherStore] };
    const saved = await server.call(
      saveProduct,
      goodsForm(category, { Name: '测试体验券', Code: 'VT-TEST', Kind: 'virtual', Ticket } as never),
      { token: admin },
    );
    expect(saved.body.Errmsg).toBe('');
    const detail = await server.call(getProductInfo, { id: saved.body.Id }, { token: admin });
    expect(detail.body).toMatchObject({ Kind: 'virtual', Ticket: { ...Ticket, Days: 30 } });
    const virtual = await server.call(getProductList, { kind: 'virtual', pageSize: 100 }, { token: admin });
    expect(virtual.body.Data.map((row) => row.Name)).toContain('测试体验券');
    expect(virtual.body.Data.every((row) => row.Kind === 'virtual')).toBe(true);
    const physical = await server.call(getProductList, { kind: 'physical', pageSize: 100 }, { token: admin });
    expect(physical.body.Data.some((row) => row.Kind === 'virtual')).toBe(false);
  });

  it('refuses bad ticket settings naming the field', async () => {
    const category = await leafCategory(server, MALL_SITE);
    const cases: [Record<string, unknown>, string][] = [
      [{ Mode: 'fixed', From: '2026-06-30', Until: '2026-06-01' }, 'Ticket.Until'],
      [{ Mode: 'fixed', Until: '2026-06-01' }, 'Ticket.From'],
      [{ Mode: 'days', Days: 0 }, 'Ticket.Days'],
      [{ StoreIds: [foreignStore] }, 'Ticket.StoreIds'],
    ];
    for (const [Ticket, field] of cases) {
      const response = await server.call(
        saveProduct,
        goodsForm(category, { Kind: 'virtual', Ticket } as never),
        { token: admin },
      );
      expect(response.body.Errcode).toBe(-1);
      expect(fieldOf(response)).toBe(field);
    }
  });
});
