import {
  Box,
  Button,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { exportSalesReport, getSalesReport, REPORT_GRANULARITIES } from '../../../contract/endpoints/orders';
import { downloadFile } from '../../../src/lib/file-download';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { EChartsView } from './echarts-view';
import { reportCatalogues } from './messages';
import { salesChartOption } from './report-chart';
import {
  type Granularity,
  parseGranularity,
  parseRange,
  periodLabel,
  type ReportRange,
} from './report-range';
import { ChoiceGroup, ReportToolbar } from './report-toolbar';

const money = (fen: number) => `¥${fenToYuan(fen)}`;

const FIGURES = [
  { id: 'createdOrders', cell: (row: Figures) => row.CreatedOrders },
  { id: 'paidOrders', cell: (row: Figures) => row.PaidOrders },
  { id: 'payingBuyers', cell: (row: Figures) => row.PayingBuyers },
  { id: 'sales', cell: (row: Figures) => money(row.SalesFen) },
  { id: 'refunds', cell: (row: Figures) => money(row.RefundFen) },
  { id: 'averageOrder', cell: (row: Figures) => money(row.AverageOrderFen) },
] as const;

interface Figures {
  CreatedOrders: number;
  PaidOrders: number;
  PayingBuyers: number;
  SalesFen: number;
  RefundFen: number;
  AverageOrderFen: number;
}

/** /order/salesReport: orders, paying buyers, sales, refunds and average order value per period. */
function SalesReportPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [search, setSearch] = useSearchParams();
  const range = useMemo(() => parseRange(search, new Date()), [search]);
  const granularity = parseGranularity(search);
  const [exporting, setExporting] = useState(false);
  const query = { ...range, granularity };
  const report = useQuery({ ...endpointQuery(getSalesReport, query), placeholderData: keepPreviousData });
  const go = (next: ReportRange, nextGranularity: Granularity) =>
    setSearch(new URLSearchParams({ ...next, granularity: nextGranularity }));

  const rows = useMemo(
    () =>
      (report.data?.Data ?? []).map((row) => ({
        ...row,
        label: periodLabel(row.Period, granularity, range.endDate),
      })),
    [report.data, granularity, range.endDate],
  );
  const option = salesChartOption(rows, {
    sales: t('report.figure.sales'),
    refunds: t('report.figure.refunds'),
    orders: t('report.figure.paidOrders'),
    buyers: t('report.figure.payingBuyers'),
    money: t('report.axis.money'),
    count: t('report.axis.count'),
  });
  const exportReport = async () => {
    setExporting(true);
    try {
      await downloadFile(exportSalesReport, { ...query, format: 'xlsx' });
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setExporting(false);
    }
  };
  const totals = report.data?.Totals;

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="report.sales.title" />
      </Heading>
      <ReportToolbar range={range} onRange={(next) => go(next, granularity)}>
        <ChoiceGroup
          label={t('report.granularity')}
          values={REPORT_GRANULARITIES}
          value={granularity}
          labelOf={(value) => t(`report.granularity.${value}`)}
          onChange={(value) => go(range, value)}
        />
        <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportReport()}>
          <FormattedMessage id="report.exportExcel" />
        </Button>
      </ReportToolbar>

      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" aria-label={t('report.totals')} as="section">
        {FIGURES.map((figure) => (
          <Box key={figure.id} bg="bg" borderRadius="md" borderWidth="1px" padding="3">
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id={`report.figure.${figure.id}`} />
            </Text>
            <Text fontSize="xl" fontWeight="semibold">
              {totals ? (
                figure.cell(totals)
              ) : (
                <Skeleton as="span" height="6" width="16" display="inline-block" />
              )}
            </Text>
          </Box>
        ))}
      </SimpleGrid>

      <Box bg="bg" borderRadius="md" borderWidth="1px" padding="3">
        <EChartsView
          option={option}
          label={t('report.sales.chartLabel', {
            granularity: t(`report.granularity.${granularity}`),
            start: range.startDate,
            end: range.endDate,
          })}
        />
      </Box>

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
              id="report.sales.tableCaption"
              values={{ granularity: t(`report.granularity.${granularity}`) }}
            />
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader>
                <FormattedMessage id="report.period" />
              </Table.ColumnHeader>
              {FIGURES.map((figure) => (
                <Table.ColumnHeader key={figure.id} textAlign="end">
                  <FormattedMessage id={`report.figure.${figure.id}`} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.Period}>
                <Table.Cell as="th" scope="row" whiteSpace="nowrap" fontWeight="normal">
                  {row.label}
                </Table.Cell>
                {FIGURES.map((figure) => (
                  <Table.Cell key={figure.id} textAlign="end">
                    {figure.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
          {totals && (
            <Table.Footer>
              <Table.Row fontWeight="semibold">
                <Table.Cell as="th" scope="row">
                  <FormattedMessage id="report.total" />
                </Table.Cell>
                {FIGURES.map((figure) => (
                  <Table.Cell key={figure.id} textAlign="end">
                    {figure.cell(totals)}
                  </Table.Cell>
                ))}
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
              <HStack>
                <Button size="sm" variant="outline" onClick={() => void report.refetch()}>
                  <FormattedMessage id="report.retry" />
                </Button>
              </HStack>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Box>
    </Stack>
  );
}

export default withModuleMessages(SalesReportPage, reportCatalogues);
