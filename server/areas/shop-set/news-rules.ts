import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import { AppError } from '../../http/errors';

/** Errors and checks the column, news and comment routes share. */

export function staleVersion(): AppError {
  return new AppError('common.staleVersion', {}, { field: STALE_VERSION_FIELD, showType: ShowType.dialog });
}

export function requireVersion(version: number | undefined): number {
  if (version === undefined) throw new AppError('news.versionRequired', {}, { field: STALE_VERSION_FIELD });
  return version;
}

export function uniqueIds(ids: readonly number[], field = 'Ids'): number[] {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw new AppError('news.duplicateIds', { id }, { field });
    seen.add(id);
  }
  return [...seen];
}

/** Refuses the ids that were not found among the shop's rows, naming them. */
export function requireAll(wanted: readonly number[], found: Iterable<number>, key: string): void {
  const present = new Set(found);
  const missing = wanted.filter((id) => !present.has(id));
  if (missing.length > 0) throw new AppError(key, { ids: missing.join(', ') }, { field: 'Ids' });
}
