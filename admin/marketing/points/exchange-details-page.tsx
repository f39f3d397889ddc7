import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  DataList,
  Heading,
  HStack,
  Image,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { type ExchangeDetail, getExchangeInfo } from '../../../contract/endpoints/points-exchange';
import { exchangeMachine, PointsPermission } from '../../../contract/machines/points-exchange';
import { actionLabelKey, legalActions, stateLabelKey } from '../../../contract/state-machine';
import { groupTicketCode } from '../../../contract/ticket-code';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useGrantedPaths } from '../../core/use-resource-list';
import { CancelExchangeDialog, ShipExchangeDialog } from './exchange-dialogs';
import { EXCHANGE_PALETTE } from './exchange-list-page';
import { pointsCatalogues } from './messages';
import { PointsPrice } from './points-price';

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
  const intl = useIntl();
  return (
    <DataList.Root orientation="horizontal">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{intl.formatMessage({ id: label })}</DataList.ItemLabel>
          <DataList.ItemValue>{value === '' || value === null ? '—' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** A step's facts in words: points, money, carrier and the rest, each under its own label. */
function StepFacts({ detail }: { detail: ExchangeDetail['Log'][number]['Detail'] }) {
  const intl = useIntl();
  const payment = useEnumLabels('paymentMethod');
  const carriers = useEnumLabels('carrier');
  const say = (key: string, value: string | number) => {
    if (key === 'CashFen' || key === 'AmountFen') return fenToYuan(Number(value));
    if (key === 'Carrier') return carriers.label(value);
    if (key === 'Method') return payment.label(value);
    return value;
  };
  return (
    <>
      {Object.entries(detail)
        .map(([key, value]) =>
          intl.formatMessage({ id: `exchanges.fact.${key}` }, { value: say(key, value) }),
        )
        .join(intl.formatMessage({ id: 'exchanges.factSeparator' }))}
    </>
  );
}

function ExchangeView({ exchange }: { exchange: ExchangeDetail }) {
  const intl = useIntl();
  const payment = useEnumLabels('paymentMethod');
  const carriers = useEnumLabels('carrier');
  const t = (id: string) => intl.formatMessage({ id });
  const granted = useGrantedPaths();
  const [open, setOpen] = useState<'shipExchangeForm' | 'cancelExchangeForm' | null>(null);
  const actions = legalActions(exchangeMachine, exchange.State, granted);
  const address = exchange.Address;
  return (
    <Stack gap="4" padding="5" maxWidth="5xl">
      <PageHeading
        title={intl.formatMessage({ id: 'exchanges.detailsTitle' }, { number: exchange.ExchangeNo })}
      >
        <Badge colorPalette={EXCHANGE_PALETTE[exchange.State]} size="lg">
          <FormattedMessage id={stateLabelKey(exchangeMachine, exchange.State)} />
        </Badge>
        {actions.map((action) => (
          <Button
            key={action.name}
            size="sm"
            variant={action.destructive ? 'outline' : 'solid'}
            colorPalette={action.destructive ? 'red' : 'brand'}
            onClick={() => setOpen(action.form as typeof open)}
          >
            <FormattedMessage id={actionLabelKey(exchangeMachine, action.name)} />
          </Button>
        ))}
        <Button asChild size="sm" variant="outline">
          <Link to={PointsPermission.exchanges}>
            <FormattedMessage id="exchanges.backToList" />
          </Link>
        </Button>
      </PageHeading>
      <Section title={t('exchanges.section.goods')}>
        <HStack gap="4" align="start">
          {exchange.Image && (
            <Image src={exchange.Image} alt="" boxSize="20" objectFit="cover" borderRadius="md" />
          )}
          <Facts
            items={[
              ['exchanges.field.title', exchange.Title],
              ['exchanges.field.kind', t(`points.kind.${exchange.Kind}`)],
              [
                'exchanges.field.unit',
                <PointsPrice key="unit" points={exchange.UnitPoints} priceFen={exchange.UnitCashFen} />,
              ],
              ['exchanges.field.quantity', exchange.Quantity],
              [
                'exchanges.field.total',
                <PointsPrice key="total" points={exchange.Points} priceFen={exchange.CashFen} />,
              ],
              ['exchanges.field.createdAt', parseTime(exchange.CreatedAt, TIME)],
            ]}
          />
        </HStack>
      </Section>
      <Section title={t('exchanges.section.member')}>
        <Facts
          items={[
            [
              'exchanges.field.member',
              <ChakraLink key="member" asChild colorPalette="brand">
                <Link to={`${PointsPermission.details}?id=${exchange.MemberId}`}>
                  {exchange.MemberName} ({exchange.MemberNo})
                </Link>
              </ChakraLink>,
            ],
            ['exchanges.field.mobile', exchange.MemberMobile],
            ['exchanges.field.remark', exchange.BuyerRemark],
          ]}
        />
      </Section>
      {exchange.Kind === 'physical' ? (
        <Section title={t('exchanges.section.delivery')}>
          <Facts
            items={[
              ['exchanges.field.receiver', `${exchange.ReceiverName} ${exchange.ReceiverPhone}`],
              [
                'exchanges.field.address',
                address ? `${address.Province}${address.City}${address.District}${address.Detail}` : '',
              ],
              ['exchanges.field.carrier', exchange.Carrier ? carriers.label(exchange.Carrier) : ''],
              ['exchanges.field.trackingNo', exchange.TrackingNo],
              ['exchanges.field.shippedAt', parseTime(exchange.ShippedAt, TIME)],
              ['exchanges.field.completedAt', parseTime(exchange.CompletedAt, TIME)],
            ]}
          />
        </Section>
      ) : (
        <Section title={t('exchanges.section.tickets')}>
          {exchange.Tickets.length === 0 ? (
            <Text color="fg.muted">
              <FormattedMessage id="exchanges.noTickets" />
            </Text>
          ) : (
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('exchanges.ticket.code')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('exchanges.ticket.state')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('exchanges.ticket.validUntil')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {exchange.Tickets.map((ticket) => (
                  <Table.Row key={ticket.Code}>
                    <Table.Cell>{groupTicketCode(ticket.Code)}</Table.Cell>
                    <Table.Cell>{t(`exchanges.ticketState.${ticket.State}`)}</Table.Cell>
                    <Table.Cell>{parseTime(ticket.ValidUntil, TIME)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Section>
      )}
      {exchange.CashFen > 0 && (
        <Section title={t('exchanges.section.payment')}>
          <Facts
            items={[
              ['exchanges.field.cash', `¥${fenToYuan(exchange.CashFen)}`],
              ['exchanges.field.method', exchange.PaymentMethod ? payment.label(exchange.PaymentMethod) : ''],
              ['exchanges.field.transactionNo', exchange.TransactionNo],
              ['exchanges.field.paidAt', parseTime(exchange.PaidAt, TIME)],
              [
                'exchanges.field.payDueAt',
                exchange.State === 'toPay' ? parseTime(exchange.PayDueAt, TIME) : '',
              ],
            ]}
          />
        </Section>
      )}
      {exchange.State === 'cancelled' && (
        <Section title={t('exchanges.section.cancelled')}>
          <Facts
            items={[
              ['exchanges.field.cancelledAt', parseTime(exchange.CancelledAt, TIME)],
              ['exchanges.field.cancelReason', exchange.CancelReason],
            ]}
          />
        </Section>
      )}
      <Section title={t('exchanges.section.timeline')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('exchanges.log.at')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('exchanges.log.event')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('exchanges.log.by')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('exchanges.log.detail')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {exchange.Log.map((entry) => (
              <Table.Row key={`${entry.At}-${entry.Event}`}>
                <Table.Cell whiteSpace="nowrap">{parseTime(entry.At, TIME)}</Table.Cell>
                <Table.Cell>{t(`exchanges.event.${entry.Event}`)}</Table.Cell>
                <Table.Cell>{entry.ActorName || t(`exchanges.actor.${entry.Actor}`)}</Table.Cell>
                <Table.Cell>
                  <StepFacts detail={entry.Detail} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Section>
      {open === 'shipExchangeForm' && <ShipExchangeDialog rows={[exchange]} onClose={() => setOpen(null)} />}
      {open === 'cancelExchangeForm' && (
        <CancelExchangeDialog rows={[exchange]} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}

/** /marketing/integralExchange/integralOrderDetails?id=: one exchange order, its steps, ship and cancel. */
function ExchangeDetailsPage() {
  const record = useRecord(getExchangeInfo);
  return <RecordView record={record}>{(exchange) => <ExchangeView exchange={exchange} />}</RecordView>;
}

export default withModuleMessages(ExchangeDetailsPage, pointsCatalogues);
