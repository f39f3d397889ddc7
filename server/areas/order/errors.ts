import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import type { FieldProblem } from '../../../contract/list-query';
import { actionLabelKey, type StateMachine, stateLabelKey } from '../../../contract/state-machine';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';

export function staleVersion(): AppError {
  return new AppError('common.staleVersion', {}, { field: STALE_VERSION_FIELD, showType: ShowType.dialog });
}

export function throwProblems(problems: readonly FieldProblem[]): void {
  const first = problems[0];
  if (first) throw new AppError(first.key, first.params ?? {}, { field: first.field });
}

/** "Order {no} cannot be {action}: it is {state}" in the caller's language. */
export function illegalTransition(
  locale: Locale,
  subject: string,
  state: { machine: StateMachine; value: string },
  action: { machine: StateMachine; name: string },
): AppError {
  return new AppError(
    'order.illegalTransition',
    {
      subject,
      state: translate(locale, stateLabelKey(state.machine, state.value)),
      action: translate(locale, actionLabelKey(action.machine, action.name)),
    },
    { field: 'Action' },
  );
}

export function orderNotFound(id: number | string, field = 'Id'): AppError {
  return new AppError('order.notFound', { id }, { field });
}
