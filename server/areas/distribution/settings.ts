import { sql } from 'drizzle-orm';
import type { GoodsRuleMode } from '../../../contract/commission';
import {
  DEFAULT_DISTRIBUTION_SETTING,
  type DistributionSetting,
} from '../../../contract/endpoints/distribution';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import './messages';

/**
 * A site's distribution rules. A site that never saved them runs on the defaults (Version 0, off);
 * saving with Version 0 creates its row, later saves need the current Version.
 */

interface SettingRecord extends Record<string, unknown> {
  enabled: boolean;
  levels: number;
  joining: DistributionSetting['Joining'];
  join_spending_fen: number;
  self_purchase: boolean;
  level1_rate: number;
  level2_rate: number;
  settle_moment: DistributionSetting['SettleMoment'];
  freeze_days: number;
  withdraw_min_fen: number;
  withdraw_fee_rate: number;
  withdraw_channels: DistributionSetting['WithdrawChannels'];
  daily_limit_fen: number;
  version: number;
}

export async function readDistributionSetting(
  db: Executor,
  siteId: number,
  lock = false,
): Promise<{ setting: DistributionSetting; version: number }> {
  const [row] = await queryRows<SettingRecord>(
    db,
    sql`select * from distribution_settings where site_id = ${siteId} ${lock ? sql`for share` : sql``}`,
  );
  if (!row) return { setting: DEFAULT_DISTRIBUTION_SETTING, version: 0 };
  return {
    setting: {
      Enabled: row.enabled,
      Levels: row.levels === 2 ? 2 : 1,
      Joining: row.joining,
      JoinSpendingFen: row.join_spending_fen,
      SelfPurchase: row.self_purchase,
      Level1Rate: row.level1_rate,
      Level2Rate: row.level2_rate,
      SettleMoment: row.settle_moment,
      FreezeDays: row.freeze_days,
      WithdrawMinFen: row.withdraw_min_fen,
      WithdrawFeeRate: row.withdraw_fee_rate,
      WithdrawChannels: row.withdraw_channels,
      DailyLimitFen: row.daily_limit_fen,
    },
    version: row.version,
  };
}

/** Saves the rules when `version` is current; returns the new version, or null when stale. */
export async function writeDistributionSetting(
  db: Executor,
  siteId: number,
  setting: DistributionSetting,
  version: number,
): Promise<number | null> {
  const channels = sql`array[${sql.join(
    setting.WithdrawChannels.map((channel) => sql`${channel}`),
    sql`, `,
  )}]::text[]`;
  const rows =
    version === 0
      ? await queryRows<{ version: number }>(
          db,
          sql`insert into distribution_settings (site_id, enabled, levels, joining, join_spending_fen, self_purchase,
                level1_rate, level2_rate, settle_moment, freeze_days, withdraw_min_fen, withdraw_fee_rate,
                withdraw_channels, daily_limit_fen)
              values (${siteId}, ${setting.Enabled}, ${setting.Levels}, ${setting.Joining}, ${setting.JoinSpendingFen},
                ${setting.SelfPurchase}, ${setting.Level1Rate}, ${setting.Level2Rate}, ${setting.SettleMoment},
                ${setting.FreezeDays}, ${setting.WithdrawMinFen}, ${setting.WithdrawFeeRate}, ${channels},
                ${setting.DailyLimitFen})
              on conflict (site_id) do nothing returning version`,
        )
      : await queryRows<{ version: number }>(
          db,
          sql`update distribution_settings
                 set enabled = ${setting.Enabled}, levels = ${setting.Levels}, joining = ${setting.Joining},
                     join_spending_fen = ${setting.JoinSpendingFen}, self_purchase = ${setting.SelfPurchase},
                     level1_rate = ${setting.Level1Rate}, level2_rate = ${setting.Level2Rate},
                     settle_moment = ${setting.SettleMoment}, freeze_days = ${setting.FreezeDays},
                     withdraw_min_fen = ${setting.WithdrawMinFen}, withdraw_fee_rate = ${setting.WithdrawFeeRate},
                     withdraw_channels = ${channels}, daily_limit_fen = ${setting.DailyLimitFen},
                     version = version + 1, updated_at = now()
               where site_id = ${siteId} and version = ${version}
               returning version`,
        );
  return rows[0]?.version ?? null;
}

/** Adds a promoter grade; the caller has checked the name is free and the count under the limit. */
export async function addGrade(
  tx: Executor,
  siteId: number,
  grade: { Name: string; Level1Rate: number; Level2Rate: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into promoter_grades (site_id, name, level1_rate, level2_rate)
        values (${siteId}, ${grade.Name}, ${grade.Level1Rate}, ${grade.Level2Rate}) returning id`,
  );
  return row!.id;
}

/** Adds a goods rule; goods with a rule already are refused (one rule per goods). */
export async function addGoodsRule(
  tx: Executor,
  siteId: number,
  rule: { ProductId: number; Mode: GoodsRuleMode; Level1: number; Level2: number },
): Promise<number> {
  const [product] = await queryRows<{ id: number }>(
    tx,
    sql`select id from products where id = ${rule.ProductId} and site_id = ${siteId} and recycle_state <> 'purged'`,
  );
  if (!product)
    throw new AppError(
      'distribution.goodsRule.productNotFound',
      { id: rule.ProductId },
      { field: 'ProductId' },
    );
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into distribution_goods_rules (site_id, product_id, mode, level1, level2)
        values (${siteId}, ${rule.ProductId}, ${rule.Mode}, ${rule.Level1}, ${rule.Level2})
        on conflict (site_id, product_id) do nothing returning id`,
  );
  if (!row) throw new AppError('distribution.goodsRule.productTaken', {}, { field: 'ProductId' });
  return row.id;
}
