import { type SQL, sql } from 'drizzle-orm';
import { type BookingSlot, bookingFormState, type CapacityMode } from '../../../contract/booking';
import type {
  BookingFormDetail,
  BookingFormInput,
  BookingFormRow,
} from '../../../contract/endpoints/booking-forms';
import type { FormDefinition } from '../../../contract/smart-form';
import type { Executor } from '../../db/client';
import { intArray, queryRows } from '../../db/query';
import { timedStateSql } from '../../db/timed-list';
import { AppError } from '../../http/errors';
import './messages';

/**
 * Booking forms as operators make and read them (formSupervise, editBespeak). The deposit is a SKU
 * of a virtual good of the catalogue, so paying it is an order like any and issues its ticket.
 */

export interface FormRecord extends Record<string, unknown> {
  id: number;
  title: string;
  image: string;
  summary: string;
  category_id: number | null;
  category_name: string | null;
  fields: FormDefinition;
  capacity_mode: CapacityMode;
  day_capacity: number;
  slots: BookingSlot[];
  weekdays: number[];
  days_ahead: number;
  price: 'free' | 'deposit';
  deposit_sku_id: number | null;
  deposit_fen: number | null;
  deposit_name: string | null;
  store_ids: number[];
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'on' | 'off';
  sort: number;
  version: number;
  created_at: Date | string;
  bookings: number;
}

/** Columns of a form (alias `f`) with its category, its deposit good and its live bookings. */
export const FORM_COLUMNS = sql`f.id, f.title, f.image, f.summary, f.category_id, c.name as category_name, f.fields,
  f.capacity_mode, f.day_capacity, f.slots, f.weekdays, f.days_ahead, f.price, f.deposit_sku_id,
  s.price_fen as deposit_fen, trim(p.name || ' ' || coalesce(s.spec_text, '')) as deposit_name, f.store_ids,
  f.starts_at, f.ends_at, f.status, f.sort, f.version, f.created_at,
  (select count(*)::int from bookings b where b.form_id = f.id and b.state <> 'cancelled') as bookings`;

export const FORM_FROM = sql`booking_forms f
  left join booking_categories c on c.id = f.category_id
  left join skus s on s.id = f.deposit_sku_id
  left join products p on p.id = s.product_id`;

/** The state of a form in SQL (alias `f`), as bookingFormState decides it. */
export function formStateSql(now: Date): SQL {
  return timedStateSql('f', now);
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Seats of a day at one store: the day's, or every slot's added up. */
function seatsPerDay(record: FormRecord): number {
  return record.capacity_mode === 'perDay'
    ? record.day_capacity
    : record.slots.reduce((sum, slot) => sum + slot.Capacity, 0);
}

export function formRow(record: FormRecord, now: Date): BookingFormRow {
  return {
    Id: record.id,
    Title: record.title,
    Image: record.image,
    CategoryId: record.category_id,
    CategoryName: record.category_name ?? '',
    Price: record.price,
    DepositFen: record.price === 'deposit' ? (record.deposit_fen ?? 0) : 0,
    CapacityMode: record.capacity_mode,
    SeatsPerDay: seatsPerDay(record),
    SlotCount: record.slots.length,
    StoreCount: record.store_ids.length,
    StartsAt: iso(record.starts_at),
    EndsAt: iso(record.ends_at),
    Status: record.status,
    State: bookingFormState(
      { Status: record.status, StartsAt: record.starts_at, EndsAt: record.ends_at },
      now,
    ),
    Bookings: record.bookings,
    Sort: record.sort,
    Version: record.version,
    CreatedAt: iso(record.created_at),
  };
}

/** The shop's live form, or refused naming `field`. */
export async function readFormRecord(
  db: Executor,
  siteId: number,
  id: number,
  field = 'Id',
): Promise<FormRecord> {
  const [record] = await queryRows<FormRecord>(
    db,
    sql`select ${FORM_COLUMNS} from ${FORM_FROM} where f.id = ${id} and f.site_id = ${siteId} and not f.deleted`,
  );
  if (!record) throw new AppError('booking.form.notFound', { id }, { field });
  return record;
}

export async function formStores(db: Executor, siteId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number; title: string; address: string }>(
    db,
    sql`select id, title, address from stores where site_id = ${siteId} and id = any(${intArray(ids)})
         order by array_position(${intArray(ids)}, id)`,
  );
  return rows;
}

export async function readForm(
  db: Executor,
  siteId: number,
  id: number,
  now: Date,
): Promise<BookingFormDetail> {
  const record = await readFormRecord(db, siteId, id);
  const stores = await formStores(db, siteId, record.store_ids);
  return {
    ...formRow(record, now),
    Summary: record.summary,
    Fields: record.fields,
    Slots: record.slots,
    DayCapacity: record.day_capacity,
    Weekdays: record.weekdays,
    DaysAhead: record.days_ahead,
    DepositSkuId: record.deposit_sku_id,
    DepositName: record.deposit_name ?? '',
    StoreIds: record.store_ids,
    Stores: stores.map((store) => ({ Id: store.id, Title: store.title })),
  };
}

