import { useIntl } from 'react-intl';
import { cancelExchange, type ExchangeRow, shipExchange } from '../../../contract/endpoints/points-exchange';
import { REASON_MAX } from '../../../contract/machines/order';
import { exchangeMachine, shipExchangeForm } from '../../../contract/machines/points-exchange';
import { actionLabelKey } from '../../../contract/state-machine';
import { ParcelDialog } from '../../core/parcel-fields';
import { ReasonDialog } from '../../core/reason-dialog';
import { useResourceAction } from '../../core/use-resource-list';

/** Ships an exchange order. */
export function ShipExchangeDialog({ rows, onClose }: { rows: ExchangeRow[]; onClose(): void }) {
  const intl = useIntl();
  const exchange = rows[0]!;
  const action = useResourceAction([], shipExchange);
  return (
    <ParcelDialog
      title={intl.formatMessage({ id: 'exchanges.shipTitle' }, { number: exchange.ExchangeNo })}
      submitLabel={intl.formatMessage({ id: actionLabelKey(exchangeMachine, 'ship') })}
      messages="exchanges"
      schema={shipExchangeForm}
      busy={action.pending}
      onSubmit={(parcel) => action.run({ input: { Id: exchange.Id, ...parcel } })}
      onClose={onClose}
    />
  );
}

/** Cancels an exchange order not shipped yet: the reason, and what goes back to the member. */
export function CancelExchangeDialog({ rows, onClose }: { rows: ExchangeRow[]; onClose(): void }) {
  const intl = useIntl();
  const exchange = rows[0]!;
  const action = useResourceAction([], cancelExchange);
  return (
    <ReasonDialog
      title={intl.formatMessage({ id: 'exchanges.cancelTitle' }, { number: exchange.ExchangeNo })}
      label={intl.formatMessage({ id: 'exchanges.cancelReason' })}
      help={intl.formatMessage(
        { id: 'exchanges.cancelHelp' },
        { points: exchange.Points, cash: exchange.CashFen > 0 ? 'yes' : 'no' },
      )}
      required={intl.formatMessage({ id: 'exchanges.reasonRequired' })}
      max={REASON_MAX}
      submitLabel={intl.formatMessage({ id: actionLabelKey(exchangeMachine, 'cancel') })}
      destructive
      onSubmit={(Reason) => action.run({ input: { Id: exchange.Id, Reason } })}
      onClose={onClose}
    />
  );
}
