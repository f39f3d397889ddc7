import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type CouponChannel, lockedChanges } from '../../../contract/coupon-rules';
import * as api from '../../../contract/endpoints/coupons';
import { parseSort } from '../../../contract/list-query';
import { couponMachine, memberCouponMachine } from '../../../contract/machines/coupon';
import { shopDate } from '../../../contract/shop-time';
import { actionLabelKey, stateLabelKey, transitionOutcome } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { type CouponRecord, couponRow, editableOf, formColumns, intArray } from './coupon-records';
import { coupons } from './tables';
import './messages';

/**
 * Coupons on the back office: the online and offline lists with their tabs, the form with the rule
 * that issued copies keep a coupon's terms, the machine's actions, deletion, members' copies and
 * their revocation, and the picker of SPEC §7.
 */

type ListInput = z.infer<typeof api.couponListQuerySchema>;

/**
 * Copies used (online) or codes written off (offline), per coupon. The outer column is spelt out:
 * drizzle leaves a lone table's columns unqualified in a select, which the subquery would misread.
 */
function usedCount(channel: CouponChannel): SQL<number> {
  return channel === 'online'
    ? sql<number>`(select count(*)::int from member_coupons mc where mc.coupon_id = "coupons"."id" and mc.state = 'used')`
    : sql<number>`(select count(*)::int from offline_coupon_codes oc where oc.coupon_id = "coupons"."id" and oc.state = 'used')`;
}

async function couponPage(db: Database, session: Session, channel: CouponChannel, input: ListInput) {
  const filters: SQL[] = [
    eq(coupons.siteId, session.siteId),
    eq(coupons.deleted, false),
    eq(coupons.channel, channel),
  ];
  if (input.keyword) filters.push(ilike(coupons.title, containsPattern(input.keyword)));
  if (input.kind) filters.push(eq(coupons.discountType, input.kind));
  const tab = input.state === 'all' ? undefined : eq(coupons.state, input.state);
  const order = parseSort(input.sort);
  const column = order.field === 'endsOn' ? coupons.endsAt : coupons.createdAt;
  const direction = (value: typeof column | typeof coupons.id) => (order.descending ? desc(value) : value);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ coupon: coupons, used: usedCount(channel) })
      .from(coupons)
      .where(and(...filters, tab))
      .orderBy(direction(column), direction(coupons.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    queryRows<Record<(typeof api.COUPON_TABS)[number], number>>(
      db,
      sql`select count(*)::int as "all",
                 (count(*) filter (where state = 'draft'))::int as draft,
                 (count(*) filter (where state = 'active'))::int as active,
                 (count(*) filter (where state = 'paused'))::int as paused,
                 (count(*) filter (where state = 'ended'))::int as ended
            from coupons where ${and(...filters)}`,
    ),
  ]);
  const tally = counts ?? { all: 0, draft: 0, active: 0, paused: 0, ended: 0 };
  return {
    Data: rows.map((row) => couponRow(row.coupon, row.used)),
    Total: tally[input.state],
    Counts: tally,
  };
}

/** The site's coupon, not deleted, optionally locked; "not found" otherwise. */
export async function findCoupon(
  db: Executor,
  siteId: number,
  id: number,
  lock = false,
): Promise<CouponRecord> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.siteId, siteId), eq(coupons.deleted, false)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('coupon.notFound', { id }, { field: 'Id' });
  return row;
}

