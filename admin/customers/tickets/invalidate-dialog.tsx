import { useIntl } from 'react-intl';
import { invalidateTicket, type TicketRow } from '../../../contract/endpoints/tickets';
import { INVALIDATE_REASON_MAX, ticketMachine } from '../../../contract/machines/ticket';
import { actionLabelKey } from '../../../contract/state-machine';
import { ReasonDialog } from '../../core/reason-dialog';
import { useResourceAction } from '../../core/use-resource-list';

/** The invalidate action's form: the reason the member will read. */
export function InvalidateDialog({ rows, onClose }: { rows: TicketRow[]; onClose(): void }) {
  const intl = useIntl();
  const ticket = rows[0]!;
  const action = useResourceAction([], invalidateTicket);
  return (
    <ReasonDialog
      title={intl.formatMessage({ id: 'tickets.invalidateTitle' }, { code: ticket.Code })}
      label={intl.formatMessage({ id: 'tickets.invalidateReason' })}
      help={intl.formatMessage({ id: 'tickets.invalidateHelp' }, { max: INVALIDATE_REASON_MAX })}
      required={intl.formatMessage({ id: 'tickets.reasonRequired' })}
      max={INVALIDATE_REASON_MAX}
      submitLabel={intl.formatMessage({ id: actionLabelKey(ticketMachine, 'invalidate') })}
      destructive
      onClose={onClose}
      onSubmit={(Reason) => action.run({ input: { Id: ticket.Id, Reason, Version: ticket.Version } })}
    />
  );
}
