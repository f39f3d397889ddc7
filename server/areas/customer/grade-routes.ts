import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import * as grades from '../../../contract/endpoints/member-grades';
import { shopDate } from '../../../contract/shop-time';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { grantSignInPoints } from '../points/service';
import { storefrontSite } from '../storefront/service';
import { idList, readMemberSetting } from './grade-pricing';
import { changeGrowth, readMemberProfile } from './members';
import { memberCheckIns, memberGrades, memberSettings, members } from './tables';
import './messages';

/** Grades (memberGrade, editMemberGrade), the preferential settings and the storefront's check-in. */

type GradeRecord = typeof memberGrades.$inferSelect;

function gradeRow(grade: GradeRecord, memberCount: number): grades.GradeRow {
  return {
    Id: grade.id,
    Name: grade.name,
    Level: grade.level,
    GrowthThreshold: grade.growthThreshold,
    DiscountPercent: grade.discountPercent,
    FreeShipping: grade.freeShipping,
    Privileges: grade.privileges,
    Icon: grade.icon,
    CardBackground: grade.cardBackground,
    IsDefault: grade.isDefault,
    MemberCount: memberCount,
    Version: grade.version,
    UpdatedAt: new Date(grade.updatedAt).toISOString(),
  };
}

async function holders(db: Executor, siteId: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ gradeId: members.gradeId, holders: count() })
    .from(members)
    .where(and(eq(members.siteId, siteId), inArray(members.gradeId, [...ids])))
    .groupBy(members.gradeId);
  return new Map(rows.map((row) => [row.gradeId!, row.holders]));
}

async function findGrade(db: Executor, siteId: number, id: number, field: string): Promise<GradeRecord> {
  const [grade] = await db
    .select()
    .from(memberGrades)
    .where(and(eq(memberGrades.siteId, siteId), eq(memberGrades.id, id)));
  if (!grade) throw new AppError('grade.notFound', { id }, { field });
  return grade;
}

/**
 * Thresholds rise with levels, so growth upgrades members one level after another; a grade whose
 * threshold would sit out of order is refused naming its neighbour.
 */
async function checkOrder(tx: Executor, siteId: number, form: grades.GradeForm): Promise<void> {
  const others = await tx
    .select()
    .from(memberGrades)
    .where(and(eq(memberGrades.siteId, siteId), form.Id ? ne(memberGrades.id, form.Id) : undefined));
  if (!form.Id && others.length >= grades.MAX_GRADES_PER_SITE) {
    throw new AppError('grade.tooMany', { max: grades.MAX_GRADES_PER_SITE }, { field: 'Level' });
  }
  const sameLevel = others.find((grade) => grade.level === form.Level);
  if (sameLevel) throw new AppError('grade.levelTaken', { name: sameLevel.name }, { field: 'Level' });
  const outOfOrder = others.find((grade) =>
    grade.level < form.Level
      ? grade.growthThreshold >= form.GrowthThreshold
      : grade.growthThreshold <= form.GrowthThreshold,
  );
  if (outOfOrder) {
    throw new AppError(
      'grade.thresholdOrder',
      { name: outOfOrder.name, level: outOfOrder.level, threshold: outOfOrder.growthThreshold },
      { field: 'GrowthThreshold' },
    );
  }
}

