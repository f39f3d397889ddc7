import { sql } from 'drizzle-orm';
import type { DistributionSetting } from '../../../contract/endpoints/distribution';
import {
  type ApplicationState,
  applicationMachine,
  type PromoterAction,
  promoterMachine,
} from '../../../contract/machines/distribution';
import type { StateMachine } from '../../../contract/state-machine';
import { actionLabelKey, can, stateLabelKey } from '../../../contract/state-machine';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { readDistributionSetting } from './settings';
import './messages';

/**
 * Promoters and their applications, as functions over the caller's transaction. A member becomes a
 * promoter once (one row per member); their parent is the promoter row of the member who invited
 * them, looked up when they join and never changed after, whoever invites them later.
 */

export interface Actor {
  kind: 'buyer' | 'operator' | 'system';
  accountId: number | null;
  name: string;
}

/** The actor of an operator's request. */
export function operator(session: Pick<Session, 'accountId' | 'userName'>): Actor {
  return { kind: 'operator', accountId: session.accountId, name: session.userName };
}

export interface BuyerMember extends Record<string, unknown> {
  id: number;
  member_no: string;
  nickname: string;
  inviter_id: number | null;
  status: 'active' | 'disabled';
}

/** The member a storefront buyer id belongs to; a buyer who never signed in is refused on `field`. */
export async function buyerMember(
  db: Executor,
  siteId: number,
  buyerId: string,
  field: string,
  lock = false,
): Promise<BuyerMember> {
  const [member] = await queryRows<BuyerMember>(
    db,
    sql`select id, member_no, nickname, inviter_id, status from members
         where site_id = ${siteId} and open_id = ${buyerId} ${lock ? sql`for update` : sql``}`,
  );
  if (!member) throw new AppError('distribution.memberNotFound', {}, { field });
  if (member.status === 'disabled') throw new AppError('member.disabled', {}, { field, status: 403 });
  return member;
}

export interface PromoterRecord extends Record<string, unknown> {
  id: number;
  site_id: number;
  member_id: number;
  parent_id: number | null;
  grade_id: number | null;
  status: 'active' | 'frozen';
  withdrawable_fen: number;
  frozen_fen: number;
  earned_fen: number;
  withdrawn_fen: number;
  joined_at: Date | string;
  version: number;
}

/** A member's promoter row, or null when they do not promote. */
export async function promoterOfMember(
  db: Executor,
  siteId: number,
  memberId: number,
  lock = false,
): Promise<PromoterRecord | null> {
  const [row] = await queryRows<PromoterRecord>(
    db,
    sql`select * from promoters where site_id = ${siteId} and member_id = ${memberId} ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

/**
 * Makes the member a promoter, their parent being the promoter row of their inviter (when the
 * inviter promotes); a member who already promotes keeps their row, parent and all. Returns the id.
 */
export async function joinPromoter(
  tx: Executor,
  siteId: number,
  memberId: number,
  now: Date,
): Promise<number> {
  const [inserted] = await queryRows<{ id: number }>(
    tx,
    sql`insert into promoters (site_id, member_id, parent_id, joined_at)
        values (${siteId}, ${memberId},
                (select p.id from promoters p join members m on m.inviter_id = p.member_id
                  where m.id = ${memberId} and p.site_id = ${siteId}),
                ${now.toISOString()}::timestamptz)
        on conflict (site_id, member_id) do nothing returning id`,
  );
  if (inserted) return inserted.id;
  return (await promoterOfMember(tx, siteId, memberId))!.id;
}

export interface ApplicationRecord extends Record<string, unknown> {
  id: number;
  member_id: number;
  state: ApplicationState;
  reason: string;
  applied_at: Date | string;
}

/** What the member has paid for in the shop: paid orders, and their amount less refunds. */
export async function memberSpending(
  db: Executor,
  siteId: number,
  memberId: number,
): Promise<{ orders: number; paidFen: number }> {
  const [row] = await queryRows<{ orders: number; paid: string | number }>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(o.paid_fen - o.refunded_fen), 0) as paid
          from orders o join members m on m.site_id = o.site_id and m.open_id = o.buyer_id
         where m.id = ${memberId} and o.site_id = ${siteId} and o.paid_at is not null and o.paid_fen > o.refunded_fen`,
  );
  return { orders: row?.orders ?? 0, paidFen: Number(row?.paid ?? 0) };
}

