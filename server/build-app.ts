import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_ROOTS = [
  'src',
  'editor',
  'admin',
  'components-catalog',
  'contract',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/** True when dist/ is missing or older than any browser source. */
export function buildIsStale(root: string, outDir: string): boolean {
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCE_ROOTS.some((entry) => newestChange(path.join(root, entry)) > built);
}

/** Builds the browser app with Vite when needed; returns the folder to serve. */
export async function ensureAppBuilt(root: string, log: (message: string) => void): Promise<string> {
  const outDir = path.join(root, 'dist');
  if (!buildIsStale(root, outDir)) return outDir;
  log('Building the browser app (missing or older than its sources)…');
  const started = Date.now();
  const { build } = await import('vite');
  // Vite sets NODE_ENV to production for the build when it is unset. It would stay set for the
  // rest of this process, and the development server's configuration, read again later, would then
  // demand production secrets (SECRETS_KEY, the payment and SMS providers).
  const nodeEnvironment = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: 'warn' });
  } finally {
    if (nodeEnvironment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnvironment;
  }
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outDir;
}
