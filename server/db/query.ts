import { createHash } from 'node:crypto';
import { fillPlaceholders, type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';
import { inOneWrite, PipelinedClient } from './pipelined-client';

/**
 * Runs raw SQL and returns its rows, the same on PGlite and node-postgres. With `prepareAs`, a hot
 * query whose text depends on its filters (a list) runs as a named prepared statement, one name per
 * distinct text (see namedShape), so the server parses and plans each shape once per connection.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Database,
  query: SQL,
  options: { prepareAs?: string } = {},
): Promise<T[]> {
  const raw = db.execute(query);
  const name =
    options.prepareAs === undefined ? undefined : namedShape(options.prepareAs, raw.getQuery().sql);
  const result = (
    name === undefined
      ? await raw
      : await db._.session.prepareQuery(raw.getQuery(), undefined, name, false).execute()
  ) as { rows: T[] };
  return result.rows;
}

/** A statement and what its rows mean, for runStatements: `read` returns the answer or throws to refuse. */
export interface Statement<T = void> {
  query: SQL;
  read(rows: Record<string, unknown>[]): T;
}

/**
 * A statement whose refusal waits: its answer is a function that returns what `read` returned or
 * throws what it threw. A transaction reading ahead in one batch (runStatements) calls it where
 * it would have run the statement alone, so that the checks before it still refuse first.
 */
export function answerLater<T>(each: Statement<T>): Statement<() => T> {
  return {
    query: each.query,
    read: (rows) => {
      try {
        const answer = each.read(rows);
        return () => answer;
      } catch (refusal) {
        return () => {
          throw refusal;
        };
      }
    },
  };
}

/** A statement whose rows mean nothing to its caller (a lock, a counter). */
export function statement(query: SQL): Statement {
  return { query, read: () => undefined };
}

/**
 * Runs a transaction's statements in the order given and reads each answer in that order: the
 * first refusal or failure is thrown. A null stands for a statement the caller did not need.
 * Statements are written apart from their running so that one function can name what the end of a
 * transaction does, in the order its locks must be taken (placeOrder).
 *
 * On PostgreSQL they leave in one write, pipelined (PipelinedClient), and the server runs each in
 * turn; so statements after a refusal have run too, and a refusal must end its transaction (every
 * caller lets it roll back). On PGlite, in this process's other thread, they run one by one.
 */
export async function runStatements<const T extends readonly (Statement<unknown> | null)[]>(
  tx: Database,
  statements: T,
): Promise<{ [K in keyof T]: AnswerOf<T[K]> }> {
  const client = pipelinedClientOf(tx);
  let settled: PromiseSettledResult<unknown>[];
  if (client === undefined) {
    settled = [];
    for (const each of statements) {
      const answer = each === null ? undefined : await runOne(tx, each);
      settled.push({ status: 'fulfilled', value: answer });
    }
  } else {
    const sent = inOneWrite(client, () =>
      statements.map((each) => (each === null ? undefined : runOne(tx, each))),
    );
    settled = await Promise.allSettled(sent);
  }
  const answers = settled.map((outcome) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  });
  return answers as { [K in keyof T]: AnswerOf<T[K]> };
}

/** What runStatements gives for one statement: its answer, or undefined for a null (distributes over `Statement | null`). */
type AnswerOf<S> = S extends Statement<infer R> ? R : undefined;

/** A statement started at once (drizzle's raw query reaches the driver before its first await), then read. */
function runOne<T>(tx: Database, each: Statement<T>): Promise<T> {
  const started = (
    tx.execute(each.query) as unknown as { execute(): Promise<{ rows: Record<string, unknown>[] }> }
  ).execute();
  return started.then((result) => each.read(result.rows));
}

/** The one connection behind a node-postgres transaction, when it pipelines; else undefined. */
function pipelinedClientOf(tx: Database): PipelinedClient | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof PipelinedClient ? client : undefined;
}

/** Names given to query shapes so far: statement text → name. */
const shapeNames = new Map<string, string>();
/** How many texts each prefix has named. */
const namedPerPrefix = new Map<string, number>();
/**
 * Each name stays prepared on every pooled connection for the connection's life, so the number of
 * shapes is bounded; past it, new shapes run unnamed (as every query did before), never failing.
 * The bound is per prefix (per list), so that one list's many filter combinations, met first in a
 * long-running server, never leave another list's everyday shape unnamed.
 */
export const MAX_SHAPES_PER_PREFIX = 8;

