import { sql } from 'drizzle-orm';
import * as distribution from '../../../contract/endpoints/distribution';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { readParameterSetting } from '../order/service';
import { addGoodsRule, addGrade, readDistributionSetting, writeDistributionSetting } from './settings';
import './messages';

/** The rules (promotionSetting), the promoter grades and the per-goods overrides. */

interface GradeRecord extends Record<string, unknown> {
  id: number;
  name: string;
  level1_rate: number;
  level2_rate: number;
  promoters: number;
  version: number;
}

async function readGrades(db: Executor, siteId: number): Promise<distribution.PromoterGrade[]> {
  const rows = await queryRows<GradeRecord>(
    db,
    sql`select g.id, g.name, g.level1_rate, g.level2_rate, g.version,
               (select count(*)::int from promoters p where p.grade_id = g.id) as promoters
          from promoter_grades g where g.site_id = ${siteId} order by g.level1_rate, g.id`,
  );
  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    Level1Rate: row.level1_rate,
    Level2Rate: row.level2_rate,
    Promoters: row.promoters,
    Version: row.version,
  }));
}

async function nameTaken(db: Executor, siteId: number, name: string, except: number | undefined) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from promoter_grades where site_id = ${siteId} and name = ${name}
          and id <> ${except ?? 0}`,
  );
  return row !== undefined;
}

interface RuleRecord extends Record<string, unknown> {
  id: number;
  product_id: number;
  name: string;
  image: string;
  price_fen: number;
  mode: distribution.GoodsRuleRow['Mode'];
  level1: number;
  level2: number;
  version: number;
}

const target = (kind: string, id: number) => `${kind}:${id}`;

export const settingRoutes = [
  defineRoute(distribution.getDistributionSetting, async ({ db, session }) => {
    const [{ setting, version }, parameter] = await Promise.all([
      readDistributionSetting(db, session.siteId),
      readParameterSetting(db, session.siteId),
    ]);
    return { Setting: setting, Version: version, AfterSaleDays: parameter.value.AfterSaleDays };
  }),

  defineRoute(distribution.setDistributionSetting, async ({ db, session, input, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      const before = await readDistributionSetting(tx, session.siteId);
      const version = await writeDistributionSetting(tx, session.siteId, input.Setting, input.Version);
      if (version !== null) {
        await audit(tx, session, 'distribution.setting', `site:${session.siteId}`, {
          before: before.setting,
          after: input.Setting,
        });
      }
      return { version, current: before.version };
    });
    if (saved.version === null) {
      return refuseStale(reply, {
        locale,
        message: 'distribution.settingStale',
        yours: input.Version,
        current: saved.current,
      });
    }
    return { Version: saved.version };
  }),

  defineRoute(distribution.getPromoterGradeList, async ({ db, session }) => ({
    Data: await readGrades(db, session.siteId),
  })),

  defineRoute(distribution.getPromoterGradeOptions, async ({ db, session }) => ({
    Data: (await readGrades(db, session.siteId)).map((grade) => ({ Id: grade.Id, Name: grade.Name })),
  })),

  defineRoute(distribution.bindPromoterGrade, async ({ db, session, input, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      // Serialises two adds of one name, and the count against the most grades.
      await tx.execute(sql`select id from sites where id = ${session.siteId} for update`);
      if (await nameTaken(tx, session.siteId, input.Name, input.Id))
        throw new AppError('distribution.grade.nameTaken', { name: input.Name }, { field: 'Name' });
      if (input.Id === undefined) {
        const [count] = await queryRows<{ total: number }>(
          tx,
          sql`select count(*)::int as total from promoter_grades where site_id = ${session.siteId}`,
        );
        if ((count?.total ?? 0) >= distribution.MAX_GRADES)
          throw new AppError(
            'distribution.grade.tooMany',
            { max: distribution.MAX_GRADES },
            { field: 'Name' },
          );
        const id = await addGrade(tx, session.siteId, input);
        await audit(tx, session, 'distribution.grade.add', target('promoterGrade', id), {
          name: input.Name,
          level1Rate: input.Level1Rate,
          level2Rate: input.Level2Rate,
        });
        return { id, stale: null };
      }
      const [current] = await queryRows<{
        version: number;
        name: string;
        level1_rate: number;
        level2_rate: number;
      }>(
        tx,
        sql`select version, name, level1_rate, level2_rate from promoter_grades
             where id = ${input.Id} and site_id = ${session.siteId} for update`,
      );
      if (!current) throw new AppError('distribution.grade.notFound', { id: input.Id }, { field: 'Id' });
      if (current.version !== input.Version) return { id: input.Id, stale: current.version };
      await tx.execute(
        sql`update promoter_grades set name = ${input.Name}, level1_rate = ${input.Level1Rate},
                   level2_rate = ${input.Level2Rate}, version = version + 1, updated_at = now()
             where id = ${input.Id}`,
      );
      await audit(tx, session, 'distribution.grade.save', target('promoterGrade', input.Id), {
        before: { name: current.name, level1Rate: current.level1_rate, level2Rate: current.level2_rate },
        after: { name: input.Name, level1Rate: input.Level1Rate, level2Rate: input.Level2Rate },
      });
      return { id: input.Id, stale: null };
    });
    if (saved.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'distribution.grade.stale',
        yours: input.Version ?? 0,
        current: saved.stale,
      });
    }
    return { Id: saved.id };
  }),

  defineRoute(distribution.deletePromoterGrade, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const [grade] = await queryRows<{ name: string }>(
        tx,
        sql`select name from promoter_grades where id = ${input.Id} and site_id = ${session.siteId} for update`,
      );
      if (!grade) throw new AppError('distribution.grade.notFound', { id: input.Id }, { field: 'Id' });
      const [held] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from promoters where grade_id = ${input.Id}`,
      );
      if ((held?.count ?? 0) > 0)
        throw new AppError('distribution.grade.inUse', { count: held!.count }, { field: 'Id' });
      await tx.execute(sql`delete from promoter_grades where id = ${input.Id}`);
      await audit(tx, session, 'distribution.grade.delete', target('promoterGrade', input.Id), {
        name: grade.name,
      });
      return {};
    }),
  ),

  defineRoute(distribution.getGoodsRuleList, async ({ db, session }) => {
    const rows = await queryRows<RuleRecord>(
      db,
      sql`select r.id, r.product_id, p.name, coalesce(p.gallery->>0, '') as image, p.price_fen, r.mode, r.level1,
                 r.level2, r.version
            from distribution_goods_rules r join products p on p.id = r.product_id
           where r.site_id = ${session.siteId} order by r.id`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        ProductId: row.product_id,
        ProductName: row.name,
        Image: row.image,
        PriceFen: row.price_fen,
        Mode: row.mode,
        Level1: row.level1,
        Level2: row.level2,
        Version: row.version,
      })),
    };
  }),

  defineRoute(distribution.bindGoodsRule, async ({ db, session, input, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      const values = { mode: input.Mode, level1: input.Level1, level2: input.Level2 };
      if (input.Id === undefined) {
        const id = await addGoodsRule(tx, session.siteId, input);
        await audit(tx, session, 'distribution.goodsRule.add', target('goodsRule', id), {
          productId: input.ProductId,
          ...values,
        });
        return { id, stale: null };
      }
      const [product] = await queryRows<{ id: number }>(
        tx,
        sql`select id from products where id = ${input.ProductId} and site_id = ${session.siteId}
              and recycle_state <> 'purged'`,
      );
      if (!product)
        throw new AppError(
          'distribution.goodsRule.productNotFound',
          { id: input.ProductId },
          { field: 'ProductId' },
        );
      const [current] = await queryRows<{
        version: number;
        product_id: number;
        mode: string;
        level1: number;
        level2: number;
      }>(
        tx,
        sql`select version, product_id, mode, level1, level2 from distribution_goods_rules
             where id = ${input.Id} and site_id = ${session.siteId} for update`,
      );
      if (!current) throw new AppError('distribution.goodsRule.notFound', { id: input.Id }, { field: 'Id' });
      if (current.version !== input.Version) return { id: input.Id, stale: current.version };
      if (current.product_id !== input.ProductId) {
        const [other] = await queryRows<{ id: number }>(
          tx,
          sql`select id from distribution_goods_rules where site_id = ${session.siteId} and product_id = ${input.ProductId}`,
        );
        if (other) throw new AppError('distribution.goodsRule.productTaken', {}, { field: 'ProductId' });
      }
      await tx.execute(
        sql`update distribution_goods_rules set product_id = ${input.ProductId}, mode = ${input.Mode},
                   level1 = ${input.Level1}, level2 = ${input.Level2}, version = version + 1, updated_at = now()
             where id = ${input.Id}`,
      );
      await audit(tx, session, 'distribution.goodsRule.save', target('goodsRule', input.Id), {
        before: {
          productId: current.product_id,
          mode: current.mode,
          level1: current.level1,
          level2: current.level2,
        },
        after: { productId: input.ProductId, ...values },
      });
      return { id: input.Id, stale: null };
    });
    if (saved.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'distribution.goodsRule.stale',
        yours: input.Version ?? 0,
        current: saved.stale,
      });
    }
    return { Id: saved.id };
  }),

  defineRoute(distribution.deleteGoodsRule, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const [rule] = await queryRows<{ product_id: number; mode: string }>(
        tx,
        sql`delete from distribution_goods_rules where id = ${input.Id} and site_id = ${session.siteId}
            returning product_id, mode`,
      );
      if (!rule) throw new AppError('distribution.goodsRule.notFound', { id: input.Id }, { field: 'Id' });
      await audit(tx, session, 'distribution.goodsRule.delete', target('goodsRule', input.Id), {
        productId: rule.product_id,
        mode: rule.mode,
      });
      return {};
    }),
  ),
];