/** Ids among `ids` that are not rows of `table` in the site. */
async function foreignIds(
  db: Executor,
  table: string,
  siteId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.raw(table)} where site_id = ${siteId} and id = any(${intArray(ids)})`,
  );
  const known = new Set(found.map((row) => row.id));
  return [...new Set(ids)].filter((id) => !known.has(id));
}

/** The goods, categories, grades and stores a form names are the shop's own. */
async function requireOwnReferences(db: Executor, siteId: number, form: api.CouponForm): Promise<void> {
  const scopeTable = form.Scope === 'categories' ? 'product_categories' : 'products';
  const checks: [string, readonly number[], string, string][] = [
    [scopeTable, form.Scope === 'all' ? [] : form.ScopeIds, 'ScopeIds', 'coupon.scopeUnknown'],
    [
      'member_grades',
      form.Audience === 'grades' ? form.AudienceGradeIds : [],
      'AudienceGradeIds',
      'coupon.gradeUnknown',
    ],
    ['stores', form.Channel === 'offline' ? form.StoreIds : [], 'StoreIds', 'coupon.storeUnknown'],
  ];
  for (const [table, ids, field, key] of checks) {
    const foreign = await foreignIds(db, table, siteId, ids);
    if (foreign.length > 0) throw new AppError(key, { ids: foreign.join(', ') }, { field });
  }
}

function refuseTransition(locale: Locale, record: CouponRecord, action: string): AppError {
  return new AppError(
    'coupon.illegalTransition',
    {
      subject: record.title,
      state: translate(locale, stateLabelKey(couponMachine, record.state)),
      action: translate(locale, actionLabelKey(couponMachine, action)),
    },
    { field: 'Action' },
  );
}

/** A new coupon, a draft, from a form whose references are checked. */
export async function insertCoupon(
  tx: Executor,
  siteId: number,
  form: api.CouponForm,
  now: Date,
): Promise<{ id: number; version: number }> {
  const [created] = await tx
    .insert(coupons)
    .values({ ...formColumns(form), siteId, state: 'draft', createdAt: now, updatedAt: now })
    .returning({ id: coupons.id, version: coupons.version });
  return created!;
}

/**
 * Takes a machine action on coupons of the site, skipping those already where it leads; refused as
 * a whole when one of them cannot take it. The ids changed.
 */
export async function applyCouponAction(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
  action: z.infer<typeof api.setCouponState.input>['Action'],
  locale: Locale,
  now: Date,
): Promise<number[]> {
  const wanted = [...new Set(ids)].sort((left, right) => left - right);
  const rows = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), eq(coupons.deleted, false), inArray(coupons.id, wanted)))
    .orderBy(coupons.id)
    .for('update');
  const missing = wanted.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined) throw new AppError('coupon.notFound', { id: missing }, { field: 'Ids' });
  const changed: number[] = [];
  for (const row of rows) {
    const outcome = transitionOutcome(couponMachine, row.state, action);
    if (outcome === 'unchanged') continue;
    if (outcome === 'illegal') throw refuseTransition(locale, row, action);
    if (action === 'activate' && row.endsAt <= now)
      throw new AppError('coupon.activateOver', { subject: row.title }, { field: 'Action' });
    const to = couponMachine.actions.find((candidate) => candidate.name === action)!.to;
    await tx
      .update(coupons)
      .set({
        state: to,
        ...(to === 'ended' ? { endedAt: now } : {}),
        version: sql`${coupons.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(coupons.id, row.id), eq(coupons.state, row.state)));
    changed.push(row.id);
  }
  return changed;
}

async function saveCoupon(
  db: Database,
  session: Session,
  locale: Locale,
  form: api.CouponForm,
  reply: Parameters<typeof refuseStale>[0],
) {
  return db.transaction(async (tx) => {
    await requireOwnReferences(tx, session.siteId, form);
    const columns = formColumns(form);
    const now = new Date();
    if (form.Id === undefined) {
      const created = await insertCoupon(tx, session.siteId, form, now);
      await audit(tx, session, 'coupon.create', `coupon:${created.id}`, {
        title: form.Title,
        kind: form.Kind,
      });
      return { Id: created.id, Version: created.version };
    }
    const current = await findCoupon(tx, session.siteId, form.Id, true);
    if (form.Version !== undefined && form.Version !== current.version) {
      return refuseStale(reply, {
        locale,
        message: 'coupon.staleSave',
        yours: form.Version,
        current: current.version,
      });
    }
    if (current.state === 'ended') throw new AppError('coupon.endedNoEdit', {}, { field: 'Id' });
    const before = editableOf(current);
    const locked = lockedChanges(before, form, current.issued);
    if (locked.length > 0) {
      throw new AppError('coupon.locked', { fields: locked.join(', ') }, { field: locked[0] });
    }
    if (current.issued > 0 && form.EndsOn !== before.EndsOn && form.EndsOn < shopDate(now)) {
      throw new AppError('coupon.endInPast', {}, { field: 'EndsOn' });
    }
    if (form.TotalQuantity !== null && form.TotalQuantity < current.issued) {
      throw new AppError(
        'coupon.quantityBelowIssued',
        { issued: current.issued },
        { field: 'TotalQuantity' },
      );
    }
    const [saved] = await tx
      .update(coupons)
      .set({ ...columns, version: sql`${coupons.version} + 1`, updatedAt: now })
      .where(and(eq(coupons.id, current.id), eq(coupons.version, current.version)))
      .returning({ version: coupons.version });
    await audit(tx, session, 'coupon.save', `coupon:${current.id}`, {
      before: { title: current.title, quantity: current.totalQuantity, endsOn: before.EndsOn },
      after: { title: form.Title, quantity: form.TotalQuantity, endsOn: form.EndsOn },
    });
    return { Id: current.id, Version: saved!.version };
  });
}

