import { sql } from 'drizzle-orm';
import { DEFAULT_PREFERENTIAL_SETTING } from '../../../contract/endpoints/member-grades';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { changeGrowth } from './members';
import { memberCheckIns, memberGrades, memberSettings, rechargeRules } from './tables';

/**
 * Demo grades, growth and recharge rules for both demo shops. Runs after the order seed, so the
 * mall's buyers earn growth for the orders they paid and rise through the grades as they would have.
 */

const DAY = 24 * 60 * 60 * 1000;

function badge(color: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="19" fill="${color}"/>` +
    `<text x="20" y="25" font-size="12" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function card(from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><defs><linearGradient id="g">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="160" height="90" rx="8" fill="url(#g)"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const GRADES = [
  {
    name: '普通会员',
    level: 1,
    threshold: 0,
    discount: 100,
    free: false,
    privileges: [],
    colors: ['#8c8c8c', '#bfbfbf'],
  },
  {
    name: '银卡会员',
    level: 2,
    threshold: 1000,
    discount: 98,
    free: false,
    privileges: ['生日礼券'],
    colors: ['#8c9eb5', '#d6e0ec'],
  },
  {
    name: '金卡会员',
    level: 3,
    threshold: 5000,
    discount: 95,
    free: true,
    privileges: ['生日礼券', '优先发货'],
    colors: ['#d4a017', '#f5d76e'],
  },
  {
    name: '钻石会员',
    level: 4,
    threshold: 20000,
    discount: 90,
    free: true,
    privileges: ['生日礼券', '优先发货', '专属客服'],
    colors: ['#5b3cc4', '#a58cf0'],
  },
] as const;

async function seedGrades(db: Database, siteId: number): Promise<void> {
  await db.insert(memberGrades).values(
    GRADES.map((grade) => ({
      siteId,
      name: grade.name,
      level: grade.level,
      growthThreshold: grade.threshold,
      discountPercent: grade.discount,
      freeShipping: grade.free,
      privileges: [...grade.privileges],
      icon: badge(grade.colors[0], grade.name.slice(0, 1)),
      cardBackground: card(grade.colors[0], grade.colors[1]),
      isDefault: grade.level === 1,
    })),
  );
  await db.execute(
    sql`update members set grade_id = (select id from member_grades where site_id = ${siteId} and is_default)
         where site_id = ${siteId} and grade_id is null`,
  );
  const d = DEFAULT_PREFERENTIAL_SETTING;
  await db.insert(memberSettings).values({
    siteId,
    growthPerYuan: d.GrowthPerYuan,
    growthPerCheckIn: d.GrowthPerCheckIn,
    growthPerReview: d.GrowthPerReview,
    gradeOnActivityPrices: d.GradeOnActivityPrices,
    gradeWithCoupon: d.GradeWithCoupon,
  });
}

const system = { kind: 'system' as const, accountId: null, name: '' };

/** Growth for what each buyer paid and kept, one ledger row per order, in the order they paid. */
async function growthFromOrders(db: Database, siteId: number): Promise<void> {
  const paid = await queryRows<{ member_id: number; order_no: string; net_fen: number; paid_at: string }>(
    db,
    sql`select m.id as member_id, o.order_no, o.paid_fen - o.refunded_fen as net_fen, o.paid_at
          from orders o join members m on m.site_id = o.site_id and m.open_id = o.buyer_id
         where o.site_id = ${siteId} and o.paid_at is not null and o.source <> 'offline'
           and o.paid_fen - o.refunded_fen >= 100
         order by o.paid_at, o.id`,
  );
  await db.transaction(async (tx) => {
    for (const order of paid) {
      await changeGrowth(tx, {
        siteId,
        memberId: order.member_id,
        delta: Math.floor(order.net_fen / 100) * DEFAULT_PREFERENTIAL_SETTING.GrowthPerYuan,
        reason: 'order_paid',
        note: '',
        orderNo: order.order_no,
        actor: system,
        now: new Date(order.paid_at),
      });
    }
  });
}

/** A few check-ins of the last week for the first members of a site. */
async function checkIns(db: Database, siteId: number, now: number): Promise<void> {
  const firsts = await queryRows<{ id: number }>(
    db,
    sql`select id from members where site_id = ${siteId} order by id limit 8`,
  );
  await db.transaction(async (tx) => {
    for (const [index, member] of firsts.entries()) {
      for (let day = 1; day <= 1 + (index % 4); day += 1) {
        const at = new Date(now - day * DAY);
        const shopDay = new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
        const growth = DEFAULT_PREFERENTIAL_SETTING.GrowthPerCheckIn;
        await tx
          .insert(memberCheckIns)
          .values({ siteId, memberId: member.id, day: shopDay, growth, createdAt: at });
        await changeGrowth(tx, {
          siteId,
          memberId: member.id,
          delta: growth,
          reason: 'sign_in',
          note: shopDay,
          orderNo: '',
          actor: { kind: 'buyer', accountId: null, name: '' },
          now: at,
        });
      }
    }
  });
}

/**
 * The official site has no demo orders: its members (signed up by the member seed) hold growth the
 * shop credited for purchases made before it opened online, so every grade has someone in it.
 */
async function secondSiteGrowth(db: Database, siteId: number, now: number): Promise<void> {
  const credited = [
    ['site2-member-002', 1200],
    ['site2-member-003', 6000],
    ['site2-member-004', 25000],
    ['site2-member-005', 300],
  ] as const;
  await db.transaction(async (tx) => {
    for (const [index, [openId, growth]] of credited.entries()) {
      const [member] = await queryRows<{ id: number }>(
        tx,
        sql`select id from members where site_id = ${siteId} and open_id = ${openId}`,
      );
      await changeGrowth(tx, {
        siteId,
        memberId: member!.id,
        delta: growth,
        reason: 'operator',
        note: '历史消费折算',
        orderNo: '',
        actor: system,
        now: new Date(now - (35 - index * 5) * DAY),
      });
    }
  });
}

async function seedRechargeRules(db: Database, siteId: number, now: number, mall: boolean): Promise<void> {
  const window = (fromDays: number, toDays: number) => ({
    startsAt: new Date(now + fromDays * DAY),
    endsAt: new Date(now + toDays * DAY),
  });
  await db.insert(rechargeRules).values(
    mall
      ? [
          { siteId, payFen: 10_000, bonusFen: 1_000, bonusPoints: 0 },
          { siteId, payFen: 50_000, bonusFen: 8_000, bonusPoints: 200 },
          { siteId, payFen: 100_000, bonusFen: 20_000, bonusPoints: 500, ...window(-10, 30) },
          { siteId, payFen: 20_000, bonusFen: 0, bonusPoints: 300, enabled: false },
          { siteId, payFen: 30_000, bonusFen: 5_000, bonusPoints: 0, ...window(-60, -30) },
        ]
      : [
          { siteId, payFen: 20_000, bonusFen: 2_000, bonusPoints: 0 },
          { siteId, payFen: 50_000, bonusFen: 6_000, bonusPoints: 100 },
        ],
  );
}

export const gradeSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  for (const siteId of [demo.mallSiteId, demo.secondSiteId]) await seedGrades(db, siteId);
  await growthFromOrders(db, demo.mallSiteId);
  await checkIns(db, demo.mallSiteId, now);
  await secondSiteGrowth(db, demo.secondSiteId, now);
  await checkIns(db, demo.secondSiteId, now);
  await seedRechargeRules(db, demo.mallSiteId, now, true);
  await seedRechargeRules(db, demo.secondSiteId, now, false);
};
