import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/booking-forms';
import { parseSort } from '../../../contract/list-query';
import { audit } from '../../audit';
import { containsPattern, intArray, queryRows } from '../../db/query';
import { type TimedList, timedPage } from '../../db/timed-list';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import {
  FORM_COLUMNS,
  FORM_FROM,
  type FormRecord,
  formRow,
  readForm,
  requireOwnForms,
  saveForm,
} from './forms';
import './messages';

/** Booking categories (formClassify) and forms (formSupervise, editBespeak). */

const FORM_SORTS: Record<(typeof api.BOOKING_FORM_SORTS)[number], SQL> = {
  sort: sql`f.sort`,
  createdAt: sql`f.created_at`,
  bookings: sql`bookings`,
};

const FORM_LIST: TimedList<keyof typeof FORM_SORTS> = {
  columns: FORM_COLUMNS,
  from: FORM_FROM,
  countFrom: sql`booking_forms f`,
  alias: 'f',
  sorts: FORM_SORTS,
};

const formTarget = (id: number) => `bookingForm:${id}`;
const categoryTarget = (id: number) => `bookingCategory:${id}`;

export const formRoutes = [
  defineRoute(api.getBookingCategoryList, async ({ db, session, input }) => {
    const conditions: SQL[] = [sql`c.site_id = ${session.siteId}`];
    if (input.keyword) conditions.push(sql`c.name ilike ${containsPattern(input.keyword)}`);
    const where = sql.join(conditions, sql` and `);
    const order = parseSort(input.sort);
    const direction = order.descending ? sql`desc` : sql`asc`;
    const column = order.field === 'sort' ? sql`c.sort` : sql`c.created_at`;
    const [rows, [total]] = await Promise.all([
      queryRows<{ id: number; name: string; sort: number; forms: number; created_at: Date | string }>(
        db,
        sql`select c.id, c.name, c.sort, c.created_at,
                   (select count(*)::int from booking_forms f where f.category_id = c.id and not f.deleted) as forms
              from booking_categories c where ${where}
             order by ${column} ${direction}, c.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from booking_categories c where ${where}`,
      ),
    ]);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Sort: row.sort,
        Forms: row.forms,
        CreatedAt: new Date(row.created_at).toISOString(),
      })),
      Total: total!.count,
    };
  }),

  defineRoute(api.getBookingCategoryOptions, async ({ db, session }) => {
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from booking_categories where site_id = ${session.siteId} order by sort desc, id`,
    );
    return { Data: rows.map((row) => ({ Id: row.id, Name: row.name })) };
  }),

  defineRoute(api.bindBookingCategory, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const [taken] = await queryRows<{ id: number }>(
        tx,
        sql`select id from booking_categories where site_id = ${session.siteId} and name = ${input.Name}
             and id <> ${input.Id ?? 0}`,
      );
      if (taken) throw new AppError('booking.category.nameTaken', { name: input.Name }, { field: 'Name' });
      let id: number;
      if (input.Id === undefined) {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into booking_categories (site_id, name, sort) values (${session.siteId}, ${input.Name}, ${input.Sort})
              returning id`,
        );
        id = row!.id;
      } else {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`update booking_categories set name = ${input.Name}, sort = ${input.Sort}
               where id = ${input.Id} and site_id = ${session.siteId} returning id`,
        );
        if (!row) throw new AppError('booking.category.notFound', { id: input.Id }, { field: 'Id' });
        id = row.id;
      }
      await audit(
        tx,
        session,
        input.Id === undefined ? 'bookingCategory.create' : 'bookingCategory.save',
        categoryTarget(id),
        {
          name: input.Name,
          sort: input.Sort,
        },
      );
      return { Id: id };
    }),
  ),

  defineRoute(api.deleteBookingCategory, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const rows = await queryRows<{ id: number; name: string; forms: number }>(
        tx,
        sql`select c.id, c.name,
                   (select count(*)::int from booking_forms f where f.category_id = c.id and not f.deleted) as forms
              from booking_categories c where c.site_id = ${session.siteId} and c.id = any(${intArray(ids)})
             order by c.id for update of c`,
      );
      const found = new Set(rows.map((row) => row.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0)
        throw new AppError('booking.category.notFound', { id: missing.join(', ') }, { field: 'Ids' });
      const used = rows.find((row) => row.forms > 0);
      if (used)
        throw new AppError(
          'booking.category.inUse',
          { name: used.name, count: used.forms },
          { field: 'Ids' },
        );
      // Deleted forms keep no category, so the row can go.
      await tx.execute(
        sql`update booking_forms set category_id = null where site_id = ${session.siteId} and category_id = any(${intArray(ids)})`,
      );
      await tx.execute(
        sql`delete from booking_categories where site_id = ${session.siteId} and id = any(${intArray(ids)})`,
      );
      for (const row of rows)
        await audit(tx, session, 'bookingCategory.delete', categoryTarget(row.id), { name: row.name });
      return { Changed: ids };
    }),
  ),

  defineRoute(api.getBookingFormList, async ({ db, session, input }) => {
    const now = new Date();
    const filters: SQL[] = [];
    if (input.keyword) filters.push(sql`f.title ilike ${containsPattern(input.keyword)}`);
    if (input.categoryId) filters.push(sql`f.category_id = ${input.categoryId}`);
    const { records, counts } = await timedPage<FormRecord, keyof typeof FORM_SORTS>(
      db,
      FORM_LIST,
      { siteId: session.siteId, filters, now },
      input,
    );
    return {
      Data: records.map((record) => formRow(record, now)),
      Total: counts[input.state],
      Counts: counts,
    };
  }),

  defineRoute(api.getBookingFormChoices, async ({ db, session }) => {
    const [categories, stores, skus] = await Promise.all([
      queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from booking_categories where site_id = ${session.siteId} order by sort desc, id`,
      ),
      queryRows<{ id: number; title: string }>(
        db,
        sql`select id, title from stores where site_id = ${session.siteId} and not deleted order by sort desc, id`,
      ),
      queryRows<{ id: number; name: string; price_fen: number }>(
        db,
        sql`select s.id, trim(p.name || ' ' || s.spec_text) as name, s.price_fen
              from skus s join products p on p.id = s.product_id
             where p.site_id = ${session.siteId} and p.kind = 'virtual' and p.recycle_state = 'active'
               and p.shelf_state = 'on'
             order by p.id, s.position limit 200`,
      ),
    ]);
    return {
      Categories: categories.map((row) => ({ Id: row.id, Name: row.name })),
      Stores: stores.map((row) => ({ Id: row.id, Title: row.title })),
      DepositSkus: skus.map((row) => ({ SkuId: row.id, Name: row.name, PriceFen: row.price_fen })),
    };
  }),

  defineRoute(api.getBookingFormInfo, async ({ db, session, input }) =>
    readForm(db, session.siteId, input.id, new Date()),
  ),

  defineRoute(api.bindBookingForm, async ({ db, session, input, locale, reply }) => {
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveForm(tx, session.siteId, input, new Date());
      if ('stale' in saved) return saved;
      await audit(
        tx,
        session,
        input.Id === undefined ? 'bookingForm.create' : 'bookingForm.save',
        formTarget(saved.id),
        {
          title: input.Title,
          slots: input.Slots.map((slot) => `${slot.Start}-${slot.End}`).join(','),
          capacity: input.CapacityMode === 'perDay' ? `day:${input.DayCapacity}` : 'slot',
          price: input.Price === 'deposit' ? `deposit:${input.DepositSkuId}` : 'free',
          stores: input.StoreIds.join(','),
          status: input.Status,
        },
      );
      return saved;
    });
    if ('stale' in outcome)
      return refuseStale(reply, {
        locale,
        message: 'booking.form.stale',
        yours: input.Version ?? 0,
        current: outcome.stale,
      });
    return { Id: outcome.id, Version: outcome.version };
  }),

  defineRoute(api.setBookingFormStatus, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = await requireOwnForms(tx, session.siteId, input.Ids);
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update booking_forms set status = ${input.Status}, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted and status <> ${input.Status} and id = any(${intArray(ids)})
             returning id`,
      );
      for (const row of changed)
        await audit(tx, session, 'bookingForm.status', formTarget(row.id), { after: input.Status });
      return { Changed: changed.map((row) => row.id) };
    }),
  ),

  defineRoute(api.deleteBookingForm, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = await requireOwnForms(tx, session.siteId, input.Ids);
      const deleted = await queryRows<{ id: number; title: string }>(
        tx,
        sql`update booking_forms set deleted = true, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted and id = any(${intArray(ids)})
             returning id, title`,
      );
      for (const row of deleted)
        await audit(tx, session, 'bookingForm.delete', formTarget(row.id), { title: row.title });
      return { Changed: deleted.map((row) => row.id) };
    }),
  ),
];
