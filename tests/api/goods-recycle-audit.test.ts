import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditProducts,
  changeProductState,
  changeRecycledState,
  getProductInfo,
  getRecycledProducts,
  getWaitAuditProducts,
} from '../../contract/endpoints/goods';
import {
  registerUnfinishedOrderReferences,
  type UnfinishedOrderCounter,
} from '../../server/areas/product/service';
import { auditActions, createGoods, goodsRow, MALL_SITE, SECOND_SITE, someGoods } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

/** Orders referencing goods, as the orders area will report them; cleared after each test. */
const orderReferences = new Map<number, number>();
const counter: UnfinishedOrderCounter = async (_db, _siteId, ids) =>
  new Map(ids.map((id) => [id, orderReferences.get(id) ?? 0]));
registerUnfinishedOrderReferences(counter);
afterEach(() => orderReferences.clear());

async function recycle(id: number) {
  const response = await server.call(changeProductState, { Ids: [id], Action: 'recycle' }, { token });
  expect(response.body.Errcode).toBe(0);
}

describe('the recycle bin', () => {
  it('lists recycled goods of the site, latest first', async () => {
    const created = await createGoods(server, token, { Name: '回收站商品' });
    await recycle(created.Id);
    const response = await server.call(getRecycledProducts, {}, { token });
    expect(response.body.Data[0]).toMatchObject({ Id: created.Id, Name: '回收站商品', TotalStock: 60 });
    const [count] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from products where site_id = ${MALL_SITE} and recycle_state = 'recycled'`,
    );
    expect(response.body.Total).toBe(count!.n);
    expect((await server.call(getRecycledProducts, { keyword: '回收站商品' }, { token })).body.Total).toBe(1);
  });

  it('restores goods off the shelf, ready to edit again', async () => {
    const id = await someGoods(server, MALL_SITE, { shelf: 'on' });
    await recycle(id);
    const restored = await server.call(changeRecycledState, { Ids: [id], Action: 'restore' }, { token });
    expect(restored.body).toMatchObject({ Errcode: 0, Changed: [id], Unchanged: [] });
    expect(await goodsRow(server, id)).toMatchObject({ recycle_state: 'active', shelf_state: 'off' });
    const again = await server.call(changeRecycledState, { Ids: [id], Action: 'restore' }, { token });
    expect(again.body).toMatchObject({ Changed: [], Unchanged: [id] });
    expect(await auditActions(server, `product:${id}`)).toEqual(['product.recycle', 'product.restore']);
  });

  it('purges goods to a tombstone that no list or detail shows', async () => {
    const created = await createGoods(server, token, { Name: '彻底删除商品' });
    await recycle(created.Id);
    const purged = await server.call(changeRecycledState, { Ids: [created.Id], Action: 'purge' }, { token });
    expect(purged.body.Changed).toEqual([created.Id]);
    expect((await goodsRow(server, created.Id)).recycle_state).toBe('purged');
    expect((await server.call(getProductInfo, { id: created.Id }, { token })).body.Errmsg).toBe(
      `Goods ${created.Id} do not exist`,
    );
    expect((await server.call(getRecycledProducts, { keyword: '彻底删除商品' }, { token })).body.Total).toBe(
      0,
    );
    const restore = await server.call(
      changeRecycledState,
      { Ids: [created.Id], Action: 'restore' },
      { token },
    );
    expect(restore.body.Errmsg).toBe(`Goods ${created.Id} do not exist`);
  });

  it('refuses to purge goods that unfinished orders include, purging none of the call', async () => {
    const free = await createGoods(server, token, { Name: '无订单商品' });
    const ordered = await createGoods(server, token, { Name: '有订单商品' });
    await recycle(free.Id);
    await recycle(ordered.Id);
    orderReferences.set(ordered.Id, 2);
    const response = await server.call(
      changeRecycledState,
      { Ids: [free.Id, ordered.Id], Action: 'purge' },
      { token },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe('“有订单商品” cannot be purged: 2 unfinished orders include it');
    expect((await goodsRow(server, free.Id)).recycle_state).toBe('recycled');
  });

  it('refuses to restore or purge goods that are not in the bin', async () => {
    const created = await createGoods(server, token, { Name: '在售商品' });
    const response = await server.call(
      changeRecycledState,
      { Ids: [created.Id], Action: 'purge' },
      { token, locale: 'zh' },
    );
    expect(response.body.Errmsg).toBe('「在售商品」当前不在回收站，不能被彻底删除');
    expect((await goodsRow(server, created.Id)).recycle_state).toBe('active');
  });

  it('keeps the bin to its own site and permission', async () => {
    const foreign = await someGoods(server, SECOND_SITE, { recycle: 'recycled' });
    const response = await server.call(changeRecycledState, { Ids: [foreign], Action: 'restore' }, { token });
    expect(response.body.Errmsg).toBe(`Goods ${foreign} do not exist`);
    expect((await goodsRow(server, foreign)).recycle_state).toBe('recycled');
    const store = await server.login('store');
    expect((await server.call(getRecycledProducts, {}, { token: store })).status).toBe(403);
  });
});

describe('goods audit', () => {
  it('lists goods waiting for audit, and rejected ones on request', async () => {
    const created = await createGoods(server, token, { Name: '等待审核的商品' });
    const pending = await server.call(getWaitAuditProducts, {}, { token });
    expect(pending.body.AuditRequired).toBe(true);
    expect(pending.body.Data[0]).toMatchObject({ Id: created.Id, AuditState: 'pending' });
    expect(pending.body.Data.every((row) => row.AuditState === 'pending')).toBe(true);
    const rejected = await server.call(
      getWaitAuditProducts,
      { auditState: 'rejected', pageSize: 100 },
      { token },
    );
    expect(rejected.body.Total).toBeGreaterThan(0);
    expect(rejected.body.Data.every((row) => row.AuditState === 'rejected' && row.RejectReason !== '')).toBe(
      true,
    );
  });

  it('approves goods, shelving those saved to go on the shelf, with an audit history', async () => {
    const waiting = await createGoods(server, token, { Name: '审核后上架', OnShelf: true });
    const plain = await createGoods(server, token, { Name: '审核后不上架' });
    const response = await server.call(
      auditProducts,
      {
        List: [
          { Id: waiting.Id, Action: 'approve' },
          { Id: plain.Id, Action: 'approve' },
        ],
      },
      { token },
    );
    expect(response.body).toMatchObject({
      Errcode: 0,
      Changed: [waiting.Id, plain.Id],
      ShelvedIds: [waiting.Id],
    });
    expect(await goodsRow(server, waiting.Id)).toMatchObject({
      audit_state: 'approved',
      shelf_state: 'on',
      auto_shelf: false,
    });
    expect(await goodsRow(server, plain.Id)).toMatchObject({ audit_state: 'approved', shelf_state: 'off' });
    const info = (await server.call(getProductInfo, { id: waiting.Id }, { token })).body;
    expect(info.AuditHistory).toEqual([
      expect.objectContaining({ Action: 'approve', By: 'admin', Reason: '' }),
    ]);
  });

  it('rejects goods with a reason, which a rejection needs', async () => {
    const created = await createGoods(server, token, { Name: '要驳回的商品' });
    const noReason = await server.call(
      auditProducts,
      { List: [{ Id: created.Id, Action: 'reject' }] },
      { token },
    );
    expect(noReason.body.Errmsg).toBe('Give a reason to reject “要驳回的商品”');
    expect((noReason.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe(
      'List.0.Reason',
    );
    const rejected = await server.call(
      auditProducts,
      { List: [{ Id: created.Id, Action: 'reject', Reason: '主图不清晰' }] },
      { token },
    );
    expect(rejected.body.Changed).toEqual([created.Id]);
    expect(await goodsRow(server, created.Id)).toMatchObject({
      audit_state: 'rejected',
      reject_reason: '主图不清晰',
    });
    const history = (await server.call(getProductInfo, { id: created.Id }, { token })).body.AuditHistory;
    expect(history).toEqual([expect.objectContaining({ Action: 'reject', Reason: '主图不清晰' })]);
    const approveRejected = await server.call(
      auditProducts,
      { List: [{ Id: created.Id, Action: 'approve' }] },
      { token },
    );
    expect(approveRejected.body.Errmsg).toBe('“要驳回的商品” cannot be approved: it is rejected');
  });

  it('skips goods already approved and refuses goods in the bin or of another site', async () => {
    const approved = await someGoods(server, MALL_SITE, { audit: 'approved' });
    const again = await server.call(
      auditProducts,
      { List: [{ Id: approved, Action: 'approve' }] },
      { token },
    );
    expect(again.body).toMatchObject({ Errcode: 0, Changed: [] });
    const binned = await createGoods(server, token, { Name: '回收站里待审核' });
    await recycle(binned.Id);
    const inBin = await server.call(
      auditProducts,
      { List: [{ Id: binned.Id, Action: 'approve' }] },
      { token },
    );
    expect(inBin.body.Errmsg).toBe('“回收站里待审核” cannot be approved: it is in the recycle bin');
    const foreign = await someGoods(server, SECOND_SITE);
    const other = await server.call(
      auditProducts,
      { List: [{ Id: foreign, Action: 'reject', Reason: 'x' }] },
      { token },
    );
    expect(other.body.Errmsg).toBe(`Goods ${foreign} do not exist`);
    expect((await goodsRow(server, foreign)).audit_state).toBe('approved');
  });
});
