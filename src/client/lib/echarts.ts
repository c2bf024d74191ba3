/**
 * The only door to ECharts: registers exactly the charts and components the screens use through
 * echarts/core (about half the bytes of the full build). Import charts from here, never from echarts.
 *
 * `echarts` is the small object echarts-for-react calls (init, getInstanceByDom, dispose), not the
 * echarts/core namespace: handing the namespace over as a value would keep every export of
 * echarts/core (graphic helpers, geo, formatters…) in the bundle even though no screen uses them.
 */
import { use as register, init, getInstanceByDom, dispose } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption, ECharts } from 'echarts';

register([BarChart, LineChart, PieChart, GridComponent, LegendPlainComponent, TooltipComponent, CanvasRenderer]);

const echarts = { init, getInstanceByDom, dispose };

export { echarts, ReactEChartsCore };
export type { EChartsOption, ECharts };
