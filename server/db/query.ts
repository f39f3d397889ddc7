import { createHash } from 'node:crypto';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './client';

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

/** Names given to query shapes so far: statement text → name. */
const shapeNames = new Map<string, string>();
/**
 * Each name stays prepared on every pooled connection for the connection's life, so the number of
 * shapes is bounded; past it, new shapes run unnamed (as every query did before), never failing.
 */
export const MAX_NAMED_SHAPES = 64;

/**
 * The statement name for a query text: `prefix` and a hash of the text, so one name never stands
 * for two texts (PostgreSQL and node-postgres refuse that). Undefined once MAX_NAMED_SHAPES are taken.
 */
export function namedShape(prefix: string, text: string): string | undefined {
  const known = shapeNames.get(text);
  if (known !== undefined || shapeNames.size >= MAX_NAMED_SHAPES) return known;
  const name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  shapeNames.set(text, name);
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
