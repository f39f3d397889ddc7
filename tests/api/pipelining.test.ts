import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { queryRows, runStatements, type Statement, statement } from '../../server/db/query';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.query(sql`create table pipeline_marks (n int not null)`);
});
afterAll(() => server.close());

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const refuse = (message: string): Statement => ({
  query: sql`select 1`,
  read: () => {
    throw new Error(message);
  },
});

const marks = () =>
  server
    .query<{ n: number }>(sql`select n from pipeline_marks order by n`)
    .then((rows) => rows.map((row) => row.n));

/** Each socket write a transaction's connection makes from now on: the bytes of each, as text. */
function recordWrites(tx: Database): string[] {
  const socket = (tx as unknown as { session: { client: { connection: { stream: WritableSocket } } } })
    .session.client.connection.stream;
  const writes: string[] = [];
  const writev = socket._writev.bind(socket);
  const write = socket._write.bind(socket);
  socket._writev = (chunks, callback) => {
    writes.push(chunks.map(({ chunk }) => Buffer.from(chunk).toString('latin1')).join(''));
    writev(chunks, callback);
  };
  socket._write = (chunk, encoding, callback) => {
    writes.push(Buffer.from(chunk).toString('latin1'));
    write(chunk, encoding, callback);
  };
  return writes;
}

interface WritableSocket {
  _writev(chunks: { chunk: Uint8Array }[], callback: (error?: Error | null) => void): void;
  _write(chunk: Uint8Array, encoding: BufferEncoding, callback: (error?: Error | null) => void): void;
}

describe('runStatements', () => {
  it('answers each statement in the order given, reading the rows the one before it wrote', async () => {
    const answers = await server.database.db.transaction((tx) =>
      runStatements(tx, [
        statement(sql`insert into pipeline_marks values (1)`),
        {
          query: sql`select count(*)::int as count from pipeline_marks`,
          read: (rows) => rows[0]!.count,
        },
        null,
        statement(sql`insert into pipeline_marks values (2)`),
        { query: sql`select sum(n)::int as total from pipeline_marks`, read: (rows) => rows[0]!.total },
      ]),
    );
    expect(answers).toEqual([undefined, 1, undefined, undefined, 3]);
    expect(await marks()).toEqual([1, 2]);
    await server.query(sql`delete from pipeline_marks`);
  });

  it('throws the first refusal or failure in the order given, and the transaction keeps nothing', async () => {
    const cases: [string, Statement[], RegExp][] = [
      [
        'a refusal before a write',
        [refuse('first'), statement(sql`insert into pipeline_marks values (9)`)],
        /first/,
      ],
      [
        'a write, then a refusal, then a failure',
        [
          statement(sql`insert into pipeline_marks values (8)`),
          refuse('second'),
          statement(sql`select 1 / 0`),
        ],
        /second/,
      ],
      ['a failure before a refusal', [statement(sql`select 1 / 0`), refuse('late')], /select 1 \/ 0/],
      ['two refusals', [refuse('one'), refuse('two')], /one/],
    ];
    for (const [name, statements, thrown] of cases) {
      await expect(
        server.database.db.transaction((tx) => runStatements(tx, statements)),
        name,
      ).rejects.toThrow(thrown);
      expect(await marks(), name).toEqual([]);
    }
  });

  it.runIf(onPostgres)(
    'sends a transaction’s statements in one write, its BEGIN with the first',
    async () => {
      let writes: string[] = [];
      await server.database.db.transaction(async (tx) => {
        writes = recordWrites(tx);
        await runStatements(tx, [
          statement(sql`insert into pipeline_marks values (3)`),
          statement(sql`insert into pipeline_marks values (4)`),
          statement(sql`select count(*) from pipeline_marks`),
        ]);
      });
      // BEGIN and the three statements, then COMMIT.
      expect(writes).toHaveLength(2);
      expect(writes[0]).toMatch(/begin[\s\S]*values \(3\)[\s\S]*values \(4\)[\s\S]*count\(\*\)/);
      expect(writes[1]).toMatch(/commit/);
      expect(await marks()).toEqual([3, 4]);
      await server.query(sql`delete from pipeline_marks`);
    },
  );
});

describe('a transaction on PostgreSQL', () => {
  it.runIf(onPostgres)('writes BEGIN with its first statement, and each later statement alone', async () => {
    let writes: string[] = [];
    const counted = await server.database.db.transaction(async (tx) => {
      writes = recordWrites(tx);
      await tx.execute(sql`insert into pipeline_marks values (5)`);
      return queryRows<{ count: number }>(tx, sql`select count(*)::int as count from pipeline_marks`);
    });
    expect(counted).toEqual([{ count: 1 }]);
    expect(writes).toHaveLength(3);
    expect(writes[0]).toMatch(/begin[\s\S]*values \(5\)/);
    expect(writes[1]).toMatch(/count\(\*\)/);
    expect(writes[1]).not.toMatch(/begin/);
    expect(writes[2]).toMatch(/commit/);
    await server.query(sql`delete from pipeline_marks`);
  });

  it.runIf(onPostgres)(
    'rolls back a transaction that throws before its first statement, leaving its connection idle',
    async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await expect(
          server.database.db.transaction(async () => {
            throw new Error('nothing sent');
          }),
        ).rejects.toThrow('nothing sent');
      }
      const pool = server.database.pool!;
      const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
      try {
        // What the server said after each connection's last statement: I is idle, T in a transaction.
        const states = clients.map((client) =>
          (client as unknown as { getTransactionStatus(): string }).getTransactionStatus(),
        );
        expect(new Set(states)).toEqual(new Set(['I']));
      } finally {
        for (const client of clients) client.release();
      }
    },
  );

  it('reports a statement’s failure in the transaction that BEGIN opened, and rolls it back', async () => {
    await expect(
      server.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow(/select 1 \/ 0/);
    await expect(
      server.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipeline_marks values (10)`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow(/select 1 \/ 0/);
    expect(await marks()).toEqual([]);
  });
});
