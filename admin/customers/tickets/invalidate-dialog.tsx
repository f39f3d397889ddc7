import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { invalidateTicket, type TicketRow } from '../../../contract/endpoints/tickets';
import { INVALIDATE_REASON_MAX, invalidateForm, ticketMachine } from '../../../contract/machines/ticket';
import { actionLabelKey } from '../../../contract/state-machine';
import { FormDialog } from '../../../src/lib/form-dialog';
import { ReasonField } from '../../core/reason-field';
import { useResourceAction } from '../../core/use-resource-list';

/** The invalidate action's form: the reason the member will read. */
export function InvalidateDialog({ rows, onClose }: { rows: TicketRow[]; onClose(): void }) {
  const intl = useIntl();
  const ticket = rows[0]!;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const action = useResourceAction([], invalidateTicket);
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'tickets.invalidateTitle' }, { code: ticket.Code })}
      submitLabel={intl.formatMessage({ id: actionLabelKey(ticketMachine, 'invalidate') })}
      destructive
      busy={action.pending}
      onClose={onClose}
      onSubmit={async () => {
        if (!invalidateForm.safeParse({ Reason: reason }).success) {
          setError(intl.formatMessage({ id: 'tickets.reasonRequired' }));
          return;
        }
        const done = await action.run({
          input: { Id: ticket.Id, Reason: reason.trim(), Version: ticket.Version },
        });
        if (done) onClose();
      }}
    >
      <ReasonField
        label={<FormattedMessage id="tickets.invalidateReason" />}
        value={reason}
        maxLength={INVALIDATE_REASON_MAX}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        help={<FormattedMessage id="tickets.invalidateHelp" values={{ max: INVALIDATE_REASON_MAX }} />}
      />
    </FormDialog>
  );
}