interface CopyRecord extends Record<string, unknown> {
  id: number;
  coupon_id: number;
  member_id: number;
  member_no: string;
  member_name: string;
  mobile: string;
  source: api.CopySource;
  state: api.MemberCouponRow['State'];
  valid_from: Date | string;
  valid_until: Date | string;
  order_no: string | null;
  end_reason: string;
  created_at: Date | string;
  version: number;
}

const COPY_SELECT = sql`select mc.id, mc.coupon_id, mc.member_id, m.member_no,
    coalesce(nullif(m.nickname, ''), m.member_no) as member_name, m.mobile, mc.source, mc.state, mc.valid_from,
    mc.valid_until, o.order_no, mc.end_reason, mc.created_at, mc.version
  from member_coupons mc join members m on m.id = mc.member_id left join orders o on o.id = mc.order_id`;

function copyRow(locale: Locale, record: CopyRecord): api.MemberCouponRow {
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    Id: record.id,
    CouponId: record.coupon_id,
    MemberId: record.member_id,
    MemberNo: record.member_no,
    MemberName: record.member_name,
    Mobile: record.mobile,
    Source: record.source,
    State: record.state,
    ValidFrom: iso(record.valid_from),
    ValidUntil: iso(record.valid_until),
    OrderNo: record.order_no ?? '',
    EndReason:
      record.end_reason === 'expired' ? translate(locale, 'coupon.copy.state.expired') : record.end_reason,
    CreatedAt: iso(record.created_at),
    Version: record.version,
  };
}

export async function readCopy(db: Executor, siteId: number, locale: Locale, id: number) {
  const [record] = await queryRows<CopyRecord>(
    db,
    sql`${COPY_SELECT} where mc.id = ${id} and mc.site_id = ${siteId}`,
  );
  if (!record) throw new AppError('coupon.copyUnknown', { id }, { field: 'Id' });
  return copyRow(locale, record);
}

/** An operator withdraws a member's unused copy (not one an unpaid order holds), with the reason. */
export async function revokeCopy(
  tx: Executor,
  siteId: number,
  copy: Pick<api.MemberCouponRow, 'Id' | 'State' | 'OrderNo'>,
  reason: string,
  locale: Locale,
): Promise<void> {
  if (copy.State === 'unused' && copy.OrderNo)
    throw new AppError('coupon.revokeHeld', { orderNo: copy.OrderNo }, { field: 'Id' });
  const [changed] = await queryRows<{ id: number }>(
    tx,
    sql`update member_coupons set state = 'revoked', end_reason = ${reason}, ended_at = now(),
               version = version + 1, updated_at = now()
         where id = ${copy.Id} and site_id = ${siteId} and state = 'unused' and order_id is null
         returning id`,
  );
  if (!changed) {
    const state = translate(locale, stateLabelKey(memberCouponMachine, copy.State));
    throw new AppError('coupon.revokeRefused', { state }, { field: 'Id' });
  }
}

