import { Badge, Button, HStack, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  getLotteryInfo,
  type LotteryDetail,
  type RecordRow,
  recordListResource,
} from '../../../contract/endpoints/lotteries';
import { nothingChance } from '../../../contract/lottery';
import { LotteryPermission, lotteryRecordMachine } from '../../../contract/machines/lottery';
import { EnumLabel } from '../../../src/lib/enum-values';
import { thousands } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../../core/column-kinds';
import { RecordView } from '../../core/record-view';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { useRecord } from '../../core/use-record';
import { basisPointsText } from './lottery-form';
import { lotteryCatalogues } from './messages';
import { ShipPrizeDialog } from './ship-dialog';

const column = columnKinds<RecordRow>('lotteryRecords.column');

const RECORD_PALETTE = {
  none: 'gray',
  delivered: 'green',
  toShip: 'orange',
  shipped: 'blue',
  received: 'green',
} as const;

/** The records of one draw, by delivery state; goods prizes ship from here. */
const recordDefinition: ResourceDefinition<RecordRow> = {
  list: recordListResource,
  path: LotteryPermission.details,
  rowKey: (row) => row.Id,
  rowName: (row) => row.RecordNo,
  columns: [
    column.twoLines(
      'record',
      (row) => row.RecordNo,
      (row) => row.LotteryTitle,
    ),
    column.twoLines(
      'member',
      (row) => row.MemberName,
      (row) => row.MemberNo,
    ),
    column.twoLines(
      'prize',
      (row) => row.PrizeName,
      (row) => <FormattedMessage id={`lotteryRecords.filter.outcome.${row.Outcome}`} />,
    ),
    column.number('points', (row) => row.PointsSpent),
    column.twoLines(
      'receiver',
      (row) => (row.Outcome === 'goods' ? `${row.ReceiverName} ${row.ReceiverPhone}` : '—'),
      (row) => row.AddressText,
    ),
    column.twoLines(
      'shipment',
      (row) => (row.Carrier ? <EnumLabel type="carrier" value={row.Carrier} /> : '—'),
      (row) => row.TrackingNo,
    ),
    column.state('state', [machineBadge(lotteryRecordMachine, (row) => row.State, RECORD_PALETTE)]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  actions: [
    {
      kind: 'machine',
      machine: lotteryRecordMachine,
      state: (row) => row.State,
      call: () => null,
      dialogs: { shipPrizeForm: ShipPrizeDialog },
      bulk: false,
    },
  ],
};

function Summary({ lottery }: { lottery: LotteryDetail }) {
  const intl = useIntl();
  const figure = (label: string, value: number) => (
    <Stat.Root borderWidth="1px" borderRadius="md" padding="3" bg="bg">
      <Stat.Label>{intl.formatMessage({ id: label })}</Stat.Label>
      <Stat.ValueText>{thousands(value)}</Stat.ValueText>
    </Stat.Root>
  );
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="semibold">{lottery.Title}</Text>
        <Badge>
          <FormattedMessage id={`lotteries.tab.${lottery.State}`} />
        </Badge>
        <Button asChild size="sm" variant="outline">
          <Link to={`${LotteryPermission.edit}?id=${lottery.Id}`}>
            <FormattedMessage id="lotteries.edit" />
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={LotteryPermission.list}>
            <FormattedMessage id="lotteryRecords.backToList" />
          </Link>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {figure('lotteryRecords.figure.draws', lottery.Draws)}
        {figure('lotteryRecords.figure.wins', lottery.Wins)}
        {figure(
          'lotteryRecords.figure.prizesLeft',
          lottery.Prizes.reduce((sum, prize) => sum + prize.Stock, 0),
        )}
      </SimpleGrid>
      <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'lotteryRecords.prizesTable' })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage({ id: 'lotteries.form.prizeName' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage({ id: 'lotteries.form.prizeKind' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage({ id: 'lotteries.form.chance' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage({ id: 'lotteries.form.stock' })}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage({ id: 'lotteries.form.won' })}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lottery.Prizes.map((prize) => (
            <Table.Row key={prize.Id}>
              <Table.Cell>{prize.Name}</Table.Cell>
              <Table.Cell>
                <FormattedMessage id={`lotteries.kind.${prize.Kind}`} />
              </Table.Cell>
              <Table.Cell>{basisPointsText(prize.ChanceBp)} %</Table.Cell>
              <Table.Cell>{prize.Stock}</Table.Cell>
              <Table.Cell>{prize.Won}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row>
            <Table.Cell>{lottery.NothingText}</Table.Cell>
            <Table.Cell>
              <FormattedMessage id="lotteries.kind.nothing" />
            </Table.Cell>
            <Table.Cell>
              {basisPointsText(nothingChance(lottery.Prizes.map((prize) => ({ chanceBp: prize.ChanceBp }))))}{' '}
              %
            </Table.Cell>
            <Table.Cell>—</Table.Cell>
            <Table.Cell>{lottery.Draws - lottery.Wins}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/** /marketing/lotteryDetails?id=: one draw's prizes and its records, filtered, exported, shipped. */
function LotteryDetailsPage() {
  const record = useRecord(getLotteryInfo);
  return (
    <RecordView record={record}>
      {(lottery) => (
        <ResourceScreen
          definition={recordDefinition}
          keep={{ id: String(lottery.Id) }}
          scope={{ lotteryId: String(lottery.Id) }}
          header={<Summary lottery={lottery} />}
        />
      )}
    </RecordView>
  );
}

export default withModuleMessages(LotteryDetailsPage, lotteryCatalogues);
