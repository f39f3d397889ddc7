import { FormattedMessage } from 'react-intl';
import {
  type BookingFormRow,
  bookingFormListResource,
  deleteBookingForm,
  getBookingCategoryOptions,
  setBookingFormStatus,
} from '../../../contract/endpoints/booking-forms';
import { BookingPermission } from '../../../contract/machines/booking';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { type ActionCall, optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { bookingCatalogues } from './messages';

const column = columnKinds<BookingFormRow>('bookingForms.column');
const DAY = '{y}-{m}-{d}';
const switchTo =
  (Status: 'on' | 'off') =>
  (Ids: number[]): ActionCall => ({ endpoint: setBookingFormStatus, input: { Ids, Status } });

/** /marketing/bespeakForm/formSupervise: booking forms by their time-and-switch state. */
const formDefinition: ResourceDefinition<BookingFormRow> = {
  list: bookingFormListResource,
  path: BookingPermission.forms,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    column.picture('form', {
      image: (row) => row.Image,
      title: (row) => row.Title,
      muted: (row) => row.CategoryName || <FormattedMessage id="bookingForms.noCategory" />,
    }),
    column.text('price', (row) =>
      row.Price === 'deposit' ? (
        <FormattedMessage id="bookingForms.deposit" values={{ amount: fenToYuan(row.DepositFen) }} />
      ) : (
        <FormattedMessage id="bookingForms.free" />
      ),
    ),
    column.twoLines(
      'seats',
      (row) => (
        <FormattedMessage
          id={`bookingForms.capacity.${row.CapacityMode}`}
          values={{ seats: row.SeatsPerDay, slots: row.SlotCount }}
        />
      ),
      (row) =>
        row.StoreCount > 0 ? (
          <FormattedMessage id="bookingForms.stores" values={{ count: row.StoreCount }} />
        ) : (
          <FormattedMessage id="bookingForms.noStores" />
        ),
    ),
    column.number('bookings', (row) => row.Bookings, { sort: 'bookings' }),
    column.twoLines(
      'window',
      (row) => parseTime(row.StartsAt, DAY),
      (row) => parseTime(row.EndsAt, DAY),
    ),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `bookingForms.tab.${state}`,
        palette: { running: 'green', notStarted: 'blue', ended: 'gray', off: 'orange' },
      },
    ]),
  ],
  options: {
    category: optionsFrom(getBookingCategoryOptions, {}, (data) =>
      data.Data.map((category) => ({ value: String(category.Id), label: category.Name })),
    ),
  },
  toolbar: [
    {
      label: 'bookingForms.add',
      to: BookingPermission.edit,
      permission: BookingPermission.edit,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'bookingForms.edit',
      permission: BookingPermission.edit,
      to: (row) => `${BookingPermission.edit}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'bookings',
      label: 'bookingForms.viewBookings',
      permission: BookingPermission.bookings,
      to: (row) => `${BookingPermission.bookings}?formId=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'off',
      label: 'bookingForms.switchOff',
      permission: BookingPermission.forms,
      confirm: 'bookingForms.confirm.off',
      offer: (row) => row.Status === 'on',
      call: switchTo('off'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'bookingForms.switchOn',
      permission: BookingPermission.forms,
      offer: (row) => row.Status === 'off',
      call: switchTo('on'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'bookingForms.delete',
      permission: BookingPermission.forms,
      destructive: true,
      confirm: 'bookingForms.confirm.delete',
      call: (Ids) => ({ endpoint: deleteBookingForm, input: { Ids } }),
      on: 'both',
    },
  ],
};

function BookingFormListPage() {
  return <ResourceScreen definition={formDefinition} />;
}

export default withModuleMessages(BookingFormListPage, bookingCatalogues);