/**
 * The statement name for a query text: `prefix` and a hash of the text, so one name never stands
 * for two texts (PostgreSQL and node-postgres refuse that). Undefined once the prefix has named
 * MAX_SHAPES_PER_PREFIX texts.
 */
export function namedShape(prefix: string, text: string): string | undefined {
  const known = shapeNames.get(text);
  if (known !== undefined) return known;
  const named = namedPerPrefix.get(prefix) ?? 0;
  if (named >= MAX_SHAPES_PER_PREFIX) return undefined;
  const name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  shapeNames.set(text, name);
  namedPerPrefix.set(prefix, named + 1);
  return name;
}

const preparedNames = new Set<string>();

/**
 * A hot statement of fixed shape, the data layer's ordinary way of writing one: `build` writes it
 * with drizzle's query builder, each value a `sql.placeholder('…')`, ending in `.prepare(name)`.
 * The statement is built once per database (drizzle then never rebuilds its SQL) and the server
 * parses and plans it once per connection. Call `.execute({ … })` on what the returned function
 * gives for a database or transaction.
 */
export function preparedStatement<T>(
  name: string,
  build: (db: Database, name: string) => T,
): (db: Database) => T {
  if (preparedNames.has(name)) throw new Error(`two prepared statements are named ${name}`);
  preparedNames.add(name);
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db, name);
      built.set(db, statement);
    }
    return statement;
  };
}

/** Something drizzle can render to a statement: a query builder with its placeholders. */
interface Renderable {
  toSQL(): Query;
}

/** Runs a statement text under a name with the given values, on one database's own driver. */
type DirectRun = (name: string, text: string, values: unknown[]) => Promise<unknown[]>;

const directRuns = new WeakMap<Database, DirectRun>();

function directRunOf(db: Database): DirectRun {
  let run = directRuns.get(db);
  if (run === undefined) {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      run = async (name, text, values) => (await client.query({ name, text, values })).rows;
    } else if (client && typeof (client as { query?: unknown }).query === 'function') {
      // PGlite's worker prepares every text it is given, so the name is not needed there.
      const embedded = client as { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
      run = async (_name, text, values) => (await embedded.query(text, values)).rows;
    } else {
      throw new Error('directStatement needs the root database, not a transaction');
    }
    directRuns.set(db, run);
  }
  return run;
}

/**
 * The hottest statements (the session lookup every authenticated call makes) sent straight to the
 * driver as a named prepared statement: written with drizzle's query builder like any other, but
 * rendered once, and run without drizzle's per-call wrapping, tracing and row mapping, which cost
 * as much again as the driver's own work. Rows come as the driver gives them: one property per
 * selected alias, values as the driver parses them. Runs on the root database only.
 */
export function directStatement<Row, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Database) => Renderable,
): (db: Database, values: Values) => Promise<Row[]> {
  if (preparedNames.has(name)) throw new Error(`two prepared statements are named ${name}`);
  preparedNames.add(name);
  const rendered = new WeakMap<Database, Query>();
  return (db, values) => {
    let query = rendered.get(db);
    if (query === undefined) {
      query = build(db).toSQL();
      rendered.set(db, query);
    }
    return directRunOf(db)(name, query.sql, fillPlaceholders(query.params, values)) as Promise<Row[]>;
  };
}

/**
 * The given columns and expressions as one JSON object in one text column, keyed by the given
 * names: for a hot lookup of many columns, where the driver's per-column work outweighs one
 * JSON.parse. Values keep their JSON types (numbers, booleans, null, jsonb as nested JSON);
 * timestamps come as ISO text.
 */
export function packedRow(fields: Record<string, SQLWrapper>): SQL<string> {
  const pairs = Object.entries(fields).map(([key, value]) => {
    // Keys are written into the statement (not bound on every call), so only plain names.
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`packedRow: ${key} is not a plain name`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql<string>`json_build_object(${sql.join(pairs, sql`, `)})::text`;
}

/** `text` with `%`, `_` and `\` escaped, so they match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern matching text that contains `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

function typedArray(values: readonly (number | string)[], type: SQL): SQL {
  return values.length === 0
    ? sql`'{}'::${type}[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::${type}[]`;
}

/** An int[] parameter for `= any(…)` and array columns (an empty list included, which IN cannot take). */
export function intArray(values: readonly number[]): SQL {
  return typedArray(values, sql.raw('int'));
}

/** A text[] parameter for array columns. */
export function textArray(values: readonly string[]): SQL {
  return typedArray(values, sql.raw('text'));
}
