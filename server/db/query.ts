import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';

/** Runs raw SQL and returns its rows, the same on PGlite and node-postgres. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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
