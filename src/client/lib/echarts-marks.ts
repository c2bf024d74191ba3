/** ECharts mark points and areas (a channel trend's fault marks and normal-range band), a chunk of their own (see loadChartMarks in ./echarts). */
import { use as register } from 'echarts/core';
import { MarkAreaComponent, MarkPointComponent } from 'echarts/components';

export function registerMarks(): void {
  register([MarkAreaComponent, MarkPointComponent]);
}
