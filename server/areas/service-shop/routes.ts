import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import * as contract from '../../../contract/endpoints/service-shop';
import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import { parseSort } from '../../../contract/list-query';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { stores } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { bookingForms } from '../marketing/tables';
import './messages';
import { services, technicians } from './tables';

type Tab = (typeof contract.SERVICE_SHOP_TABS)[number];
type Table = typeof technicians | typeof services;
type TechnicianRecord = typeof technicians.$inferSelect;
type ServiceRecord = typeof services.$inferSelect;

/** The reload dialog: someone saved the row since this form read it. */
function staleVersion(): AppError {
  return new AppError('common.staleVersion', {}, { field: STALE_VERSION_FIELD, showType: ShowType.dialog });
}

const live = (table: Table, siteId: number) => and(eq(table.siteId, siteId), eq(table.deleted, false))!;

/** The page of a list and its tab counts, ordered by the list's sort then newest. */
async function listPage<T extends Table>(
  db: Executor,
  table: T,
  filters: SQL[],
  input: { status: Tab; sort: string; page: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; Total: number; Counts: Record<Tab, number> }> {
  const order = parseSort(input.sort as 'sort');
  const column = { sort: table.sort, createdAt: table.createdAt, rating: table.rating }[order.field];
  const where = input.status === 'all' ? and(...filters) : and(...filters, eq(table.status, input.status));
  const rows = (await db
    .select()
    .from(table as typeof technicians)
    .where(where)
    .orderBy(order.descending ? desc(column) : asc(column), desc(table.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)) as T['$inferSelect'][];
  const [tally] = await db
    .select({
      all: count(),
      on: sql<number>`count(*) filter (where ${table.status} = 'on')`.mapWith(Number),
      off: sql<number>`count(*) filter (where ${table.status} = 'off')`.mapWith(Number),
    })
    .from(table as typeof technicians)
    .where(and(...filters));
  const Counts = tally as Record<Tab, number>;
  return { rows, Total: Counts[input.status], Counts };
}

async function titlesOf(
  db: Executor,
  table: typeof stores | typeof bookingForms | typeof technicians,
  siteId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, title: table.title })
    .from(table as typeof stores)
    .where(and(eq(table.siteId, siteId), inArray(table.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

async function technicianRows(db: Executor, siteId: number, rows: TechnicianRecord[]) {
  const storeNames = await titlesOf(
    db,
    stores,
    siteId,
    rows.flatMap((row) => (row.storeId === null ? [] : [row.storeId])),
  );
  const counts = new Map<number, number>();
  if (rows.length > 0) {
    const tallies = await db
      .select({ id: sql<number>`unnest(${services.technicianIds})`.mapWith(Number), total: count() })
      .from(services)
      .where(live(services, siteId))
      .groupBy(sql`1`);
    for (const tally of tallies) counts.set(tally.id, tally.total);
  }
  return rows.map(
    (row): contract.TechnicianRow => ({
      Id: row.id,
      Name: row.title,
      Image: row.image,
      Sort: row.sort,
      Status: row.status,
      Rating: row.rating,
      Version: row.version,
      CreatedAt: row.createdAt.toISOString(),
      JobTitle: row.jobTitle,
      Skills: row.skills,
      StoreId: row.storeId,
      StoreName: row.storeId === null ? '' : (storeNames.get(row.storeId) ?? ''),
      ServiceCount: counts.get(row.id) ?? 0,
    }),
  );
}

async function serviceRows(db: Executor, siteId: number, rows: ServiceRecord[]) {
  const names = await titlesOf(
    db,
    technicians,
    siteId,
    rows.flatMap((row) => row.technicianIds),
  );
  const forms = await titlesOf(
    db,
    bookingForms,
    siteId,
    rows.flatMap((row) => (row.bookingFormId === null ? [] : [row.bookingFormId])),
  );
  return rows.map(
    (row): contract.ServiceRow => ({
      Id: row.id,
      Name: row.title,
      Image: row.image,
      Sort: row.sort,
      Status: row.status,
      Rating: row.rating,
      Version: row.version,
      CreatedAt: row.createdAt.toISOString(),
      PriceFen: row.priceFen,
      Minutes: row.minutes,
      TechnicianIds: row.technicianIds,
      TechnicianNames: row.technicianIds.map((id) => names.get(id) ?? ''),
      BookingFormId: row.bookingFormId,
      BookingFormTitle: row.bookingFormId === null ? '' : (forms.get(row.bookingFormId) ?? ''),
    }),
  );
}

async function findRow<T extends Table>(
  db: Executor,
  table: T,
  siteId: number,
  id: number,
  field: string,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as typeof technicians)
    .where(and(live(table, siteId), eq(table.id, id)));
  const key = table === technicians ? 'serviceShop.technicianNotFound' : 'serviceShop.serviceNotFound';
  if (!row) throw new AppError(key, { id }, { field });
  return row as T['$inferSelect'];
}

async function requireStore(db: Executor, siteId: number, storeId: number | null) {
  if (storeId === null) return;
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.siteId, siteId), eq(stores.deleted, false), eq(stores.id, storeId)));
  if (!row) throw new AppError('serviceShop.storeNotFound', { id: storeId }, { field: 'StoreId' });
}

