import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import type { FieldProblem } from '../../../contract/list-query';
import { actionLabelKey, type StateMachine, stateLabelKey } from '../../../contract/state-machine';
import type { Session } from '../../auth/session';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';

/** A stale `Version`: the client recognises the field and offers to reload. */
export function staleVersion(): AppError {
  return new AppError('common.staleVersion', {}, { field: STALE_VERSION_FIELD, showType: ShowType.dialog });
}

export function notFound(key: string, id: number, field = 'Id'): AppError {
  return new AppError(key, { id }, { field });
}

/** The first broken rule as the error (its field for the form); nothing when there is none. */
export function throwProblems(problems: readonly FieldProblem[]): void {
  const first = problems[0];
  if (first) throw new AppError(first.key, first.params ?? {}, { field: first.field });
}

export function requireVersion(version: number | undefined): number {
  if (version === undefined)
    throw new AppError('product.versionRequired', {}, { field: STALE_VERSION_FIELD });
  return version;
}

/** A second menu path some calls need beyond their route's (e.g. creating goods needs issueGoods). */
export function requireGranted(session: Session, path: string): void {
  if (!session.grantedPaths.has(path)) throw new AppError('common.forbidden', {}, { status: 403 });
}

/**
 * "“name” cannot be <action>: it is <state>". The state may belong to another machine than the
 * action (goods in the recycle bin cannot be put on the shelf).
 */
export function illegalTransition(
  locale: Locale,
  name: string,
  state: { machine: StateMachine; value: string },
  action: { machine: StateMachine; name: string },
): AppError {
  return new AppError('product.illegalTransition', {
    name,
    state: translate(locale, stateLabelKey(state.machine, state.value)),
    action: translate(locale, actionLabelKey(action.machine, action.name)),
  });
}

export function uniqueIds(ids: readonly number[], field = 'Ids'): number[] {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw new AppError('product.duplicateIds', { id }, { field });
    seen.add(id);
  }
  return [...seen];
}

export const productTarget = (id: number) => `product:${id}`;
