import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as api from '../../../contract/endpoints/bookings';
import { parseSort } from '../../../contract/list-query';
import { bookingMachine } from '../../../contract/machines/booking';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import { answerFields, answerText, type FormDefinition } from '../../../contract/smart-form';
import { stateLabelKey } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import {
  advance,
  BOOKING_COLUMNS,
  BOOKING_FROM,
  type BookingContext,
  type BookingRecord,
  bookingRow,
  cancel,
  depositOf,
  findBooking,
  viewerScope,
} from './bookings';
import './messages';

/** Bookings (bespeakOrderSupervise, bespeakOrderDetails): by state, confirmed, done, cancelled, exported. */

type ListQuery = Omit<z.infer<typeof api.getBookingList.input>, 'page' | 'pageSize'>;

interface ExportRecord extends BookingRecord {
  answers: Record<string, unknown>;
  fields: FormDefinition;
}

/** The shop day a day or date-time parameter names. */
const dayOf = (value: string) => (value.length === 10 ? value : shopDate(new Date(value)));

function listConditions(session: Session, input: ListQuery): SQL {
  const conditions: SQL[] = [viewerScope(session)];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    conditions.push(
      sql`(b.booking_no ilike ${pattern} or b.name ilike ${pattern} or b.phone ilike ${pattern})`,
    );
  }
  if (input.formId) conditions.push(sql`b.form_id = ${input.formId}`);
  if (input.storeId) conditions.push(sql`b.store_id = ${input.storeId}`);
  if (input.dayFrom) conditions.push(sql`b.day >= ${dayOf(input.dayFrom)}::date`);
  if (input.dayTo) conditions.push(sql`b.day <= ${dayOf(input.dayTo)}::date`);
  return sql.join(conditions, sql` and `);
}

function readRows<Row extends BookingRecord>(
  db: Executor,
  session: Session,
  input: ListQuery,
  offset: number,
  limit: number,
  extra: SQL = sql``,
): Promise<Row[]> {
  const tab = input.state === 'all' ? sql`true` : sql`b.state = ${input.state}`;
  const order = parseSort(input.sort);
  const direction = order.descending ? sql`desc` : sql`asc`;
  const column = order.field === 'day' ? sql`b.day ${direction}, b.slot_start` : sql`b.created_at`;
  return queryRows<Row>(
    db,
    sql`select ${BOOKING_COLUMNS} ${extra} from ${BOOKING_FROM} where ${listConditions(session, input)} and ${tab}
         order by ${column} ${direction}, b.id ${direction} limit ${limit} offset ${offset}`,
  );
}

function answersText(record: ExportRecord, locale: Locale): string {
  return answerFields(record.fields)
    .map((field) => [
      field.label,
      answerText(field, record.answers[field.id], translate(locale, 'smartForm.yes')),
    ])
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `${label}: ${text}`)
    .join('; ');
}

function exportColumns(locale: Locale): ExportColumn<ExportRecord>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('booking.export.bookingNo'), width: 20, value: (row) => row.booking_no },
    { header: say('booking.export.form'), width: 20, value: (row) => row.form_title },
    {
      header: say('booking.export.state'),
      width: 10,
      value: (row) => say(stateLabelKey(bookingMachine, row.state)),
    },
    { header: say('booking.export.day'), width: 12, value: (row) => row.day },
    { header: say('booking.export.slot'), width: 14, value: (row) => `${row.slot_start}-${row.slot_end}` },
    { header: say('booking.export.store'), width: 16, value: (row) => row.store_title ?? '' },
    { header: say('booking.export.name'), width: 12, value: (row) => row.name },
    { header: say('booking.export.phone'), width: 14, value: (row) => row.phone },
    { header: say('booking.export.memberNo'), width: 14, value: (row) => row.member_no },
    {
      header: say('booking.export.deposit'),
      width: 10,
      numberFormat: '0.00',
      value: (row) => row.deposit_fen / 100,
    },
    {
      header: say('booking.export.depositState'),
      width: 12,
      value: (row) => say(`booking.deposit.${depositOf(row)}`),
    },
    { header: say('booking.export.orderNo'), width: 20, value: (row) => row.order_no ?? '' },
    {
      header: say('booking.export.createdAt'),
      width: 18,
      value: (row) => shopDateTime(new Date(row.created_at)).slice(0, 16),
    },
    { header: say('booking.export.answers'), width: 48, value: (row) => answersText(row, locale) },
  ];
}

function operatorContext(tx: Executor, session: Session, locale: Locale): BookingContext {
  return {
    tx,
    siteId: session.siteId,
    now: new Date(),
    locale,
    actor: { kind: 'operator', accountId: session.accountId, name: session.userName },
  };
}

const target = (id: number) => `booking:${id}`;