export const couponRoutes = [
  defineRoute(api.getCouponList, ({ db, session, input }) => couponPage(db, session, 'online', input)),
  defineRoute(api.getOfflineCouponList, ({ db, session, input }) =>
    couponPage(db, session, 'offline', input),
  ),

  defineRoute(api.getCouponInfo, async ({ db, session, input }) => {
    const [row] = await db
      .select({ coupon: coupons, used: usedCount('online'), usedCodes: usedCount('offline') })
      .from(coupons)
      .where(and(eq(coupons.id, input.id), eq(coupons.siteId, session.siteId), eq(coupons.deleted, false)));
    if (!row) throw new AppError('coupon.notFound', { id: input.id }, { field: 'id' });
    const { scope, scopeIds } = row.coupon;
    const named =
      scope === 'all' || scopeIds.length === 0
        ? []
        : await queryRows<{ id: number; name: string }>(
            db,
            sql`select id, name from ${sql.raw(scope === 'categories' ? 'product_categories' : 'products')}
                 where site_id = ${session.siteId} and id = any(${intArray(scopeIds)})`,
          );
    return {
      Data: couponRow(row.coupon, row.coupon.channel === 'online' ? row.used : row.usedCodes),
      ScopeItems: named.map((item) => ({ Id: item.id, Name: item.name })),
    };
  }),

  defineRoute(api.saveCoupon, ({ db, session, input, locale, reply }) =>
    saveCoupon(db, session, locale, input, reply),
  ),

  defineRoute(api.setCouponState, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await applyCouponAction(
        tx,
        session.siteId,
        input.Ids,
        input.Action,
        locale,
        new Date(),
      );
      if (changed.length > 0)
        await audit(tx, session, `coupon.${input.Action}`, `coupon:${changed.join(',')}`, {
          action: input.Action,
        });
      return { Changed: changed };
    }),
  ),

  defineRoute(api.deleteCoupon, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const current = await findCoupon(tx, session.siteId, input.Id, true);
      if (current.state !== 'draft' && current.state !== 'ended')
        throw new AppError('coupon.deleteRefused', { title: current.title }, { field: 'Id' });
      await tx
        .update(coupons)
        .set({ deleted: true, version: sql`${coupons.version} + 1`, updatedAt: new Date() })
        .where(eq(coupons.id, current.id));
      await audit(tx, session, 'coupon.delete', `coupon:${current.id}`, { title: current.title });
      return {};
    }),
  ),

  defineRoute(api.getCouponCopies, async ({ db, session, input, locale }) => {
    const conditions = [sql`mc.site_id = ${session.siteId}`, sql`mc.coupon_id = ${input.couponId}`];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      conditions.push(
        sql`(m.member_no ilike ${pattern} or m.nickname ilike ${pattern} or m.mobile like ${pattern})`,
      );
    }
    const where = sql.join(conditions, sql` and `);
    const tab = input.state === 'all' ? sql`true` : sql`mc.state = ${input.state}`;
    const [records, [counts]] = await Promise.all([
      queryRows<CopyRecord>(
        db,
        sql`${COPY_SELECT} where ${where} and ${tab} order by mc.created_at desc, mc.id desc
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof api.COPY_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where mc.state = 'unused'))::int as unused,
                   (count(*) filter (where mc.state = 'used'))::int as used,
                   (count(*) filter (where mc.state = 'expired'))::int as expired,
                   (count(*) filter (where mc.state = 'revoked'))::int as revoked
              from member_coupons mc join members m on m.id = mc.member_id where ${where}`,
      ),
    ]);
    const tally = counts ?? { all: 0, unused: 0, used: 0, expired: 0, revoked: 0 };
    return {
      Data: records.map((record) => copyRow(locale, record)),
      Total: tally[input.state],
      Counts: tally,
    };
  }),

  defineRoute(api.revokeMemberCoupon, async ({ db, session, input, locale, reply }) =>
    db.transaction(async (tx) => {
      const current = await readCopy(tx, session.siteId, locale, input.Id);
      if (input.Version !== undefined && input.Version !== current.Version) {
        return refuseStale(reply, {
          locale,
          message: 'common.staleVersion',
          yours: input.Version,
          current: current.Version,
        });
      }
      await revokeCopy(tx, session.siteId, current, input.Reason, locale);
      await audit(tx, session, 'coupon.copy.revoke', `memberCoupon:${input.Id}`, {
        member: current.MemberNo,
        reason: input.Reason,
      });
      return { Copy: await readCopy(tx, session.siteId, locale, input.Id) };
    }),
  ),

  defineRoute(api.getSelectCouponList, async ({ db, session, input }) => {
    const filters: SQL[] = [eq(coupons.siteId, session.siteId), eq(coupons.deleted, false)];
    if (input.state === 'active') filters.push(eq(coupons.state, 'active'));
    if (input.channel) filters.push(eq(coupons.channel, input.channel));
    if (input.keyword) filters.push(ilike(coupons.title, containsPattern(input.keyword)));
    const where = and(...filters);
    const rows = await db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.sort), desc(coupons.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Title: row.title,
        Channel: row.channel,
        Kind: row.discountType,
        Value: row.value,
        CapFen: row.capFen,
        ThresholdFen: row.thresholdFen,
        State: row.state,
        Remaining: row.totalQuantity === null ? null : row.totalQuantity - row.issued,
      })),
      Total: await db.$count(coupons, where),
    };
  }),
];
