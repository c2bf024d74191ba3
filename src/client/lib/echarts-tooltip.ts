/** ECharts hover tooltips with their axis pointer, a chunk of their own (see loadChartTooltips in ./echarts). */
import { use as register } from 'echarts/core';
import { TooltipComponent } from 'echarts/components';

export function registerTooltips(): void {
  register([TooltipComponent]);
}
