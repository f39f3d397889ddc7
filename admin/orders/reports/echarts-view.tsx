import { Box } from '@chakra-ui/react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the pieces the reports draw, so the chart code stays small and in the reports' chunks.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * An echarts chart. It is a picture for sighted people: `label` names it for screen readers, and
 * the page's table holds the same figures as text.
 */
export function EChartsView({
  option,
  label,
  height = '320px',
}: {
  option: EChartsCoreOption;
  label: string;
  height?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, null, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  // Options are plain data: redraw when their content changes, not on every render.
  const content = JSON.stringify(option);
  useEffect(() => {
    chart.current?.setOption(JSON.parse(content) as EChartsCoreOption, { notMerge: true });
  }, [content]);
  return <Box ref={container} role="img" aria-label={label} width="100%" height={height} data-chart="" />;
}
