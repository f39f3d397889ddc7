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
  /** CPU time (user and system) the process has used so far, in µs (Linux /proc). */
  cpuMicroseconds(): number | undefined;
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

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ on every common build). */
const CLOCK_TICK_MICROSECONDS = 10_000;

function cpuTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; utime and stime are the
    // 14th and 15th fields of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MICROSECONDS;
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

/** The Node flags of a start script (`tsx <flags> server/main.ts`): its words that begin with `--`. */
export function nodeFlagsOf(script: string): string[] {
  return script.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** The Node flags `npm start` of the checkout at `root` gives the server. */
function startFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  return nodeFlagsOf(manifest.scripts?.start ?? '');
}

/**
 * Starts the real server as `npm start` does (TypeScript through tsx's loader, so the PID is the
 * server itself, with the start script's Node flags), without building the app, on the given data
 * folder or PostgreSQL.
 */
export function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  /** Another checkout's root (the bench's baseline); this one's by default. */
  root?: string;
}): Promise<ServerProcess> {
  const root = options.root ?? ROOT;
  return startProcess(root, 'server/main.ts', '/api/user/GetUserInfo', startFlags(root), {
    // Not production: the bench logs in with the fixed verification code, refused there.
    NODE_ENV: 'test',
    TEST_VERIFY_CODE: BENCH_VERIFY_CODE,
    SKIP_APP_BUILD: '1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
    SWEEP_INTERVAL_SECONDS: '0',
  });
}

/**
 * Starts the floor (bench/floor-server.ts): what any answer costs at the least on this machine, to
 * compare the real server's calls with, under the server's Node flags. `bodyFile` holds the answer
 * it sends.
 */
export function startFloorServer(options: {
  bodyFile: string;
  databaseUrl?: string;
}): Promise<ServerProcess> {
  return startProcess(ROOT, 'bench/floor-server.ts', '/', startFlags(ROOT), {
    FLOOR_BODY_FILE: options.bodyFile,
    DATABASE_URL: options.databaseUrl ?? '',
  });
}

async function startProcess(
  root: string,
  script: string,
  probePath: string,
  nodeFlags: string[],
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${script}`);
  const forget = onAbort(() => stopProcess(child));
  const stop = async () => {
    await stopProcess(child);
    forget();
  };

  // A cold start migrates and seeds; on a machine busy with other work that can take minutes.
  const deadline = Date.now() + 300_000;
  while (!(await answers(`${baseUrl}${probePath}`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    baseUrl,
    pid,
    startMilliseconds: performance.now() - started,
    residentMegabytes: () => memoryField(pid, 'VmRSS'),
    peakMegabytes: () => memoryField(pid, 'VmHWM'),
    cpuMicroseconds: () => cpuTime(pid),
    stop,
  };
}
