import { type SQL, sql } from 'drizzle-orm';
import type { RuleEvent } from '../../../contract/endpoints/coupons';
import { shopDate } from '../../../contract/shop-time';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { issueCopies } from './issue';

/**
 * The issuing rules' sweep: for every switched-on rule it finds the events since the rule was
 * switched on that have not been answered (new members, first paid orders, birthdays today, grade
 * upgrades, stored-value recharges) and sends the coupon, one member per transaction. The grant
 * row's unique key (rule, member, event key) is written first in that transaction, so however often
 * the sweep runs, and from however many instances, an event earns its coupon once; a coupon that
 * cannot be sent (none left, not on offer) leaves a failed grant with the reason.
 */

/** Members answered per rule and run, so one run stays short; the next run carries on. */
const BATCH = 200;

interface RuleRecord extends Record<string, unknown> {
  id: number;
  site_id: number;
  event: RuleEvent;
  coupon_id: number;
  copies: number;
  grade_ids: number[];
  min_recharge_fen: number;
  since: Date | string;
}

interface Candidate extends Record<string, unknown> {
  member_id: number;
  event_key: string;
}

const notGranted = (rule: RuleRecord, key: SQL) =>
  sql`not exists (select 1 from coupon_rule_grants g where g.rule_id = ${rule.id} and g.member_id = m.id
                   and g.event_key = ${key})`;

/** The events of a rule's kind waiting for an answer. */
function candidates(rule: RuleRecord, now: Date): SQL {
  const since = sql`${new Date(rule.since).toISOString()}::timestamptz`;
  const member = sql`m.site_id = ${rule.site_id} and m.status = 'active'`;
  const paid = (when: SQL) =>
    sql`exists (select 1 from orders o where o.site_id = m.site_id and o.buyer_id = m.open_id and o.paid_at is not null
                 and ${when})`;
  switch (rule.event) {
    case 'newMember':
      return sql`select m.id as member_id, '' as event_key from members m
                  where ${member} and m.registered_at >= ${since} and ${notGranted(rule, sql`''`)}`;
    case 'firstOrder':
      return sql`select m.id as member_id, '' as event_key from members m
                  where ${member} and ${paid(sql`o.paid_at >= ${since}`)} and not ${paid(sql`o.paid_at < ${since}`)}
                    and ${notGranted(rule, sql`''`)}`;
    case 'birthday': {
      // A birthday on 29 February is kept on the 28th in other years.
      const today = shopDate(now);
      const monthDay = today.slice(5);
      const leap = new Date(Date.UTC(Number(today.slice(0, 4)), 1, 29)).getUTCMonth() === 1;
      const days = monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
      const year = today.slice(0, 4);
      return sql`select m.id as member_id, ${year}::text as event_key from members m
                  where ${member} and m.birthday is not null
                    and to_char(m.birthday, 'MM-DD') in (${sql.join(
                      days.map((day) => sql`${day}`),
                      sql`, `,
                    )})
                    and ${notGranted(rule, sql`${year}::text`)}`;
    }
    case 'gradeUpgrade': {
      const grades =
        rule.grade_ids.length === 0
          ? sql`true`
          : sql`c.to_grade_id in (${sql.join(
              rule.grade_ids.map((id) => sql`${id}`),
              sql`, `,
            )})`;
      return sql`select m.id as member_id, c.id::text as event_key
                   from member_grade_changes c join members m on m.id = c.member_id
                  where ${member} and c.created_at >= ${since} and ${grades}
                    and ${notGranted(rule, sql`c.id::text`)}`;
    }
    case 'recharge':
      return sql`select m.id as member_id, r.order_no as event_key
                   from recharge_orders r join members m on m.site_id = r.site_id and m.open_id = r.buyer_id
                  where ${member} and r.kind = 'storedValue' and r.paid_at is not null and r.paid_at >= ${since}
                    and r.amount_fen >= ${rule.min_recharge_fen}
                    and ${notGranted(rule, sql`r.order_no`)}`;
  }
}

/** Answers one event: the grant row first (once), then the coupon; a refusal is recorded on the grant. */
async function answer(
  db: Database,
  rule: RuleRecord,
  candidate: Candidate,
  now: Date,
): Promise<'sent' | 'failed' | null> {
  return db.transaction(async (tx) => {
    const [grant] = await queryRows<{ id: number }>(
      tx,
      sql`insert into coupon_rule_grants (site_id, rule_id, member_id, event_key, state, created_at)
          values (${rule.site_id}, ${rule.id}, ${candidate.member_id}, ${candidate.event_key}, 'sent',
                  ${now.toISOString()}::timestamptz)
          on conflict (rule_id, member_id, event_key) do nothing returning id`,
    );
    if (!grant) return null;
    const outcome = await issueCopies(
      tx,
      rule.site_id,
      rule.coupon_id,
      candidate.member_id,
      rule.copies,
      { source: 'rule', ruleGrantId: grant.id },
      now,
    );
    if (outcome.ok) return 'sent';
    await tx.execute(
      sql`update coupon_rule_grants set state = 'failed', reason = ${`coupon.issue.${outcome.reason}`}
           where id = ${grant.id}`,
    );
    return 'failed';
  });
}

/** Runs every switched-on rule once; counts of the coupons sent and the grants that failed. */
export async function runCouponRules(
  db: Database,
  now: Date,
): Promise<{ ruleSent: number; ruleFailed: number }> {
  const counts = { ruleSent: 0, ruleFailed: 0 };
  const rules = await queryRows<RuleRecord>(
    db,
    sql`select r.id, r.site_id, r.event, r.coupon_id, r.copies, r.grade_ids, r.min_recharge_fen, r.since
          from coupon_rules r join sites s on s.id = r.site_id
         where r.enabled and not r.deleted and r.since <= ${now.toISOString()}::timestamptz
           and (s.expires_at is null or s.expires_at > ${now.toISOString()}::timestamptz)
         order by r.id`,
  );
  for (const rule of rules) {
    const due = await queryRows<Candidate>(db, sql`${candidates(rule, now)} order by 1, 2 limit ${BATCH}`);
    for (const candidate of due) {
      const result = await answer(db, rule, candidate, now);
      if (result === 'sent') counts.ruleSent += 1;
      else if (result === 'failed') counts.ruleFailed += 1;
    }
  }
  return counts;
}
