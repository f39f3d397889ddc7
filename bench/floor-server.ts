/**
 * The bench's floor: the least any answer of the real server can cost on this machine. Bare
 * Fastify, one `select 1` a request through a pool with the server's settings (or the embedded
 * database when no DATABASE_URL is given), and the body of FLOOR_BODY_FILE (a real GetUserInfo
 * answer) serialised once. Started by bench/server-process.ts, never by the app.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

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
const app = Fastify({ logger: false });
app.get('/*', async (_request, reply) => {
  await query();
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
