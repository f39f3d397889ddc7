import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { Figure } from './figures';
import { ROOT } from './server-process';

/**
 * What the Chromium benches share: each has a folder of pages built for production apart from the
 * app (its own vite config writing to BENCH_PAGES_OUT_DIR), served to Debian's Chromium from there.
 */

export const CHROMIUM = existsSync('/usr/lib/chromium/chromium')
  ? '/usr/lib/chromium/chromium'
  : '/usr/bin/chromium';

/** Builds the pages of `config` (relative to the repository) into `outDir`; the last output on failure. */
export function buildBenchPages(config: string, outDir: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', config],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', BENCH_PAGES_OUT_DIR: outDir },
      },
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** The figure a section reports instead of its own when its pages did not build. */
export function buildFailedFigure(output: string): Figure {
  const reason = output.trim().split('\n').slice(-3).join(' / ');
  return { figure: 'bench pages build', value: undefined, unit: '', note: `failed: ${reason}` };
}

/**
 * A secure origin for bench pages (localhost is one, though nothing listens there: every request
 * is answered by serveBenchPages), so that they can be cross-origin isolated.
 */
export function benchOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * Cross-origin isolation: without it Chromium rounds performance.now() and frame times to 100 µs,
 * so a frame on time (16.67 ms) reads as 16.6, 16.7 or 16.8 ms. Isolated, they tick in 5 µs.
 */
const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/**
 * Serves `outDir` at `origin` (benchOrigin) in `context`, cross-origin isolated, plus `extra`
 * bodies by path (e.g. an image the pages load).
 */
export function serveBenchPages(
  context: BrowserContext,
  origin: string,
  outDir: string,
  extra: Record<string, { contentType: string; body: string }> = {},
): Promise<unknown> {
  return context.route(`${origin}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const body = extra[pathname];
    if (body) return route.fulfill({ ...body, headers: ISOLATION_HEADERS });
    const file = path.join(outDir, path.normalize(pathname));
    if (!file.startsWith(outDir) || !existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file, headers: ISOLATION_HEADERS });
  });
}
