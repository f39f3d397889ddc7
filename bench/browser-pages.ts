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

/** Serves `outDir` at `origin` in `context`, plus `extra` bodies by path (e.g. an image the pages load). */
export function serveBenchPages(
  context: BrowserContext,
  origin: string,
  outDir: string,
  extra: Record<string, { contentType: string; body: string }> = {},
): Promise<unknown> {
  return context.route(`${origin}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const body = extra[pathname];
    if (body) return route.fulfill(body);
    const file = path.join(outDir, path.normalize(pathname));
    if (!file.startsWith(outDir) || !existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file });
  });
}
