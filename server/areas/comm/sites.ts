import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { shopDate } from '../../../contract/shop-time';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/query';
import { accountSites, accounts, sites } from '../../db/schema';

type SiteRow = typeof sites.$inferSelect;

/** A site as SPEC §3 lists it: Text is the name, Description the site type, Url the creation date. */
export function siteEntry(site: SiteRow) {
  return { Id: site.id, Text: site.name, Description: site.description, Url: shopDate(site.createdAt) };
}

/** The account's home site plus the extra sites granted in account_sites, by id. */
function accountSiteIds(db: Database) {
  const accountId = sql.placeholder('accountId');
  const home = db.select({ id: accounts.siteId }).from(accounts).where(eq(accounts.id, accountId));
  const extra = db
    .select({ id: accountSites.siteId })
    .from(accountSites)
    .where(eq(accountSites.accountId, accountId));
  return or(inArray(sites.id, home), inArray(sites.id, extra));
}

const switchableStatement = preparedStatement('switchable_sites', (db, name) =>
  db.select().from(sites).where(accountSiteIds(db)).orderBy(asc(sites.id)).prepare(name),
);

const expiredStatement = preparedStatement('expired_sites', (db, name) =>
  db
    .select()
    .from(sites)
    .where(and(accountSiteIds(db), lte(sites.expiresAt, sql`now()`)))
    .orderBy(asc(sites.id))
    .prepare(name),
);

/** Sites an account may switch to (SPEC §4 "Switch system"). */
export function switchableSites(db: Database, accountId: number): Promise<SiteRow[]> {
  return switchableStatement(db).execute({ accountId });
}

/** Sites of an account that are past their expiry, for the public /expirySite page. */
export function expiredSites(db: Database, accountId: number): Promise<SiteRow[]> {
  return expiredStatement(db).execute({ accountId });
}
