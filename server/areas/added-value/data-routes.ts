import { type SQL, sql } from 'drizzle-orm';
import * as data from '../../../contract/endpoints/data-recharge';
import { parseSort } from '../../../contract/list-query';
import { audit } from '../../audit';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { storefrontSite } from '../storefront/service';
import {
  buyDataStock,
  PACKAGE_SELECT,
  type PackageRecord,
  packageRow,
  readPackage,
  saveDataPackage,
} from './data-packages';
import { platformNotifyUrl } from './sms-routes';
import './messages';

/** The flowRecharge screen's calls and the storefront's list of packages members may order. */

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export const dataRoutes = [
  defineRoute(data.getDataProducts, async ({ db }) => {
    const rows = await queryRows<{
      id: number;
      carrier: data.DataCarrier;
      size_mb: number;
      cost_fen: number;
    }>(
      db,
      sql`select id, carrier, size_mb, cost_fen from data_products where enabled order by carrier, size_mb`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Carrier: row.carrier,
        SizeMb: row.size_mb,
        CostFen: row.cost_fen,
      })),
    };
  }),

  defineRoute(data.getDataPackages, async ({ db, session, input }) => {
    const conditions = [sql`p.site_id = ${session.siteId}`, sql`not p.deleted`];
    if (input.status) conditions.push(sql`p.enabled = ${input.status === 'on'}`);
    if (input.keyword) conditions.push(sql`p.code ilike ${containsPattern(input.keyword)}`);
    const tab = input.carrier === 'all' ? [] : [sql`d.carrier = ${input.carrier}`];
    const order = parseSort(input.sort);
    const direction = order.descending ? sql`desc` : sql`asc`;
    const column = { sort: sql`p.sort`, createdAt: sql`p.created_at`, price: sql`p.price_fen` }[order.field];
    const [records, [counts]] = await Promise.all([
      queryRows<PackageRecord>(
        db,
        sql`${PACKAGE_SELECT} where ${and([...conditions, ...tab])}
             order by ${column} ${direction}, p.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof data.DATA_PACKAGE_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where d.carrier = 'chinaMobile'))::int as "chinaMobile",
                   (count(*) filter (where d.carrier = 'chinaUnicom'))::int as "chinaUnicom",
                   (count(*) filter (where d.carrier = 'chinaTelecom'))::int as "chinaTelecom"
              from data_packages p join data_products d on d.id = p.product_id where ${and(conditions)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, chinaMobile: 0, chinaUnicom: 0, chinaTelecom: 0 };
    return { Data: records.map(packageRow), Total: tally[input.carrier], Counts: tally };
  }),

  defineRoute(data.saveDataPackage, async ({ db, session, input, locale, reply }) => {
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveDataPackage(tx, session.siteId, input);
      if (saved.stale === null)
        await audit(
          tx,
          session,
          input.Id ? 'addedValue.editDataPackage' : 'addedValue.addDataPackage',
          `dataPackage:${saved.id}`,
          {
            code: input.Code,
            productId: input.ProductId,
            priceFen: input.PriceFen,
            enabled: input.Enabled,
          },
        );
      return saved;
    });
    if (outcome.stale !== null)
      return refuseStale(reply, {
        locale,
        message: 'addedValue.stale',
        yours: input.Version!,
        current: outcome.stale,
      });
    return { Package: packageRow(await readPackage(db, session.siteId, outcome.id)) };
  }),

  defineRoute(data.setDataPackageStatus, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const found = await queryRows<{ id: number; enabled: boolean }>(
        tx,
        sql`select id, enabled from data_packages
             where site_id = ${session.siteId} and not deleted and id in (${idList(ids)}) for update`,
      );
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0)
        throw new AppError('addedValue.dataPackagesNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
      const change = found.filter((row) => row.enabled !== input.Enabled).map((row) => row.id);
      if (change.length > 0) {
        await tx.execute(
          sql`update data_packages set enabled = ${input.Enabled}, version = version + 1, updated_at = now()
               where id in (${idList(change)})`,
        );
        await audit(tx, session, 'addedValue.dataPackageStatus', `dataPackage:${change.join(',')}`, {
          enabled: input.Enabled,
        });
      }
      return { Changed: change };
    });
  }),

  defineRoute(data.deleteDataPackages, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const found = await queryRows<{ id: number; code: string; stock: number }>(
        tx,
        sql`select id, code, stock from data_packages
             where site_id = ${session.siteId} and not deleted and id in (${idList(ids)}) for update`,
      );
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0)
        throw new AppError('addedValue.dataPackagesNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
      const stocked = found.filter((row) => row.stock > 0);
      if (stocked.length > 0)
        throw new AppError(
          'addedValue.dataPackageHasStock',
          { codes: stocked.map((row) => row.code).join(', ') },
          { field: 'Ids' },
        );
      await tx.execute(
        sql`update data_packages set deleted = true, enabled = false, version = version + 1, updated_at = now()
             where id in (${idList(ids)})`,
      );
      await audit(tx, session, 'addedValue.deleteDataPackages', `dataPackage:${ids.join(',')}`, {
        codes: found.map((row) => row.code),
      });
      return { Changed: ids };
    });
  }),

  defineRoute(data.buyDataStock, async ({ db, session, input, config, request }) => ({
    Purchase: await buyDataStock(
      db,
      session,
      input.PackageId,
      input.Quantity,
      config.payment,
      platformNotifyUrl(request),
      new Date(),
    ),
  })),
];

export const dataStorefrontRoutes = [
  defineRoute(data.storefrontGetDataPackages, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    const rows = await queryRows<{
      code: string;
      carrier: data.DataCarrier;
      size_mb: number;
      price_fen: number;
    }>(
      db,
      sql`select p.code, d.carrier, d.size_mb, p.price_fen
            from data_packages p join data_products d on d.id = p.product_id
           where p.site_id = ${siteId} and not p.deleted and p.enabled and d.enabled and p.stock > 0
           order by p.sort desc, p.id`,
    );
    return {
      Data: rows.map((row) => ({
        Code: row.code,
        Carrier: row.carrier,
        SizeMb: row.size_mb,
        PriceFen: row.price_fen,
      })),
    };
  }),
];
