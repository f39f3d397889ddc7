import { FormattedMessage } from 'react-intl';
import {
  type BookingRow,
  bookingListResource,
  completeBookings,
  confirmBookings,
  getBookingFilterOptions,
} from '../../../contract/endpoints/bookings';
import {
  type BookingAction,
  BookingPermission,
  bookingBlocker,
  bookingMachine,
} from '../../../contract/machines/booking';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { CancelBookingDialog } from './booking-dialogs';
import { bookingCatalogues } from './messages';

const column = columnKinds<BookingRow>('bookings.column');

export const BOOKING_PALETTE = {
  new: 'orange',
  confirmed: 'blue',
  done: 'green',
  cancelled: 'gray',
} as const;
export const DEPOSIT_PALETTE = {
  none: 'gray',
  toPay: 'orange',
  paid: 'green',
  refunding: 'blue',
  refunded: 'gray',
  closed: 'gray',
} as const;

const detailsOf = (row: BookingRow) => `${BookingPermission.details}?id=${row.Id}`;

/**
 * /marketing/bespeakForm/bespeakOrderSupervise: bookings by state, confirmed, completed and cancelled
 * by the booking machine; a booking whose deposit is unpaid or refunded is never offered a confirm.
 */
export const bookingDefinition: ResourceDefinition<BookingRow> = {
  list: bookingListResource,
  path: BookingPermission.bookings,
  rowKey: (row) => row.Id,
  rowName: (row) => row.BookingNo,
  columns: [
    column.link('number', (row) => row.BookingNo, detailsOf),
    column.twoLines(
      'form',
      (row) => row.FormTitle,
      (row) => row.StoreTitle,
    ),
    column.twoLines(
      'slot',
      (row) => row.Day,
      (row) => `${row.Start}-${row.End}`,
      { sort: 'day' },
    ),
    column.twoLines(
      'booker',
      (row) => row.Name,
      (row) => row.Phone,
    ),
    column.state('deposit', [
      {
        state: (row) => row.Deposit,
        label: (state) => `bookings.deposit.${state}`,
        palette: DEPOSIT_PALETTE,
      },
    ]),
    column.text('depositFen', (row) =>
      row.DepositFen > 0 ? `¥${fenToYuan(row.DepositFen)}` : <FormattedMessage id="bookings.free" />,
    ),
    column.state('state', [machineBadge(bookingMachine, (row) => row.State, BOOKING_PALETTE)]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  options: {
    form: optionsFrom(getBookingFilterOptions, {}, (data) =>
      data.Forms.map((form) => ({ value: String(form.Id), label: form.Title })),
    ),
    store: optionsFrom(getBookingFilterOptions, {}, (data) =>
      data.Stores.map((store) => ({ value: String(store.Id), label: store.Title })),
    ),
  },
  actions: [
    {
      kind: 'link',
      id: 'open',
      label: 'bookings.open',
      permission: BookingPermission.details,
      to: detailsOf,
    },
    {
      kind: 'machine',
      machine: bookingMachine,
      state: (row) => row.State,
      call: (action, Ids) => {
        if (action.name === 'confirm') return { endpoint: confirmBookings, input: { Ids } };
        if (action.name === 'complete') return { endpoint: completeBookings, input: { Ids } };
        return null;
      },
      offer: (action, row) => bookingBlocker(action.name as BookingAction, row.Deposit) === null,
      dialogs: { cancelBookingForm: CancelBookingDialog },
      // A cancellation tells one buyer its own reason.
      bulk: false,
    },
  ],
};

function BookingListPage() {
  return <ResourceScreen definition={bookingDefinition} />;
}

export default withModuleMessages(BookingListPage, bookingCatalogues);
