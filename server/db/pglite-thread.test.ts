import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../areas/marketing/deal-rules';
import { type Database, type DatabaseHandle, openDatabase } from './client';
import { queryRows } from './query';

/**
 * The worker-thread PGlite against PGlite on the calling thread, the driver it replaces: every
 * query here runs on both and must give the same rows, the same errors and the same transactions.
 */

const samples = pgTable('samples', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  amount: bigint('amount', { mode: 'bigint' }),
  count: bigint('count', { mode: 'number' }),
  price: numeric('price'),
  detail: jsonb('detail'),
  tags: text('tags').array(),
  ids: integer('ids').array(),
  at: timestamp('at', { withTimezone: true }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  active: boolean('active'),
});

const SCHEMA = `
  create table samples (
    id serial primary key, name text not null unique, amount bigint, count bigint, price numeric,
    detail jsonb, tags text[], ids integer[], at timestamptz, at_text timestamptz, day date,
    active boolean)`;

const ROWS = [
  {
    name: 'first',
    amount: 12_345_678_901_234_567n,
    count: 42,
    price: '19.90',
    detail: { colour: '红', sizes: [1, 2], nested: { ok: true } },
    tags: ['a', 'b,c', '"q"'],
    ids: [3, 1, 2],
    at: new Date('2026-03-01T08:30:00.123Z'),
    atText: '2026-03-01 08:30:00.123+00',
    day: '2026-03-01',
    active: true,
  },
  {
    name: 'second',
    amount: null,
    count: null,
    price: null,
    detail: null,
    tags: [],
    ids: null,
    at: null,
    atText: null,
    day: null,
    active: false,
  },
];

/** Every query of this file runs on both drivers. */
interface Driver {
  name: string;
  db: Database;
  close(): Promise<void>;
}

const drivers: Driver[] = [];
let worker: DatabaseHandle;

async function both<T>(run: (db: Database) => Promise<T>): Promise<[T, T]> {
  const [onThread, onWorker] = drivers;
  return [await run(onThread!.db), await run(onWorker!.db)];
}

/** The settled outcome of a call, with the database error's fields (drizzle wraps it as `cause`). */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { value: await run() };
  } catch (error) {
    const cause = (error as { cause?: Record<string, unknown> }).cause ?? (error as Record<string, unknown>);
    return {
      error: {
        unique: isUniqueViolation(error),
        name: cause.name,
        message: cause.message,
        code: cause.code,
        constraint: cause.constraint,
        detail: cause.detail,
        table: cause.table,
      },
    };
  }
}

beforeAll(async () => {
  const client = await PGlite.create('memory://');
  const onThread = drizzle({ client }) as unknown as Database;
  drivers.push({ name: 'thread', db: onThread, close: () => client.close() });
  worker = await openDatabase({ memory: {} });
  drivers.push({ name: 'worker', db: worker.db, close: () => worker.close() });
  for (const { db } of drivers) {
    await db.execute(sql.raw(SCHEMA));
    await db.insert(samples).values(ROWS);
  }
}, 120_000);

afterAll(async () => {
  for (const driver of drivers) await driver.close();
});

describe('reading through the worker', () => {
  it('maps every column type as the in-thread driver does', async () => {
    const [onThread, onWorker] = await both((db) => db.select().from(samples).orderBy(samples.id));
    expect(onWorker).toEqual(onThread);
    const [first] = onWorker;
    expect(first?.amount).toBe(12_345_678_901_234_567n);
    expect(first?.at).toEqual(new Date('2026-03-01T08:30:00.123Z'));
    expect(first?.detail).toEqual(ROWS[0]!.detail);
    expect(first?.tags).toEqual(['a', 'b,c', '"q"']);
  });

  it('returns raw sql rows with the same types (dates as text, int8, numeric, json, arrays, bytea)', async () => {
    const query: SQL = sql`
      select now()::date - now()::date as days, '2026-03-01 08:30:00+08'::timestamptz as at,
             '2026-03-01 08:30:00'::timestamp as local, '2026-03-01'::date as day,
             interval '1 day 2 hours' as span, 9007199254740993::int8 as big, 12.50::numeric as price,
             array[1.5, 2.25]::numeric[] as prices, array['2026-03-01'::date] as days_list,
             array['2026-03-01 08:30:00+00'::timestamptz] as instants, '{"a":[1,null]}'::json as doc,
             '\\x00ff'::bytea as bytes, array[[1,2],[3,4]] as grid, null::text as nothing, true as yes`;
    const [onThread, onWorker] = await both((db) => queryRows(db, query));
    expect(onWorker).toEqual(onThread);
    expect(onWorker[0]).toMatchObject({
      at: '2026-03-01 00:30:00+00',
      price: '12.50',
      doc: { a: [1, null] },
    });
  });

  it('passes parameters of every kind and reads them back alike', async () => {
    const when = new Date('2026-05-04T03:02:01.000Z');
    const query = sql`select ${when}::timestamptz as at, ${'{"k":"v"}'}::jsonb as doc,
      ${42}::int as n, ${'文字'} as words, ${true}::boolean as flag, ${null}::int as empty`;
    const [onThread, onWorker] = await both((db) => queryRows(db, query));
    expect(onWorker).toEqual(onThread);
  });
});

