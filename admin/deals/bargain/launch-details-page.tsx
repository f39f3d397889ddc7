import { Badge, Button, DataList, Heading, Stack, Table } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { getBargainEventAccountInfo } from '../../../contract/endpoints/bargain';
import { DealPermission, launchMachine } from '../../../contract/machines/deals';
import { OrderPermission } from '../../../contract/machines/order';
import { stateLabelKey } from '../../../contract/state-machine';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { dealCatalogues } from '../messages';
import { LAUNCH_PALETTE } from './launch-list-page';

const time = (value: string | null) => (value ? parseTime(value, '{y}-{m}-{d} {h}:{i}') : '—');

/** /marketing/bargainDefiniteDetails?id=: one launch with every help and the cut each drew. */
function LaunchDetailsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const record = useRecord(getBargainEventAccountInfo);
  return (
    <RecordView record={record}>
      {(launch) => (
        <Stack gap="4" padding="5">
          <PageHeading title={t('launch.title', { name: launch.BuyerName, goods: launch.GoodsName })}>
            <Button
              variant="outline"
              onClick={() => navigate(`${DealPermission.bargainLaunches}?EventId=${launch.EventId}`)}
            >
              <FormattedMessage id="launch.backToLaunches" />
            </Button>
          </PageHeading>
          <DataList.Root orientation="horizontal" size="sm" aria-label={t('launch.facts')}>
            {(
              [
                [
                  'launch.state',
                  <Badge key="state" colorPalette={LAUNCH_PALETTE[launch.State]}>
                    {t(stateLabelKey(launchMachine, launch.State))}
                  </Badge>,
                ],
                ['launch.event', launch.EventTitle],
                ['launch.goods', `${launch.GoodsName} ${launch.SpecText}`],
                ['launch.start', `¥${fenToYuan(launch.StartFen)}`],
                ['launch.current', `¥${fenToYuan(launch.CurrentFen)}`],
                ['launch.floor', `¥${fenToYuan(launch.FloorFen)}`],
                [
                  'launch.helps',
                  t('launches.helpsValue', { helps: launch.Helps, needed: launch.HelpersNeeded }),
                ],
                ['launch.expiresAt', time(launch.ExpiresAt)],
                ['launch.endedAt', time(launch.EndedAt)],
                [
                  'launch.order',
                  launch.OrderId ? (
                    <Link key="order" to={`${OrderPermission.details}?id=${launch.OrderId}`}>
                      {launch.OrderNo}
                    </Link>
                  ) : (
                    '—'
                  ),
                ],
              ] as const
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Heading as="h2" size="md">
            <FormattedMessage id="launch.helpsTitle" />
          </Heading>
          <Table.Root size="sm" aria-label={t('launch.helpsTitle')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('launch.helper')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('launch.cut')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('launch.after')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('launch.at')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {launch.HelpRecords.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={4} color="fg.muted">
                    <FormattedMessage id="launch.noHelps" />
                  </Table.Cell>
                </Table.Row>
              ) : (
                launch.HelpRecords.map((help) => (
                  <Table.Row key={help.Id}>
                    <Table.Cell>{help.HelperName}</Table.Cell>
                    <Table.Cell textAlign="end">¥{fenToYuan(help.CutFen)}</Table.Cell>
                    <Table.Cell textAlign="end">¥{fenToYuan(help.AfterFen)}</Table.Cell>
                    <Table.Cell>{time(help.At)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Stack>
      )}
    </RecordView>
  );
}

export default withModuleMessages(LaunchDetailsPage, dealCatalogues);
