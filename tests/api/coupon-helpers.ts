import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as coupons from '../../contract/endpoints/coupons';
import { addDays, shopDate } from '../../contract/shop-time';
import type { ApiResponse, TestServer } from './harness';

/** Helpers shared by the coupon API tests. */

export const today = () => shopDate(new Date());

/** A valid form of an online amount coupon, claimable from yesterday for a month; `change` overrides. */
export function couponForm(change: Partial<coupons.CouponForm> = {}): coupons.CouponForm {
  return {
    Title: '测试满100减10',
    Description: '',
    Channel: 'online',
    Kind: 'amount',
    Value: 1000,
    CapFen: null,
    ThresholdFen: 10_000,
    Scope: 'all',
    ScopeIds: [],
    WithActivity: false,
    TotalQuantity: 100,
    PerMemberLimit: null,
    PerDayLimit: null,
    StartsOn: addDays(today(), -1),
    EndsOn: addDays(today(), 30),
    Validity: { kind: 'fixed', from: addDays(today(), -1), until: addDays(today(), 40) },
    Audience: 'all',
    AudienceGradeIds: [],
    StoreIds: [],
    ...change,
  };
}

/** Saves a new coupon and puts it on offer (unless `activate` is false); its id. */
export async function makeCoupon(
  server: TestServer,
  token: string,
  change: Partial<coupons.CouponForm> = {},
  activate = true,
): Promise<number> {
  const saved = await server.call(coupons.saveCoupon, couponForm(change), { token });
  expect(saved.body.Errmsg).toBe('');
  if (activate) {
    const switched = await server.call(
      coupons.setCouponState,
      { Ids: [saved.body.Id], Action: 'activate' },
      { token },
    );
    expect(switched.body.Errmsg).toBe('');
  }
  return saved.body.Id;
}

/** The field the envelope's first error names. */
export const fieldOf = (response: ApiResponse) =>
  (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

/** A fresh member of the site signed in through SQL (no orders), with its open id. */
export async function freshMember(
  server: TestServer,
  siteId: number,
  name: string,
  change: { gradeId?: number | null; tags?: string[]; mobile?: string; status?: 'active' | 'disabled' } = {},
): Promise<{ id: number; openId: string }> {
  const openId = `${name}-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await server.query<{ id: number }>(
    sql`insert into members (site_id, open_id, nickname, mobile, source, grade_id, tags, status)
        values (${siteId}, ${openId}, ${name}, ${change.mobile ?? ''}, 'miniProgram',
                ${change.gradeId === undefined ? sql`(select id from member_grades where site_id = ${siteId} and is_default)` : change.gradeId},
                ${
                  change.tags && change.tags.length > 0
                    ? sql`array[${sql.join(
                        change.tags.map((tag) => sql`${tag}`),
                        sql`, `,
                      )}]::text[]`
                    : sql`'{}'::text[]`
                },
                ${change.status ?? 'active'})
        returning id`,
  );
  return { id: row!.id, openId };
}

/** Copies of a coupon by state. */
export async function copyStates(server: TestServer, couponId: number): Promise<Record<string, number>> {
  const rows = await server.query<{ state: string; count: number }>(
    sql`select state, count(*)::int as count from member_coupons where coupon_id = ${couponId} group by state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
}
