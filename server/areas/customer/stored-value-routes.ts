import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import * as storedValue from '../../../contract/endpoints/stored-value';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { storefrontSite } from '../storefront/service';
import { activeRechargeRules } from './stored-value';
import { rechargeRules } from './tables';
import './messages';

/** Recharge rules (memberStoredValue) and the storefront's read of them. */

type RuleRecord = typeof rechargeRules.$inferSelect;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function ruleRow(rule: RuleRecord): storedValue.RechargeRuleRow {
  return {
    Id: rule.id,
    PayFen: rule.payFen,
    BonusFen: rule.bonusFen,
    BonusPoints: rule.bonusPoints,
    Enabled: rule.enabled,
    StartsAt: iso(rule.startsAt),
    EndsAt: iso(rule.endsAt),
    Version: rule.version,
    UpdatedAt: new Date(rule.updatedAt).toISOString(),
  };
}

async function findRule(db: Executor, siteId: number, id: number, field: string): Promise<RuleRecord> {
  const [rule] = await db
    .select()
    .from(rechargeRules)
    .where(and(eq(rechargeRules.siteId, siteId), eq(rechargeRules.id, id)));
  if (!rule) throw new AppError('storedValue.ruleNotFound', { id }, { field });
  return rule;
}

const summary = (rule: RuleRecord | null) =>
  rule && {
    payFen: rule.payFen,
    bonusFen: rule.bonusFen,
    bonusPoints: rule.bonusPoints,
    enabled: rule.enabled,
    startsAt: iso(rule.startsAt),
    endsAt: iso(rule.endsAt),
  };

export const storedValueRoutes = [
  defineRoute(storedValue.getRechargeRuleList, async ({ db, session, input }) => {
    const rows = await db
      .select()
      .from(rechargeRules)
      .where(eq(rechargeRules.siteId, session.siteId))
      .orderBy(
        input.sort === 'payFen' ? asc(rechargeRules.payFen) : desc(rechargeRules.payFen),
        asc(rechargeRules.id),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db
      .select({ total: count() })
      .from(rechargeRules)
      .where(eq(rechargeRules.siteId, session.siteId));
    return { Data: rows.map(ruleRow), Total: total?.total ?? 0 };
  }),

  defineRoute(storedValue.setRechargeRule, async ({ db, session, input, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      // One save at a time per site: two enabled rules of one amount are checked across rows.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('recharge_rules'), ${session.siteId})`);
      const before = input.Id ? await findRule(tx, session.siteId, input.Id, 'Id') : null;
      if (before && input.Version !== undefined && before.version !== input.Version) {
        return { stale: before.version, row: null };
      }
      if (!before) {
        const [total] = await tx
          .select({ total: count() })
          .from(rechargeRules)
          .where(eq(rechargeRules.siteId, session.siteId));
        if ((total?.total ?? 0) >= storedValue.MAX_RECHARGE_RULES) {
          throw new AppError(
            'storedValue.tooMany',
            { max: storedValue.MAX_RECHARGE_RULES },
            { field: 'PayFen' },
          );
        }
      }
      if (input.Enabled) {
        const [twin] = await tx
          .select({ id: rechargeRules.id })
          .from(rechargeRules)
          .where(
            and(
              eq(rechargeRules.siteId, session.siteId),
              eq(rechargeRules.payFen, input.PayFen),
              eq(rechargeRules.enabled, true),
              before ? ne(rechargeRules.id, before.id) : undefined,
            ),
          );
        if (twin) throw new AppError('storedValue.ruleAmountTaken', {}, { field: 'PayFen' });
      }
      const values = {
        payFen: input.PayFen,
        bonusFen: input.BonusFen,
        bonusPoints: input.BonusPoints,
        enabled: input.Enabled,
        startsAt: input.StartsAt ? new Date(input.StartsAt) : null,
        endsAt: input.EndsAt ? new Date(input.EndsAt) : null,
        updatedAt: new Date(),
      };
      const [row] = before
        ? await tx
            .update(rechargeRules)
            .set({ ...values, version: sql`${rechargeRules.version} + 1` })
            .where(eq(rechargeRules.id, before.id))
            .returning()
        : await tx
            .insert(rechargeRules)
            .values({ ...values, siteId: session.siteId })
            .returning();
      await audit(
        tx,
        session,
        before ? 'rechargeRule.update' : 'rechargeRule.create',
        `rechargeRule:${row!.id}`,
        {
          before: summary(before),
          after: summary(row!),
        },
      );
      return { stale: null, row: row! };
    });
    if (saved.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'storedValue.stale',
        yours: input.Version!,
        current: saved.stale,
      });
    }
    return ruleRow(saved.row!);
  }),

  defineRoute(storedValue.deleteRechargeRule, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const rule = await findRule(tx, session.siteId, input.Id, 'Id');
      await tx.delete(rechargeRules).where(eq(rechargeRules.id, rule.id));
      await audit(tx, session, 'rechargeRule.delete', `rechargeRule:${rule.id}`, {
        before: summary(rule),
        after: null,
      });
      return { Id: rule.id };
    });
  }),

  defineRoute(storedValue.getRechargeRules, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    const rules = await activeRechargeRules(db, siteId, new Date());
    return {
      Data: rules.map((rule) => ({
        PayFen: rule.pay_fen,
        BonusFen: rule.bonus_fen,
        BonusPoints: rule.bonus_points,
      })),
    };
  }),
];
