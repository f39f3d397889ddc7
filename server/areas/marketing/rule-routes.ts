import { sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/coupons';
import { parseSort } from '../../../contract/list-query';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { intArray } from './coupon-records';
import './messages';

/** The rules that send coupons on events (sendSetting): list, save, switch on and off, delete. */

interface RuleRecord extends Record<string, unknown> {
  id: number;
  event: api.RuleEvent;
  coupon_id: number;
  coupon_title: string;
  coupon_state: api.CouponRuleRow['CouponState'];
  copies: number;
  grade_ids: number[];
  grade_names: string[] | null;
  min_recharge_fen: number;
  enabled: boolean;
  since: Date | string;
  granted: number;
  failed: number;
  last_failure: string | null;
  version: number;
}

const RULE_SELECT = sql`select r.id, r.event, r.coupon_id, c.title as coupon_title, c.state as coupon_state, r.copies,
    r.grade_ids, r.min_recharge_fen, r.enabled, r.since, r.version,
    (select array_agg(g.name order by g.level) from member_grades g where g.id = any(r.grade_ids)) as grade_names,
    (select count(*)::int from coupon_rule_grants x where x.rule_id = r.id and x.state = 'sent') as granted,
    (select count(*)::int from coupon_rule_grants x where x.rule_id = r.id and x.state = 'failed') as failed,
    (select x.reason from coupon_rule_grants x where x.rule_id = r.id and x.state = 'failed'
      order by x.id desc limit 1) as last_failure
  from coupon_rules r join coupons c on c.id = r.coupon_id`;

function ruleRow(locale: Locale, record: RuleRecord): api.CouponRuleRow {
  return {
    Id: record.id,
    Event: record.event,
    CouponId: record.coupon_id,
    CouponTitle: record.coupon_title,
    CouponState: record.coupon_state,
    Copies: record.copies,
    GradeIds: record.grade_ids,
    GradeNames: record.grade_names ?? [],
    MinRechargeFen: record.min_recharge_fen,
    Enabled: record.enabled,
    Since: new Date(record.since).toISOString(),
    Granted: record.granted,
    Failed: record.failed,
    LastFailure: record.last_failure ? translate(locale, record.last_failure) : '',
    Version: record.version,
  };
}

async function findRule(db: Executor, siteId: number, id: number, lock = false) {
  const [rule] = await queryRows<{ id: number; enabled: boolean; version: number }>(
    db,
    sql`select id, enabled, version from coupon_rules where id = ${id} and site_id = ${siteId} and not deleted
        ${lock ? sql`for update` : sql``}`,
  );
  if (!rule) throw new AppError('coupon.rule.notFound', { id }, { field: 'Id' });
  return rule;
}

/** A rule sends an online coupon of the shop that is on offer (or a draft about to be). */
async function requireRuleCoupon(db: Executor, siteId: number, couponId: number): Promise<void> {
  const [coupon] = await queryRows<{ id: number }>(
    db,
    sql`select id from coupons where id = ${couponId} and site_id = ${siteId} and not deleted
          and channel = 'online' and state in ('draft', 'active')`,
  );
  if (!coupon) throw new AppError('coupon.rule.couponUnusable', {}, { field: 'CouponId' });
}

async function requireGrades(db: Executor, siteId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from member_grades where site_id = ${siteId} and id = any(${intArray(ids)})`,
  );
  const known = new Set(rows.map((row) => row.id));
  const foreign = ids.filter((id) => !known.has(id));
  if (foreign.length > 0)
    throw new AppError('coupon.gradeUnknown', { ids: foreign.join(', ') }, { field: 'GradeIds' });
}

export const ruleRoutes = [
  defineRoute(api.getCouponRuleList, async ({ db, session, input, locale }) => {
    const conditions = [sql`r.site_id = ${session.siteId}`, sql`not r.deleted`];
    if (input.event) conditions.push(sql`r.event = ${input.event}`);
    const where = sql.join(conditions, sql` and `);
    const direction = parseSort(input.sort).descending ? sql`desc` : sql`asc`;
    const [records, [total]] = await Promise.all([
      queryRows<RuleRecord>(
        db,
        sql`${RULE_SELECT} where ${where} order by r.created_at ${direction}, r.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(db, sql`select count(*)::int as count from coupon_rules r where ${where}`),
    ]);
    return { Data: records.map((record) => ruleRow(locale, record)), Total: total?.count ?? 0 };
  }),

  defineRoute(api.saveCouponRule, async ({ db, session, input, locale, reply }) =>
    db.transaction(async (tx) => {
      await requireRuleCoupon(tx, session.siteId, input.CouponId);
      await requireGrades(tx, session.siteId, input.GradeIds);
      const grades = intArray(input.Event === 'gradeUpgrade' ? [...new Set(input.GradeIds)] : []);
      const minimum = input.Event === 'recharge' ? input.MinRechargeFen : 0;
      if (input.Id === undefined) {
        const [created] = await queryRows<{ id: number; version: number }>(
          tx,
          sql`insert into coupon_rules (site_id, event, coupon_id, copies, grade_ids, min_recharge_fen, enabled, since)
              values (${session.siteId}, ${input.Event}, ${input.CouponId}, ${input.Copies}, ${grades}, ${minimum},
                      ${input.Enabled}, now())
              returning id, version`,
        );
        await audit(tx, session, 'coupon.rule.create', `couponRule:${created!.id}`, {
          event: input.Event,
          couponId: input.CouponId,
        });
        return { Id: created!.id, Version: created!.version };
      }
      const current = await findRule(tx, session.siteId, input.Id, true);
      if (input.Version !== undefined && input.Version !== current.version) {
        return refuseStale(reply, {
          locale,
          message: 'coupon.rule.staleSave',
          yours: input.Version,
          current: current.version,
        });
      }
      // Switched back on, a rule answers events from now on, not those it missed while off.
      const since = input.Enabled && !current.enabled ? sql`now()` : sql`since`;
      const [saved] = await queryRows<{ version: number }>(
        tx,
        sql`update coupon_rules set event = ${input.Event}, coupon_id = ${input.CouponId}, copies = ${input.Copies},
                   grade_ids = ${grades}, min_recharge_fen = ${minimum}, enabled = ${input.Enabled}, since = ${since},
                   version = version + 1, updated_at = now()
             where id = ${current.id} returning version`,
      );
      await audit(tx, session, 'coupon.rule.save', `couponRule:${current.id}`, {
        event: input.Event,
        couponId: input.CouponId,
        enabled: input.Enabled,
      });
      return { Id: current.id, Version: saved!.version };
    }),
  ),

  defineRoute(api.setCouponRuleEnabled, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update coupon_rules set enabled = ${input.Enabled},
                   since = case when ${input.Enabled} and not enabled then now() else since end,
                   version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted and id = any(${intArray(ids)})
               and enabled <> ${input.Enabled}
             returning id`,
      );
      const [missing] = await queryRows<{ id: number }>(
        tx,
        sql`select id from unnest(${intArray(ids)}) as wanted(id)
             where not exists (select 1 from coupon_rules r where r.id = wanted.id and r.site_id = ${session.siteId}
                                 and not r.deleted)
             limit 1`,
      );
      if (missing) throw new AppError('coupon.rule.notFound', { id: missing.id }, { field: 'Ids' });
      const changed = rows.map((row) => row.id);
      if (changed.length > 0)
        await audit(
          tx,
          session,
          input.Enabled ? 'coupon.rule.enable' : 'coupon.rule.disable',
          `couponRule:${changed.join(',')}`,
        );
      return { Changed: changed };
    }),
  ),

  defineRoute(api.deleteCouponRule, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const rule = await findRule(tx, session.siteId, input.Id, true);
      await tx.execute(
        sql`update coupon_rules set deleted = true, enabled = false, version = version + 1, updated_at = now()
             where id = ${rule.id}`,
      );
      await audit(tx, session, 'coupon.rule.delete', `couponRule:${rule.id}`);
      return {};
    }),
  ),
];
