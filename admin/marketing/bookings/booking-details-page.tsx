import { Badge, Box, Button, DataList, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  type BookingDetail,
  completeBookings,
  confirmBookings,
  getBookingInfo,
} from '../../../contract/endpoints/bookings';
import {
  type BookingAction,
  BookingPermission,
  bookingBlocker,
  bookingMachine,
} from '../../../contract/machines/booking';
import { actionLabelKey, legalActions, stateLabelKey } from '../../../contract/state-machine';
import { groupTicketCode } from '../../../contract/ticket-code';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useGrantedPaths, useResourceAction } from '../../core/use-resource-list';
import { CancelBookingDialog } from './booking-dialogs';
import { BOOKING_PALETTE, DEPOSIT_PALETTE } from './booking-list-page';
import { bookingCatalogues } from './messages';

const TIME = '{y}-{m}-{d} {h}:{i}';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="5" aria-label={title}>
      <Heading as="h2" size="md" marginBottom="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value === '' || value === null ? '—' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The operator's buttons: the machine's legal actions, confirm and complete held by the deposit. */
function BookingActions({ booking, onCancel }: { booking: BookingDetail; onCancel(): void }) {
  const granted = useGrantedPaths();
  const confirm = useResourceAction([], confirmBookings);
  const complete = useResourceAction([], completeBookings);
  const actions = legalActions(bookingMachine, booking.State, granted).filter(
    (action) => bookingBlocker(action.name as BookingAction, booking.Deposit) === null,
  );
  return actions.map((action) => (
    <Button
      key={action.name}
      size="sm"
      variant={action.destructive ? 'outline' : 'solid'}
      colorPalette={action.destructive ? 'red' : 'brand'}
      loading={confirm.pending || complete.pending}
      onClick={() => {
        if (action.name === 'cancel') onCancel();
        else if (action.name === 'confirm') void confirm.run({ input: { Ids: [booking.Id] } });
        else
          void complete.run({
            input: { Ids: [booking.Id] },
            confirmKey: 'bookings.confirm.complete',
          });
      }}
    >
      <FormattedMessage id={actionLabelKey(bookingMachine, action.name)} />
    </Button>
  ));
}

function BookingView({ booking }: { booking: BookingDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [cancelling, setCancelling] = useState(false);
  return (
    <Stack gap="4" padding="5" maxWidth="5xl">
      <PageHeading title={t('bookings.detailsTitle', { number: booking.BookingNo })}>
        <Badge colorPalette={BOOKING_PALETTE[booking.State]} size="lg">
          <FormattedMessage id={stateLabelKey(bookingMachine, booking.State)} />
        </Badge>
        <BookingActions booking={booking} onCancel={() => setCancelling(true)} />
        <Button asChild size="sm" variant="outline">
          <Link to={BookingPermission.bookings}>
            <FormattedMessage id="bookings.backToList" />
          </Link>
        </Button>
      </PageHeading>
      <Section title={t('bookings.section.booking')}>
        <Facts
          items={[
            [t('bookings.field.form'), booking.FormTitle],
            [t('bookings.field.day'), booking.Day],
            [t('bookings.field.slot'), `${booking.Start}-${booking.End}`],
            [t('bookings.field.store'), booking.StoreTitle],
            [t('bookings.field.createdAt'), parseTime(booking.CreatedAt, TIME)],
            [t('bookings.field.confirmedAt'), parseTime(booking.ConfirmedAt, TIME)],
            [t('bookings.field.doneAt'), parseTime(booking.DoneAt, TIME)],
          ]}
        />
      </Section>
      <Section title={t('bookings.section.booker')}>
        <Facts
          items={[
            [t('bookings.field.name'), booking.Name],
            [t('bookings.field.phone'), booking.Phone],
            [t('bookings.field.memberNo'), booking.MemberNo],
            [t('bookings.field.remark'), booking.BuyerRemark],
          ]}
        />
      </Section>
      <Section title={t('bookings.section.answers')}>
        {booking.Answers.length === 0 ? (
          <Text color="fg.muted">
            <FormattedMessage id="bookings.noAnswers" />
          </Text>
        ) : (
          <Facts
            items={booking.Answers.map((answer) => [
              answer.Label,
              answer.Images.length > 0 ? (
                <Stack key={answer.FieldId} direction="row" gap="2">
                  {answer.Images.map((image, index) => (
                    <a key={image} href={image} target="_blank" rel="noreferrer">
                      <FormattedMessage
                        id="bookings.image"
                        values={{ label: answer.Label, index: index + 1 }}
                      />
                    </a>
                  ))}
                </Stack>
              ) : (
                answer.Text
              ),
            ])}
          />
        )}
      </Section>
      <Section title={t('bookings.section.deposit')}>
        <Facts
          items={[
            [
              t('bookings.field.deposit'),
              <Badge key="deposit" colorPalette={DEPOSIT_PALETTE[booking.Deposit]}>
                <FormattedMessage id={`bookings.deposit.${booking.Deposit}`} />
              </Badge>,
            ],
            [
              t('bookings.field.depositFen'),
              booking.DepositFen > 0 ? `¥${fenToYuan(booking.DepositFen)}` : '',
            ],
            [
              t('bookings.field.orderNo'),
              booking.OrderNo ? (
                <Link key="order" to={`/order/orderSupervise?keyword=${booking.OrderNo}`}>
                  {booking.OrderNo}
                </Link>
              ) : (
                ''
              ),
            ],
            [
              t('bookings.field.tickets'),
              booking.Tickets.map((ticket) =>
                t('bookings.ticket', {
                  code: groupTicketCode(ticket.Code),
                  state: t(`bookings.ticketState.${ticket.State}`),
                  until: parseTime(ticket.ValidUntil, '{y}-{m}-{d}') ?? '',
                }),
              ).join('; '),
            ],
          ]}
        />
      </Section>
      {booking.State === 'cancelled' && (
        <Section title={t('bookings.section.cancelled')}>
          <Facts
            items={[
              [t('bookings.field.cancelledAt'), parseTime(booking.CancelledAt, TIME)],
              [t('bookings.field.cancelReason'), booking.CancelReason],
            ]}
          />
        </Section>
      )}
      <Section title={t('bookings.section.log')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('bookings.log.at')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bookings.log.event')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bookings.log.by')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bookings.log.reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {booking.Log.map((entry) => (
              <Table.Row key={`${entry.At}-${entry.Event}`}>
                <Table.Cell whiteSpace="nowrap">{parseTime(entry.At, TIME)}</Table.Cell>
                <Table.Cell>{t(`bookings.event.${entry.Event}`)}</Table.Cell>
                <Table.Cell>{entry.ActorName || t(`bookings.actor.${entry.Actor}`)}</Table.Cell>
                <Table.Cell>{entry.Reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Section>
      {cancelling && <CancelBookingDialog rows={[booking]} onClose={() => setCancelling(false)} />}
    </Stack>
  );
}

/** /marketing/bespeakForm/bespeakOrderDetails?id=: one booking, its answers, deposit and steps. */
function BookingDetailsPage() {
  const record = useRecord(getBookingInfo);
  return <RecordView record={record}>{(booking) => <BookingView booking={booking} />}</RecordView>;
}

export default withModuleMessages(BookingDetailsPage, bookingCatalogues);
