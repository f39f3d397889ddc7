import type { EChartsCoreOption } from 'echarts/core';
import type { VolumeRow } from '../../../contract/endpoints/orders';

export interface SalesChartRow {
  label: string;
  PaidOrders: number;
  PayingBuyers: number;
  SalesFen: number;
  RefundFen: number;
}

export interface SalesChartNames {
  sales: string;
  refunds: string;
  orders: string;
  buyers: string;
  money: string;
  count: string;
}

const yuan = (fen: number) => fen / 100;

/**
 * Sales and refunds as bars on a yuan axis, paid orders and paying buyers as lines on a count
 * axis, one category per period.
 */
export function salesChartOption(rows: readonly SalesChartRow[], names: SalesChartNames): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: rows.map((row) => row.label) },
    yAxis: [
      { type: 'value', name: names.money, minInterval: 1 },
      { type: 'value', name: names.count, minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: names.sales, type: 'bar', yAxisIndex: 0, data: rows.map((row) => yuan(row.SalesFen)) },
      { name: names.refunds, type: 'bar', yAxisIndex: 0, data: rows.map((row) => yuan(row.RefundFen)) },
      { name: names.orders, type: 'line', yAxisIndex: 1, data: rows.map((row) => row.PaidOrders) },
      { name: names.buyers, type: 'line', yAxisIndex: 1, data: rows.map((row) => row.PayingBuyers) },
    ],
  };
}

export type VolumeMetric = 'quantity' | 'sales';

/** Rows the volume chart ranks; more would not fit as readable bars. */
export const VOLUME_CHART_ROWS = 10;

/** The best sellers of the page as horizontal bars, the first at the top. */
export function volumeChartOption(
  rows: readonly VolumeRow[],
  metric: VolumeMetric,
  seriesName: string,
  unnamed: string,
): EChartsCoreOption {
  const shown = rows.slice(0, VOLUME_CHART_ROWS).reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 40, top: 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: shown.map((row) => `${row.Rank}. ${row.Name || unnamed}`),
      axisLabel: { width: 200, overflow: 'truncate' },
    },
    series: [
      {
        name: seriesName,
        type: 'bar',
        data: shown.map((row) => (metric === 'sales' ? yuan(row.SalesFen) : row.Quantity)),
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** The sort a volume report's metric means, best first. */
export function volumeSort(metric: VolumeMetric): '-quantity' | '-sales' {
  return metric === 'sales' ? '-sales' : '-quantity';
}