async function requireService(
  db: Executor,
  siteId: number,
  input: { TechnicianIds: number[]; BookingFormId: number | null },
) {
  const seen = new Set<number>();
  for (const id of input.TechnicianIds) {
    if (seen.has(id))
      throw new AppError('serviceShop.duplicateTechnician', { id }, { field: 'TechnicianIds' });
    seen.add(id);
  }
  if (seen.size > 0) {
    const found = await db
      .select({ id: technicians.id })
      .from(technicians)
      .where(and(live(technicians, siteId), inArray(technicians.id, [...seen])));
    const present = new Set(found.map((row) => row.id));
    const missing = [...seen].filter((id) => !present.has(id));
    if (missing.length > 0) {
      throw new AppError(
        'serviceShop.techniciansNotFound',
        { ids: missing.join(', ') },
        { field: 'TechnicianIds' },
      );
    }
  }
  if (input.BookingFormId !== null) {
    const [form] = await db
      .select({ id: bookingForms.id })
      .from(bookingForms)
      .where(
        and(
          eq(bookingForms.siteId, siteId),
          eq(bookingForms.deleted, false),
          eq(bookingForms.id, input.BookingFormId),
        ),
      );
    if (!form) {
      throw new AppError(
        'serviceShop.bookingFormNotFound',
        { id: input.BookingFormId },
        { field: 'BookingFormId' },
      );
    }
  }
}

/** Inserts without `Id`, else updates the row read at `Version`; audits either way. */
async function saveRow<T extends Table>(
  db: Executor,
  session: Session,
  table: T,
  kind: 'technician' | 'service',
  input: { Id?: number; Version?: number },
  values: Partial<T['$inferInsert']>,
): Promise<{ Id: number; Version: number }> {
  const target = (id: number) => `${kind}:${id}`;
  if (input.Id === undefined) {
    const [row] = await db
      .insert(table as typeof technicians)
      .values({ ...values, siteId: session.siteId } as never)
      .returning({ id: table.id, version: table.version, title: table.title });
    await audit(db, session, `${kind}.create`, target(row!.id), { name: row!.title });
    return { Id: row!.id, Version: row!.version };
  }
  if (input.Version === undefined) {
    throw new AppError('serviceShop.versionRequired', {}, { field: 'Version' });
  }
  await findRow(db, table, session.siteId, input.Id, 'Id');
  const [row] = await db
    .update(table as typeof technicians)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(and(live(table, session.siteId), eq(table.id, input.Id), eq(table.version, input.Version)))
    .returning({ id: table.id, version: table.version, title: table.title });
  if (!row) throw staleVersion();
  await audit(db, session, `${kind}.update`, target(row.id), { name: row.title });
  return { Id: row.id, Version: row.version };
}

/** The shop's live rows among `ids`, all of them or a refusal naming the others. */
async function requireRows(db: Executor, table: Table, siteId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: table.id, title: table.title, status: table.status })
    .from(table as typeof technicians)
    .where(and(live(table, siteId), inArray(table.id, wanted)))
    .for('update');
  const present = new Set(rows.map((row) => row.id));
  const missing = wanted.filter((id) => !present.has(id));
  if (missing.length > 0)
    throw new AppError('serviceShop.rowsNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
  return rows;
}

