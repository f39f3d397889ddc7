import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../scripts/free-port.mjs';
import { onAbort } from './cleanup';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_VERIFY_CODE = 'B3NCH';
export const BENCH_PASSWORD = 'admin123';

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** From spawn until the port answers. */
  startMilliseconds: number;
  /** Resident memory of the server process now, in MB (Linux /proc). */
  residentMegabytes(): number | undefined;
  /** Highest resident memory so far, in MB. */
  peakMegabytes(): number | undefined;
  stop(): Promise<void>;
}

function memoryField(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server as `npm start` does (TypeScript through tsx's loader, so the PID is the
 * server itself), without building the app, on the given data folder or PostgreSQL.
 */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<ServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      // Not production: the bench logs in with the fixed verification code, refused there.
      NODE_ENV: 'test',
      TEST_VERIFY_CODE: BENCH_VERIFY_CODE,
      SKIP_APP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      SWEEP_INTERVAL_SECONDS: '0',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the server');
  const forget = onAbort(() => stopProcess(child));
  const stop = async () => {
    await stopProcess(child);
    forget();
  };

  const deadline = Date.now() + 120_000;
  while (!(await answers(`${baseUrl}/api/user/GetUserInfo`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    baseUrl,
    pid,
    startMilliseconds: performance.now() - started,
    residentMegabytes: () => memoryField(pid, 'VmRSS'),
    peakMegabytes: () => memoryField(pid, 'VmHWM'),
    stop,
  };
}