/** Why the member does not qualify under the shop's rule, or null when they do (review: always). */
async function joiningProblem(
  db: Executor,
  siteId: number,
  memberId: number,
  setting: DistributionSetting,
): Promise<AppError | null> {
  if (setting.Joining === 'anyone' || setting.Joining === 'review') return null;
  const spending = await memberSpending(db, siteId, memberId);
  if (setting.Joining === 'paidOrder')
    return spending.orders > 0
      ? null
      : new AppError('distribution.joining.paidOrder', {}, { field: 'BuyerId' });
  return spending.paidFen >= setting.JoinSpendingFen
    ? null
    : new AppError(
        'distribution.joining.spending',
        { min: yuan(setting.JoinSpendingFen), spent: yuan(spending.paidFen) },
        { field: 'BuyerId' },
      );
}

export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/**
 * A member applies to promote. Under review the application waits (a second one while it waits
 * is the same one); under the other rules a member who qualifies is approved and joins at once,
 * and one who does not is told why, with nothing written. The member's row is locked first, so
 * one member's parallel applications make one.
 */
export async function applyToPromote(
  tx: Executor,
  siteId: number,
  buyerId: string,
  now: Date,
): Promise<ApplicationRecord> {
  const { setting } = await readDistributionSetting(tx, siteId);
  if (!setting.Enabled) throw new AppError('distribution.off', {}, { field: 'BuyerId' });
  const member = await buyerMember(tx, siteId, buyerId, 'BuyerId', true);
  if (await promoterOfMember(tx, siteId, member.id))
    throw new AppError('distribution.alreadyPromoter', {}, { field: 'BuyerId' });
  const [waiting] = await queryRows<ApplicationRecord>(
    tx,
    sql`select id, member_id, state, reason, applied_at from promoter_applications
         where site_id = ${siteId} and member_id = ${member.id} and state = 'pending'`,
  );
  if (waiting) return waiting;
  const problem = await joiningProblem(tx, siteId, member.id, setting);
  if (problem) throw problem;
  const automatic = setting.Joining !== 'review';
  const [application] = await queryRows<ApplicationRecord>(
    tx,
    sql`insert into promoter_applications (site_id, member_id, state, applied_at, decided_at)
        values (${siteId}, ${member.id}, ${automatic ? 'approved' : 'pending'}, ${now.toISOString()}::timestamptz,
                ${automatic ? now.toISOString() : null}::timestamptz)
        returning id, member_id, state, reason, applied_at`,
  );
  if (automatic) await joinPromoter(tx, siteId, member.id, now);
  return application!;
}

/** "{subject} cannot be {action}: it is {state}" in the caller's language. */
export function illegal(
  locale: Locale,
  machine: StateMachine,
  subject: string,
  state: string,
  action: string,
): AppError {
  return new AppError(
    'distribution.illegal',
    {
      subject,
      state: translate(locale, stateLabelKey(machine, state)),
      action: translate(locale, actionLabelKey(machine, action)),
    },
    { field: 'Action' },
  );
}

interface LockedApplication extends ApplicationRecord {
  member_no: string;
}

async function lockApplications(tx: Executor, siteId: number, ids: readonly number[]) {
  return queryRows<LockedApplication>(
    tx,
    sql`select a.id, a.member_id, a.state, a.reason, a.applied_at, m.member_no
          from promoter_applications a join members m on m.id = a.member_id
         where a.site_id = ${siteId} and a.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) order by a.id for update of a`,
  );
}

/**
 * Approves pending applications; each member joins with the parent their inviter gives. Approved
 * ones are skipped; a rejected one, or one of another shop, is refused.
 */
export async function approveApplications(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
  actor: Actor,
  locale: Locale,
  now: Date,
): Promise<number> {
  const rows = await lockApplications(tx, siteId, ids);
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined)
    throw new AppError('distribution.application.notFound', { id: missing }, { field: 'Ids' });
  let changed = 0;
  for (const row of rows) {
    if (row.state === 'approved') continue;
    if (!can(applicationMachine, row.state, 'approve'))
      throw illegal(locale, applicationMachine, row.member_no, row.state, 'approve');
    await tx.execute(
      sql`update promoter_applications set state = 'approved', decided_at = ${now.toISOString()}::timestamptz,
                 decided_by = ${actor.accountId}, decider_name = ${actor.name}
           where id = ${row.id} and state = 'pending'`,
    );
    await joinPromoter(tx, siteId, row.member_id, now);
    changed += 1;
  }
  return changed;
}

