import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './test-env';

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function waitFor(
  output: () => string,
  pattern: RegExp,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (pattern.test(output())) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`server did not print ${pattern} (exit ${child.exitCode}):\n${output()}`));
      }
    }, 50);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server process', () => {
  let child: ChildProcess;
  let dataDir: string;
  let port: number;
  let stdout = '';
  let stderr = '';
  let exited: Promise<{ code: number | null; at: number }>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
    port = await freePort();
    // node with tsx's loader, not npx: the signal then reaches the server itself.
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SKIP_APP_BUILD: '1',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: TEST_PASSWORD,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        TEST_VERIFY_CODE: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
    await waitFor(() => stdout, /is running at/, child, 240_000);
  }, 250_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a request in flight on SIGTERM, refuses new connections, then exits 0', async () => {
    const body = JSON.stringify({ userName: 'admin', passWord: TEST_PASSWORD, verifyCode: 'ABCDE' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/user/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight when it arrives.
      request.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(20)), 500);
      }, 200);
    });

    await sleep(400);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);

    const response = await answer;
    expect(response.status).toBe(200);
    // No verification-code cookie: the login is refused, but answered in full with the envelope.
    expect(JSON.parse(response.body)).toMatchObject({ Errcode: -1 });
    const answeredAt = Date.now();

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - answeredAt).toBeLessThan(5_000);
  }, 60_000);

  it('logged one structured line per request with its request id, and no deprecation warning', () => {
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.msg === 'request' && line.url === '/api/user/login');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'POST', status: 200, reqId: expect.any(String) });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(stderr).not.toMatch(/FSTDEP|DeprecationWarning/);
  });
});
