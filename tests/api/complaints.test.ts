import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as complaints from '../../contract/endpoints/complaints';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, storefront, storefrontKey } from './order-helpers';

/** Issue 16 §5: complaints filed from the storefront, answered on complainAdvise. */

let server: TestServer;
let admin: string;
let site2: string;
let key: string;
let secondKey: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
  secondKey = await storefrontKey(server, site2);
});
afterAll(() => server.close());

function fieldOf(response: { body: unknown }): string | undefined {
  return (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

async function anOrderOf(buyerId: string): Promise<string> {
  const [row] = await server.query<{ order_no: string }>(
    sql`select order_no from orders where site_id = ${MALL_SITE} and buyer_id = ${buyerId} order by id limit 1`,
  );
  return row!.order_no;
}

describe('complaints list', () => {
  it('lists the seeded complaints in every state with counts per tab', async () => {
    const all = await server.call(complaints.getComplaintList, { pageSize: 100 }, { token: admin });
    expect(all.body.Errmsg).toBe('');
    const { Counts } = all.body;
    expect(Counts.all).toBe(Counts.new + Counts.inProgress + Counts.resolved + Counts.closed);
    for (const state of ['new', 'inProgress', 'resolved', 'closed'] as const) {
      expect(Counts[state], state).toBeGreaterThan(0);
      const tab = await server.call(complaints.getComplaintList, { status: state }, { token: admin });
      expect(tab.body.Total).toBe(Counts[state]);
      expect(tab.body.Data.every((row) => row.Status === state)).toBe(true);
    }
    const suggestions = await server.call(
      complaints.getComplaintList,
      { kind: 'suggestion' },
      { token: admin },
    );
    expect(suggestions.body.Data.every((row) => row.Kind === 'suggestion')).toBe(true);
    const keyword = await server.call(complaints.getComplaintList, { keyword: '包装' }, { token: admin });
    expect(keyword.body.Data.map((row) => row.Content)).toEqual(['收到的商品包装破损']);
    const reversed = await server.call(
      complaints.getComplaintList,
      { createdFrom: '2024-05-02', createdTo: '2024-05-01' },
      { token: admin },
    );
    expect(reversed.body.Errmsg).toContain('createdFrom');
  });
});

describe('the buyer’s side and the operator’s answer', () => {
  it('files about an order, is assigned, answered and closed, each step on the timeline', async () => {
    const orderNo = await anOrderOf('demo-buyer-002');
    const filed = await storefront(server, key, complaints.fileComplaint, {
      BuyerId: 'demo-buyer-002',
      Kind: 'complaint',
      Subject: 'order',
      OrderNo: orderNo,
      Content: '  少发了一件  ',
      Images: ['/uploads/demo/missing.jpg'],
      Contact: '13800000002',
    });
    expect(filed.body).toMatchObject({
      Errcode: 0,
      Status: 'new',
      Content: '少发了一件',
      OrderNo: orderNo,
      Reply: '',
    });
    const id = filed.body.Id;

    const sub = await server.accountId('sub');
    const assigned = await server.call(
      complaints.assignComplaint,
      { Id: id, AssigneeId: sub },
      { token: admin },
    );
    expect(assigned.body).toMatchObject({ Status: 'inProgress', AssigneeName: 'sub' });
    const replied = await server.call(
      complaints.replyComplaint,
      { Id: id, Reply: ' 已补发 ' },
      { token: admin },
    );
    expect(replied.body).toMatchObject({ Status: 'resolved', Reply: '已补发' });

    const mine = await storefront(server, key, complaints.getMyComplaints, { BuyerId: 'demo-buyer-002' });
    expect(mine.body.Data[0]).toMatchObject({ Id: id, Status: 'resolved', Reply: '已补发' });
    expect(mine.body.Data[0]!.RepliedAt).not.toBeNull();

    const closed = await server.call(complaints.closeComplaints, { Ids: [id] }, { token: admin });
    expect(closed.body).toMatchObject({ Changed: [id], Unchanged: [] });
    const again = await server.call(complaints.closeComplaints, { Ids: [id] }, { token: admin });
    expect(again.body).toMatchObject({ Changed: [], Unchanged: [id] });
    const late = await server.call(complaints.replyComplaint, { Id: id, Reply: '再答' }, { token: admin });
    expect(late.body.Errcode).toBe(-1);
    expect(fieldOf(late)).toBe('Id');

    const info = await server.call(complaints.getComplaintInfo, { id }, { token: admin });
    expect(info.body.Timeline.map((event) => [event.Event, event.ActorName, event.Note])).toEqual([
      ['filed', '', ''],
      ['assign', 'admin', 'sub'],
      ['reply', 'admin', '已补发'],
      ['close', 'admin', ''],
    ]);
    const audits = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`complaint:${id}`} order by id`,
    );
    expect(audits.map((row) => row.action)).toEqual([
      'complaint.assign',
      'complaint.reply',
      'complaint.close',
    ]);
  });

  it('refuses bad filings naming the field: another buyer’s order, a missing store, empty text', async () => {
    const orderNo = await anOrderOf('demo-buyer-002');
    const cases: [Record<string, unknown>, string][] = [
      [
        { BuyerId: 'demo-buyer-003', Kind: 'complaint', Subject: 'order', OrderNo: orderNo, Content: 'x' },
        'OrderNo',
      ],
      [{ BuyerId: 'demo-buyer-003', Kind: 'complaint', Subject: 'order', Content: 'x' }, 'OrderNo'],
      [
        { BuyerId: 'demo-buyer-003', Kind: 'complaint', Subject: 'store', StoreId: 999999, Content: 'x' },
        'StoreId',
      ],
      [{ BuyerId: 'demo-buyer-003', Kind: 'complaint', Subject: 'store', Content: 'x' }, 'StoreId'],
      [{ BuyerId: 'demo-buyer-003', Kind: 'complaint', Content: '   ' }, 'Content'],
      [{ BuyerId: 'demo-buyer-003', Kind: 'praise', Content: 'x' }, 'Kind'],
      [
        { BuyerId: 'demo-buyer-003', Kind: 'complaint', Content: 'x', Images: ['javascript:alert(1)'] },
        'Images.0',
      ],
      [
        {
          BuyerId: 'demo-buyer-003',
          Kind: 'complaint',
          Content: 'x'.repeat(complaints.COMPLAINT_TEXT_MAX + 1),
        },
        'Content',
      ],
      [{ BuyerId: 'demo-member-002', Kind: 'complaint', Content: 'x' }, 'Buyer.Id'],
    ];
    for (const [input, field] of cases) {
      const response = await storefront(server, key, complaints.fileComplaint, input);
      expect(response.body.Errcode, JSON.stringify(input)).toBe(-1);
      expect(fieldOf(response), JSON.stringify(input)).toBe(field);
    }
    const noKey = await server.call(complaints.fileComplaint, {
      BuyerId: 'b',
      Kind: 'complaint',
      Content: 'x',
    });
    expect(noKey.status).toBe(401);
  });

  it('refuses operator steps with bad input naming the field', async () => {
    const list = await server.call(
      complaints.getComplaintList,
      { status: 'new', pageSize: 1 },
      { token: admin },
    );
    const id = list.body.Data[0]!.Id;
    const empty = await server.call(complaints.replyComplaint, { Id: id, Reply: '  ' }, { token: admin });
    expect(fieldOf(empty)).toBe('Reply');
    const long = await server.call(
      complaints.replyComplaint,
      { Id: id, Reply: 'x'.repeat(complaints.COMPLAINT_REPLY_MAX + 1) },
      { token: admin },
    );
    expect(fieldOf(long)).toBe('Reply');
    const storeAccount = await server.accountId('store');
    const assignStore = await server.call(
      complaints.assignComplaint,
      { Id: id, AssigneeId: storeAccount },
      { token: admin },
    );
    expect(fieldOf(assignStore)).toBe('AssigneeId');
    const missing = await server.call(complaints.getComplaintInfo, { id: 999999 }, { token: admin });
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'There is no complaint 999999 in this shop' });
    const assignees = await server.call(complaints.getComplaintAssignees, {}, { token: admin });
    expect(assignees.body.Data.map((row) => row.Name)).toEqual(expect.arrayContaining(['admin', 'sub']));
    expect(assignees.body.Data.map((row) => row.Name)).not.toContain('store');
  });
});

describe('tenant isolation and permissions', () => {
  it('the other shop neither sees nor changes the mall’s complaints, nor its buyers’', async () => {
    const list = await server.call(
      complaints.getComplaintList,
      { status: 'new', pageSize: 1 },
      { token: admin },
    );
    const id = list.body.Data[0]!.Id;
    const theirs = await server.call(complaints.getComplaintList, { pageSize: 100 }, { token: site2 });
    expect(theirs.body.Data.some((row) => row.Id === id)).toBe(false);
    expect(theirs.body.Counts.all).toBe(2);
    expect((await server.call(complaints.getComplaintInfo, { id }, { token: site2 })).body.Errcode).toBe(-1);
    const reply = await server.call(complaints.replyComplaint, { Id: id, Reply: 'x' }, { token: site2 });
    expect(fieldOf(reply)).toBe('Id');
    const close = await server.call(complaints.closeComplaints, { Ids: [id] }, { token: site2 });
    expect(fieldOf(close)).toBe('Ids');
    const admin2 = await server.accountId('site2');
    const assign = await server.call(
      complaints.assignComplaint,
      { Id: id, AssigneeId: admin2 },
      { token: site2 },
    );
    expect(fieldOf(assign)).toBe('Id');
    const sub = await server.accountId('sub');
    const [theirId] = theirs.body.Data.map((row) => row.Id);
    const crossAssign = await server.call(
      complaints.assignComplaint,
      { Id: theirId, AssigneeId: sub },
      { token: site2 },
    );
    expect(fieldOf(crossAssign)).toBe('AssigneeId');
    const [row] = await server.query<{ status: string }>(sql`select status from complaints where id = ${id}`);
    expect(row!.status).toBe('new');

    const mineElsewhere = await storefront(server, secondKey, complaints.getMyComplaints, {
      BuyerId: 'demo-buyer-001',
    });
    expect(mineElsewhere.body.Data).toEqual([]);
    const orderNo = await anOrderOf('demo-buyer-001');
    const crossOrder = await storefront(server, secondKey, complaints.fileComplaint, {
      BuyerId: 'demo-buyer-001',
      Kind: 'complaint',
      Subject: 'order',
      OrderNo: orderNo,
      Content: 'x',
    });
    expect(fieldOf(crossOrder)).toBe('OrderNo');
  });

  it('a store account, without the screen, is refused', async () => {
    const store = await server.login('store');
    const response = await server.call(complaints.getComplaintList, {}, { token: store });
    expect(response.body.Errcode).not.toBe(0);
    const reply = await server.call(complaints.replyComplaint, { Id: 1, Reply: 'x' }, { token: store });
    expect(reply.body.Errcode).not.toBe(0);
  });
});
