import { type SQL, sql } from 'drizzle-orm';
import type {
  GrowthReason,
  MemberProfile,
  MemberSource,
  SignInInput,
} from '../../../contract/endpoints/members';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import './messages';

/**
 * Members are made here and nowhere else: by the storefront's sign-in, and by a buyer's first order
 * or recharge (so no buyer is ever missing from the members list). Both are one upsert on
 * (site, open id), so parallel first calls of one buyer make one member.
 */

export interface BuyerTrace {
  siteId: number;
  openId: string;
  nickname: string;
  mobile: string;
  source: MemberSource;
  now: Date;
  /** The input field holding the open id, named when a disabled member is refused. */
  field?: string;
}

type MemberRow = {
  id: number;
  member_no: string;
  open_id: string;
  nickname: string;
  avatar: string;
  mobile: string;
  gender: MemberProfile['Gender'];
  birthday: string | null;
  grade_id: number | null;
  growth: number;
  status: MemberProfile['Status'];
  registered_at: string;
  inserted: boolean;
};

const RETURNING = sql`returning id, member_no, open_id, nickname, avatar, mobile, gender, birthday::text as birthday,
  grade_id, growth, status, registered_at, (xmax = 0) as inserted`;

const defaultGrade = (siteId: number) =>
  sql`(select grade.id from member_grades grade where grade.site_id = ${siteId} and grade.is_default)`;

export function refuseDisabled(row: Pick<MemberRow, 'status'>, field: string): void {
  if (row.status === 'disabled') throw new AppError('member.disabled', {}, { field, status: 403 });
}

/**
 * The buyer's member id, registering them on their first trace. Names and mobiles fill empty
 * profile fields only: the buyer's own sign-in, not an order's receiver, owns the profile. Imports
 * and demo data may replay traces out of order, so the earliest one stays the registration time.
 */
export async function ensureMember(tx: Executor, trace: BuyerTrace): Promise<number> {
  const [row] = await queryRows<MemberRow>(tx, memberTrace(trace));
  refuseDisabled(row!, trace.field ?? 'Buyer.Id');
  return row!.id;
}

/** The statement of ensureMember, returning the member's row, for a caller that reads more with it. */
export function memberTrace(trace: BuyerTrace): SQL {
  return sql`insert into members as member (site_id, open_id, nickname, mobile, source, registered_at, grade_id)
             values (${trace.siteId}, ${trace.openId}, ${trace.nickname}, ${trace.mobile}, ${trace.source},
                     ${trace.now.toISOString()}::timestamptz, ${defaultGrade(trace.siteId)})
             on conflict (site_id, open_id) do update
               set nickname = case when member.nickname = '' then excluded.nickname else member.nickname end,
                   mobile = case when member.mobile = '' then excluded.mobile else member.mobile end,
                   registered_at = least(member.registered_at, excluded.registered_at)
             ${RETURNING}`;
}

function profileOf(row: MemberRow): MemberProfile {
  return {
    MemberNo: row.member_no,
    OpenId: row.open_id,
    Nickname: row.nickname,
    Avatar: row.avatar,
    Mobile: row.mobile,
    Gender: row.gender,
    Birthday: row.birthday,
    GradeId: row.grade_id,
    Growth: row.growth,
    Status: row.status,
    RegisteredAt: new Date(row.registered_at).toISOString(),
  };
}

/** A member's profile as the storefront sees it. */
export async function readMemberProfile(
  tx: Executor,
  siteId: number,
  memberId: number,
): Promise<MemberProfile> {
  const [row] = await queryRows<MemberRow>(
    tx,
    sql`select id, member_no, open_id, nickname, avatar, mobile, gender, birthday::text as birthday, grade_id, growth,
               status, registered_at, false as inserted
          from members where site_id = ${siteId} and id = ${memberId}`,
  );
  return profileOf(row!);
}

/**
 * The storefront's sign-in: registers or refreshes the buyer. Given fields replace the profile's;
 * the inviter is bound on registration only, and only to an active member of the same site who
 * is not the buyer.
 */