/** The category, stores and deposit SKU a form names must be the shop's own, and fit. */
async function requireReferences(tx: Executor, siteId: number, form: BookingFormInput): Promise<void> {
  if (form.CategoryId !== null) {
    const [category] = await queryRows(
      tx,
      sql`select 1 from booking_categories where id = ${form.CategoryId} and site_id = ${siteId}`,
    );
    if (!category)
      throw new AppError('booking.category.notFound', { id: form.CategoryId }, { field: 'CategoryId' });
  }
  if (form.StoreIds.length > 0) {
    const found = await queryRows<{ id: number }>(
      tx,
      sql`select id from stores where site_id = ${siteId} and not deleted and id = any(${intArray(form.StoreIds)})`,
    );
    const known = new Set(found.map((row) => row.id));
    const missing = form.StoreIds.find((id) => !known.has(id));
    if (missing !== undefined)
      throw new AppError('booking.storeNotFound', { id: missing }, { field: 'StoreIds' });
  }
  if (form.Price === 'deposit') {
    const [sku] = await queryRows<{ kind: string; recycle_state: string }>(
      tx,
      sql`select p.kind, p.recycle_state from skus s join products p on p.id = s.product_id
           where s.id = ${form.DepositSkuId} and s.site_id = ${siteId}`,
    );
    if (sku?.recycle_state !== 'active')
      throw new AppError(
        'booking.depositNotFound',
        { id: form.DepositSkuId ?? 0 },
        { field: 'DepositSkuId' },
      );
    if (sku.kind !== 'virtual')
      throw new AppError('booking.depositNotVirtual', {}, { field: 'DepositSkuId' });
  }
}

export type SaveOutcome = { id: number; version: number } | { stale: number };

/** Creates or saves a form; a save over another version answers that version instead. */
export async function saveForm(
  tx: Executor,
  siteId: number,
  form: BookingFormInput,
  now: Date,
): Promise<SaveOutcome> {
  await requireReferences(tx, siteId, form);
  const perSlot = form.CapacityMode === 'perSlot';
  // What the mode does not read is stored as nothing, so a list never shows stale seats.
  const slots = form.Slots.map((slot) => ({ ...slot, Capacity: perSlot ? slot.Capacity : 0 }));
  const values = sql`${form.Title}, ${form.Image}, ${form.Summary}, ${form.CategoryId}, ${JSON.stringify(form.Fields)}::jsonb,
    ${form.CapacityMode}, ${perSlot ? 0 : form.DayCapacity}, ${JSON.stringify(slots)}::jsonb,
    ${intArray([...form.Weekdays].sort())}, ${form.DaysAhead}, ${form.Price},
    ${form.Price === 'deposit' ? form.DepositSkuId : null}, ${intArray(form.StoreIds)},
    ${form.StartsAt}::timestamptz, ${form.EndsAt}::timestamptz, ${form.Sort}, ${form.Status}`;
  const stamp = sql`${now.toISOString()}::timestamptz`;
  if (form.Id === undefined) {
    const [row] = await queryRows<{ id: number; version: number }>(
      tx,
      sql`insert into booking_forms (title, image, summary, category_id, fields, capacity_mode, day_capacity, slots,
                                     weekdays, days_ahead, price, deposit_sku_id, store_ids, starts_at, ends_at, sort,
                                     status, site_id, created_at, updated_at)
          values (${values}, ${siteId}, ${stamp}, ${stamp})
          returning id, version`,
    );
    return { id: row!.id, version: row!.version };
  }
  const [current] = await queryRows<{ version: number }>(
    tx,
    sql`select version from booking_forms where id = ${form.Id} and site_id = ${siteId} and not deleted for update`,
  );
  if (!current) throw new AppError('booking.form.notFound', { id: form.Id }, { field: 'Id' });
  if (current.version !== form.Version) return { stale: current.version };
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update booking_forms
           set (title, image, summary, category_id, fields, capacity_mode, day_capacity, slots, weekdays, days_ahead,
                price, deposit_sku_id, store_ids, starts_at, ends_at, sort, status) = (${values}),
               version = version + 1, updated_at = ${stamp}
         where id = ${form.Id} and site_id = ${siteId}
         returning version`,
  );
  return { id: form.Id, version: row!.version };
}

/** The ids among `ids` that are the shop's live forms; refuses naming the others. */
export async function requireOwnForms(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from booking_forms where site_id = ${siteId} and not deleted and id = any(${intArray(unique)})`,
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('booking.form.notFound', { id: missing.join(', ') }, { field: 'Ids' });
  return unique;
}
