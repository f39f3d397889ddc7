import type { AreaSeed } from '../../db/seed';
import { seedComplaints } from './complaint-seed';
import { seedMembers } from './member-seed';

/** The customer area's demo data: members first, then the complaints they file. */
export const customerSeed: AreaSeed = async (db, demo) => {
  await seedMembers(db, demo);
  await seedComplaints(db, demo);
};
