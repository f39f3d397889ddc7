import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as api from '../../../contract/endpoints/coupons';
import { parseSort } from '../../../contract/list-query';
import { CouponPermission } from '../../../contract/machines/coupon';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import { AppError } from '../../http/errors';
import { megabytes, UPLOAD_LIMIT } from '../../http/limits';
import { defineRoute, hasPermission } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import { readSheetRows } from '../../import/spreadsheet';
import { intArray } from './coupon-records';
import { createSend, runCouponSends, type SendRequest } from './send-jobs';
import './messages';

/**
 * Manual sends: the two send screens (couponSend for any target, the member list's sendCoupon for
 * the chosen members), the uploaded mobiles checked row by row, and the send records with their
 * failures. A send runs in the background; the records show its progress.
 */

/** Calls several coupon screens share need one of those screens' menus. */
function requireScreen(session: Session, paths: readonly string[]): void {
  if (!paths.some((path) => hasPermission(session, path as `/${string}`)))
    throw new AppError('common.forbidden', {}, { status: 403 });
}

const SEND_SCREENS = [CouponPermission.send, CouponPermission.memberSend];
/** The grades and tags are read by the send screens, the coupon form (audience) and the rules (upgrades). */
const OPTION_SCREENS = [...SEND_SCREENS, CouponPermission.edit, CouponPermission.rules];

/**
 * Starts the background job at once, so a send shows progress without waiting for the sweeper
 * (which carries on any send a stopped process left, and runs only when sweeps are on).
 */
function kickSends(db: Database, request: FastifyRequest): void {
  runCouponSends(db, new Date()).catch((error: unknown) =>
    request.log.error({ err: error }, 'coupon sends failed'),
  );
}

async function makeSend(
  db: Database,
  session: Session,
  locale: Locale,
  request: Omit<SendRequest, 'siteId' | 'accountId' | 'accountName'>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await createSend(
      tx,
      { ...request, siteId: session.siteId, accountId: session.accountId, accountName: session.userName },
      locale,
      new Date(),
    );
    await audit(tx, session, 'coupon.send', `couponSend:${id}`, {
      couponId: request.couponId,
      copies: request.copies,
      target: request.target.Kind,
    });
    return id;
  });
}

