import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { findPostgresBinaries, startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { onAbort } from './cleanup';
import type { BenchSection, Figure } from './figures';
import { BENCH_PASSWORD, BENCH_VERIFY_CODE, type ServerProcess, startServer } from './server-process';

/** A call driven on loopback under load. Later issues add their module lists here. */
export interface LoadTarget {
  name: string;
  path: string;
  /** Who calls it; the demo main account by default. */
  userName?: string;
}

export const LOAD_TARGETS: LoadTarget[] = [
  { name: 'GetUserInfo', path: '/api/user/GetUserInfo' },
  { name: 'GetChangeSiteList', path: '/api/Comm/GetChangeSiteList' },
];

export const CONNECTIONS = [10, 50];
/** The whole load phase of one database stays near a minute however many targets there are. */
const LOAD_SECONDS_PER_DATABASE = 60;
const WARM_UP_SECONDS = 1;

export function secondsPerRun(targets: number, connectionCounts: number): number {
  return Math.max(
    2,
    Math.min(5, Math.floor(LOAD_SECONDS_PER_DATABASE / Math.max(1, targets * connectionCounts))),
  );
}

/** The nearest-rank percentile of a list of durations. */
export function percentile(sorted: number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

async function login(baseUrl: string, userName: string): Promise<string> {
  const code = await fetch(`${baseUrl}/api/Comm/GetVerifyCode`);
  const cookie = code.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ userName, passWord: BENCH_PASSWORD, verifyCode: BENCH_VERIFY_CODE }),
  });
  const body = (await response.json()) as { Errcode: number; Errmsg: string; AccessToken?: string };
  if (body.Errcode !== 0 || !body.AccessToken) throw new Error(`login ${userName}: ${body.Errmsg}`);
  return body.AccessToken;
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number | undefined;
  p95: number | undefined;
  p99: number | undefined;
  failures: number;
}

/** Drives one call; latencies come from every response, since autocannon's summary has no p95. */
function drive(url: string, token: string, connections: number, seconds: number): Promise<LoadResult> {
  const durations: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { authorization: `Bearer ${token}` },
        verifyBody: (body) => body.includes('"Errcode":0'),
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        durations.sort((left, right) => left - right);
        resolve({
          requestsPerSecond: result.requests.total / seconds,
          p50: percentile(durations, 0.5),
          p95: percentile(durations, 0.95),
          p99: percentile(durations, 0.99),
          failures: result.errors + result.timeouts + result.non2xx + result.mismatches,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, milliseconds) => {
      durations.push(milliseconds);
    });
  });
}

async function loadFigures(server: ServerProcess, p95Budget: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const tokens = new Map<string, string>();
  const seconds = secondsPerRun(LOAD_TARGETS.length, CONNECTIONS.length);
  for (const target of LOAD_TARGETS) {
    const userName = target.userName ?? 'admin';
    if (!tokens.has(userName)) tokens.set(userName, await login(server.baseUrl, userName));
    const token = tokens.get(userName)!;
    const url = `${server.baseUrl}${target.path}`;
    await drive(url, token, CONNECTIONS[0]!, WARM_UP_SECONDS);
    for (const connections of CONNECTIONS) {
      const result = await drive(url, token, connections, seconds);
      const budgeted = connections === Math.max(...CONNECTIONS);
      figures.push({
        figure: `${target.name} p95, ${connections} connections`,
        value: result.p95,
        unit: 'ms',
        ...(budgeted ? { budget: { max: p95Budget } } : {}),
        note: `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50?.toFixed(1)} ms, p99 ${result.p99?.toFixed(1)} ms${
          result.failures > 0 ? `, ${result.failures} FAILED` : ''
        } (${seconds} s)`,
      });
    }
  }
  return figures;
}

/**
 * Cold start on an empty database (migrations and demo seed included), the driven calls, memory
 * after the load, and a restart on the now-filled database.
 */
async function measureServer(databaseUrl: string | undefined, p95Budget: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  try {
    const first = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    const figures: Figure[] = [
      {
        figure: 'cold start, empty database (spawn → listening)',
        value: first.startMilliseconds,
        unit: 'ms',
      },
    ];
    try {
      figures.push({ figure: 'RSS after start', value: first.residentMegabytes(), unit: 'MB' });
      figures.push(...(await loadFigures(first, p95Budget)));
      figures.push({
        figure: 'RSS after load',
        value: first.residentMegabytes(),
        unit: 'MB',
        note: `peak ${first.peakMegabytes()?.toFixed(0)} MB`,
      });
    } finally {
      await first.stop();
    }
    const again = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    figures.push({ figure: 'restart on existing data', value: again.startMilliseconds, unit: 'ms' });
    await again.stop();
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const embeddedLoadSection: BenchSection = {
  title: 'API on the embedded database (PGlite)',
  run: () => measureServer(undefined, 150),
};

export const postgresLoadSection: BenchSection = {
  title: 'API on PostgreSQL (throw-away local cluster)',
  run: async () => {
    const binaries = findPostgresBinaries();
    if (!binaries) {
      return [
        {
          figure: 'PostgreSQL',
          value: undefined,
          unit: '',
          note: 'no server binaries under /usr/lib/postgresql: skipped',
        },
      ];
    }
    const cluster = await startThrowawayPostgres({ binaries });
    const forget = onAbort(cluster.stop);
    try {
      const figures = await measureServer(cluster.url, 50);
      return [{ figure: 'PostgreSQL server', value: undefined, unit: '', note: binaries }, ...figures];
    } finally {
      await cluster.stop();
      forget();
    }
  },
};