export const gradeRoutes = [
  defineRoute(grades.getMemberGradeList, async ({ db, session, input }) => {
    const rows = await db
      .select()
      .from(memberGrades)
      .where(eq(memberGrades.siteId, session.siteId))
      .orderBy(input.sort === 'level' ? asc(memberGrades.level) : desc(memberGrades.level))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db
      .select({ total: count() })
      .from(memberGrades)
      .where(eq(memberGrades.siteId, session.siteId));
    const counts = await holders(
      db,
      session.siteId,
      rows.map((row) => row.id),
    );
    return { Data: rows.map((row) => gradeRow(row, counts.get(row.id) ?? 0)), Total: total?.total ?? 0 };
  }),

  defineRoute(grades.getMemberGradeInfo, async ({ db, session, input }) => {
    const grade = await findGrade(db, session.siteId, input.id, 'id');
    return gradeRow(grade, (await holders(db, session.siteId, [grade.id])).get(grade.id) ?? 0);
  }),

  defineRoute(grades.setMemberGrade, async ({ db, session, input, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      // One save at a time per site: levels, thresholds and the default mark are checked across rows.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member_grades'), ${session.siteId})`);
      const before = input.Id ? await findGrade(tx, session.siteId, input.Id, 'Id') : null;
      if (before && input.Version !== undefined && before.version !== input.Version) {
        return { stale: before.version, row: null };
      }
      if (before?.isDefault && !input.IsDefault) {
        throw new AppError('grade.needsDefault', {}, { field: 'IsDefault' });
      }
      await checkOrder(tx, session.siteId, input);
      if (input.IsDefault) {
        await tx
          .update(memberGrades)
          .set({ isDefault: false, version: sql`${memberGrades.version} + 1`, updatedAt: new Date() })
          .where(and(eq(memberGrades.siteId, session.siteId), eq(memberGrades.isDefault, true)));
      }
      const values = {
        name: input.Name,
        level: input.Level,
        growthThreshold: input.GrowthThreshold,
        discountPercent: input.DiscountPercent,
        freeShipping: input.FreeShipping,
        privileges: input.Privileges,
        icon: input.Icon,
        cardBackground: input.CardBackground,
        isDefault: input.IsDefault,
        updatedAt: new Date(),
      };
      const [row] = before
        ? await tx
            .update(memberGrades)
            .set({ ...values, version: sql`${memberGrades.version} + 1` })
            .where(eq(memberGrades.id, before.id))
            .returning()
        : await tx
            .insert(memberGrades)
            .values({ ...values, siteId: session.siteId })
            .returning();
      const summary = (grade: GradeRecord | null) =>
        grade && {
          name: grade.name,
          level: grade.level,
          threshold: grade.growthThreshold,
          discount: grade.discountPercent,
          freeShipping: grade.freeShipping,
          isDefault: grade.isDefault,
        };
      await audit(tx, session, before ? 'grade.update' : 'grade.create', `grade:${row!.id}`, {
        before: summary(before),
        after: summary(row!),
      });
      return { stale: null, row: row! };
    });
    if (saved.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'grade.stale',
        yours: input.Version!,
        current: saved.stale,
      });
    }
    return gradeRow(saved.row!, (await holders(db, session.siteId, [saved.row!.id])).get(saved.row!.id) ?? 0);
  }),

  defineRoute(grades.deleteMemberGrade, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const grade = await findGrade(tx, session.siteId, input.Id, 'Id');
      if (grade.isDefault) throw new AppError('grade.deleteDefault', { name: grade.name }, { field: 'Id' });
      // Locks the holders so none joins the grade between the count and the delete.
      const held = await queryRows<{ id: number }>(
        tx,
        sql`select id from members where site_id = ${session.siteId} and grade_id = ${grade.id} for update`,
      );
      const heldCount = held.length;
      if (heldCount > 0) {
        throw new AppError('grade.inUse', { name: grade.name, count: heldCount }, { field: 'Id' });
      }
      await tx.delete(memberGrades).where(eq(memberGrades.id, grade.id));
      await audit(tx, session, 'grade.delete', `grade:${grade.id}`, {
        before: { name: grade.name, level: grade.level },
        after: null,
      });
      return { Id: grade.id };
    });
  }),

  defineRoute(grades.getPreferentialSetting, async ({ db, session }) => {
    const setting = await readMemberSetting(db, session.siteId);
    const goods =
      setting.ExcludedProductIds.length === 0
        ? []
        : await queryRows<{ id: number; name: string }>(
            db,
            sql`select id, name from products where site_id = ${session.siteId}
                 and id in ${idList(setting.ExcludedProductIds)} order by id`,
          );
    return { ...setting, ExcludedGoods: goods.map((row) => ({ Id: row.id, Name: row.name })) };
  }),

  defineRoute(grades.setPreferentialSetting, async ({ db, session, input, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      const before = await readMemberSetting(tx, session.siteId, true);
      if (before.Version !== input.Version) return { stale: before.Version, version: 0 };
      const excluded = [...new Set(input.ExcludedProductIds)];
      if (excluded.length > 0) {
        const found = await queryRows<{ id: number }>(
          tx,
          sql`select id from products where site_id = ${session.siteId} and id in ${idList(excluded)}`,
        );
        const foundIds = new Set(found.map((row) => row.id));
        const missing = excluded.filter((id) => !foundIds.has(id));
        if (missing.length > 0) {
          throw new AppError(
            'grade.goodsNotFound',
            { ids: missing.join(', ') },
            { field: 'ExcludedProductIds' },
          );
        }
      }
      const values = {
        growthPerYuan: input.GrowthPerYuan,
        growthPerCheckIn: input.GrowthPerCheckIn,
        growthPerReview: input.GrowthPerReview,
        gradeOnActivityPrices: input.GradeOnActivityPrices,
        gradeWithCoupon: input.GradeWithCoupon,
        excludedProductIds: excluded,
        updatedAt: new Date(),
      };
      const [row] = await tx
        .insert(memberSettings)
        .values({ siteId: session.siteId, ...values, version: before.Version + 1 })
        .onConflictDoUpdate({
          target: memberSettings.siteId,
          set: { ...values, version: before.Version + 1 },
        })
        .returning();
      const { Version: _version, ...beforeValues } = before;
      const { Version: _newVersion, ...afterValues } = input;
      await audit(tx, session, 'grade.preferentialSetting', `memberSetting:${session.siteId}`, {
        before: beforeValues,
        after: { ...afterValues, ExcludedProductIds: excluded },
      });
      return { stale: null, version: row!.version };
    });
    if (saved.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'grade.settingStale',
        yours: input.Version,
        current: saved.stale,
      });
    }
    return { Version: saved.version };
  }),

  defineRoute(grades.checkIn, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const now = new Date();
    return db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: members.id, status: members.status })
        .from(members)
        .where(and(eq(members.siteId, siteId), eq(members.openId, input.OpenId)));
      if (!member) throw new AppError('member.openIdNotFound', {}, { field: 'OpenId' });
      if (member.status === 'disabled')
        throw new AppError('member.disabled', {}, { field: 'OpenId', status: 403 });
      const day = shopDate(now);
      const setting = await readMemberSetting(tx, siteId);
      const [first] = await tx
        .insert(memberCheckIns)
        .values({ siteId, memberId: member.id, day, growth: setting.GrowthPerCheckIn, createdAt: now })
        .onConflictDoNothing()
        .returning();
      const granted = first ? setting.GrowthPerCheckIn : 0;
      // The wallet before the member's growth, as every transition locks them.
      const points = first ? await grantSignInPoints(tx, { siteId, buyerId: input.OpenId, day, now }) : 0;
      if (granted > 0) {
        await changeGrowth(tx, {
          siteId,
          memberId: member.id,
          delta: granted,
          reason: 'sign_in',
          note: day,
          orderNo: '',
          actor: { kind: 'buyer', accountId: null, name: '' },
          now,
        });
      }
      return {
        Granted: granted,
        Points: points,
        Member: await readMemberProfile(tx, siteId, member.id),
        Day: day,
      };
    });
  }),
];
