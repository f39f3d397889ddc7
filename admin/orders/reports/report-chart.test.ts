import { describe, expect, it } from 'vitest';
import type { VolumeRow } from '../../../contract/endpoints/orders';
import { salesChartOption, VOLUME_CHART_ROWS, volumeChartOption, volumeSort } from './report-chart';

const names = {
  sales: 'Sales',
  refunds: 'Refunds',
  orders: 'Orders',
  buyers: 'Buyers',
  money: '¥',
  count: 'n',
};

interface Series {
  name: string;
  type: string;
  yAxisIndex?: number;
  data: number[];
}

describe('salesChartOption', () => {
  const option = salesChartOption(
    [
      { label: '2026-11-01', PaidOrders: 3, PayingBuyers: 2, SalesFen: 12_345, RefundFen: 0 },
      { label: '2026-11-02', PaidOrders: 0, PayingBuyers: 0, SalesFen: 0, RefundFen: 500 },
    ],
    names,
  ) as { xAxis: { data: string[] }; series: Series[]; yAxis: { name: string }[] };

  it('has one category per period, in order', () => {
    expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('draws money in yuan as bars on the first axis and counts as lines on the second', () => {
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['¥', 'n']);
    expect(option.series.map(({ name, type, yAxisIndex, data }) => [name, type, yAxisIndex, data])).toEqual([
      ['Sales', 'bar', 0, [123.45, 0]],
      ['Refunds', 'bar', 0, [0, 5]],
      ['Orders', 'line', 1, [3, 0]],
      ['Buyers', 'line', 1, [2, 0]],
    ]);
  });

  it('is plain data (the chart compares it as JSON)', () => {
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });
});

describe('volumeChartOption', () => {
  const rows: VolumeRow[] = Array.from({ length: 12 }, (_, index) => ({
    Rank: index + 1,
    Id: index === 11 ? null : index + 100,
    Name: index === 11 ? '' : `Goods ${index + 1}`,
    Quantity: 50 - index,
    SalesFen: (50 - index) * 1000,
    Orders: 10,
  }));

  it('ranks at most ten rows with the best seller at the top', () => {
    const option = volumeChartOption(rows, 'quantity', 'Units', 'No category') as {
      yAxis: { data: string[] };
      series: Series[];
    };
    expect(option.yAxis.data).toHaveLength(VOLUME_CHART_ROWS);
    // Category axes draw from the bottom: the last entry is the top bar.
    expect(option.yAxis.data.at(-1)).toBe('1. Goods 1');
    expect(option.yAxis.data[0]).toBe('10. Goods 10');
    expect(option.series[0]!.data.at(-1)).toBe(50);
    expect(option.series[0]!.name).toBe('Units');
  });

  it('shows sales in yuan and names rows without a name', () => {
    const option = volumeChartOption(rows.slice(11), 'sales', 'Sales', 'No category') as {
      yAxis: { data: string[] };
      series: Series[];
    };
    expect(option.yAxis.data).toEqual(['12. No category']);
    expect(option.series[0]!.data).toEqual([390]);
  });

  it.each([
    ['quantity', '-quantity'],
    ['sales', '-sales'],
  ] as const)('ranking by %s sorts by %s', (metric, sort) => {
    expect(volumeSort(metric)).toBe(sort);
  });
});