describe('prepared statements', () => {
  it('run with placeholders, again with other values, as on one thread', async () => {
    const [onThread, onWorker] = await both(async (db) => {
      const byName = db
        .select({ id: samples.id, name: samples.name, amount: samples.amount })
        .from(samples)
        .where(eq(samples.name, sql.placeholder('name')))
        .prepare('sample_by_name');
      const insert = db
        .insert(samples)
        .values({ name: sql.placeholder('name'), count: sql.placeholder('count') })
        .returning({ id: samples.id, count: samples.count })
        .prepare('sample_insert');
      const added = await insert.execute({ name: 'prepared', count: 7 });
      return [
        await byName.execute({ name: 'first' }),
        await byName.execute({ name: 'second' }),
        await byName.execute({ name: 'nobody' }),
        added,
        await byName.execute({ name: 'prepared' }),
      ];
    });
    expect(onWorker).toEqual(onThread);
    expect(onWorker[0]).toEqual([{ id: 1, name: 'first', amount: 12_345_678_901_234_567n }]);
    expect(onWorker[2]).toEqual([]);
    expect(onWorker[3]).toEqual([{ id: 3, count: 7 }]);
  });

  it('run inside a transaction', async () => {
    const [onThread, onWorker] = await both((db) =>
      db.transaction(async (tx) => {
        const count = tx
          .select({ count: sql<number>`count(*)::int` })
          .from(samples)
          .where(eq(samples.active, sql.placeholder('active')))
          .prepare('samples_by_active');
        await tx.update(samples).set({ active: true }).where(eq(samples.name, 'second'));
        return [await count.execute({ active: true }), await count.execute({ active: false })];
      }),
    );
    expect(onWorker).toEqual(onThread);
    await both((db) => db.update(samples).set({ active: false }).where(eq(samples.name, 'second')));
  });

  it('parse each text once: a text run again uses the statement the first run prepared', async () => {
    const preparedCount = async () => {
      const [row] = await queryRows<{ count: number }>(
        worker.db,
        sql`select count(*)::int as count from pg_prepared_statements where statement like ${'%samples_once%'}`,
      );
      return row!.count;
    };
    const byName = (name: string) =>
      queryRows(worker.db, sql`select id, 'samples_once' as tag from samples where name = ${name}`);
    expect(await byName('first')).toEqual([{ id: 1, tag: 'samples_once' }]);
    expect(await byName('second')).toEqual([{ id: 2, tag: 'samples_once' }]);
    expect(await byName('nobody')).toEqual([]);
    expect(await preparedCount()).toBe(1);
  });

  it('a prepared text still answers after its table changes, with the new columns', async () => {
    const wide = sql`select * from prepared_changing order by id`;
    await worker.db.execute(sql`create table prepared_changing (id int primary key)`);
    await worker.db.execute(sql`insert into prepared_changing values (1)`);
    expect(await queryRows(worker.db, wide)).toEqual([{ id: 1 }]);
    await worker.db.execute(sql`alter table prepared_changing add column label text not null default 'x'`);
    expect(await queryRows(worker.db, wide)).toEqual([{ id: 1, label: 'x' }]);
    await worker.db.execute(sql`drop table prepared_changing`);
  });

  it('keep a bounded number of texts prepared, the oldest closed first', async () => {
    for (let index = 0; index < 300; index += 1) {
      await queryRows(worker.db, sql.raw(`select ${index} as bounded_${index}`));
    }
    const [row] = await queryRows<{ count: number; oldest: number }>(
      worker.db,
      sql`select count(*)::int as count,
            count(*) filter (where statement = 'select 0 as bounded_0')::int as oldest
          from pg_prepared_statements`,
    );
    expect(row!.count).toBeLessThanOrEqual(256);
    expect(row!.oldest).toBe(0);
  });
});