function statusRoute(endpoint: typeof contract.setTechnicianStatus, table: Table, kind: string) {
  return defineRoute(endpoint, ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const rows = await requireRows(tx, table, session.siteId, input.Ids);
      const changed = rows.filter((row) => row.status !== input.Status).map((row) => row.id);
      if (changed.length > 0) {
        await tx
          .update(table)
          .set({ status: input.Status, version: sql`${table.version} + 1` })
          .where(inArray(table.id, changed));
        for (const id of changed)
          await audit(tx, session, `${kind}.status`, `${kind}:${id}`, { status: input.Status });
      }
      return { Changed: changed.length };
    }),
  );
}

export const serviceShopRoutes = [
  defineRoute(contract.getTechnicianList, async ({ db, session, input }) => {
    const filters: SQL[] = [live(technicians, session.siteId)];
    if (input.keyword) filters.push(ilike(technicians.title, containsPattern(input.keyword)));
    if (input.StoreId) filters.push(eq(technicians.storeId, input.StoreId));
    const { rows, Total, Counts } = await listPage(db, technicians, filters, input);
    return { Data: await technicianRows(db, session.siteId, rows), Total, Counts };
  }),

  defineRoute(contract.getServiceList, async ({ db, session, input }) => {
    const filters: SQL[] = [live(services, session.siteId)];
    if (input.keyword) filters.push(ilike(services.title, containsPattern(input.keyword)));
    if (input.TechnicianId) filters.push(sql`${input.TechnicianId} = any(${services.technicianIds})`);
    const { rows, Total, Counts } = await listPage(db, services, filters, input);
    return { Data: await serviceRows(db, session.siteId, rows), Total, Counts };
  }),

  defineRoute(contract.getTechnicianInfo, async ({ db, session, input }) => {
    const row = await findRow(db, technicians, session.siteId, input.id, 'id');
    return (await technicianRows(db, session.siteId, [row]))[0]!;
  }),

  defineRoute(contract.getServiceInfo, async ({ db, session, input }) => {
    const row = await findRow(db, services, session.siteId, input.id, 'id');
    return (await serviceRows(db, session.siteId, [row]))[0]!;
  }),

  defineRoute(contract.saveTechnician, ({ db, session, input }) =>
    db.transaction(async (tx) => {
      await requireStore(tx, session.siteId, input.StoreId);
      return saveRow(tx, session, technicians, 'technician', input, {
        title: input.Name,
        image: input.Image,
        sort: input.Sort,
        status: input.Status,
        rating: input.Rating,
        jobTitle: input.JobTitle,
        skills: input.Skills,
        storeId: input.StoreId,
      });
    }),
  ),

  defineRoute(contract.saveService, ({ db, session, input }) =>
    db.transaction(async (tx) => {
      await requireService(tx, session.siteId, input);
      return saveRow(tx, session, services, 'service', input, {
        title: input.Name,
        image: input.Image,
        sort: input.Sort,
        status: input.Status,
        rating: input.Rating,
        priceFen: input.PriceFen,
        minutes: input.Minutes,
        technicianIds: input.TechnicianIds,
        bookingFormId: input.BookingFormId,
      });
    }),
  ),

  statusRoute(contract.setTechnicianStatus, technicians, 'technician'),
  statusRoute(contract.setServiceStatus, services, 'service'),

  defineRoute(contract.delTechnicians, ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const rows = await requireRows(tx, technicians, session.siteId, input.Ids);
      for (const row of rows) {
        const giving = await tx.$count(
          services,
          and(live(services, session.siteId), sql`${row.id} = any(${services.technicianIds})`),
        );
        if (giving > 0) {
          throw new AppError(
            'serviceShop.technicianInUse',
            { name: row.title, count: giving },
            { field: 'Ids' },
          );
        }
      }
      const ids = rows.map((row) => row.id);
      await tx.update(technicians).set({ deleted: true }).where(inArray(technicians.id, ids));
      for (const id of ids) await audit(tx, session, 'technician.delete', `technician:${id}`);
      return { Deleted: ids.length };
    }),
  ),

  defineRoute(contract.delServices, ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const rows = await requireRows(tx, services, session.siteId, input.Ids);
      const ids = rows.map((row) => row.id);
      await tx.update(services).set({ deleted: true }).where(inArray(services.id, ids));
      for (const id of ids) await audit(tx, session, 'service.delete', `service:${id}`);
      return { Deleted: ids.length };
    }),
  ),
];
