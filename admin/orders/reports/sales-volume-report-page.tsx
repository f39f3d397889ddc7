import {
  Box,
  Button,
  EmptyState,
  Flex,
  Heading,
  HStack,
  IconButton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { exportVolumeReport, getVolumeReport, VOLUME_GROUPS } from '../../../contract/endpoints/orders';
import { downloadFile } from '../../../src/lib/file-download';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { EChartsView } from './echarts-view';
import { reportCatalogues } from './messages';
import { type VolumeMetric, volumeChartOption, volumeSort } from './report-chart';
import { parseRange, parseVolumeGroup, type ReportRange, type VolumeGroup } from './report-range';
import { ChoiceGroup, ReportToolbar } from './report-toolbar';

const PAGE_SIZE = 20;
const METRICS: readonly VolumeMetric[] = ['quantity', 'sales'];

function parsePage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /order/salesVolumeReport: quantities and sales by goods or by category, ranked. */
function SalesVolumeReportPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [search, setSearch] = useSearchParams();
  const range = useMemo(() => parseRange(search, new Date()), [search]);
  const by = parseVolumeGroup(search);
  const metric: VolumeMetric = search.get('metric') === 'sales' ? 'sales' : 'quantity';
  const page = parsePage(search);
  const [exporting, setExporting] = useState(false);
  const query = { ...range, by, sort: volumeSort(metric), page, pageSize: PAGE_SIZE };
  const report = useQuery({ ...endpointQuery(getVolumeReport, query), placeholderData: keepPreviousData });
  const go = (
    change: Partial<{ range: ReportRange; by: VolumeGroup; metric: VolumeMetric; page: number }>,
  ) => {
    const next = new URLSearchParams({ ...(change.range ?? range), by: change.by ?? by });
    const nextMetric = change.metric ?? metric;
    if (nextMetric !== 'quantity') next.set('metric', nextMetric);
    if (change.page && change.page > 1) next.set('page', String(change.page));
    setSearch(next);
  };
  const rows = report.data?.Data ?? [];
  const total = report.data?.Total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const option = volumeChartOption(
    rows,
    metric,
    t(`report.volume.metric.${metric}`),
    t('report.volume.uncategorized'),
  );
  const exportReport = async () => {
    setExporting(true);
    try {
      await downloadFile(exportVolumeReport, {
        ...range,
        by,
        sort: volumeSort(metric),
        format: 'xlsx',
      });
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="report.volume.title" />
      </Heading>
      <ReportToolbar range={range} onRange={(next) => go({ range: next })}>
        <ChoiceGroup
          label={t('report.volume.by')}
          values={VOLUME_GROUPS}
          value={by}
          labelOf={(value) => t(`report.volume.by.${value}`)}
          onChange={(value) => go({ by: value })}
        />
        <ChoiceGroup
          label={t('report.volume.rankBy')}
          values={METRICS}
          value={metric}
          labelOf={(value) => t(`report.volume.metric.${value}`)}
          onChange={(value) => go({ metric: value })}
        />
        <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportReport()}>
          <FormattedMessage id="report.exportExcel" />
        </Button>
      </ReportToolbar>

      {rows.length > 0 && (
        <Box bg="bg" borderRadius="md" borderWidth="1px" padding="3">
          <EChartsView
            option={option}
            height="360px"
            label={t('report.volume.chartLabel', {
              by: t(`report.volume.by.${by}`),
              metric: t(`report.volume.metric.${metric}`),
              start: range.startDate,
              end: range.endDate,
            })}
          />
        </Box>
      )}

      <Box
        bg="bg"
        borderRadius="md"
        borderWidth="1px"
        padding="3"
        overflowX="auto"
        aria-busy={report.isFetching}
      >
        <Table.Root size="sm">
          <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" marginBottom="2">
            <FormattedMessage
              id="report.volume.tableCaption"
              values={{ by: t(`report.volume.by.${by}`), metric: t(`report.volume.metric.${metric}`) }}
            />
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader width="16">
                <FormattedMessage id="report.volume.rank" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id={`report.volume.by.${by}`} />
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <FormattedMessage id="report.volume.metric.quantity" />
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <FormattedMessage id="report.volume.metric.sales" />
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <FormattedMessage id="report.volume.orders" />
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={`${row.Rank}-${row.Id ?? 'none'}`}>
                <Table.Cell>{row.Rank}</Table.Cell>
                <Table.Cell as="th" scope="row" fontWeight="normal">
                  {row.Name || t('report.volume.uncategorized')}
                </Table.Cell>
                <Table.Cell textAlign="end">{row.Quantity}</Table.Cell>
                <Table.Cell textAlign="end">¥{fenToYuan(row.SalesFen)}</Table.Cell>
                <Table.Cell textAlign="end">{row.Orders}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          {report.data && (
            <Table.Footer>
              <Table.Row fontWeight="semibold">
                <Table.Cell />
                <Table.Cell as="th" scope="row">
                  <FormattedMessage id="report.total" />
                </Table.Cell>
                <Table.Cell textAlign="end">{report.data.Totals.Quantity}</Table.Cell>
                <Table.Cell textAlign="end">¥{fenToYuan(report.data.Totals.SalesFen)}</Table.Cell>
                <Table.Cell />
              </Table.Row>
            </Table.Footer>
          )}
        </Table.Root>
        {report.isError && (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Title>
                <FormattedMessage id="report.loadFailed" />
              </EmptyState.Title>
              <Button size="sm" variant="outline" onClick={() => void report.refetch()}>
                <FormattedMessage id="report.retry" />
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {report.isSuccess && rows.length === 0 && (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Title>
                <FormattedMessage id="report.volume.empty" />
              </EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        <Flex justify="flex-end" align="center" gap="3" marginTop="3">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="report.volume.count" values={{ total }} />
          </Text>
          <nav aria-label={t('report.pagination')}>
            <HStack gap="1">
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t('report.previousPage')}
                disabled={page <= 1}
                onClick={() => go({ page: page - 1 })}
              >
                <span aria-hidden="true">‹</span>
              </IconButton>
              <Text fontSize="sm" minWidth="16" textAlign="center" aria-live="polite">
                <FormattedMessage id="report.pageOf" values={{ page, pages }} />
              </Text>
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t('report.nextPage')}
                disabled={page >= pages}
                onClick={() => go({ page: page + 1 })}
              >
                <span aria-hidden="true">›</span>
              </IconButton>
            </HStack>
          </nav>
        </Flex>
      </Box>
    </Stack>
  );
}

export default withModuleMessages(SalesVolumeReportPage, reportCatalogues);
