#!/usr/bin/env node
/**
 * `npm run dev`: the API server restarting on every server change (tsx watch) and the Vite dev
 * server with hot reload on http://127.0.0.1:5173, which proxies /api and /uploads to the API
 * server (vite.config.ts). Ctrl-C stops both; if either one exits, the other is stopped too.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT ?? '8080';
const environment = { ...process.env, PORT: apiPort, SKIP_APP_BUILD: '1' };

const children = [];

/**
 * Each child gets its own process group so it can be stopped with everything it started. The
 * groups sit in the background of the terminal, so they must not read it: stdin is closed.
 */
function start(name, args) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: environment,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`\n${name} exited (${signal ?? `code ${code}`}); stopping the other one.`);
    void stop(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stop(exitCode) {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            resolve();
          }
          setTimeout(() => {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // Already gone.
            }
            resolve();
          }, 5_000).unref();
        }),
    ),
  );
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

start('API server', [
  path.join(root, 'node_modules/tsx/dist/cli.mjs'),
  'watch',
  '--clear-screen=false',
  'server/main.ts',
]);
start('Vite', [
  path.join(root, 'node_modules/vite/bin/vite.js'),
  '--host',
  '127.0.0.1',
  '--port',
  '5173',
  '--strictPort',
]);
console.log(`API on http://127.0.0.1:${apiPort}/api, app with hot reload on http://127.0.0.1:5173/`);
