import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const url = process.env.DATABASE_URL!;
const N = Number(process.env.N ?? 20000);
const C = 50;
async function drive(label: string, call: () => Promise<unknown>) {
  for (let round = 0; round < 3; round++) {
    let done = 0;
    const start = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: C }, async () => { while (done++ < N) await call(); }));
    const u = process.cpuUsage(start);
    console.log(label, 'round', round, ((u.user + u.system) / N).toFixed(1), 'µs cpu/req', (N / ((performance.now() - t0) / 1000)).toFixed(0), 'req/s');
  }
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: url, dataDir: '/tmp/none' });
const app = await buildApp({ services: { db: database.db, config }, logger: true });
const code = await app.inject({ url: '/api/Comm/GetVerifyCode' });
const cookie = code.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const login = await app.inject({ method: 'POST', url: '/api/user/login', headers: { cookie, 'content-type': 'application/json' }, payload: { userName: 'admin', passWord: 'admin123', verifyCode: 'B3NCH' } });
const token = login.json().AccessToken;
const body = (await app.inject({ url: '/api/user/GetUserInfo', headers: { authorization: `Bearer ${token}` } })).body;
const pool = new pg.Pool({ connectionString: url, max: 10 });
const floor = Fastify({ logger: false });
floor.get('/*', async (_q, reply) => { await pool.query('select 1'); return reply.type('application/json; charset=utf-8').send(body); });
await floor.ready();
const which = process.env.WHICH ?? 'both';
if (which !== 'ours') await drive('floor', () => floor.inject({ url: '/' }));
if (which !== 'floor') await drive('ours ', () => app.inject({ url: '/api/user/GetUserInfo', headers: { authorization: `Bearer ${token}` } }));
process.exit(0);
