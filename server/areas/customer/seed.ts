import type { AreaSeed } from '../../db/seed';
import { seedComplaints } from './complaint-seed';
import { gradeSeed } from './grade-seed';
import { seedMembers } from './member-seed';

/**
 * The customer area's demo data, after the order seed: grades with the growth the paid demo orders
 * earned, then the members' tags, remarks and inviters, then the complaints they file.
 */
export const customerSeed: AreaSeed = async (db, demo) => {
  await gradeSeed(db, demo);
  await seedMembers(db, demo);
  await seedComplaints(db, demo);
};
