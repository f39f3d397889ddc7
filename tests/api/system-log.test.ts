import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { setFeedbackState } from '../../contract/endpoints/account-feedback';
import * as grades from '../../contract/endpoints/member-grades';
import * as systemLog from '../../contract/endpoints/system-log';
import { statusCode } from '../../server/areas/account/feedback-rows';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE } from './order-helpers';

/** The system log: who did what, refused writes included; main accounts see everyone, others themselves. */

let server: TestServer;
let admin: string;
let sub: string;
let site2: string;
let adminId: number;
let subId: number;

const fieldOf = (response: { body: unknown }) =>
  (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

const GRADE = {
  Name: '日志测试',
  Level: 30,
  GrowthThreshold: 900_000,
  DiscountPercent: 80,
  FreeShipping: false,
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  sub = await server.login('sub', { siteId: 1 });
  site2 = await server.login('site2');
  adminId = await server.accountId('admin');
  subId = await server.accountId('sub');
  expect((await server.call(grades.setMemberGrade, GRADE, { token: admin })).body.Errmsg).toBe('');
  expect(
    (await server.call(grades.setMemberGrade, { ...GRADE, Level: 2 }, { token: admin })).body.Errcode,
  ).toBe(-1);
  const [feedback] = await server.query<{ id: number }>(
    sql`select id from feedback where site_id = ${MALL_SITE} and status = ${statusCode('new')} order by id limit 1`,
  );
  expect(
    (await server.call(setFeedbackState, { Ids: [feedback!.id], Status: 'handled' }, { token: sub })).body
      .Errmsg,
  ).toBe('');
  expect(
    (await server.call(setFeedbackState, { Ids: [999_999], Status: 'new' }, { token: sub })).body.Errcode,
  ).toBe(-1);
});
afterAll(() => server.close());

async function list(input: Record<string, unknown>, token = admin) {
  const response = await server.call(systemLog.getSystemLogList, { pageSize: 100, ...input }, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

describe('GetSystemLogList', () => {
  it('shows who did what, the change, the outcome, the address and the time', async () => {
    const { Data } = await list({ area: 'grade' });
    const created = Data.find((row) => row.Action === 'grade.create')!;
    expect(created).toMatchObject({
      OperatorId: adminId,
      OperatorName: 'admin',
      Area: 'grade',
      Outcome: 'success',
      Before: null,
      After: expect.objectContaining({ name: '日志测试', level: 30, discount: 80 }),
      Ip: '127.0.0.1',
    });
    expect(Date.now() - Date.parse(created.At)).toBeLessThan(10 * 60_000);
  });

  it('records refused writes with the reason the operator was given', async () => {
    const { Data } = await list({ outcome: 'refused', operatorId: adminId });
    expect(Data[0]).toMatchObject({
      Action: grades.setMemberGrade.path,
      Area: 'DistributorsShopAccount',
      Outcome: 'refused',
      Error: 'Grade 银卡会员 already has this level',
      Ip: '127.0.0.1',
    });
  });

  it('records the address of a login, which has no session yet', async () => {
    const { Data } = await list({ operatorId: adminId });
    expect(Data.find((row) => row.Action === 'account.login')).toMatchObject({ Ip: '127.0.0.1' });
  });

  it('filters by operator: a main account sees every operator, a sub-account only itself', async () => {
    const everyone = await list({});
    const names = new Set(everyone.Data.map((row) => row.OperatorName));
    expect(names.has('admin') && names.has('sub')).toBe(true);
    const subsRows = await list({ operatorId: subId });
    const [mine] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where site_id = ${MALL_SITE} and account_id = ${subId}`,
    );
    // Its login, the feedback it handled and the refused attempt.
    expect(subsRows.Total).toBe(mine!.count);
    expect(subsRows.Data.map((row) => row.Action)).toEqual(
      expect.arrayContaining(['account.login', 'feedback.state', setFeedbackState.path]),
    );
    expect(new Set(subsRows.Data.map((row) => row.Outcome))).toEqual(new Set(['success', 'refused']));
    expect(subsRows.Data.every((row) => row.OperatorId === subId)).toBe(true);

    const ownView = await list({}, sub);
    expect(ownView.Data.every((row) => row.OperatorId === subId)).toBe(true);
    expect(ownView.Total).toBe(subsRows.Total);
    expect((await list({ operatorId: adminId }, sub)).Total).toBe(0);
    const options = await server.call(systemLog.getSystemLogOptions, {}, { token: sub });
    expect(options.body.Operators).toEqual([{ Id: subId, Name: 'sub' }]);
    const allOptions = await server.call(systemLog.getSystemLogOptions, {}, { token: admin });
    expect(allOptions.body.Operators.map((row) => row.Id)).toEqual(expect.arrayContaining([adminId, subId]));
    expect(allOptions.body.Areas).toEqual(expect.arrayContaining(['grade', 'feedback']));
  });

  it('filters by action text and date range', async () => {
    expect((await list({ action: 'FEEDBACK.STATE' })).Data.map((row) => row.Action)).toEqual([
      'feedback.state',
    ]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const subsTotal = (await list({ operatorId: subId })).Total;
    expect((await list({ atFrom: today, atTo: today, operatorId: subId })).Total).toBe(subsTotal);
    expect((await list({ atFrom: '2020-01-01', atTo: '2020-01-02' })).Total).toBe(0);
  });

  it('names the field of bad filters', async () => {
    for (const [input, field] of [
      [{ atFrom: '2024-05-02', atTo: '2024-05-01' }, 'atFrom'],
      [{ outcome: 'maybe' }, 'outcome'],
      [{ operatorId: 'x' }, 'operatorId'],
      [{ atTo: 'yesterday' }, 'atTo'],
    ] as const) {
      const response = await server.call(systemLog.getSystemLogList, input, { token: admin });
      expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
    }
  });

  it('keeps shops apart', async () => {
    const second = await list({}, site2);
    expect(second.Data.some((row) => row.OperatorId === adminId || row.OperatorId === subId)).toBe(false);
    expect((await list({ operatorId: adminId }, site2)).Total).toBe(0);
  });

  it('is closed to store accounts without the grant', async () => {
    const store = await server.login('store');
    expect((await server.call(systemLog.getSystemLogList, {}, { token: store })).status).toBe(403);
  });
});

describe('ExportSystemLog', () => {
  it('downloads the filtered rows as CSV', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${systemLog.exportSystemLog.path}`,
      query: { operatorId: String(subId), format: 'csv' },
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Time","Operator","Action","Target","Before","After","Outcome","Refused because","IP"',
    );
    expect(lines).toHaveLength(1 + (await list({ operatorId: subId })).Total);
    expect(lines.slice(1).every((line) => line.includes('"sub"'))).toBe(true);
    expect(lines.some((line) => line.includes('"Refused"'))).toBe(true);
  });
});
