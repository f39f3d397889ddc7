import { sql } from 'drizzle-orm';
import type { CouponEditable, CouponTerms, Validity } from '../../../contract/coupon-rules';
import type { CouponForm, CouponRow } from '../../../contract/endpoints/coupons';
import { shopDate, shopDayEnd, shopDayStart } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { coupons } from './tables';

/** A coupon row as drizzle reads it, and its shapes in the contract and the rules. */
export type CouponRecord = typeof coupons.$inferSelect;

/** The last shop day of a window that ends (exclusively) at `endsAt`. */
function lastDay(endsAt: Date): string {
  return shopDate(new Date(endsAt.getTime() - 1));
}

export function validityOf(record: CouponRecord): Validity {
  return record.validityKind === 'fixed'
    ? { kind: 'fixed', from: record.validFrom!, until: record.validUntil! }
    : { kind: 'relative', days: record.validDays!, fromTomorrow: record.validFromTomorrow };
}

export function editableOf(record: CouponRecord): CouponEditable {
  return {
    Kind: record.discountType,
    Value: record.value,
    CapFen: record.capFen,
    ThresholdFen: record.thresholdFen,
    Scope: record.scope,
    ScopeIds: record.scopeIds,
    WithActivity: record.withActivity,
    TotalQuantity: record.totalQuantity,
    PerMemberLimit: record.perMemberLimit,
    PerDayLimit: record.perDayLimit,
    StartsOn: shopDate(record.startsAt),
    EndsOn: lastDay(record.endsAt),
    Validity: validityOf(record),
    Audience: record.audience,
    AudienceGradeIds: record.audienceGradeIds,
    Channel: record.channel,
    StoreIds: record.storeIds,
  };
}

export function couponRow(record: CouponRecord, used: number): CouponRow {
  const editable = editableOf(record);
  return {
    Id: record.id,
    Title: record.title,
    Description: record.description,
    Kind: editable.Kind,
    Value: editable.Value,
    CapFen: editable.CapFen,
    ThresholdFen: editable.ThresholdFen,
    Scope: editable.Scope,
    ScopeIds: [...editable.ScopeIds],
    WithActivity: editable.WithActivity,
    TotalQuantity: editable.TotalQuantity,
    PerMemberLimit: editable.PerMemberLimit,
    PerDayLimit: editable.PerDayLimit,
    StartsOn: editable.StartsOn,
    EndsOn: editable.EndsOn,
    Validity: editable.Validity,
    Audience: editable.Audience,
    AudienceGradeIds: [...editable.AudienceGradeIds],
    Channel: editable.Channel,
    StoreIds: [...editable.StoreIds],
    Issued: record.issued,
    Used: used,
    State: record.state,
    CreatedAt: record.createdAt.toISOString(),
    Version: record.version,
  };
}

/** The columns a saved form sets. */
export function formColumns(form: CouponForm) {
  const fixed = form.Validity.kind === 'fixed' ? form.Validity : null;
  const relative = form.Validity.kind === 'relative' ? form.Validity : null;
  return {
    title: form.Title,
    description: form.Description,
    channel: form.Channel,
    discountType: form.Kind,
    value: form.Kind === 'freeShipping' ? 0 : form.Value,
    capFen: form.Kind === 'discount' ? form.CapFen : null,
    thresholdFen: form.ThresholdFen,
    scope: form.Scope,
    scopeIds: form.Scope === 'all' ? [] : [...new Set(form.ScopeIds)],
    withActivity: form.WithActivity,
    totalQuantity: form.TotalQuantity,
    perMemberLimit: form.PerMemberLimit,
    perDayLimit: form.PerDayLimit,
    startsAt: shopDayStart(form.StartsOn),
    endsAt: shopDayEnd(form.EndsOn),
    validityKind: form.Validity.kind,
    validFrom: fixed?.from ?? null,
    validUntil: fixed?.until ?? null,
    validDays: relative?.days ?? null,
    validFromTomorrow: relative?.fromTomorrow ?? false,
    audience: form.Audience,
    audienceGradeIds: form.Audience === 'grades' ? [...new Set(form.AudienceGradeIds)] : [],
    storeIds: form.Channel === 'offline' ? [...new Set(form.StoreIds)] : [],
  };
}

/**
 * The terms the pricing function needs. A category scope covers the chosen categories and every
 * category under them, read from the category tree now (goods moved since still count).
 */
export async function couponTerms(db: Executor, record: CouponRecord): Promise<CouponTerms> {
  let scopeIds: readonly number[] = record.scopeIds;
  if (record.scope === 'categories' && scopeIds.length > 0) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`with recursive tree as (
            select id from product_categories where site_id = ${record.siteId} and id = any(${intArray(scopeIds)})
            union
            select c.id from product_categories c join tree on c.parent_id = tree.id
          )
          select id from tree`,
    );
    scopeIds = rows.map((row) => row.id);
  }
  return {
    kind: record.discountType,
    value: record.value,
    capFen: record.capFen,
    thresholdFen: record.thresholdFen,
    scope: record.scope,
    scopeIds,
    withActivity: record.withActivity,
  };
}

export function intArray(values: readonly number[]) {
  return values.length === 0
    ? sql`'{}'::int[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::int[]`;
}
