import type { LinkKind } from '../../../contract/link-targets';
import type { EndedEntities, ExistingEntities } from '../../../contract/template/publish-check';
import type { Database } from '../../db/client';

/**
 * Which linked entities still exist, per link kind. Areas that own an entity's table register a
 * check here; the publish check judges links of registered kinds only (others cannot be checked yet).
 */
export type ExistenceCheck = (
  db: Database,
  siteId: number,
  ids: readonly number[],
) => Promise<ReadonlySet<number>>;

const checks = new Map<LinkKind, ExistenceCheck>();
const endedChecks = new Map<LinkKind, ExistenceCheck>();

export function registerEntityExistence(kind: LinkKind, check: ExistenceCheck): void {
  checks.set(kind, check);
}

/** Areas whose entities can end for good (a coupon) say which of the wanted ids have. */
export function registerEntityEnded(kind: LinkKind, check: ExistenceCheck): void {
  endedChecks.set(kind, check);
}

export function registeredKinds(): LinkKind[] {
  return [...checks.keys()];
}

/** The existing ids among those wanted, for every registered kind (empty sets for kinds not wanted). */
export async function existingEntities(
  db: Database,
  siteId: number,
  wanted: ReadonlyMap<LinkKind, ReadonlySet<number>>,
): Promise<ExistingEntities> {
  const existing: ExistingEntities = {};
  for (const [kind, check] of checks) {
    const ids = [...(wanted.get(kind) ?? [])];
    existing[kind] = ids.length === 0 ? new Set() : await check(db, siteId, ids);
  }
  return existing;
}

/** The ended ids among those wanted, for every kind that can end. */
export async function endedEntities(
  db: Database,
  siteId: number,
  wanted: ReadonlyMap<LinkKind, ReadonlySet<number>>,
): Promise<EndedEntities> {
  const ended: EndedEntities = {};
  for (const [kind, check] of endedChecks) {
    const ids = [...(wanted.get(kind) ?? [])];
    if (ids.length > 0) ended[kind] = await check(db, siteId, ids);
  }
  return ended;
}
