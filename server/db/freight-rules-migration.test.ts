import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freightRulesSchema } from '../../contract/endpoints/freight-templates';
import { quoteFreight } from '../../contract/freight';
import { destinationOf } from '../areas/comm/service';

/**
 * Migration 0034 turns the freight rules goods used before issue 15 (`free`, `perItem`, `region`)
 * into the template rules of contract/freight.ts. Each case here is one the old freight function was
 * tested with (its quantity, the province, the fee it charged): the converted rules must charge it
 * again through the one freight function.
 */

const MIGRATION = path.join(import.meta.dirname, 'migrations/0034_freight-rules-v2.sql');
let db: PGlite;

const OLD_RULES: Record<string, unknown>[] = [
  { type: 'free' },
  { type: 'perItem', firstFen: 800, nextFen: 200 },
  { type: 'region', baseFen: 600, remoteFen: 1500 },
  { type: 'region', baseFen: 0, remoteFen: 1500 },
  { type: 'region', baseFen: 600 },
  { type: 'perItem', firstFen: -5, nextFen: 1.5 },
  { type: 'perItem', firstFen: '800', nextFen: 200 },
  { type: 'perItem' },
  { type: 'someday', fen: 999 },
  {},
];

beforeAll(async () => {
  db = await PGlite.create('memory://');
  // The table as migration 0032 left it.
  await db.exec(`
    create table freight_templates (
      id serial primary key, site_id integer not null, name text not null,
      rules jsonb not null default '{}'::jsonb, is_default boolean not null default false,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
      version integer not null default 1)`);
  for (const [index, rules] of OLD_RULES.entries())
    await db.query(
      'insert into freight_templates (site_id, name, rules, is_default) values (1, $1, $2, true)',
      [index === 1 ? 'same name' : index === 2 ? 'same name' : `template ${index}`, JSON.stringify(rules)],
    );
  await db.exec(readFileSync(MIGRATION, 'utf8'));
}, 60_000);
afterAll(() => db.close());

async function converted(index: number) {
  const { rows } = await db.query<{ rules: unknown }>('select rules from freight_templates where id = $1', [
    index + 1,
  ]);
  return freightRulesSchema.parse({ ChargeMode: 'piece', ...(rows[0]!.rules as object) });
}

async function fee(index: number, quantity: number, province: string): Promise<number> {
  const templates = new Map([[1, await converted(index)]]);
  const quote = quoteFreight(
    [{ templateId: 1, quantity, weightG: 0, volumeCm3: 0, amountFen: 0 }],
    templates,
    destinationOf(province, ''),
  );
  if (quote.kind !== 'charged') throw new Error(`${quote.kind} for ${province}`);
  return quote.totalFen;
}

describe('migration 0034 keeps every template pricing as before', () => {
  it.each([
    ['free', 0, 3, '广东省', 0],
    ['first item only', 1, 1, '广东省', 800],
    ['first plus two more', 1, 3, '广东省', 1200],
    ['first plus one', 1, 2, '新疆维吾尔自治区', 1000],
    ['region, not remote', 2, 5, '浙江省', 600],
    ['region, remote', 2, 1, '新疆维吾尔自治区', 2100],
    ['region, 西藏', 2, 1, '西藏自治区', 2100],
    ['region, 青海', 2, 4, '青海省', 2100],
    ['region, 宁夏', 2, 1, '宁夏回族自治区', 2100],
    ['region, 甘肃', 2, 1, '甘肃省', 2100],
    ['region, 海南', 2, 1, '海南省', 2100],
    ['region, 内蒙古', 2, 1, '内蒙古自治区', 2100],
    ['region, 广东', 2, 1, '广东省', 600],
    ['the demo’s remote surcharge, remote', 3, 2, '新疆维吾尔自治区', 1500],
    ['the demo’s remote surcharge, elsewhere', 3, 2, '北京市', 0],
    ['region without a surcharge', 4, 1, '新疆维吾尔自治区', 600],
    ['amounts that were not whole fen', 5, 3, '广东省', 0],
    ['a first fee given as text', 6, 2, '广东省', 200],
    ['no amounts', 7, 3, '广东省', 0],
    ['an unknown shape', 8, 1, '广东省', 0],
    ['no shape at all', 9, 1, '广东省', 0],
  ])('%s', async (_name, index, quantity, province, expected) => {
    expect(await fee(index, quantity, province)).toBe(expected);
  });

  it('leaves one default per shop, names unique, and new rules alone when run again', async () => {
    const { rows } = await db.query<{ name: string; is_default: boolean; version: number }>(
      'select name, is_default, version from freight_templates order by id',
    );
    expect(rows.filter((row) => row.is_default)).toHaveLength(1);
    expect(rows[0]!.is_default).toBe(true);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    expect(rows[2]!.name).toBe('same name #3');
    expect(rows.every((row) => row.version === 2)).toBe(true);
    const before = await db.query<{ rules: unknown }>('select rules from freight_templates order by id');
    await db.exec(readFileSync(MIGRATION, 'utf8'));
    const after = await db.query<{ rules: unknown; version: number }>(
      'select rules, version from freight_templates order by id',
    );
    expect(after.rows.map((row) => row.rules)).toEqual(before.rows.map((row) => row.rules));
    expect(after.rows.every((row) => row.version === 2)).toBe(true);
  });
});
