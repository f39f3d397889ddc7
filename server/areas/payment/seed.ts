import type { AreaSeed } from '../../db/seed';
import { paymentSettings } from './tables';

/**
 * Demo payment settings: both shops pay through the sandbox (no demo merchant keys exist); the mall
 * takes every offline method and its last check passed, the official site takes no bank transfers.
 */
export const paymentSeed: AreaSeed = async (db, demo) => {
  const checkedAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await db.insert(paymentSettings).values([
    {
      siteId: demo.mallSiteId,
      version: 2,
      offlineMethods: ['cash', 'card', 'transfer'],
      lastCheck: {
        Ok: true,
        Provider: 'sandbox',
        Code: '',
        Message: 'sandbox',
        CheckedAt: checkedAt.toISOString(),
      },
      updatedAt: checkedAt,
      updatedBy: demo.adminAccountId,
    },
    {
      siteId: demo.secondSiteId,
      version: 2,
      offlineMethods: ['cash', 'card'],
      updatedAt: checkedAt,
    },
  ]);
};
