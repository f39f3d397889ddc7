import { sql } from 'drizzle-orm';
import { DEFAULT_POINTS_SETTING, type PointsSetting } from '../../../contract/endpoints/points';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * A site's points rules. A site that never saved them runs on the defaults (Version 0); saving with
 * Version 0 creates its row, later saves need the current Version.
 */

interface SettingRecord extends Record<string, unknown> {
  deduction_enabled: boolean;
  deduct_points_per_yuan: number;
  max_deduct_percent: number;
  min_order_fen: number;
  expiry: PointsSetting['Expiry'];
  sign_in_points: number;
  version: number;
}

export async function readPointsSetting(
  db: Executor,
  siteId: number,
): Promise<PointsSetting & { Version: number }> {
  const [row] = await queryRows<SettingRecord>(
    db,
    sql`select deduction_enabled, deduct_points_per_yuan, max_deduct_percent, min_order_fen, expiry, sign_in_points,
               version
          from points_settings where site_id = ${siteId}`,
  );
  if (!row) return { ...DEFAULT_POINTS_SETTING, Version: 0 };
  return {
    DeductionEnabled: row.deduction_enabled,
    DeductPointsPerYuan: row.deduct_points_per_yuan,
    MaxDeductPercent: row.max_deduct_percent,
    MinOrderFen: row.min_order_fen,
    Expiry: row.expiry,
    SignInPoints: row.sign_in_points,
    Version: row.version,
  };
}

/**
 * Saves the rules when `version` is current; returns the new version, or null when stale. Changing
 * the expiry rule lets the sweep look at the site again.
 */
export async function writePointsSetting(
  db: Executor,
  siteId: number,
  setting: PointsSetting,
  version: number,
): Promise<number | null> {
  const values = sql`${setting.DeductionEnabled}, ${setting.DeductPointsPerYuan}, ${setting.MaxDeductPercent},
    ${setting.MinOrderFen}, ${setting.Expiry}, ${setting.SignInPoints}`;
  const rows =
    version === 0
      ? await queryRows<{ version: number }>(
          db,
          sql`insert into points_settings (site_id, deduction_enabled, deduct_points_per_yuan, max_deduct_percent,
                                           min_order_fen, expiry, sign_in_points)
              values (${siteId}, ${values})
              on conflict (site_id) do nothing returning version`,
        )
      : await queryRows<{ version: number }>(
          db,
          sql`update points_settings
                 set deduction_enabled = ${setting.DeductionEnabled},
                     deduct_points_per_yuan = ${setting.DeductPointsPerYuan},
                     max_deduct_percent = ${setting.MaxDeductPercent},
                     min_order_fen = ${setting.MinOrderFen},
                     expiry = ${setting.Expiry},
                     sign_in_points = ${setting.SignInPoints},
                     expired_through = case when expiry = ${setting.Expiry} then expired_through end,
                     version = version + 1, updated_at = now()
               where site_id = ${siteId} and version = ${version}
               returning version`,
        );
  return rows[0]?.version ?? null;
}
