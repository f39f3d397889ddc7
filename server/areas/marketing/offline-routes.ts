import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { couponQrPayload, groupCouponCode, readCouponCode } from '../../../contract/coupon-code';
import * as api from '../../../contract/endpoints/coupons';
import { parseSort } from '../../../contract/list-query';
import { offlineCodeMachine } from '../../../contract/machines/coupon';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDateTime } from '../../../contract/shop-time';
import { stateLabelKey } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { translate } from '../../i18n/messages';
import { operatorStore, type Verifier } from '../ticket/service';
import { intArray } from './coupon-records';
import { buildBatch, writeOffOfflineCode } from './offline-codes';
import './messages';

/** Offline coupon codes on the back office: build a batch, list and export codes, void some, write one off. */

type CodeFilters = Omit<z.infer<typeof api.exportOfflineCodes.input>, 'format' | 'sort'>;

interface CodeRecord extends Record<string, unknown> {
  id: number;
  code: string;
  batch_id: number;
  state: api.OfflineCodeRow['State'];
  valid_from: Date | string;
  valid_until: Date | string;
  used_at: Date | string | null;
  store_title: string | null;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function codeRow(record: CodeRecord): api.OfflineCodeRow {
  return {
    Id: record.id,
    Code: record.code,
    QrPayload: couponQrPayload(record.code),
    BatchId: record.batch_id,
    State: record.state,
    ValidFrom: iso(record.valid_from),
    ValidUntil: iso(record.valid_until),
    UsedAt: record.used_at === null ? null : iso(record.used_at),
    UsedStoreTitle: record.store_title ?? '',
    CreatedAt: iso(record.created_at),
  };
}

/** The site's offline coupon the codes belong to, or "not found". */
async function offlineCoupon(db: Executor, siteId: number, couponId: number) {
  const [coupon] = await queryRows<{ id: number; title: string }>(
    db,
    sql`select id, title from coupons where id = ${couponId} and site_id = ${siteId} and channel = 'offline'
          and not deleted`,
  );
  if (!coupon) throw new AppError('coupon.notFound', { id: couponId }, { field: 'couponId' });
  return coupon;
}

function codeConditions(siteId: number, input: CodeFilters): SQL[] {
  const conditions = [sql`k.site_id = ${siteId}`, sql`k.coupon_id = ${input.couponId}`];
  if (input.batchId !== undefined) conditions.push(sql`k.batch_id = ${input.batchId}`);
  if (input.keyword) {
    const typed = input.keyword.replace(/[\s-]/g, '').toUpperCase();
    conditions.push(sql`k.code like ${`%${typed.replace(/[\\%_]/g, '')}%`}`);
  }
  return conditions;
}

function codePage(db: Executor, conditions: SQL[], descending: boolean, offset: number, limit: number) {
  const direction = descending ? sql`desc` : sql`asc`;
  return queryRows<CodeRecord>(
    db,
    sql`select k.id, k.code, k.batch_id, k.state, k.valid_from, k.valid_until, k.used_at, s.title as store_title,
               k.created_at
          from offline_coupon_codes k left join stores s on s.id = k.used_store_id
         where ${sql.join(conditions, sql` and `)}
         order by k.created_at ${direction}, k.id ${direction} limit ${limit} offset ${offset}`,
  );
}

export const offlineRoutes = [
  defineRoute(api.buildOfflineCodes, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const built = await buildBatch(
        tx,
        { siteId: session.siteId, accountId: session.accountId, accountName: session.userName },
        { couponId: input.CouponId, quantity: input.Quantity, note: input.Note },
        locale,
        new Date(),
      );
      await audit(tx, session, 'coupon.codes.build', `coupon:${input.CouponId}`, {
        batchId: built.batchId,
        quantity: built.count,
      });
      return { BatchId: built.batchId, Count: built.count };
    }),
  ),

  defineRoute(api.getOfflineBatches, async ({ db, session, input }) => {
    await offlineCoupon(db, session.siteId, input.couponId);
    const rows = await queryRows<{
      id: number;
      quantity: number;
      note: string;
      created_by_name: string;
      created_at: Date | string;
    }>(
      db,
      sql`select id, quantity, note, created_by_name, created_at from offline_coupon_batches
           where site_id = ${session.siteId} and coupon_id = ${input.couponId} order by id desc`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Quantity: row.quantity,
        Note: row.note,
        CreatedBy: row.created_by_name,
        CreatedAt: iso(row.created_at),
      })),
    };
  }),

  defineRoute(api.getOfflineCodeList, async ({ db, session, input }) => {
    const coupon = await offlineCoupon(db, session.siteId, input.couponId);
    const conditions = codeConditions(session.siteId, input);
    const tab = input.state === 'all' ? [] : [sql`k.state = ${input.state}`];
    const [records, [counts]] = await Promise.all([
      codePage(
        db,
        [...conditions, ...tab],
        parseSort(input.sort).descending,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      ),
      queryRows<Record<(typeof api.OFFLINE_CODE_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where k.state = 'unused'))::int as unused,
                   (count(*) filter (where k.state = 'used'))::int as used,
                   (count(*) filter (where k.state = 'expired'))::int as expired,
                   (count(*) filter (where k.state = 'voided'))::int as voided
              from offline_coupon_codes k where ${sql.join(conditions, sql` and `)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, unused: 0, used: 0, expired: 0, voided: 0 };
    return {
      Data: records.map(codeRow),
      Total: tally[input.state],
      Counts: tally,
      Coupon: { Id: coupon.id, Title: coupon.title },
    };
  }),

  defineRoute(api.exportOfflineCodes, async ({ db, session, input, locale, reply }) => {
    await offlineCoupon(db, session.siteId, input.couponId);
    const conditions = [
      ...codeConditions(session.siteId, input),
      ...(input.state === 'all' ? [] : [sql`k.state = ${input.state}`]),
    ];
    const say = (key: string) => translate(locale, key);
    const clock = (value: Date | string | null) => (value === null ? '' : shopDateTime(new Date(value)));
    sendExport(reply, {
      format: input.format,
      fileName: say('coupon.codes.export.fileName'),
      asciiName: 'offline-coupon-codes',
      sheetName: say('coupon.codes.export.sheet'),
      columns: [
        { header: say('coupon.codes.export.code'), width: 22, value: (row) => groupCouponCode(row.code) },
        { header: say('coupon.codes.export.qr'), width: 26, value: (row) => couponQrPayload(row.code) },
        {
          header: say('coupon.codes.export.state'),
          width: 10,
          value: (row) => say(stateLabelKey(offlineCodeMachine, row.state)),
        },
        { header: say('coupon.codes.export.batch'), width: 8, value: (row) => row.batch_id },
        { header: say('coupon.codes.export.validFrom'), width: 20, value: (row) => clock(row.valid_from) },
        { header: say('coupon.codes.export.validUntil'), width: 20, value: (row) => clock(row.valid_until) },
        { header: say('coupon.codes.export.usedAt'), width: 20, value: (row) => clock(row.used_at) },
        { header: say('coupon.codes.export.store'), width: 16, value: (row) => row.store_title ?? '' },
      ],
      batches: pagedBatches<CodeRecord>(
        (offset, limit) => codePage(db, conditions, parseSort(input.sort).descending, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(api.voidOfflineCodes, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const known = await queryRows<{ id: number }>(
        tx,
        sql`select id from offline_coupon_codes where site_id = ${session.siteId} and id = any(${intArray(ids)})`,
      );
      const missing = ids.find((id) => !known.some((row) => row.id === id));
      if (missing !== undefined)
        throw new AppError('coupon.code.idUnknown', { id: missing }, { field: 'Ids' });
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update offline_coupon_codes set state = 'voided', ended_at = now(), version = version + 1
             where site_id = ${session.siteId} and id = any(${intArray(ids)}) and state = 'unused'
             returning id`,
      );
      const changed = rows.map((row) => row.id);
      if (changed.length > 0)
        await audit(tx, session, 'coupon.codes.void', `offlineCode:${changed.join(',')}`);
      return { Changed: changed };
    }),
  ),

  defineRoute(api.writeOffCoupon, async ({ db, session, input, locale }) => {
    const code = readCouponCode(input.Code);
    if (!code) throw new AppError('coupon.code.invalid', {}, { field: 'Code' });
    return db.transaction(async (tx) => {
      const storeId = await operatorStore(tx, session, input.StoreId);
      const verifier: Verifier = {
        kind: 'account',
        memberId: null,
        accountId: session.accountId,
        name: session.userName,
      };
      const done = await writeOffOfflineCode(tx, session.siteId, code, storeId, verifier, new Date(), locale);
      await audit(tx, session, 'coupon.codes.writeOff', `offlineCode:${code}`, { storeId });
      const [store] = await queryRows<{ title: string }>(
        tx,
        sql`select title from stores where id = ${storeId}`,
      );
      return {
        WriteOffId: done.writeOffId,
        Code: done.code,
        Title: done.title,
        StoreTitle: store?.title ?? '',
        UsedAt: done.usedAt.toISOString(),
      };
    });
  }),
];
