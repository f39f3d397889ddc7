import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../contract/endpoint';
import { getOrderList, getSalesReport } from '../contract/endpoints/orders';
import { login } from '../contract/endpoints/user';
import { findPostgresBinaries, startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { buildApp } from '../server/app';
import { rebuildSalesSummaries } from '../server/areas/order/sales-summary';
import { VERIFY_CODE_COOKIE } from '../server/auth/verify-code';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/db/seed';
import { percentile } from './api-load';
import { onAbort } from './cleanup';
import type { BenchSection, Figure } from './figures';
import { BENCH_PASSWORD, BENCH_VERIFY_CODE } from './server-process';

export const BENCH_ORDERS = 100_000;
const SITE_ID = 1;
const LIST_RUNS = 40;
const REPORT_RUNS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 100,000 orders on the demo mall, spread over the last 90 days in every state (the seed's
 * proportions: most completed, some to ship, a few closed or refunding), with 2% refunded in part.
 * One set-based statement each, so the bench spends its time measuring, not inserting.
 */
export async function addOrders(database: DatabaseHandle, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into orders (site_id, order_no, type, source, state, refund_state, delivery_type, buyer_id,
      buyer_name, buyer_phone, receiver_name, receiver_phone, goods_name, line_count, item_count,
      goods_fen, freight_fen, total_fen, paid_fen, refunded_fen, payment_method, stock_mode, stock_deducted,
      created_at, paid_at, shipped_at, completed_at, closed_at)
    select ${SITE_ID}, 'BENCH' || lpad(g::text, 9, '0'),
      (array['normal','normal','normal','seckill','groupBuy','bargain'])[1 + g % 6],
      (array['miniProgram','miniProgram','h5'])[1 + g % 3],
      s.state, case when g % 50 = 0 and s.state <> 'toPay' and s.state <> 'closed' then 'requested' else 'none' end,
      (array['express','express','sameCity','pickup'])[1 + g % 4],
      'buyer-' || (g % 20000), '买家' || (g % 20000), '138' || lpad((g % 20000)::text, 8, '0'),
      '收货人' || (g % 20000), '139' || lpad((g % 20000)::text, 8, '0'), '压测商品 ' || (g % 500), 1, 1 + g % 3,
      a.amount, 0, a.amount, case when s.state in ('toPay','closed') then 0 else a.amount end, 0,
      case when s.state in ('toPay','closed') then null else (array['wechat','alipay','balance'])[1 + g % 3] end,
      'creation', true, t.created, case when s.state in ('toPay','closed') then null else t.created + interval '5 minutes' end,
      case when s.state in ('shipped','received','completed') then t.created + interval '1 day' end,
      case when s.state = 'completed' then t.created + interval '8 days' end,
      case when s.state = 'closed' then t.created + interval '30 minutes' end
    from generate_series(1::bigint, ${count}) g
    cross join lateral (select (array['completed','completed','completed','completed','received','shipped',
      'toShip','toShip','toPay','closed'])[1 + (g * 7) % 10] as state) s
    cross join lateral (select 990 + (g * 7919) % 49000 as amount) a
    cross join lateral (select now() - ((g * 104729) % (90 * 24 * 60)) * interval '1 minute' as created) t`);
  await database.db.execute(sql`
    insert into order_refunds (site_id, order_id, state, requested_fen, amount_fen, reason, requested_at, refunded_at)
    select site_id, id, 'refunded', paid_fen / 2, paid_fen / 2, '压测退款', paid_at + interval '1 day',
      paid_at + interval '2 days'
      from orders where site_id = ${SITE_ID} and order_no like 'BENCH%' and paid_fen > 0 and id % 50 = 1`);
  await database.db.execute(sql`
    update orders o set refunded_fen = r.amount_fen, refund_state = 'refunded'
      from order_refunds r where r.order_id = o.id and r.reason = '压测退款'`);
  // The commands keep the report's day summaries; rows written behind their back need the rebuild.
  await rebuildSalesSummaries(database.db);
  // As autovacuum would have left tables this size: statistics and a visibility map for index-only scans.
  for (const table of ['orders', 'order_refunds', 'order_sales_days', 'order_buyer_days']) {
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

export async function signIn(app: FastifyInstance): Promise<string> {
  const code = await app.inject({ method: 'GET', url: `${API_BASE}/Comm/GetVerifyCode` });
  const cookie = code.cookies.find((entry) => entry.name === VERIFY_CODE_COOKIE);
  const response = await app.inject({
    method: 'POST',
    url: `${API_BASE}${login.path}`,
    cookies: cookie ? { [VERIFY_CODE_COOKIE]: cookie.value } : {},
    payload: { userName: 'admin', passWord: BENCH_PASSWORD, verifyCode: BENCH_VERIFY_CODE },
  });
  const body = response.json() as { Errcode: number; Errmsg: string; AccessToken?: string };
  if (body.Errcode !== 0 || !body.AccessToken) throw new Error(`login: ${body.Errmsg}`);
  return body.AccessToken;
}

/** Sequential calls (one operator's clicks), timed from request to parsed envelope. */
async function timeCalls(
  app: FastifyInstance,
  token: string,
  url: string,
  query: Record<string, string>,
  runs: number,
): Promise<{ p95: number | undefined; p50: number | undefined; total: number | undefined }> {
  const durations: number[] = [];
  let total: number | undefined;
  for (let run = 0; run < runs + 2; run += 1) {
    const started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url,
      query,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = response.json() as { Errcode: number; Errmsg: string; Total?: number };
    const elapsed = performance.now() - started;
    if (body.Errcode !== 0) throw new Error(`${url}: ${body.Errmsg}`);
    total = body.Total;
    // The first two warm the plan cache and the pages.
    if (run >= 2) durations.push(elapsed);
  }
  durations.sort((left, right) => left - right);
  return { p95: percentile(durations, 0.95), p50: percentile(durations, 0.5), total };
}

function businessDate(offsetDays: number): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000 - offsetDays * DAY_MS).toISOString().slice(0, 10);
}

async function measure(
  databaseUrl: string | undefined,
  budgets: { list: number; report: number },
): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-orders-'));
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
    await addOrders(database, BENCH_ORDERS);
    const insertSeconds = (performance.now() - insertStarted) / 1000;
    const app = await buildApp({ services: { db: database.db, config }, logger: false });
    await app.ready();
    try {
      const token = await signIn(app);
      const list = await timeCalls(
        app,
        token,
        `${API_BASE}${getOrderList.path}`,
        {
          tab: 'toShip',
          createdFrom: businessDate(30),
          createdTo: businessDate(0),
          amountMin: '5000',
          deliveryType: 'express',
          page: '3',
          pageSize: '20',
        },
        LIST_RUNS,
      );
      const report = await timeCalls(
        app,
        token,
        `${API_BASE}${getSalesReport.path}`,
        { startDate: businessDate(89), endDate: businessDate(0), granularity: 'day' },
        REPORT_RUNS,
      );
      return [
        {
          figure: `insert ${BENCH_ORDERS.toLocaleString('en')} orders + summaries + vacuum analyze`,
          value: insertSeconds,
          unit: 's',
        },
        {
          figure: 'filtered order list p95 (page + tab counts)',
          value: list.p95,
          unit: 'ms',
          budget: { max: budgets.list },
          note: `p50 ${list.p50?.toFixed(1)} ms, ${list.total} matching rows, ${LIST_RUNS} calls in process`,
        },
        {
          figure: '90-day sales report p95 (by day)',
          value: report.p95,
          unit: 'ms',
          budget: { max: budgets.report },
          note: `p50 ${report.p50?.toFixed(1)} ms, ${REPORT_RUNS} calls in process`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The budgets of the orders issue are for PostgreSQL; the embedded database reports beside them. */
export const orderVolumeSection: BenchSection = {
  title: `Orders at ${BENCH_ORDERS.toLocaleString('en')} rows (PGlite, then PostgreSQL)`,
  run: async () => {
    const figures: Figure[] = [{ figure: 'PGlite', value: undefined, unit: '' }];
    figures.push(...(await measure(undefined, { list: 150, report: 900 })));
    const binaries = findPostgresBinaries();
    if (!binaries) {
      figures.push({ figure: 'PostgreSQL', value: undefined, unit: '', note: 'no server binaries: skipped' });
      return figures;
    }
    const cluster = await startThrowawayPostgres({ binaries });
    const forget = onAbort(cluster.stop);
    try {
      figures.push({ figure: 'PostgreSQL', value: undefined, unit: '', note: binaries });
      figures.push(...(await measure(cluster.url, { list: 50, report: 300 })));
    } finally {
      await cluster.stop();
      forget();
    }
    return figures;
  },
};
