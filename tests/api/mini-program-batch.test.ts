import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../contract/endpoints/mini-program';
import * as batches from '../../contract/endpoints/mini-program-batch';
import { startTestServer, type TestServer } from './harness';

/** The envelope's field errors (Errors: [{ Field, Message }]), which the typed output leaves out. */
function errorsOf(response: { body: unknown }) {
  return (response.body as { Errors?: { Field: string; Message: string }[] }).Errors ?? [];
}

let server: TestServer;
let admin: string;
let site2: string;
let sub: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  sub = await server.login('sub', { siteId: 1 });
});
afterAll(async () => {
  await server?.close();
});

/** Reads the batch as the screen does, until no shop is pending (the commits run after the answer). */
async function settled(id: number, token = admin) {
  for (let read = 0; read < 400; read += 1) {
    const info = await server.call(batches.getBatchInfo, { id }, { token, locale: 'en' });
    expect(info.body.Errmsg).toBe('');
    if (info.body.Pending === 0) return info.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`batch ${id} still pending`);
}

const commit = { TemplateId: 3, UserVersion: '2.4.0', UserDesc: '批量：两家店' };

describe('batch commits in the sandbox', () => {
  it('lists the shops the caller may switch to, with their authorisation', async () => {
    const sites = await server.call(batches.getBatchSites, {}, { token: admin });
    expect(sites.body.Provider).toBe('sandbox');
    expect(sites.body.Data.map((site) => [site.SiteId, site.AppId, site.Current])).toEqual([
      [1, 'wx0000000000000001', true],
      [2, '', false],
    ]);
    const own = await server.call(batches.getBatchSites, {}, { token: site2 });
    expect(own.body.Data.map((site) => site.SiteId)).toEqual([2]);
  });

  it('shows the seeded batch: the mall committed, the official site waiting for its authorisation', async () => {
    const list = await server.call(batches.getBatchList, {}, { token: admin });
    expect(list.body.Data[0]).toMatchObject({
      UserVersion: '2.1.2',
      Total: 2,
      Committed: 1,
      Failed: 1,
      Pending: 0,
      CreatedBy: 'admin',
    });
    const seeded = await settled(list.body.Data[0]!.Id);
    expect(seeded.Items.map((item) => [item.SiteName, item.Status, item.Reason])).toEqual([
      ['演示商城', 'committed', ''],
      ['演示官网', 'failed', 'Authorise the mini-program to the platform first'],
    ]);
  });

  it('commits every shop with its own ext config; a failing shop does not stop the others', async () => {
    const started = await server.call(batches.commitBatch, { ...commit, SiteIds: [2, 1] }, { token: admin });
    expect(started.body.Errmsg).toBe('');
    const done = await settled(started.body.Id);
    expect(done).toMatchObject({ Total: 2, Committed: 1, Failed: 1, Pending: 0 });
    const bySite = new Map(done.Items.map((item) => [item.SiteId, item]));
    expect(bySite.get(2)).toMatchObject({ Status: 'failed', VersionId: null, AppId: '' });
    const mall = bySite.get(1)!;
    expect(mall).toMatchObject({ Status: 'committed', AppId: 'wx0000000000000001' });
    const version = await server.call(api.getVersionInfo, { id: mall.VersionId! }, { token: admin });
    expect(version.body).toMatchObject({ Status: 'uploaded', UserVersion: '2.4.0', CommittedBy: 'admin' });
    expect(JSON.parse(version.body.ExtJson)).toMatchObject({
      extAppid: 'wx0000000000000001',
      ext: { siteId: 1, apiBase: expect.stringMatching(/\/api\/storefront$/) },
    });
    expect(version.body.Timeline.map((event) => event.Event)).toEqual(['commit', 'uploaded']);
    const [audited] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where action = 'miniProgram.commitBatch'
            and target = ${`miniProgramBatch:${started.body.Id}`}`,
    );
    expect(audited!.count).toBe(1);
  });

  it('retries only the failed shops, and refuses a batch with none left', async () => {
    const started = await server.call(batches.commitBatch, { ...commit, SiteIds: [1, 2] }, { token: admin });
    const first = await settled(started.body.Id);
    const committedVersion = first.Items.find((item) => item.SiteId === 1)!.VersionId;
    // The official site authorises its mini-program; its retry then stops at the next thing it lacks.
    const url = await server.call(api.startAuthorization, {}, { token: site2 });
    const code = new URL(url.body.Url).searchParams.get('auth_code')!;
    await server.call(api.completeAuthorization, { AuthCode: code }, { token: site2 });
    expect(
      (await server.call(batches.retryBatch, { Id: started.body.Id }, { token: admin })).body.Errmsg,
    ).toBe('');
    const retried = await settled(started.body.Id);
    expect(retried.Items.map((item) => [item.SiteId, item.Status, item.Reason])).toEqual([
      [1, 'committed', ''],
      [2, 'failed', 'Publish a decoration template in the studio first: the code shows it'],
    ]);
    expect(retried.Items[0]!.VersionId).toBe(committedVersion);
    expect(retried.Items[1]!.AppId).toBe('wx0000000000000002');

    const mallOnly = await server.call(batches.commitBatch, { ...commit, SiteIds: [1] }, { token: admin });
    await settled(mallOnly.body.Id);
    const nothing = await server.call(
      batches.retryBatch,
      { Id: mallOnly.body.Id },
      { token: admin, locale: 'en' },
    );
    expect(nothing.body.Errmsg).toBe(`Batch commit ${mallOnly.body.Id} has no failed shop to retry`);
    expect(errorsOf(nothing)).toEqual([{ Field: 'Id', Message: nothing.body.Errmsg }]);
  });
});

describe('batch commit refusals', () => {
  it('refuses a shop the caller may not switch to, naming the field, and queues nothing', async () => {
    const before = await server.query<{ count: number }>(
      sql`select count(*)::int as count from mini_program_batches`,
    );
    const foreign = await server.call(
      batches.commitBatch,
      { ...commit, SiteIds: [1, 3] },
      { token: admin, locale: 'en' },
    );
    expect(foreign.body.Errmsg).toBe('Shop 3 is not one of the shops you may switch to');
    expect(errorsOf(foreign)).toEqual([{ Field: 'SiteIds', Message: foreign.body.Errmsg }]);
    const otherShop = await server.call(batches.commitBatch, { ...commit, SiteIds: [1] }, { token: site2 });
    expect(errorsOf(otherShop)[0]?.Field).toBe('SiteIds');
    expect(
      await server.query<{ count: number }>(sql`select count(*)::int as count from mini_program_batches`),
    ).toEqual(before);
  });

  it.each([
    [{ ...commit, SiteIds: [] }, 'SiteIds'],
    [{ ...commit, SiteIds: [1, 1] }, 'SiteIds'],
    [
      { ...commit, SiteIds: Array.from({ length: batches.BATCH_SITES_MAX + 1 }, (_, index) => index + 1) },
      'SiteIds',
    ],
    [{ ...commit, SiteIds: [1], UserVersion: 'v 1' }, 'UserVersion'],
    [{ ...commit, SiteIds: [1], TemplateId: 99 }, 'TemplateId'],
  ])('refuses bad input %#, naming %s', async (input, field) => {
    const refused = await server.call(batches.commitBatch, input, { token: admin, locale: 'en' });
    expect(refused.body.Errcode).not.toBe(0);
    expect(errorsOf(refused).map((error) => error.Field)).toContain(field);
  });

  it('shows a batch only to the shop it was started from', async () => {
    const list = await server.call(batches.getBatchList, {}, { token: admin });
    const id = list.body.Data[0]!.Id;
    const elsewhere = await server.call(batches.getBatchInfo, { id }, { token: site2, locale: 'en' });
    expect(elsewhere.body.Errmsg).toBe(`No batch commit ${id} in this shop`);
    expect(errorsOf(await server.call(batches.retryBatch, { Id: id }, { token: site2 }))[0]?.Field).toBe(
      'Id',
    );
    expect((await server.call(batches.getBatchList, {}, { token: site2 })).body.Total).toBe(0);
  });

  it('refuses the sub-account, which has no commit permission', async () => {
    for (const [endpoint, input] of [
      [batches.getBatchSites, {}],
      [batches.commitBatch, { ...commit, SiteIds: [1] }],
      [batches.getBatchList, {}],
      [batches.retryBatch, { Id: 1 }],
    ] as const) {
      const response = await server.call(endpoint, input, { token: sub });
      expect(response.status, endpoint.path).toBe(403);
    }
  });
});
