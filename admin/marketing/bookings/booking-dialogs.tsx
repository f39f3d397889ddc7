import { useIntl } from 'react-intl';
import { type BookingRow, cancelBooking } from '../../../contract/endpoints/bookings';
import { bookingMachine } from '../../../contract/machines/booking';
import { REASON_MAX } from '../../../contract/machines/order';
import { actionLabelKey } from '../../../contract/state-machine';
import { ReasonDialog } from '../../core/reason-dialog';
import { useResourceAction } from '../../core/use-resource-list';

/** Cancels a booking with the reason the buyer is told; the seat goes back and a paid deposit is refunded. */
export function CancelBookingDialog({
  rows,
  onClose,
}: {
  rows: Pick<BookingRow, 'BookingNo' | 'Id' | 'Deposit'>[];
  onClose(): void;
}) {
  const intl = useIntl();
  const booking = rows[0]!;
  const action = useResourceAction([], cancelBooking);
  return (
    <ReasonDialog
      title={intl.formatMessage({ id: 'bookings.cancelTitle' }, { number: booking.BookingNo })}
      label={intl.formatMessage({ id: 'bookings.cancelReason' })}
      help={intl.formatMessage({ id: 'bookings.cancelHelp' }, { deposit: booking.Deposit })}
      required={intl.formatMessage({ id: 'bookings.reasonRequired' })}
      max={REASON_MAX}
      submitLabel={intl.formatMessage({ id: actionLabelKey(bookingMachine, 'cancel') })}
      destructive
      onSubmit={(Reason) => action.run({ input: { Id: booking.Id, Reason } })}
      onClose={onClose}
    />
  );
}
