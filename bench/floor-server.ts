/**
 * The bench's floor: the least any answer of the real server can cost on this machine. Bare
 * Fastify, one `select 1` a request through a pool with the server's settings (or the embedded
 * database when no DATABASE_URL is given), and the body of FLOOR_BODY_FILE (a real GetUserInfo
 * answer) serialised once, sent with the headers every API answer must carry (the security set,
 * no-store, a request id), made once too: they are part of any answer of ours, and sending and
 * reading them costs the server and the load generator the same for both. Started by
 * bench/server-process.ts, never by the app.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { API_SECURITY_HEADERS } from '../server/http/security-headers';

/** The pool size server/db/client.ts opens PostgreSQL with. */
const SERVER_POOL_SIZE = 10;

const body = process.env.FLOOR_BODY_FILE ? readFileSync(process.env.FLOOR_BODY_FILE, 'utf8') : '{}';
const databaseUrl = process.env.DATABASE_URL;

async function selectOne(): Promise<() => Promise<unknown>> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: SERVER_POOL_SIZE });
    await pool.query('select 1');
    return () => pool.query('select 1');
  }
  const database = await PGlite.create('memory://');
  return () => database.query('select 1');
}

const query = await selectOne();
const headers = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store' };
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  await query();
  return reply
    .headers(headers)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(body);
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
