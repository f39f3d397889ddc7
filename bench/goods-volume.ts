import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../contract/endpoint';
import { getProductList } from '../contract/endpoints/goods';
import { findPostgresBinaries, startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { buildApp } from '../server/app';
import { SKU_CODE_SEARCH } from '../server/areas/product/product-list';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/query';
import { seedDatabase } from '../server/db/seed';
import { percentile } from './api-load';
import { onAbort } from './cleanup';
import type { BenchSection, Figure } from './figures';
import { signIn } from './order-volume';
import { BENCH_PASSWORD, BENCH_VERIFY_CODE } from './server-process';

export const BENCH_GOODS = 10_000;
const SITE_ID = 1;
/** Calls per query kind, cycling through its variants (page sizes 20 and 50, several pages). */
const CALLS_PER_KIND = 200;
const WARM_UP_CALLS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const POSTGRES_BUDGET_MS = 30;
const PGLITE_BUDGET_MS = 100;

/**
 * 10,000 goods on the demo mall in the seeded leaf categories, 1–3 SKUs each with their own codes,
 * prices from ¥9.90 to ¥999, stock from sold out to 900, created over the last year, in every shelf
 * and audit state. Set-based statements, so the bench spends its time measuring, not inserting.
 */
export async function addGoods(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    with leaves as (
      select id, row_number() over (order by id) - 1 as position, count(*) over () as total
        from product_categories where site_id = ${SITE_ID} and parent_id is not null
    )
    insert into products (site_id, name, subtitle, code, category_id, gallery, price_fen, max_price_fen,
      market_price_fen, sales_base, sort, shelf_state, audit_state, created_at, updated_at)
    select ${SITE_ID},
      (array['纯棉','加厚','轻薄','复古','简约','北欧','手工','有机','进口','原创'])[1 + g % 10]
        || (array['T恤','外套','背包','水杯','台灯','茶叶','坚果','抱枕','围巾','拖鞋','耳机','花瓶'])[1 + (g * 7) % 12]
        || ' Bench' || g,
      '压测商品', 'GB' || lpad(g::text, 6, '0'), l.id,
      '["/uploads/bench.png"]'::jsonb, a.price, a.price + (g % 3) * 1000, a.price * 13 / 10,
      (g * 31) % 5000, case when g % 7 = 0 then g % 100 else 0 end,
      case when g % 4 = 0 then 'off' else 'on' end,
      (array['approved','approved','approved','approved','approved','approved','approved','pending','pending','rejected'])[1 + (g * 3) % 10],
      t.created, t.created + interval '1 day'
    from generate_series(1::bigint, ${count}) g
    join leaves l on l.position = g % l.total
    cross join lateral (select 990 + (g * 7919) % 99000 as price) a
    cross join lateral (select now() - ((g * 104729) % (365 * 24 * 60)) * interval '1 minute' as created) t`);
  await database.db.execute(sql`
    insert into skus (site_id, product_id, spec_values, spec_text, price_fen, stock, code, position)
    select p.site_id, p.id, jsonb_build_array('规格' || n), '规格' || n, p.price_fen + (n - 1) * 1000,
      case when p.id % 17 = 0 then 0 else (p.id * 13 + n * 101) % 300 end, p.code || '-' || lpad(n::text, 2, '0'), n - 1
      from products p cross join lateral generate_series(1, 1 + p.id % 3) n
     where p.site_id = ${SITE_ID} and p.code like 'GB%'`);
  await database.db.execute(sql`
    update products p set total_stock = s.total, sku_count = s.count, sku_code_search = s.codes
      from (select product_id, sum(stock)::int as total, count(*)::int as count, ${SKU_CODE_SEARCH} as codes from skus
             where site_id = ${SITE_ID} group by product_id) s
     where p.id = s.product_id and p.code like 'GB%'`);
  // As autovacuum would have left tables this size: statistics and a visibility map.
  await database.db.execute(sql`vacuum analyze products`);
  await database.db.execute(sql`vacuum analyze skus`);
}

function businessDate(offsetDays: number): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000 - offsetDays * DAY_MS).toISOString().slice(0, 10);
}

type Query = Record<string, string>;

interface QueryKind {
  label: string;
  variants: (categoryIds: number[]) => Query[];
}

/** Each variant is crossed with page sizes 20 and 50 and pages 1, 2 and 10. */
const QUERY_KINDS: QueryKind[] = [
  {
    label: 'name / code search',
    variants: (): Query[] => [
      { keyword: '纯棉' },
      { keyword: '外套' },
      { keyword: 'bench 12' },
      { keyword: 'GB0045' },
      { keyword: 'GB000777-02' },
    ],
  },
  {
    label: 'category subtree',
    variants: (categoryIds) => categoryIds.slice(0, 6).map((id) => ({ categoryId: String(id) })),
  },
  {
    label: 'price range, by price',
    variants: (): Query[] => [
      { priceMin: '5000', priceMax: '20000', sort: 'price' },
      { priceMin: '50000', sort: '-price' },
      { priceMax: '3000', sort: '-price' },
    ],
  },
  {
    label: 'stock range, by stock',
    variants: (): Query[] => [
      { stockMin: '100', stockMax: '400', sort: '-stock' },
      { stockMax: '10', sort: 'stock' },
      { stockMin: '500', sort: '-stock' },
    ],
  },
  {
    label: 'created range, newest first',
    variants: (): Query[] => [
      { createdFrom: businessDate(30), createdTo: businessDate(0), sort: '-createdAt' },
      { createdFrom: businessDate(200), createdTo: businessDate(100), sort: 'createdAt' },
    ],
  },
  {
    label: 'status tabs',
    variants: (): Query[] => [
      { tab: 'onShelf' },
      { tab: 'offShelf' },
      { tab: 'pendingAudit' },
      { tab: 'soldOut' },
    ],
  },
  {
    label: 'sorts: sales, name, updated',
    variants: (): Query[] => [
      { sort: '-sales' },
      { sort: 'name' },
      { sort: '-updatedAt' },
      { sort: '-sort' },
    ],
  },
  {
    label: 'combined filters',
    variants: (categoryIds): Query[] => [
      { tab: 'onShelf', keyword: '简约', priceMin: '2000', sort: '-sales' },
      { categoryId: String(categoryIds[0]), stockMin: '50', createdFrom: businessDate(180), sort: 'price' },
    ],
  },
];

function callsOf(kind: QueryKind, categoryIds: number[]): Query[] {
  const queries = kind
    .variants(categoryIds)
    .flatMap((variant) =>
      ['20', '50'].flatMap((pageSize) => ['1', '2', '10'].map((page) => ({ ...variant, page, pageSize }))),
    );
  return Array.from(
    { length: CALLS_PER_KIND + WARM_UP_CALLS },
    (_, index) => queries[index % queries.length]!,
  );
}

/** Sequential calls through the real route (one operator's clicks), timed to the parsed envelope. */
async function timeKind(
  app: FastifyInstance,
  token: string,
  queries: Query[],
): Promise<{ p95: number | undefined; p50: number | undefined; rows: number }> {
  const durations: number[] = [];
  let rows = 0;
  for (const [index, query] of queries.entries()) {
    const started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `${API_BASE}${getProductList.path}`,
      query,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = response.json() as { Errcode: number; Errmsg: string; Total?: number };
    const elapsed = performance.now() - started;
    if (body.Errcode !== 0) throw new Error(`GetProductList ${JSON.stringify(query)}: ${body.Errmsg}`);
    rows = Math.max(rows, body.Total ?? 0);
    if (index >= WARM_UP_CALLS) durations.push(elapsed);
  }
  durations.sort((left, right) => left - right);
  return { p95: percentile(durations, 0.95), p50: percentile(durations, 0.5), rows };
}

async function measure(databaseUrl: string | undefined, budget: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-goods-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      TEST_VERIFY_CODE: BENCH_VERIFY_CODE,
      LOG_LEVEL: 'silent',
    });
    await migrateDatabase(database);
    await seedDatabase(database.db, config);
    const insertStarted = performance.now();
    await addGoods(database, BENCH_GOODS);
    const insertSeconds = (performance.now() - insertStarted) / 1000;
    const categoryIds = (
      await queryRows<{ id: number }>(
        database.db,
        sql`select id from product_categories where site_id = ${SITE_ID} order by parent_id nulls first, id`,
      )
    ).map((row) => row.id);
    const app = await buildApp({ services: { db: database.db, config }, logger: false });
    await app.ready();
    try {
      const token = await signIn(app);
      const figures: Figure[] = [
        {
          figure: `insert ${BENCH_GOODS.toLocaleString('en')} goods with SKUs + vacuum analyze`,
          value: insertSeconds,
          unit: 's',
        },
      ];
      for (const kind of QUERY_KINDS) {
        const result = await timeKind(app, token, callsOf(kind, categoryIds));
        figures.push({
          figure: `goods list p95: ${kind.label}`,
          value: result.p95,
          unit: 'ms',
          budget: { max: budget },
          note: `p50 ${result.p50?.toFixed(1)} ms, up to ${result.rows} matching, ${CALLS_PER_KIND} calls`,
        });
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The budget is for PostgreSQL; the embedded database reports beside it with its own. */
export const goodsVolumeSection: BenchSection = {
  title: `Goods at ${BENCH_GOODS.toLocaleString('en')} rows (PGlite, then PostgreSQL)`,
  run: async () => {
    const figures: Figure[] = [{ figure: 'PGlite', value: undefined, unit: '' }];
    figures.push(...(await measure(undefined, PGLITE_BUDGET_MS)));
    const binaries = findPostgresBinaries();
    if (!binaries) {
      figures.push({ figure: 'PostgreSQL', value: undefined, unit: '', note: 'no server binaries: skipped' });
      return figures;
    }
    const cluster = await startThrowawayPostgres({ binaries });
    const forget = onAbort(cluster.stop);
    try {
      figures.push({ figure: 'PostgreSQL', value: undefined, unit: '', note: binaries });
      figures.push(...(await measure(cluster.url, POSTGRES_BUDGET_MS)));
    } finally {
      await cluster.stop();
      forget();
    }
    return figures;
  },
};
