import { Box } from '@chakra-ui/react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { SalesDay } from '../../../contract/endpoints/dashboard';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface SalesChartProps {
  days: readonly SalesDay[];
  color: string;
  salesLabel: string;
  ordersLabel: string;
  description: string;
}

/** Sales (yuan, line) and orders (bars) per day; modular echarts keeps the chunk small. */
export default function SalesChart({ days, color, salesLabel, ordersLabel, description }: SalesChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        color: [color, '#91cc75'],
        grid: { left: 12, right: 12, top: 40, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
        legend: { data: [salesLabel, ordersLabel], top: 0 },
        xAxis: {
          type: 'category',
          boundaryGap: true,
          data: days.map((day) => day.Date.slice(5)),
          axisTick: { show: false },
        },
        yAxis: [
          { type: 'value', name: '', minInterval: 0.01, splitLine: { lineStyle: { type: 'dashed' } } },
          { type: 'value', name: '', minInterval: 1, splitLine: { show: false } },
        ],
        series: [
          {
            name: salesLabel,
            type: 'line',
            smooth: true,
            symbolSize: 6,
            areaStyle: { opacity: 0.12 },
            lineStyle: { width: 2 },
            data: days.map((day) => day.Sales / 100),
            animationDuration: 800,
          },
          {
            name: ordersLabel,
            type: 'bar',
            yAxisIndex: 1,
            barMaxWidth: 18,
            itemStyle: { opacity: 0.7 },
            data: days.map((day) => day.OrderCount),
            animationDuration: 800,
          },
        ],
      },
      { notMerge: true },
    );
  }, [color, days, ordersLabel, salesLabel]);

  return (
    <Box
      ref={element}
      role="img"
      aria-label={description}
      width="full"
      height="full"
      data-testid="sales-chart"
    />
  );
}
