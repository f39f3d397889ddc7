import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import { type ApiResponse, startTestServer, type TestServer } from './harness';

/**
 * Tenant isolation: a caller of site A names rows of site B and must get Errcode -1 with nothing of
 * site B changed. Areas add their cases with `defineIsolationCase` and run them with
 * `runIsolationCases` from their own test file, e.g. tests/api/goods-isolation.test.ts:
 *
 *   runIsolationCases('goods', [
 *     defineIsolationCase({
 *       name: 'BindProductState with a product of site B',
 *       endpoint: goods.bindProductState,
 *       setup: async ({ server, siteB }) => ({ productId: await someProductOf(server, siteB) }),
 *       input: (_context, { productId }) => ({ Id: productId, State: 0 }),
 *     }),
 *   ]);
 *
 * Whether anything changed is checked for every table with a site_id column (rows of site B) and
 * site B's own row, so a new area's tables are covered without listing them.
 */
export interface IsolationContext {
  server: TestServer;
  /** The caller's site: the demo mall. */
  siteA: number;
  /** The other tenant: the demo official site, with its own main account `site2`. */
  siteB: number;
  /** The expired demo site, which no caller of site A may reach either. */
  siteExpired: number;
}

export interface IsolationCase<Prepared extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  endpoint: EndpointDefinition;
  /** Who calls: a user of site A (default the main account `admin`); siteId for sub-accounts. */
  caller?: { userName: string; siteId?: number };
  /** Finds or creates rows of site B (through the server or SQL) before the snapshot is taken. */
  setup?: (context: IsolationContext) => Promise<Prepared>;
  input: (context: IsolationContext, prepared: Prepared) => unknown;
  /** The message the caller should see, when it matters. */
  message?: string | RegExp;
  /**
   * For calls that answer Errcode 0 by design (lists): checks instead that nothing of site B came
   * back. Without it the call must answer Errcode -1.
   */
  verify?: (response: ApiResponse, context: IsolationContext, prepared: Prepared) => void | Promise<void>;
}

/** Types a case; the prepared values flow from `setup` into `input` and `verify`. */
export function defineIsolationCase<Prepared extends Record<string, unknown>>(
  isolationCase: IsolationCase<Prepared>,
): IsolationCase {
  return isolationCase as unknown as IsolationCase;
}

/**
 * Site B's rows that several cases of a file name, made once per test server by `make` and shared:
 * pass the returned function as the cases' `setup`.
 */
export function sharedSiteB<Prepared>(
  make: (server: TestServer, siteB: number) => Promise<Prepared>,
): (context: IsolationContext) => Promise<Prepared> {
  const made = new WeakMap<TestServer, Promise<Prepared>>();
  return (context) => {
    let prepared = made.get(context.server);
    if (!prepared) {
      prepared = make(context.server, context.siteB);
      made.set(context.server, prepared);
    }
    return prepared;
  };
}

/**
 * A `verify` for lists, which answer Errcode 0 by design: none of the rows is one of site B's
 * (`ids`, compared on the rows' `key`). `nonEmpty` also wants rows of site A back, so that an empty
 * list cannot pass for an isolated one.
 */
export function noneOfSiteB<Prepared>(
  ids: (prepared: Prepared) => number[],
  options: { key?: string; nonEmpty?: boolean } = {},
) {
  return (response: ApiResponse, _context: IsolationContext, prepared: Prepared): void => {
    expect(response.body.Errcode).toBe(0);
    const rows = (response.body.Data ?? []) as Record<string, unknown>[];
    if (options.nonEmpty) expect(rows.length).toBeGreaterThan(0);
    const theirs = ids(prepared);
    expect(rows.some((row) => theirs.includes(row[options.key ?? 'Id'] as number))).toBe(false);
  };
}

/** Tables holding tenant rows; sessions are the callers' own and change with every call. */
async function tenantTables(server: TestServer): Promise<string[]> {
  const rows = await server.query<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'site_id' and t.table_type = 'BASE TABLE'
       and c.table_name <> 'sessions'
     order by c.table_name`);
  return rows.map((row) => row.table_name);
}

/** A fingerprint per table of site B's rows, plus site B's own row. */
export async function siteFingerprint(server: TestServer, siteId: number): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  const [site] = await server.query<{ digest: string }>(
    sql`select md5(s::text) as digest from sites s where s.id = ${siteId}`,
  );
  fingerprint.sites = site?.digest ?? '';
  for (const table of await tenantTables(server)) {
    const [row] = await server.query<{ rows: number; digest: string | null }>(sql`
      select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest
        from ${sql.identifier(table)} t where t.site_id = ${siteId}`);
    fingerprint[table] = `${row?.rows}:${row?.digest ?? ''}`;
  }
  return fingerprint;
}

/** Registers one test per case on a fresh server; each runs as a caller of site A. */
export function runIsolationCases(title: string, cases: IsolationCase[]): void {
  describe(`tenant isolation: ${title}`, () => {
    let context: IsolationContext;
    beforeAll(async () => {
      const server = await startTestServer();
      const sites = await server.query<{ id: number; name: string }>(
        sql`select id, name from sites order by id`,
      );
      const [siteA, siteB, siteExpired] = sites.map((site) => site.id) as [number, number, number];
      context = { server, siteA, siteB, siteExpired };
    });
    afterAll(() => context.server.close());

    it.each(cases.map((isolationCase) => ({ name: isolationCase.name, isolationCase })))(
      '$name',
      async ({ isolationCase }) => {
        const { server, siteB } = context;
        const caller = isolationCase.caller ?? { userName: 'admin' };
        const token = await server.login(caller.userName, caller.siteId ? { siteId: caller.siteId } : {});
        const prepared = (await isolationCase.setup?.(context)) ?? {};
        const before = await siteFingerprint(server, siteB);

        const response = (await server.call(isolationCase.endpoint, isolationCase.input(context, prepared), {
          token,
        })) as ApiResponse;

        expect(response.status).toBeLessThan(500);
        if (isolationCase.verify) await isolationCase.verify(response, context, prepared);
        else expect(response.body.Errcode).toBe(-1);
        if (isolationCase.message !== undefined) expect(response.body.Errmsg).toMatch(isolationCase.message);
        expect(await siteFingerprint(server, siteB)).toEqual(before);
      },
    );
  });
}
