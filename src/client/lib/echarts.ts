/**
 * The only door to ECharts: registers exactly the charts and components the screens use through
 * echarts/core (about half the bytes of the full build). Import charts from here, never from echarts.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption, ECharts } from 'echarts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendPlainComponent, TooltipComponent, CanvasRenderer]);

export { echarts, ReactEChartsCore };
export type { EChartsOption, ECharts };
