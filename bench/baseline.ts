import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onAbort } from './cleanup';
import { ROOT } from './server-process';

/**
 * `npm run bench -- --baseline <commit>` also drives the server of that commit, beside the current
 * one and against the same floor, so that a change's before and after come from one run on one
 * machine state (figures on this machine move by 2× between runs).
 */
export function baselineRef(argv: readonly string[] = process.argv): string | undefined {
  const index = argv.indexOf('--baseline');
  return index === -1 ? undefined : argv[index + 1];
}

export interface BaselineCheckout {
  ref: string;
  /** A detached work tree of the commit, sharing this checkout's node_modules. */
  root: string;
  remove(): Promise<void>;
}

export function checkoutBaseline(ref: string): BaselineCheckout {
  const root = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', root, ref], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const remove = async () => {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  const forget = onAbort(remove);
  return {
    ref,
    root,
    remove: async () => {
      await remove();
      forget();
    },
  };
}

/** A second, empty database on the cluster of `url`, for the baseline server's own seed. */
export async function baselineDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop database if exists bench_baseline');
    await client.query('create database bench_baseline');
  } finally {
    await client.end();
  }
  const baseline = new URL(url);
  baseline.pathname = '/bench_baseline';
  return baseline.toString();
}