export const bookingRoutes = [
  defineRoute(api.getBookingList, async ({ db, session, input }) => {
    const where = listConditions(session, input);
    const [records, [counts]] = await Promise.all([
      readRows(db, session, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof api.BOOKING_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where b.state = 'new'))::int as "new",
                   (count(*) filter (where b.state = 'confirmed'))::int as confirmed,
                   (count(*) filter (where b.state = 'done'))::int as done,
                   (count(*) filter (where b.state = 'cancelled'))::int as cancelled
              from bookings b where ${where}`,
      ),
    ]);
    return { Data: records.map(bookingRow), Total: counts![input.state], Counts: counts! };
  }),

  defineRoute(api.exportBookingList, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'booking.export.bookings'),
      asciiName: 'bookings',
      sheetName: translate(locale, 'booking.export.bookings'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        (offset, limit) =>
          readRows<ExportRecord>(db, session, input, offset, limit, sql`, b.answers, b.fields`),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(api.getBookingFilterOptions, async ({ db, session }) => {
    const [forms, stores] = await Promise.all([
      queryRows<{ id: number; title: string }>(
        db,
        sql`select id, title from booking_forms where site_id = ${session.siteId} order by deleted, sort desc, id desc`,
      ),
      queryRows<{ id: number; title: string }>(
        db,
        sql`select id, title from stores where site_id = ${session.siteId} and not deleted
              ${session.isStore ? sql`and id = ${session.storeId ?? 0}` : sql``}
             order by sort desc, id`,
      ),
    ]);
    return {
      Forms: forms.map((row) => ({ Id: row.id, Title: row.title })),
      Stores: stores.map((row) => ({ Id: row.id, Title: row.title })),
    };
  }),

  defineRoute(api.getBookingInfo, async ({ db, session, input, locale }) => {
    const record = await findBooking(db, session, { id: input.id });
    const [[extra], tickets, log] = await Promise.all([
      queryRows<{
        answers: Record<string, unknown>;
        fields: FormDefinition;
        buyer_remark: string;
        confirmed_at: Date | string | null;
        done_at: Date | string | null;
        cancelled_at: Date | string | null;
      }>(
        db,
        sql`select answers, fields, buyer_remark, confirmed_at, done_at, cancelled_at from bookings where id = ${record.id}`,
      ),
      record.order_id === null
        ? Promise.resolve([])
        : queryRows<{ code: string; state: string; valid_until: Date | string }>(
            db,
            sql`select code, state, valid_until from tickets where order_id = ${record.order_id} order by id`,
          ),
      queryRows<{
        event: (typeof api.BOOKING_EVENTS)[number];
        actor: 'buyer' | 'operator' | 'system';
        actor_name: string;
        reason: string;
        created_at: Date | string;
      }>(
        db,
        sql`select event, actor, actor_name, reason, created_at from booking_log where booking_id = ${record.id} order by id`,
      ),
    ]);
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    const yes = translate(locale, 'smartForm.yes');
    return {
      ...bookingRow(record),
      Answers: answerFields(extra!.fields).map((field) => {
        const value = extra!.answers[field.id];
        const images = field.type === 'image' && Array.isArray(value) ? (value as string[]) : [];
        return {
          FieldId: field.id,
          Label: field.label,
          Type: field.type,
          Text: field.type === 'image' ? '' : answerText(field, value, yes),
          Images: images,
        };
      }),
      BuyerRemark: extra!.buyer_remark,
      CancelReason: record.cancel_reason,
      ConfirmedAt: iso(extra!.confirmed_at),
      DoneAt: iso(extra!.done_at),
      CancelledAt: iso(extra!.cancelled_at),
      Tickets: tickets.map((ticket) => ({
        Code: ticket.code,
        State: ticket.state,
        ValidUntil: new Date(ticket.valid_until).toISOString(),
      })),
      Log: log.map((entry) => ({
        Event: entry.event,
        Actor: entry.actor,
        ActorName: entry.actor_name,
        Reason: entry.reason,
        At: new Date(entry.created_at).toISOString(),
      })),
    };
  }),

  defineRoute(api.confirmBookings, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await advance(operatorContext(tx, session, locale), session, input.Ids, 'confirm');
      for (const id of changed) await audit(tx, session, 'booking.confirm', target(id));
      return { Changed: changed };
    }),
  ),

  defineRoute(api.completeBookings, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await advance(operatorContext(tx, session, locale), session, input.Ids, 'complete');
      for (const id of changed) await audit(tx, session, 'booking.complete', target(id));
      return { Changed: changed };
    }),
  ),

  defineRoute(api.cancelBooking, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const record = await findBooking(tx, session, { id: input.Id }, { lock: true });
      await cancel(operatorContext(tx, session, locale), record, 'cancel', input.Reason);
      await audit(tx, session, 'booking.cancel', target(record.id), {
        reason: input.Reason,
        deposit: depositOf(record),
      });
      return { Booking: bookingRow(await findBooking(tx, session, { id: input.Id })) };
    }),
  ),
];
