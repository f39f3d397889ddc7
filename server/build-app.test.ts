import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureAppBuilt } from './build-app';

const build = vi.hoisted(() =>
  vi.fn(async () => {
    // What Vite's build does when NODE_ENV is unset.
    process.env.NODE_ENV ??= 'production';
  }),
);
vi.mock('vite', () => ({ build }));

describe('ensureAppBuilt', () => {
  let root: string;
  const saved = process.env.NODE_ENV;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-app-'));
    build.mockClear();
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  });

  it.each([
    ['unset', undefined],
    ['development', 'development'],
    ['production', 'production'],
  ])('leaves NODE_ENV %s after building a missing dist/', async (_, nodeEnvironment) => {
    if (nodeEnvironment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnvironment;
    const outDir = await ensureAppBuilt(root, () => undefined);
    expect(build).toHaveBeenCalledTimes(1);
    expect(outDir).toBe(path.join(root, 'dist'));
    expect(process.env.NODE_ENV).toBe(nodeEnvironment);
  });

  it('restores NODE_ENV when the build fails', async () => {
    delete process.env.NODE_ENV;
    build.mockImplementationOnce(async () => {
      process.env.NODE_ENV = 'production';
      throw new Error('build failed');
    });
    await expect(ensureAppBuilt(root, () => undefined)).rejects.toThrow('build failed');
    expect(process.env.NODE_ENV).toBeUndefined();
  });
});
