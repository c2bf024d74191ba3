/**
 * The only door to ECharts: registers exactly the charts and components the screens use through
 * echarts/core (about half the bytes of the full build). Import charts from here, never from echarts.
 *
 * The grid comes without its axis pointer, and hover tooltips (TooltipComponent, which brings the
 * axis pointer) are registered by loadChartTooltips, which charts call once a pointer shows up: a
 * control-room wall never has one, and the two were a tenth of ECharts. Until then an option's
 * `tooltip` is simply not drawn.
 */
import { use as register, init } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridSimpleComponent, LegendPlainComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption, ECharts } from 'echarts';

register([BarChart, LineChart, PieChart, GridSimpleComponent, LegendPlainComponent, CanvasRenderer]);

const echarts = { init };

let tooltips: Promise<void> | null = null;

/** Registers the hover tooltips (once); charts set their option again afterwards to show them. */
export function loadChartTooltips(): Promise<void> {
  tooltips ??= import('./echarts-tooltip').then(
    (m) => m.registerTooltips(),
    (error: unknown) => {
      tooltips = null;
      throw error;
    },
  );
  return tooltips;
}

let marks: Promise<void> | null = null;

/** Registers mark points, lines and areas (once): only the channel trend chart draws them. */
export function loadChartMarks(): Promise<void> {
  marks ??= import('./echarts-marks').then(
    (m) => m.registerMarks(),
    (error: unknown) => {
      marks = null;
      throw error;
    },
  );
  return marks;
}

let svg: Promise<void> | null = null;

/** Registers the SVG renderer (once): the printable report's charts (`renderer: 'svg'`) need it. */
export function loadSvgRenderer(): Promise<void> {
  svg ??= import('./echarts-svg').then(
    (m) => m.registerSvgRenderer(),
    (error: unknown) => {
      svg = null;
      throw error;
    },
  );
  return svg;
}

export { echarts };
export type { EChartsOption, ECharts };