interface SendRecord extends Record<string, unknown> {
  id: number;
  coupon_id: number;
  coupon_title: string;
  copies: number;
  target: api.SendTarget;
  target_label: string;
  total: number;
  sent: number;
  failed: number;
  state: api.SendState;
  created_by_name: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

function sendRow(record: SendRecord): api.CouponSendRow {
  return {
    Id: record.id,
    CouponId: record.coupon_id,
    CouponTitle: record.coupon_title,
    Copies: record.copies,
    Target: record.target,
    TargetLabel: record.target_label,
    Total: record.total,
    Sent: record.sent,
    Failed: record.failed,
    State: record.state,
    CreatedBy: record.created_by_name,
    CreatedAt: new Date(record.created_at).toISOString(),
    FinishedAt: record.finished_at === null ? null : new Date(record.finished_at).toISOString(),
  };
}

/** The mobiles of an uploaded sheet (first column), each row checked against the shop's members. */
async function checkMobiles(db: Database, siteId: number, locale: Locale, bytes: Buffer) {
  const rows = await readSheetRows(bytes, { maxRows: api.MAX_SEND_MOBILES });
  const mobiles = rows.map((row) => (row.cells[0] ?? '').replace(/[\s-]/g, ''));
  const wellFormed = [...new Set(mobiles.filter((mobile) => api.MOBILE_PATTERN.test(mobile)))];
  const members =
    wellFormed.length === 0
      ? []
      : await queryRows<{ mobile: string; name: string; status: string }>(
          db,
          sql`select distinct on (mobile) mobile, coalesce(nullif(nickname, ''), member_no) as name, status
                from members where site_id = ${siteId}
                 and mobile in (${sql.join(
                   wellFormed.map((mobile) => sql`${mobile}`),
                   sql`, `,
                 )})
               order by mobile, id`,
        );
  const byMobile = new Map(members.map((member) => [member.mobile, member]));
  const firstRow = new Map<string, number>();
  const say = (key: string, params = {}) => translate(locale, key, params);
  const checked = rows.map((row, index) => {
    const mobile = mobiles[index]!;
    const member = byMobile.get(mobile);
    let message = '';
    if (!api.MOBILE_PATTERN.test(mobile)) message = say('coupon.mobile.format');
    else if (firstRow.has(mobile)) message = say('coupon.mobile.duplicate', { row: firstRow.get(mobile)! });
    else if (!member) message = say('coupon.mobile.noMember');
    else if (member.status !== 'active') message = say('coupon.mobile.disabled');
    if (api.MOBILE_PATTERN.test(mobile) && !firstRow.has(mobile)) firstRow.set(mobile, row.row);
    return {
      Row: row.row,
      Mobile: mobile,
      Ok: message === '',
      MemberName: member?.name ?? '',
      Message: message,
    };
  });
  const valid = checked.filter((row) => row.Ok).length;
  return { Rows: checked, Valid: valid, Invalid: checked.length - valid };
}

export const sendRoutes = [
  defineRoute(api.createCouponSend, async ({ db, session, input, locale, request }) => {
    const id = await makeSend(db, session, locale, {
      couponId: input.CouponId,
      copies: input.Copies,
      target: input.Target,
      requestKey: input.RequestKey,
    });
    kickSends(db, request);
    return { Id: id };
  }),

  defineRoute(api.sendCouponToMembers, async ({ db, session, input, locale, request }) => {
    const id = await makeSend(db, session, locale, {
      couponId: input.CouponId,
      copies: input.Copies,
      target: { Kind: 'members', MemberIds: input.MemberIds },
      requestKey: input.RequestKey,
    });
    kickSends(db, request);
    return { Id: id };
  }),

  defineRoute(api.findSendMembers, async ({ db, session, input }) => {
    requireScreen(session, SEND_SCREENS);
    const conditions = [sql`m.site_id = ${session.siteId}`];
    if (input.Ids) conditions.push(sql`m.id = any(${intArray(input.Ids.split(',').map(Number))})`);
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      conditions.push(
        sql`(m.member_no ilike ${pattern} or m.nickname ilike ${pattern} or m.mobile like ${pattern})`,
      );
    }
    const rows = await queryRows<{
      id: number;
      member_no: string;
      name: string;
      mobile: string;
      grade: string | null;
    }>(
      db,
      sql`select m.id, m.member_no, coalesce(nullif(m.nickname, ''), m.member_no) as name, m.mobile, g.name as grade
            from members m left join member_grades g on g.id = m.grade_id
           where ${sql.join(conditions, sql` and `)} order by m.id desc limit ${api.MAX_SEND_MEMBERS}`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        MemberNo: row.member_no,
        Name: row.name,
        Mobile: row.mobile,
        GradeName: row.grade ?? '',
      })),
    };
  }),

  defineRoute(api.getSendOptions, async ({ db, session }) => {
    requireScreen(session, OPTION_SCREENS);
    const [grades, tags] = await Promise.all([
      queryRows<{ id: number; name: string; members: number }>(
        db,
        sql`select g.id, g.name, (select count(*)::int from members m where m.grade_id = g.id) as members
              from member_grades g where g.site_id = ${session.siteId} order by g.level, g.id`,
      ),
      queryRows<{ tag: string; members: number }>(
        db,
        sql`select tag, count(*)::int as members from members m, unnest(m.tags) as tag
             where m.site_id = ${session.siteId} group by tag order by tag`,
      ),
    ]);
    return {
      Grades: grades.map((grade) => ({ Id: grade.id, Name: grade.name, Members: grade.members })),
      Tags: tags.map((tag) => ({ Tag: tag.tag, Members: tag.members })),
    };
  }),

  defineRoute(
    api.checkSendMobiles,
    async ({ db, session, locale, request }) => {
      if (!request.isMultipart()) throw new AppError('upload.missingFile', {}, { field: 'file' });
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new AppError('upload.missingFile', {}, { field: 'file' });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('coupon.mobile.tooLarge', { limit: megabytes(UPLOAD_LIMIT) }, { field: 'file' });
        }
        throw error;
      }
      return checkMobiles(db, session.siteId, locale, bytes);
    },
    { multipart: true },
  ),

  defineRoute(api.getSendMobilesTemplate, async ({ locale, reply }) => {
    const say = (key: string) => translate(locale, key);
    sendExport(reply, {
      format: 'xlsx',
      fileName: say('coupon.mobile.template.fileName'),
      asciiName: 'coupon-send-mobiles',
      sheetName: say('coupon.mobile.template.sheet'),
      columns: [{ header: say('coupon.mobile.template.header'), width: 16, value: () => '' }],
      batches: pagedBatches(async () => [], 0),
    });
    return undefined;
  }),

  defineRoute(api.getCouponSendList, async ({ db, session, input }) => {
    const conditions = [sql`s.site_id = ${session.siteId}`];
    if (input.keyword) conditions.push(sql`c.title ilike ${containsPattern(input.keyword)}`);
    if (input.target) conditions.push(sql`s.target = ${input.target}`);
    const where = sql.join(conditions, sql` and `);
    const direction = parseSort(input.sort).descending ? sql`desc` : sql`asc`;
    const from = sql`coupon_sends s join coupons c on c.id = s.coupon_id`;
    const [records, [total]] = await Promise.all([
      queryRows<SendRecord>(
        db,
        sql`select s.id, s.coupon_id, c.title as coupon_title, s.copies, s.target, s.target_label, s.total, s.sent,
                   s.failed, s.state, s.created_by_name, s.created_at, s.finished_at
              from ${from} where ${where} order by s.created_at ${direction}, s.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${from} where ${where}`),
    ]);
    return { Data: records.map(sendRow), Total: total?.count ?? 0 };
  }),

  defineRoute(api.getCouponSendFailures, async ({ db, session, input, locale }) => {
    const [send] = await queryRows<{ id: number }>(
      db,
      sql`select id from coupon_sends where id = ${input.sendId} and site_id = ${session.siteId}`,
    );
    if (!send) throw new AppError('coupon.send.notFound', { id: input.sendId }, { field: 'sendId' });
    const where = sql`i.send_id = ${send.id} and i.state = 'failed'`;
    const [records, [total]] = await Promise.all([
      queryRows<{ id: number; row: number | null; mobile: string; name: string | null; reason: string }>(
        db,
        sql`select i.id, i.row, i.mobile, coalesce(nullif(m.nickname, ''), m.member_no) as name, i.reason
              from coupon_send_items i left join members m on m.id = i.member_id
             where ${where} order by i.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from coupon_send_items i where ${where}`,
      ),
    ]);
    return {
      Data: records.map((record) => ({
        Id: record.id,
        Row: record.row,
        Mobile: record.mobile,
        MemberName: record.name ?? '',
        Reason: translate(locale, record.reason),
      })),
      Total: total?.count ?? 0,
    };
  }),
];
