import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { cancelExchange, type ExchangeRow, shipExchange } from '../../../contract/endpoints/points-exchange';
import { REASON_MAX, TRACKING_NO_PATTERN } from '../../../contract/machines/order';
import { exchangeMachine, shipExchangeForm } from '../../../contract/machines/points-exchange';
import { actionLabelKey } from '../../../contract/state-machine';
import { FormDialog } from '../../../src/lib/form-dialog';
import { type ParcelCarrier, ParcelFields } from '../../core/parcel-fields';
import { ReasonDialog } from '../../core/reason-dialog';
import { useResourceAction } from '../../core/use-resource-list';

/** Ships an exchange order: carrier and tracking number, checked as the server checks them. */
export function ShipExchangeDialog({ rows, onClose }: { rows: ExchangeRow[]; onClose(): void }) {
  const intl = useIntl();
  const exchange = rows[0]!;
  const [carrier, setCarrier] = useState<ParcelCarrier>('SF');
  const [trackingNo, setTrackingNo] = useState('');
  const [error, setError] = useState<string>();
  const action = useResourceAction([], shipExchange);
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'exchanges.shipTitle' }, { number: exchange.ExchangeNo })}
      submitLabel={intl.formatMessage({ id: actionLabelKey(exchangeMachine, 'ship') })}
      busy={action.pending}
      onClose={onClose}
      onSubmit={async () => {
        const input = { Carrier: carrier, TrackingNo: trackingNo.trim() };
        if (!shipExchangeForm.safeParse(input).success || !TRACKING_NO_PATTERN.test(input.TrackingNo)) {
          setError(intl.formatMessage({ id: 'exchanges.trackingNoInvalid' }));
          return;
        }
        if (await action.run({ input: { Id: exchange.Id, ...input } })) onClose();
      }}
    >
      <Stack gap="4">
        <ParcelFields
          messages="exchanges"
          carrier={carrier}
          onCarrier={setCarrier}
          trackingNo={trackingNo}
          onTrackingNo={(value) => {
            setTrackingNo(value);
            setError(undefined);
          }}
          error={error}
        />
      </Stack>
    </FormDialog>
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
