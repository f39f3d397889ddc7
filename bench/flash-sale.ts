import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../contract/endpoint';
import { createSeckillOrder } from '../contract/endpoints/deal-storefront';
import { STOREFRONT_KEY_HEADER } from '../contract/endpoints/storefront';
import { findPostgresBinaries, startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { addSeckillGoods, saveSeckill } from '../server/areas/marketing/seckill';
import { newKey } from '../server/areas/storefront/service';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { queryRows } from '../server/db/query';
import { percentile } from './api-load';
import { onAbort } from './cleanup';
import type { BenchSection, Figure } from './figures';
import { startServer } from './server-process';

/**
 * The flash sale of issue 18 §8, on PostgreSQL: 1,000 buyers on 100 connections race for one
 * seckill SKU with 100 in stock, through the real storefront call over HTTP; then the same guarded
 * stock statement alone, raw through `pg` on the same pool of 100 connections, for comparison.
 */

export const BUYERS = 1000;
export const CONNECTIONS = 100;
export const SECKILL_STOCK = 100;
const SITE_ID = 1;

interface Race {
  seconds: number;
  durations: number[];
  won: number;
}

/** Runs `attempts` calls with at most `parallel` at a time; each resolves true when it won. */
async function race(
  attempts: number,
  parallel: number,
  attempt: (index: number) => Promise<boolean>,
): Promise<Race> {
  const durations: number[] = [];
  let next = 0;
  let won = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < attempts) {
        const index = next;
        next += 1;
        const begun = performance.now();
        if (await attempt(index)) won += 1;
        durations.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((left, right) => left - right);
  return { seconds, durations, won };
}

function post(
  agent: http.Agent,
  port: number,
  route: string,
  headers: Record<string, string>,
  body: unknown,
) {
  const payload = JSON.stringify(body);
  return new Promise<{ Errcode: number; Errmsg: string }>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: route,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The buyer and delivery of one order call; `index` makes each buyer a different member. */
function order(index: number) {
  return {
    Buyer: { Id: `flash-${index}`, Name: `抢购${index}`, Phone: `139${String(index).padStart(8, '0')}` },
    DeliveryType: 'express',
    Address: {
      Name: '抢购',
      Phone: '13900000000',
      Province: '广东省',
      City: '深圳市',
      District: '南山区',
      Detail: '1 号',
    },
  };
}

/** A goods SKU with plenty of stock, in a running seckill with SECKILL_STOCK units; and a shop key. */
async function prepare(database: DatabaseHandle) {
  const db = database.db;
  const [sku] = await queryRows<{ id: number; product_id: number; price_fen: number }>(
    db,
    sql`select s.id, s.product_id, s.price_fen from skus s join products p on p.id = s.product_id
         where p.site_id = ${SITE_ID} and p.shelf_state = 'on' and p.recycle_state = 'active' and p.kind = 'physical'
           and s.price_fen >= 200 order by p.id limit 1`,
  );
  if (!sku) throw new Error('no goods on the shelf to put in the flash sale');
  await db.execute(sql`update skus set stock = 100000 where id = ${sku.id}`);
  await db.execute(
    sql`update products set total_stock = total_stock + 100000, freight_template_id = null where id = ${sku.product_id}`,
  );
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from accounts where user_name = 'admin'`);
  const operator = { siteId: SITE_ID, accountId: admin!.id, ip: '' };
  const now = Date.now();
  const { Id: ActivityId } = await db.transaction((tx) =>
    saveSeckill(tx, operator, {
      Title: '压测秒杀',
      Image: '',
      StartsAt: new Date(now - 60_000).toISOString(),
      EndsAt: new Date(now + 86_400_000).toISOString(),
      Sessions: [],
      Sort: 0,
      Status: 'on',
    }),
  );
  const { Id: SeckillGoodsId } = await db.transaction((tx) =>
    addSeckillGoods(tx, operator, {
      ActivityId,
      ProductId: sku.product_id,
      LimitPerMember: 0,
      Sort: 0,
      Skus: [{ SkuId: sku.id, SeckillPriceFen: sku.price_fen - 100, Stock: SECKILL_STOCK }],
    }),
  );
  const [seckillSku] = await queryRows<{ id: number }>(
    db,
    sql`select id from seckill_skus where seckill_goods_id = ${SeckillGoodsId}`,
  );
  const { key, hash, prefix } = newKey();
  await db.execute(
    sql`insert into storefront_keys (site_id, name, key_hash, prefix) values (${SITE_ID}, 'flash sale', ${hash}, ${prefix})`,
  );
  return { key, skuId: sku.id, SeckillGoodsId, seckillSkuId: seckillSku!.id };
}

async function measure(databaseUrl: string): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-flash-'));
  // The server runs in its own process, as in production and in the API bench: a client in the
  // same process would share its event loop and add its own waits to every order's lock window.
  const server = await startServer({ dataDir, databaseUrl });
  const database = await openDatabase({ databaseUrl, poolSize: CONNECTIONS });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const sale = await prepare(database);
    const port = Number(new URL(server.baseUrl).port);
    // Both sides start warm: the HTTP sockets and the server's pool open, its code compiled, by
    // calls the sale turns away (a SKU it does not hold); the raw pool's connections open.
    await race(2 * CONNECTIONS, CONNECTIONS, async () => {
      const body = await post(
        agent,
        port,
        `${API_BASE}${createSeckillOrder.path}`,
        { [STOREFRONT_KEY_HEADER]: sale.key },
        { ...order(0), SeckillGoodsId: sale.SeckillGoodsId, SkuId: sale.skuId + 1_000_000, Quantity: 1 },
      );
      if (body.Errcode === 0) throw new Error('the warm-up call placed an order');
      return false;
    });
    const pool = database.pool!;
    await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query('select 1')));
    const cpuBefore = server.cpuMicroseconds();
    const ours = await race(BUYERS, CONNECTIONS, async (index) => {
      const body = await post(
        agent,
        port,
        `${API_BASE}${createSeckillOrder.path}`,
        { [STOREFRONT_KEY_HEADER]: sale.key },
        { ...order(index), SeckillGoodsId: sale.SeckillGoodsId, SkuId: sale.skuId, Quantity: 1 },
      );
      if (body.Errcode !== 0 && !/sold out/.test(body.Errmsg))
        throw new Error(`seckill order: ${body.Errmsg}`);
      return body.Errcode === 0;
    });
    const cpuAfter = server.cpuMicroseconds();
    const cpuUsed = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
    const [result] = await queryRows<{
      orders: number;
      stock: number;
      sold: number;
      goods_orders: number;
      held: number;
    }>(
      database.db,
      sql`select (select count(*)::int from seckill_order_lines where seckill_sku_id = ${sale.seckillSkuId}) as orders,
                 (select count(*)::int from seckill_reservations where seckill_sku_id = ${sale.seckillSkuId}
                     and state = 'held') as held,
                 s.stock, s.sold,
                 (select count(*)::int from orders where type = 'seckill' and buyer_id like 'flash-%') as goods_orders
            from seckill_skus s where s.id = ${sale.seckillSkuId}`,
    );
    // The raw statement: the same guarded update, on a row of its own with the same stock.
    const [raw] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into seckill_skus (site_id, activity_id, seckill_goods_id, product_id, sku_id, price_fen, stock)
          select site_id, activity_id, seckill_goods_id, product_id, sku_id + 1000000, price_fen, ${SECKILL_STOCK}
            from seckill_skus where id = ${sale.seckillSkuId} returning id`,
    );
    const direct = await race(BUYERS, CONNECTIONS, async () => {
      const updated = await pool.query(
        'update seckill_skus set stock = stock - 1, sold = sold + 1 where id = $1 and stock >= 1 returning stock',
        [raw!.id],
      );
      return (updated.rowCount ?? 0) > 0;
    });
    const oursRate = BUYERS / ours.seconds;
    const rawRate = BUYERS / direct.seconds;
    const oversold = Math.max(0, result!.orders - SECKILL_STOCK) + Math.max(0, -result!.stock);
    return [
      {
        figure: `orders made (${BUYERS.toLocaleString('en')} buyers for ${SECKILL_STOCK})`,
        value: result!.orders,
        unit: '',
        // Fewer would mean stock taken without an order; more shows as oversold below.
        budget: { min: SECKILL_STOCK, inclusive: true },
        note: `${ours.won} calls answered with an order, ${result!.goods_orders} orders written, ${result!.sold} sold`,
      },
      { figure: 'seckill stock left', value: result!.stock, unit: '', budget: { max: 0, inclusive: true } },
      { figure: 'oversold', value: oversold, unit: '', budget: { max: 0, inclusive: true } },
      {
        figure: 'reservations still held after the sale',
        value: result!.held,
        unit: '',
        // Every unit taken is an order's or given back: none is left for the sweep.
        budget: { max: 0, inclusive: true },
      },
      {
        figure: `orders per second (order calls over HTTP, ${CONNECTIONS} connections)`,
        value: oursRate,
        unit: 'req/s',
        note: `${BUYERS} calls in ${ours.seconds.toFixed(2)} s`,
      },
      { figure: 'order call p95', value: percentile(ours.durations, 0.95), unit: 'ms' },
      {
        figure: 'server CPU per call',
        value: cpuUsed === undefined ? undefined : cpuUsed / BUYERS,
        unit: 'µs',
        note: 'user and system time of the server process over the race',
      },
      {
        figure: 'raw guarded update through pg, same pool',
        value: rawRate,
        unit: 'req/s',
        note: `p95 ${percentile(direct.durations, 0.95)?.toFixed(1)} ms, ${direct.won} won`,
      },
      {
        figure: 'ours as a share of raw, %',
        value: (100 * oursRate) / rawRate,
        unit: '',
        budget: { min: 30, inclusive: true },
      },
    ];
  } finally {
    agent.destroy();
    await database.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const flashSaleSection: BenchSection = {
  title: 'Flash sale (seckill) on PostgreSQL',
  run: async () => {
    const binaries = findPostgresBinaries();
    if (!binaries)
      return [
        { figure: 'flash sale', value: undefined, unit: '', note: 'no PostgreSQL server binaries: skipped' },
      ];
    const cluster = await startThrowawayPostgres({ binaries });
    const forget = onAbort(cluster.stop);
    try {
      return await measure(cluster.url);
    } finally {
      await cluster.stop();
      forget();
    }
  },
};
