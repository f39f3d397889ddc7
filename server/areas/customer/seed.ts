import type { AreaSeed } from '../../db/seed';
import { seedComplaints } from './complaint-seed';
import { seedMembers } from './member-seed';

/**
 * The customer area's demo data before the order seed: members sign up (tags, remarks, inviters),
 * so the order seed's buyers are members already, then file their complaints. Grades come in the
 * area's late seed, once the orders they earn growth for are paid.
 */
export const customerSeed: AreaSeed = async (db, demo) => {
  await seedMembers(db, demo);
  await seedComplaints(db, demo);
};