export async function rejectApplication(
  tx: Executor,
  siteId: number,
  id: number,
  reason: string,
  actor: Actor,
  locale: Locale,
  now: Date,
): Promise<LockedApplication> {
  const [row] = await lockApplications(tx, siteId, [id]);
  if (!row) throw new AppError('distribution.application.notFound', { id }, { field: 'Id' });
  if (!can(applicationMachine, row.state, 'reject'))
    throw illegal(locale, applicationMachine, row.member_no, row.state, 'reject');
  await tx.execute(
    sql`update promoter_applications set state = 'rejected', reason = ${reason},
               decided_at = ${now.toISOString()}::timestamptz, decided_by = ${actor.accountId}, decider_name = ${actor.name}
         where id = ${row.id} and state = 'pending'`,
  );
  return row;
}

/**
 * Freezes or unfreezes promoters of the site. Those already in the target state are skipped; an id
 * of another shop is refused. Returns how many changed.
 */
export async function movePromoters(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
  action: PromoterAction,
  locale: Locale,
): Promise<number> {
  const rows = await queryRows<{ id: number; status: 'active' | 'frozen'; member_no: string }>(
    tx,
    sql`select p.id, p.status, m.member_no from promoters p join members m on m.id = p.member_id
         where p.site_id = ${siteId} and p.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) order by p.id for update of p`,
  );
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined)
    throw new AppError('distribution.promoter.notFound', { id: missing }, { field: 'Ids' });
  const target = action === 'freeze' ? 'frozen' : 'active';
  let changed = 0;
  for (const row of rows) {
    if (row.status === target) continue;
    if (!can(promoterMachine, row.status, action))
      throw illegal(locale, promoterMachine, row.member_no, row.status, action);
    await tx.execute(
      sql`update promoters set status = ${target}, version = version + 1, updated_at = now()
           where id = ${row.id} and status = ${row.status}`,
    );
    changed += 1;
  }
  return changed;
}

/** Moves promoters of the site to a grade (null: the default); returns how many changed. */
export async function setGrade(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
  gradeId: number | null,
): Promise<{ changed: number; before: Record<number, number | null> }> {
  if (gradeId !== null) {
    const [grade] = await queryRows<{ id: number }>(
      tx,
      sql`select id from promoter_grades where id = ${gradeId} and site_id = ${siteId} for share`,
    );
    if (!grade) throw new AppError('distribution.grade.notFound', { id: gradeId }, { field: 'GradeId' });
  }
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await queryRows<{ id: number; grade_id: number | null }>(
    tx,
    sql`select id, grade_id from promoters where site_id = ${siteId} and id in (${list}) order by id for update`,
  );
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined)
    throw new AppError('distribution.promoter.notFound', { id: missing }, { field: 'Ids' });
  const changed = await queryRows<{ id: number }>(
    tx,
    sql`update promoters set grade_id = ${gradeId}, version = version + 1, updated_at = now()
         where site_id = ${siteId} and id in (${list}) and grade_id is distinct from ${gradeId} returning id`,
  );
  return { changed: changed.length, before: Object.fromEntries(found.map((row) => [row.id, row.grade_id])) };
}

/** Binds the WeChat account a promoter's change is paid to; the one bound before is unbound. */
export async function bindWechatAccount(
  tx: Executor,
  siteId: number,
  account: { BuyerId: string; OpenId: string; RealName: string },
  now: Date,
): Promise<void> {
  const member = await buyerMember(tx, siteId, account.BuyerId, 'BuyerId');
  const promoter = await promoterOfMember(tx, siteId, member.id, true);
  if (!promoter) throw new AppError('distribution.notPromoter', {}, { field: 'BuyerId' });
  await tx.execute(
    sql`update promoter_wechat_accounts set state = 'unbound', unbound_at = ${now.toISOString()}::timestamptz
         where site_id = ${siteId} and promoter_id = ${promoter.id} and state = 'bound'`,
  );
  await tx.execute(
    sql`insert into promoter_wechat_accounts (site_id, promoter_id, open_id, real_name, bound_at)
        values (${siteId}, ${promoter.id}, ${account.OpenId}, ${account.RealName}, ${now.toISOString()}::timestamptz)`,
  );
}
