import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchSection, Figure } from './figures';
import { ROOT } from './server-process';

/** The part of Vite's build manifest (dist/.vite/manifest.json) the bench reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Issue 24 §4: what the shell with the dashboard may load before its first screen, gzip. */
export const SHELL_BUDGET_KILOBYTES = 300;

/** Route modules the budgets are about; a missing one is reported, not fatal. */
export const LOGIN_ROOT = 'src/pages/login/login-app.tsx';
export const APP_ROOT = 'src/app/app.tsx';
export const DASHBOARD_PAGE = 'src/pages/dashboard/dashboard-page.tsx';
export const LAYOUT = 'src/shell/layout.tsx';

/**
 * The JS files a browser loads for the given manifest keys: each chunk and, recursively, its
 * static imports (lazy imports are loaded only when their route is visited, so they are left out).
 */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].sort();
}

export function entryKey(manifest: Manifest): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]?.isEntry);
}

function gzipKilobytes(outDir: string, files: string[]): number {
  return (
    files.reduce(
      (total, file) => total + gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      0,
    ) / 1024
  );
}

function build(outDir: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--manifest',
        '--logLevel',
        'warn',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
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

/** Sums the gzip size of the closure of `modules` plus the entry; names the modules not built. */
function routeFigure(
  outDir: string,
  manifest: Manifest,
  entry: string,
  figure: string,
  modules: string[],
  budgetKilobytes: number,
): Figure {
  const files = staticClosure(manifest, [entry, ...modules]);
  const notes = [`${files.length} files`];
  // The manifest only names chunks: a module imported statically lives inside another chunk.
  const unwritten = modules.filter((module) => !manifest[module] && !existsSync(path.join(ROOT, module)));
  const inlined = modules.filter((module) => !manifest[module] && existsSync(path.join(ROOT, module)));
  if (unwritten.length > 0) notes.push(`not written yet: ${unwritten.join(', ')}`);
  if (inlined.length > 0) notes.push(`not a lazy chunk: ${inlined.join(', ')}`);
  return {
    figure,
    value: gzipKilobytes(outDir, files),
    unit: 'KB',
    budget: { max: budgetKilobytes, inclusive: true },
    note: notes.join('; '),
  };
}

/** Builds the app into a temp folder (a served dist/ is left alone) and weighs the route bundles. */
export const bundleSection: BenchSection = {
  title: 'Browser bundle (gzip, after vite build)',
  run: async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-build-'));
    try {
      const started = performance.now();
      const result = await build(outDir);
      const buildSeconds = (performance.now() - started) / 1000;
      const manifestFile = path.join(outDir, '.vite', 'manifest.json');
      if (!result.ok || !existsSync(manifestFile)) {
        return [
          {
            figure: 'vite build',
            value: undefined,
            unit: '',
            note: `failed: ${result.output.trim().split('\n').slice(-3).join(' / ')}`,
          },
        ];
      }
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      const entry = entryKey(manifest);
      if (!entry)
        return [{ figure: 'vite build', value: undefined, unit: '', note: 'the manifest has no entry' }];
      const allJs = Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js'));
      return [
        { figure: 'vite build time', value: buildSeconds, unit: 's' },
        routeFigure(outDir, manifest, entry, 'JS the login route loads', [LOGIN_ROOT], 150),
        routeFigure(
          outDir,
          manifest,
          entry,
          'JS of the shell with the dashboard',
          [APP_ROOT, LAYOUT, DASHBOARD_PAGE],
          SHELL_BUDGET_KILOBYTES,
        ),
        {
          figure: 'all JS in the build',
          value: gzipKilobytes(outDir, [...new Set(allJs)]),
          unit: 'KB',
          note: `${allJs.length} chunks`,
        },
      ];
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