describe('transactions', () => {
  const names = (db: Database) =>
    db
      .select({ name: samples.name })
      .from(samples)
      .orderBy(samples.name)
      .then((rows) => rows.map((row) => row.name));

  it('commit, roll back on a thrown error, on rollback(), and to a savepoint, as on one thread', async () => {
    const [onThread, onWorker] = await both(async (db) => {
      await db.transaction(async (tx) => {
        await tx.insert(samples).values({ name: 'committed' });
      });
      const thrown = await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(samples).values({ name: 'thrown' });
          throw new Error('refused');
        }),
      );
      const rolledBack = await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(samples).values({ name: 'rolled back' });
          tx.rollback();
        }),
      );
      await db.transaction(async (tx) => {
        await tx.insert(samples).values({ name: 'outer' });
        await outcome(() =>
          tx.transaction(async (inner) => {
            await inner.insert(samples).values({ name: 'inner' });
            throw new Error('inner refused');
          }),
        );
      });
      return { thrown, rolledBack, names: await names(db) };
    });
    expect(onWorker).toEqual(onThread);
    expect(onWorker.thrown.error?.message).toBe('refused');
    expect(onWorker.names).toEqual(['committed', 'first', 'outer', 'prepared', 'second']);
  });

  it('holds the database: a call from elsewhere waits until the transaction ends', async () => {
    const db = worker.db;
    let outsideAnswered = false;
    let outside: Promise<string[]> | undefined;
    let seenInside: boolean | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(samples).values({ name: 'held' });
      outside = names(db).then((rows) => {
        outsideAnswered = true;
        return rows;
      });
      // A round trip of the transaction's own, after the outside call reached the worker.
      await tx.select().from(samples).limit(1);
      seenInside = outsideAnswered;
    });
    expect(seenInside).toBe(false);
    expect(await outside).toContain('held');
  });

  it('an aborted transaction that returns normally fails its COMMIT alike', async () => {
    const [onThread, onWorker] = await both((db) =>
      outcome(() =>
        db.transaction(async (tx) => {
          await outcome(() => tx.insert(samples).values({ name: 'first' }));
        }),
      ),
    );
    expect(onWorker).toEqual(onThread);
    expect(onWorker.error?.message).toBe('Transaction was rolled back instead of committed');
  });
});

describe('errors', () => {
  it('reach the caller with the PostgreSQL code, constraint and detail (23505)', async () => {
    const [onThread, onWorker] = await both((db) =>
      outcome(() => db.insert(samples).values({ name: 'first' })),
    );
    expect(onWorker).toEqual(onThread);
    expect(onWorker.error).toMatchObject({ unique: true, code: '23505', constraint: 'samples_name_key' });
  });

  it('carry a raised serialization failure (40001) and fail the transaction it came from', async () => {
    const [onThread, onWorker] = await both(async (db) => [
      await outcome(() =>
        db.execute(sql`do $$ begin raise exception 'conflict' using errcode = '40001'; end $$`),
      ),
      await outcome(() =>
        db.transaction(async (tx) => {
          await tx.insert(samples).values({ name: 'never' });
          await tx.insert(samples).values({ name: 'first' });
        }),
      ),
      await queryRows(db, sql`select count(*)::int as n from samples where name = 'never'`),
    ]);
    expect(onWorker).toEqual(onThread);
    expect(onWorker[0]).toMatchObject({ error: { code: '40001', message: 'conflict' } });
    expect(onWorker[1]).toMatchObject({ error: { code: '23505' } });
    expect(onWorker[2]).toEqual([{ n: 0 }]);
  });
});

describe('the data directory', () => {
  it('dumps to a tar another worker database starts from', async () => {
    const copy = await openDatabase({ memory: { loadDataDir: await worker.dumpDataDir!() } });
    try {
      expect(await copy.db.select().from(samples).orderBy(samples.id)).toEqual(
        await worker.db.select().from(samples).orderBy(samples.id),
      );
    } finally {
      await copy.close();
    }
  });

  it('keeps every committed write of a process killed with SIGKILL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-kill-'));
    try {
      const client = path.join(import.meta.dirname, 'client.ts');
      const script = `
        import { sql } from 'drizzle-orm';
        import { openDatabase } from ${JSON.stringify(client)};
        const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
        await database.db.execute(sql\`create table kept (name text)\`);
        await database.db.execute(sql\`insert into kept values ('alone')\`);
        await database.db.transaction((tx) => tx.execute(sql\`insert into kept values ('in a transaction')\`));
        console.log('written');
        setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('written')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`child exited ${code} before writing`)));
      });
      const killed = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await killed;

      const reopened = await openDatabase({ dataDir });
      try {
        expect(await queryRows(reopened.db, sql`select name from kept order by name`)).toEqual([
          { name: 'alone' },
          { name: 'in a transaction' },
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
