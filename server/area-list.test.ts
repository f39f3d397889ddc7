import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS, allRoutes, areaSeeds, runAreaSweeps } from './area-list';
import { gradeSeed } from './areas/customer/grade-seed';
import { customerSeed } from './areas/customer/seed';
import { orderSeed } from './areas/order/seed';
import { runSweeps } from './areas/order/sweeps';
import { shopSetSeed } from './areas/shop-set/seed';
import { storefrontSeed } from './areas/storefront/seed';
import type { Database } from './db/client';

const areaFolders = readdirSync(fileURLToPath(new URL('./areas', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the area list', () => {
  it('names every folder of server/areas once, and nothing else', () => {
    const listed = AREAS.map((area) => area.folder);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...areaFolders].sort());
  });

  it('is where the routes come from: every route of every area, each once', () => {
    expect(allRoutes).toEqual(AREAS.flatMap((area) => area.routes));
    const keys = allRoutes.map((route) => `${route.endpoint.method} ${route.endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const area of AREAS.filter((candidate) => candidate.routes.length > 0)) {
      expect(allRoutes).toContain(area.routes[0]);
    }
  });

  it('is where the seeds come from, in list order, stores before the orders that name them', () => {
    expect(areaSeeds).toEqual([
      ...AREAS.flatMap((area) => (area.seed ? [area.seed] : [])),
      ...AREAS.flatMap((area) => (area.lateSeed ? [area.lateSeed] : [])),
    ]);
    expect(areaSeeds.indexOf(shopSetSeed)).toBeLessThan(areaSeeds.indexOf(orderSeed));
  });

  it('signs the demo members up before their orders and grades them after every seed', () => {
    expect(areaSeeds.indexOf(customerSeed)).toBeLessThan(areaSeeds.indexOf(orderSeed));
    const seeds = AREAS.flatMap((area) => (area.seed ? [area.seed] : []));
    expect(areaSeeds.indexOf(gradeSeed)).toBeGreaterThanOrEqual(seeds.length);
    // Buyers review goods they received once the growth rules exist: reviews earn growth too.
    expect(areaSeeds.indexOf(storefrontSeed)).toBeGreaterThan(areaSeeds.indexOf(gradeSeed));
  });

  it('is where the sweeps come from: the order sweeps run under the order folder', () => {
    expect(AREAS.find((area) => area.folder === 'order')?.sweep).toBe(runSweeps);
  });

  it('runs each sweep in list order at the same moment, reporting under its folder', async () => {
    const db = {} as Database;
    const now = new Date('2026-01-02T03:04:05Z');
    const calls: string[] = [];
    const sweep = (folder: string, changed: number) => async (given: Database, at: Date) => {
      expect(given).toBe(db);
      expect(at).toBe(now);
      calls.push(folder);
      return { changed };
    };
    const counts = await runAreaSweeps(db, now, [
      { folder: 'first', routes: [], sweep: sweep('first', 2) },
      { folder: 'quiet', routes: [] },
      { folder: 'second', routes: [], sweep: sweep('second', 0) },
    ]);
    expect(calls).toEqual(['first', 'second']);
    expect(counts).toEqual({ first: { changed: 2 }, second: { changed: 0 } });
  });
});
