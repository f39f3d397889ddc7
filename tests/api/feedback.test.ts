import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as feedback from '../../contract/endpoints/account-feedback';
import { startTestServer, type TestServer } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

describe('feedback', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login('admin');
  });
  afterAll(() => server.close());

  it('lists the shop’s seeded feedback, newest first, with counts per status', async () => {
    const all = await server.call(feedback.getFeedbackList, { pageSize: 5 }, { token });
    expect(all.body).toMatchObject({ Errcode: 0, Total: 20 });
    expect(all.body.Data).toHaveLength(5);
    expect(all.body.Counts.all).toBe(20);
    expect(all.body.Counts.new + all.body.Counts.handled).toBe(20);
    const times = all.body.Data.map((row) => Date.parse(row.CreatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const fresh = await server.call(feedback.getFeedbackList, { status: 'new', pageSize: 100 }, { token });
    expect(fresh.body.Total).toBe(all.body.Counts.new);
    expect(fresh.body.Data.every((row) => row.Status === 'new' && row.Reply === '')).toBe(true);
    expect(fresh.body.Counts).toEqual(all.body.Counts);
  });

  it('filters by keyword and by a date range', async () => {
    const phone = await server.call(feedback.getFeedbackList, { keyword: '物流' }, { token });
    expect(phone.body.Total).toBeGreaterThan(0);
    expect(phone.body.Data.every((row) => row.Content.includes('物流'))).toBe(true);
    const future = await server.call(feedback.getFeedbackList, { createdFrom: '2999-01-01' }, { token });
    expect(future.body).toMatchObject({ Errcode: 0, Total: 0, Counts: { all: 0, new: 0, handled: 0 } });
    const reversed = await server.call(
      feedback.getFeedbackList,
      { createdFrom: '2024-05-02', createdTo: '2024-05-01' },
      { token },
    );
    expect(reversed.body.Errcode).toBe(-1);
    expect(reversed.body.Errmsg).toContain('createdFrom');
    const badStatus = await server.call(feedback.getFeedbackList, { status: 'closed' }, { token });
    expect(badStatus.body.Errcode).toBe(-1);
    expect(badStatus.body.Errmsg).toContain('status');
  });

  it('replies and marks handled by the caller; the details show it', async () => {
    const list = await server.call(feedback.getFeedbackList, { status: 'new', pageSize: 1 }, { token });
    const id = list.body.Data[0]!.Id;
    const replied = await server.call(
      feedback.setFeedbackReply,
      { Id: id, Reply: '  已处理，谢谢！ ' },
      { token },
    );
    expect(replied.body).toMatchObject({
      Errcode: 0,
      Status: 'handled',
      Reply: '已处理，谢谢！',
      HandledByName: 'admin',
    });
    const info = await server.call(feedback.getFeedbackInfo, { id }, { token });
    expect(info.body).toMatchObject({ Id: id, Status: 'handled', Reply: '已处理，谢谢！' });
    expect(info.body.HandledAt).not.toBeNull();

    const draft = await server.call(
      feedback.setFeedbackReply,
      { Id: list.body.Data[0]!.Id, Reply: 'Edited', MarkHandled: false },
      { token },
    );
    expect(draft.body).toMatchObject({ Errcode: 0, Reply: 'Edited', Status: 'handled' });

    const empty = await server.call(feedback.setFeedbackReply, { Id: id, Reply: '   ' }, { token });
    expect(empty.body.Errcode).toBe(-1);
    expect(empty.body.Errmsg).toContain('Reply');
    const long = await server.call(feedback.setFeedbackReply, { Id: id, Reply: 'x'.repeat(501) }, { token });
    expect(long.body.Errcode).toBe(-1);
    const missing = await server.call(feedback.getFeedbackInfo, { id: 999999 }, { token });
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'There is no feedback 999999 in this shop' });
  });

  it('marks several handled and back to new, telling which changed', async () => {
    const list = await server.call(feedback.getFeedbackList, { status: 'new', pageSize: 3 }, { token });
    const ids = list.body.Data.map((row) => row.Id);
    const handled = await server.call(feedback.setFeedbackState, { Ids: ids, Status: 'handled' }, { token });
    expect(handled.body).toMatchObject({ Errcode: 0, Changed: ids, Unchanged: [] });
    const again = await server.call(feedback.setFeedbackState, { Ids: ids, Status: 'handled' }, { token });
    expect(again.body).toMatchObject({ Changed: [], Unchanged: ids });
    const after = await server.call(feedback.getFeedbackList, { pageSize: 1 }, { token });
    expect(after.body.Counts.new).toBe(list.body.Counts.new - 3);

    const reopened = await server.call(
      feedback.setFeedbackState,
      { Ids: [ids[0]], Status: 'new' },
      { token },
    );
    expect(reopened.body.Changed).toEqual([ids[0]]);
    const info = await server.call(feedback.getFeedbackInfo, { id: ids[0] }, { token });
    expect(info.body).toMatchObject({ Status: 'new', HandledAt: null, HandledByName: '' });

    const bad = await server.call(feedback.setFeedbackState, { Ids: ids, Status: 'closed' }, { token });
    expect(bad.body.Errcode).toBe(-1);
    expect(bad.body.Errmsg).toContain('Status');
    const none = await server.call(feedback.setFeedbackState, { Ids: [], Status: 'new' }, { token });
    expect(none.body.Errmsg).toContain('Ids');
  });

  it('answers in Chinese when asked', async () => {
    const missing = await server.call(feedback.getFeedbackInfo, { id: 999999 }, { token, locale: 'zh-CN' });
    expect(missing.body.Errmsg).toBe('本店没有编号为 999999 的反馈');
  });
});

async function feedbackOfB({ server, siteB }: IsolationContext) {
  const [row] = await server.query<{ id: number }>(
    sql`select id from feedback where site_id = ${siteB} order by id limit 1`,
  );
  return { feedbackId: row!.id };
}

runIsolationCases('feedback', [
  defineIsolationCase({
    name: 'GetFeedbackInfo with feedback of site B',
    endpoint: feedback.getFeedbackInfo,
    setup: feedbackOfB,
    input: (_context, { feedbackId }) => ({ id: feedbackId }),
    message: /There is no feedback \d+ in this shop/,
  }),
  defineIsolationCase({
    name: 'SetFeedbackReply on feedback of site B',
    endpoint: feedback.setFeedbackReply,
    setup: feedbackOfB,
    input: (_context, { feedbackId }) => ({ Id: feedbackId, Reply: 'hijack' }),
  }),
  defineIsolationCase({
    name: 'SetFeedbackState with feedback of site B among the ids',
    endpoint: feedback.setFeedbackState,
    setup: feedbackOfB,
    input: (_context, { feedbackId }) => ({ Ids: [feedbackId], Status: 'handled' }),
    message: /These feedback entries are not in this shop/,
  }),
  defineIsolationCase({
    name: 'GetFeedbackList only lists the caller’s shop',
    endpoint: feedback.getFeedbackList,
    setup: feedbackOfB,
    input: () => ({ pageSize: 100 }),
    verify: async (response, { server, siteB }) => {
      const rows = await server.query<{ id: number }>(sql`select id from feedback where site_id = ${siteB}`);
      const listed = JSON.stringify(response.body);
      expect(response.body.Errcode).toBe(0);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(listed).not.toContain(`"Id":${row.id},`);
    },
  }),
]);
