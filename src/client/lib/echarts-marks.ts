/** ECharts mark points, lines and areas (a channel trend's fault marks, normal-range band and projected crossing), a chunk of their own (see loadChartMarks in ./echarts). */
import { use as register } from 'echarts/core';
import { MarkAreaComponent, MarkLineComponent, MarkPointComponent } from 'echarts/components';

export function registerMarks(): void {
  register([MarkAreaComponent, MarkLineComponent, MarkPointComponent]);
}
