import { sql } from 'drizzle-orm';
import { type AccountKind, ShopType } from '../../contract/enums';
import { DEFAULT_GRANT_PREFIXES } from '../../contract/menu-tree';
import { areaSeeds } from '../area-list';
import { hashPassword } from '../auth/password';
import type { Config } from '../config';
import type { Database } from './client';
import { pathsForPrefixes, syncMenus } from './menus-sync';
import { accountSites, accounts, grants, sites } from './schema';

export interface DemoLogin {
  userName: string;
  kind: AccountKind;
  site: string;
  loginPage: string;
}

/** An area's demo data, run once on a fresh database after the foundation seed. */
export type AreaSeed = (db: Database, demo: DemoSites) => Promise<void>;
export interface DemoSites {
  mallSiteId: number;
  secondSiteId: number;
  expiredSiteId: number;
  adminAccountId: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** Menus are synced on every start; demo sites and accounts only when the database is empty. */
export async function seedDatabase(
  db: Database,
  config: Config,
): Promise<{ seeded: boolean; logins: DemoLogin[] }> {
  const menuIds = await syncMenus(db);
  const [{ count } = { count: 0 }] = (await db.select({ count: sql<number>`count(*)::int` }).from(sites)) as {
    count: number;
  }[];
  if (count > 0) return { seeded: false, logins: demoLogins(1) };

  const passwordHash = await hashPassword(config.adminPassword);
  const demo = await db.transaction(async (tx) => {
    const [mall, second, expired] = await tx
      .insert(sites)
      .values([
        { name: '演示商城', shopType: ShopType.mall, description: '商城' },
        {
          name: '演示官网',
          shopType: ShopType.officialSite,
          description: '官网',
          createdAt: new Date(Date.now() - 120 * DAY),
        },
        {
          name: '已过期店铺',
          shopType: ShopType.mall,
          description: '商城',
          createdAt: new Date(Date.now() - 400 * DAY),
          expiresAt: new Date(Date.now() - 30 * DAY),
        },
      ])
      .returning();
    const rows = await tx
      .insert(accounts)
      .values([
        {
          siteId: mall!.id,
          userName: 'admin',
          kind: 'main',
          passwordHash,
          roles: ['admin'],
          wechatOpenId: 'demo-openid-admin',
          introduction: 'Shop owner',
        },
        {
          siteId: mall!.id,
          userName: 'editor',
          kind: 'main',
          passwordHash,
          roles: ['editor'],
          introduction: 'Designer',
        },
        { siteId: mall!.id, userName: 'sub', kind: 'sub', passwordHash, roles: [], introduction: 'Operator' },
        {
          siteId: mall!.id,
          userName: 'store',
          kind: 'store',
          passwordHash,
          roles: ['store'],
          isStore: true,
          storeName: '旗舰店',
        },
        { siteId: second!.id, userName: 'site2', kind: 'main', passwordHash, roles: ['admin'] },
        { siteId: expired!.id, userName: 'expired', kind: 'main', passwordHash, roles: ['admin'] },
      ])
      .returning();
    const byName = new Map(rows.map((row) => [row.userName, row]));
    const admin = byName.get('admin')!;
    await tx.insert(accountSites).values([
      { accountId: admin.id, siteId: mall!.id },
      { accountId: admin.id, siteId: second!.id },
    ]);
    const allPaths = [...menuIds.keys()];
    const grantRows = rows.flatMap((account) =>
      pathsForPrefixes(allPaths, DEFAULT_GRANT_PREFIXES[account.kind]).map((path) => ({
        siteId: account.siteId,
        accountId: account.id,
        menuId: menuIds.get(path)!,
      })),
    );
    await tx.insert(grants).values(grantRows);
    return {
      mallSiteId: mall!.id,
      secondSiteId: second!.id,
      expiredSiteId: expired!.id,
      adminAccountId: admin.id,
    };
  });
  for (const areaSeed of areaSeeds) await areaSeed(db, demo);
  // The demo data arrives in one burst. Without statistics the planner takes every table for a few
  // rows and sorts whole tables instead of walking the list indexes; PostgreSQL's autovacuum would
  // catch up within minutes (replanning every prepared statement then), PGlite has none.
  await db.execute(sql`analyze`);
  return { seeded: true, logins: demoLogins(demo.mallSiteId) };
}

export function demoLogins(mallSiteId: number): DemoLogin[] {
  return [
    { userName: 'admin', kind: 'main', site: '演示商城', loginPage: '/login' },
    { userName: 'editor', kind: 'main', site: '演示商城', loginPage: '/login' },
    { userName: 'sub', kind: 'sub', site: '演示商城', loginPage: `/dislogin?siteId=${mallSiteId}` },
    { userName: 'store', kind: 'store', site: '演示商城', loginPage: '/login' },
    { userName: 'site2', kind: 'main', site: '演示官网', loginPage: '/login' },
    { userName: 'expired', kind: 'main', site: '已过期店铺', loginPage: '/login' },
    { userName: 'service', kind: 'main', site: '演示服务店', loginPage: '/login' },
  ];
}