export async function signInMember(
  tx: Executor,
  siteId: number,
  input: SignInInput,
  now: Date,
): Promise<{ Member: MemberProfile; Registered: boolean }> {
  const [inviter] = input.InviterMemberNo
    ? await queryRows<{ id: number }>(
        tx,
        sql`select id from members where site_id = ${siteId} and member_no = ${input.InviterMemberNo}
              and status = 'active' and open_id <> ${input.OpenId}`,
      )
    : [];
  if (input.InviterMemberNo && !inviter) {
    throw new AppError(
      'member.inviterNotFound',
      { memberNo: input.InviterMemberNo },
      { field: 'InviterMemberNo' },
    );
  }
  const keep = (column: string) =>
    sql.raw(
      `${column} = case when excluded.${column} = '' then member.${column} else excluded.${column} end`,
    );
  const [row] = await queryRows<MemberRow>(
    tx,
    sql`insert into members as member (site_id, open_id, nickname, avatar, mobile, gender, source, inviter_id,
                                        registered_at, grade_id)
        values (${siteId}, ${input.OpenId}, ${input.Nickname}, ${input.Avatar}, ${input.Mobile}, ${input.Gender},
                ${input.Source}, ${inviter?.id ?? null}, ${now.toISOString()}::timestamptz, ${defaultGrade(siteId)})
        on conflict (site_id, open_id) do update
          set ${keep('nickname')}, ${keep('avatar')}, ${keep('mobile')},
              gender = case when excluded.gender = 'unknown' then member.gender else excluded.gender end,
              version = member.version + 1, updated_at = now()
        ${RETURNING}`,
  );
  refuseDisabled(row!, 'OpenId');
  return { Member: profileOf(row!), Registered: row!.inserted };
}

export interface GrowthChange {
  siteId: number;
  memberId: number;
  /** Signed; a decrease larger than the growth held is refused. */
  delta: number;
  reason: GrowthReason;
  note: string;
  orderNo: string;
  actor: { kind: 'buyer' | 'operator' | 'system'; accountId: number | null; name: string };
  now: Date;
}

/**
 * Changes a member's growth in the caller's transaction: one guarded UPDATE, a ledger row, and the
 * upgrade to the highest grade whose threshold the new growth reaches when it is above the
 * member's. Growth falling (refunds, operators) never downgrades. Returns the growth after and the
 * grade upgraded to, if any.
 */
export async function changeGrowth(
  tx: Executor,
  change: GrowthChange,
): Promise<{ after: number; upgradedTo: number | null }> {
  const [row] = await queryRows<{ after: number }>(
    tx,
    sql`update members set growth = growth + ${change.delta}, version = version + 1, updated_at = now()
         where id = ${change.memberId} and site_id = ${change.siteId} and growth + ${change.delta} >= 0
        returning growth as after`,
  );
  if (!row) throw new AppError('member.growthShort', {}, { field: 'Delta' });
  await tx.execute(
    sql`insert into member_growth_ledger (site_id, member_id, delta, after, reason, note, order_no, actor,
                                          account_id, actor_name, created_at)
        values (${change.siteId}, ${change.memberId}, ${change.delta}, ${row.after}, ${change.reason}, ${change.note},
                ${change.orderNo}, ${change.actor.kind}, ${change.actor.accountId}, ${change.actor.name},
                ${change.now.toISOString()}::timestamptz)`,
  );
  if (change.delta < 0) return { after: row.after, upgradedTo: null };
  const [upgrade] = await queryRows<{ to_grade: number; from_grade: number | null }>(
    tx,
    sql`with target as (
          select id, level from member_grades
           where site_id = ${change.siteId} and growth_threshold <= ${row.after}
           order by level desc limit 1
        ), before as (select grade_id from members where id = ${change.memberId})
        update members member set grade_id = target.id
          from target, before
         where member.id = ${change.memberId}
           and (before.grade_id is null
                or target.level > (select level from member_grades where id = before.grade_id))
        returning target.id as to_grade, before.grade_id as from_grade`,
  );
  if (!upgrade) return { after: row.after, upgradedTo: null };
  await tx.execute(
    sql`insert into member_grade_changes (site_id, member_id, from_grade_id, to_grade_id, cause, growth, created_at)
        values (${change.siteId}, ${change.memberId}, ${upgrade.from_grade}, ${upgrade.to_grade}, 'growth',
                ${row.after}, ${change.now.toISOString()}::timestamptz)`,
  );
  return { after: row.after, upgradedTo: upgrade.to_grade };
}
