import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeSite, setSiteName } from '../../contract/endpoints/comm';
import { startTestServer } from './harness';
import { defineIsolationCase, runIsolationCases, siteFingerprint } from './tenant-isolation';

runIsolationCases('site calls', [
  defineIsolationCase({
    name: 'SetSiteName with the other site’s Id',
    endpoint: setSiteName,
    input: ({ siteB }) => ({ Id: siteB, Text: 'renamed from site A' }),
    message: 'This site is not one you can manage',
  }),
  defineIsolationCase({
    name: 'ChangeSite to the other site by an account not granted it',
    endpoint: changeSite,
    caller: { userName: 'editor' },
    input: ({ siteB }) => ({ Id: siteB }),
    message: 'You cannot switch to this site',
  }),
  defineIsolationCase({
    name: 'ChangeSite by a sub-account to the other site',
    endpoint: changeSite,
    caller: { userName: 'sub', siteId: 1 },
    input: ({ siteB }) => ({ Id: siteB }),
    message: 'You cannot switch to this site',
  }),
  defineIsolationCase({
    name: 'ChangeSite to the expired site, which the caller was never granted',
    endpoint: changeSite,
    input: ({ siteExpired }) => ({ Id: siteExpired }),
    message: 'You cannot switch to this site',
  }),
]);

describe('the isolation fingerprint', () => {
  it('notices a change to the site row or to any tenant table, and ignores other sites', async () => {
    const server = await startTestServer();
    try {
      const original = await siteFingerprint(server, 2);
      expect(original).toHaveProperty('audit_log');
      expect(original).toHaveProperty('accounts');

      await server.query(sql`update sites set name = 'changed' where id = 1`);
      await server.query(sql`insert into audit_log (site_id, action) values (1, 'elsewhere')`);
      expect(await siteFingerprint(server, 2)).toEqual(original);

      await server.query(sql`insert into audit_log (site_id, action) values (2, 'leak')`);
      const afterInsert = await siteFingerprint(server, 2);
      expect(afterInsert.audit_log).not.toBe(original.audit_log);

      await server.query(sql`update sites set name = 'changed' where id = 2`);
      expect((await siteFingerprint(server, 2)).sites).not.toBe(afterInsert.sites);

      await server.query(sql`update accounts set introduction = 'edited' where user_name = 'site2'`);
      expect((await siteFingerprint(server, 2)).accounts).not.toBe(original.accounts);
    } finally {
      await server.close();
    }
  });
});
