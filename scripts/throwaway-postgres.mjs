import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './free-port.mjs';

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL server installed from Debian's packages, if any. */
export function findPostgresBinaries() {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((left, right) => Number(right) - Number(left));
  return versions[0] === undefined ? undefined : path.join(POSTGRES_ROOT, versions[0], 'bin');
}

/** initdb and postgres refuse to run as root, so root hands the cluster to the postgres user. */
function clusterOwner() {
  if (process.getuid?.() !== 0) return {};
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root but there is no postgres user to own the throw-away cluster');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function waitUntilReady(url, server, logFile, deadline) {
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
  throw new Error(`PostgreSQL did not accept connections${exited ? ' (it exited)' : ''}:\n${log}`);
}

/**
 * Starts a disposable PostgreSQL cluster on a free loopback port under a temp folder, as the
 * postgres user when we are root. Durability is switched off: it only lives for one test run.
 * stop() shuts the server down by its PID and deletes the folder; it is safe to call twice.
 */
export async function startThrowawayPostgres(options = {}) {
  const binaries = options.binaries ?? findPostgresBinaries();
  if (!binaries) throw new Error(`no PostgreSQL server binaries under ${POSTGRES_ROOT}`);
  const owner = clusterOwner();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid);
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });

  const initdb = spawnSync(
    path.join(binaries, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    { ...owner, cwd: folder, encoding: 'utf8' },
  );
  if (initdb.status !== 0) {
    removeFolder();
    throw new Error(`initdb failed: ${initdb.stderr || initdb.error?.message}`);
  }

  const port = await findFreePort();
  const logFd = openSync(logFile, 'a');
  if (owner.uid !== undefined) chownSync(logFile, owner.uid, owner.gid);
  const server = spawn(
    path.join(binaries, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      folder,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    { ...owner, cwd: folder, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (server.exitCode === null && server.signalCode === null) {
      // SIGINT is PostgreSQL's "fast" shutdown: it ends open sessions and exits at once.
      server.kill('SIGINT');
      const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    removeFolder();
  };

  try {
    await waitUntilReady(url, server, logFile, Date.now() + (options.timeoutMs ?? 30_000));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: server.pid, binaries, stop };
}
