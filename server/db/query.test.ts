import { PGlite } from '@electric-sql/pglite';
import { gte, sql } from 'drizzle-orm';
import { integer, jsonb, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import {
  answerLater,
  containsPattern,
  directStatement,
  MAX_SHAPES_PER_PREFIX,
  namedShape,
  packedRow,
  preparedStatement,
  queryRows,
  runStatements,
  statement,
} from './query';

describe('containsPattern', () => {
  it.each([
    ['shoe', '%shoe%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
    ['', '%%'],
    ['红色 T 恤', '%红色 T 恤%'],
  ])('matches text containing %j literally', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});

describe('namedShape', () => {
  it('gives one text one name, with the prefix, whatever the prefix of a later call', () => {
    const name = namedShape('goods_list', 'select 1 where $1');
    expect(name).toMatch(/^goods_list_[0-9a-f]{16}$/);
    expect(namedShape('goods_list', 'select 1 where $1')).toBe(name);
    expect(namedShape('other', 'select 1 where $1')).toBe(name);
  });

  it('gives texts that differ by one character different names', () => {
    expect(namedShape('q', 'select 1 where $2')).not.toBe(namedShape('q', 'select 1 where $3'));
  });

  it('names MAX_SHAPES_PER_PREFIX texts of a prefix, then runs its new ones unnamed but keeps the names given', () => {
    const first = namedShape('capped', 'capped shape 0');
    let named = 1;
    for (let index = 1; index <= MAX_SHAPES_PER_PREFIX + 5; index += 1) {
      if (namedShape('capped', `capped shape ${index}`) !== undefined) named += 1;
    }
    expect(named).toBe(MAX_SHAPES_PER_PREFIX);
    expect(namedShape('capped', `capped shape ${MAX_SHAPES_PER_PREFIX + 6}`)).toBeUndefined();
    expect(namedShape('capped', 'capped shape 0')).toBe(first);
    // Another prefix still names its texts, and one it named keeps its name under the full prefix.
    const elsewhere = namedShape('uncapped', 'uncapped shape 0');
    expect(elsewhere).toMatch(/^uncapped_/);
    expect(namedShape('capped', 'uncapped shape 0')).toBe(elsewhere);
  });
});

describe('preparedStatement', () => {
  it('refuses a second statement of the same name', () => {
    preparedStatement('twice_named', () => 1);
    expect(() => preparedStatement('twice_named', () => 2)).toThrow(/twice_named/);
  });

  it('builds a statement once per database, with its own name', () => {
    const built: string[] = [];
    const statement = preparedStatement('built_once', (_db, name) => {
      built.push(name);
      return { name, id: built.length };
    });
    const first = {} as Database;
    const second = {} as Database;
    expect(statement(first)).toBe(statement(first));
    expect(statement(second)).not.toBe(statement(first));
    expect(built).toEqual(['built_once', 'built_once']);
  });

  // The embedded database starts in seconds, more on a busy machine.
  it('runs with the values given at each call, on a real database', async () => {
    const client = await PGlite.create('memory://');
    try {
      const db = drizzle({ client }) as unknown as Database;
      await db.execute(sql`create table things (id int primary key, name text not null)`);
      await db.execute(sql`insert into things values (1, 'one'), (2, 'two'), (3, 'three')`);
      const things = pgTable('things', { id: integer('id').primaryKey(), name: text('name').notNull() });
      const byMinimum = preparedStatement('things_from', (database, name) =>
        database
          .select({ name: things.name })
          .from(things)
          .where(gte(things.id, sql.placeholder('minimum')))
          .orderBy(things.id)
          .prepare(name),
      );
      expect(await byMinimum(db).execute({ minimum: 2 })).toEqual([{ name: 'two' }, { name: 'three' }]);
      expect(await byMinimum(db).execute({ minimum: 3 })).toEqual([{ name: 'three' }]);
      const direct = directStatement<{ name: string }, { minimum: number }>(
        'things_from_direct',
        (database) =>
          database
            .select({ name: things.name })
            .from(things)
            .where(gte(things.id, sql.placeholder('minimum')))
            .orderBy(things.id),
      );
      expect(await direct(db, { minimum: 2 })).toEqual([{ name: 'two' }, { name: 'three' }]);
      expect(await direct(db, { minimum: 3 })).toEqual([{ name: 'three' }]);
      await expect(db.transaction((tx) => direct(tx as unknown as Database, { minimum: 1 }))).rejects.toThrow(
        /root database/,
      );
      expect(
        await queryRows(db, sql`select name from things where id = ${1}`, { prepareAs: 'things_by_id' }),
      ).toEqual([{ name: 'one' }]);
      expect(
        await queryRows(db, sql`select name from things where id = ${2}`, { prepareAs: 'things_by_id' }),
      ).toEqual([{ name: 'two' }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('packedRow', () => {
  it.each([
    ['a name', 'userName'],
    ['a name with digits', 'line2'],
  ])('writes %s into the statement, never as a bound value', (_, key) => {
    const query = new PgDialect().sqlToQuery(packedRow({ [key]: sql`1` }));
    expect(query.sql).toBe(`json_build_object('${key}', 1)::text`);
    expect(query.params).toEqual([]);
  });

  it.each([
    ['a quote', "name'"],
    ['a space around', ' name'],
    ['a leading digit', '2name'],
    ['nothing', ''],
  ])('refuses a key with %s', (_, key) => {
    expect(() => packedRow({ [key]: sql`1` })).toThrow(/plain name/);
  });

  it('keeps numbers, booleans, null, text and jsonb as their JSON types, on a real database', async () => {
    const client = await PGlite.create('memory://');
    try {
      const db = drizzle({ client }) as unknown as Database;
      await db.execute(sql`create table people (id int primary key, name text, tags jsonb not null)`);
      await db.execute(sql`insert into people values (7, null, '["a","b"]'), (8, 'O''Neil "名"', '[]')`);
      const people = pgTable('people', {
        id: integer('id').primaryKey(),
        name: text('name'),
        tags: jsonb('tags').notNull(),
      });
      const rows = await db
        .select({
          row: packedRow({
            id: people.id,
            name: people.name,
            tags: people.tags,
            even: sql`${people.id} % 2 = 0`,
          }),
        })
        .from(people)
        .orderBy(people.id);
      expect(rows.map((row) => JSON.parse(row.row))).toEqual([
        { id: 7, name: null, tags: ['a', 'b'], even: false },
        { id: 8, name: 'O\'Neil "名"', tags: [], even: true },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('runStatements', () => {
  const refuse = (message: string) => ({
    query: sql`select 1`,
    read: () => {
      throw new Error(message);
    },
  });

  it('runs the statements in the order given and reads each answer, on a real database', async () => {
    const client = await PGlite.create('memory://');
    try {
      const db = drizzle({ client }) as unknown as Database;
      await db.execute(sql`create table marks (n int not null)`);
      const count = {
        query: sql`select count(*)::int as count, coalesce(sum(n), 0)::int as total from marks`,
        read: (rows: Record<string, unknown>[]) => rows[0],
      };
      const answers = await db.transaction((tx) =>
        runStatements(tx, [
          statement(sql`insert into marks values (1)`),
          count,
          null,
          statement(sql`insert into marks values (2)`),
          count,
        ]),
      );
      expect(answers).toEqual([
        undefined,
        { count: 1, total: 1 },
        undefined,
        undefined,
        { count: 2, total: 3 },
      ]);

      // The first refusal in the list is thrown, and a failure after a refusal is never reached.
      await expect(
        runStatements(db, [statement(sql`select 1`), refuse('first'), refuse('second')]),
      ).rejects.toThrow('first');
      await expect(runStatements(db, [refuse('before'), statement(sql`select 1 / 0`)])).rejects.toThrow(
        'before',
      );
      await expect(runStatements(db, [statement(sql`select 1 / 0`), refuse('after')])).rejects.toThrow(
        /select 1 \/ 0/,
      );
      expect(await runStatements(db, [])).toEqual([]);
      // Nothing after a refusal is sent.
      await expect(
        runStatements(db, [refuse('stop'), statement(sql`insert into marks values (9)`)]),
      ).rejects.toThrow('stop');
      expect(await queryRows(db, sql`select 1 from marks where n = 9`)).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('answerLater', () => {
  const rows = [{ n: 1 }];
  it('answers what read answers, when called', () => {
    const later = answerLater({ query: sql`select 1`, read: (given) => given.length });
    expect(later.read(rows)()).toBe(1);
  });

  it('keeps a refusal until called, and throws it each time', () => {
    const refusal = new Error('refused');
    const later = answerLater({
      query: sql`select 1`,
      read: () => {
        throw refusal;
      },
    });
    const answer = later.read(rows);
    expect(answer).toThrow(refusal);
    expect(answer).toThrow(refusal);
  });

  it('sends the same statement', () => {
    const query = sql`select 2`;
    expect(answerLater({ query, read: () => undefined }).query).toBe(query);
  });
});
