import type { EChartsOption } from '@client/lib/echarts';
import type { StatReport } from '@shared/contracts/stats-report';
import { WARNING_LEVELS } from '@shared/contracts/warning';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import type { Locale } from '@shared/constants';
import { localName } from '@shared/local-name';
import { axisStyle, baseOption, type ChartTone } from '@client/components/wall/theme-charts';
import { TAG_HEX } from '@client/components/wall/theme';
import { dictLabel } from './chart-options';

/** The texts a statistics chart needs, already in the reader's language. */
export interface ReportChartText {
  series: Record<'submitted' | 'completed' | 'avg' | 'median' | 'p90' | 'ftf' | 'repeat' | 'onTime' | 'available' | 'broken' | 'offline', string>;
  levels: Record<(typeof WARNING_LEVELS)[number], string>;
}

interface Ctx {
  text: ReportChartText;
  locale: Locale;
  tone: ChartTone;
  /** Printing: no animation (a PDF is made from the first frame). */
  still?: boolean;
}

/**
 * Category-axis labels that never collide: every label while they fit the card, thinned (ECharts
 * hides overlapping ones) and rotated when the periods are many.
 */
function periodAxis(labels: string[], tone: ChartTone) {
  const many = labels.length > 10;
  return {
    type: 'category' as const,
    data: labels,
    ...axisStyle(tone),
    axisLabel: { ...axisStyle(tone).axisLabel, hideOverlap: true, rotate: many ? 40 : 0, interval: 'auto' as const },
  };
}

const frame = (c: Ctx, rotated: boolean) => ({
  ...baseOption(c.tone),
  ...(c.still ? { animation: false } : {}),
  tooltip: { ...baseOption(c.tone).tooltip, trigger: 'axis' as const },
  // The legend sits above the plot and the grid leaves it room: it never covers the bars.
  legend: { ...baseOption(c.tone).legend, top: 0, type: 'plain' as const },
  grid: { left: 8, right: 16, top: 36, bottom: rotated ? 8 : 4, containLabel: true },
});

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
const shortLabel = (p: string) => (p.length === 10 ? p.slice(5) : p);

/** Orders submitted and completed per period (bars). */
export function ordersOption(r: StatReport, c: Ctx): EChartsOption {
  const labels = r.repair.periods.map((p) => shortLabel(p.period));
  return {
    ...frame(c, labels.length > 10),
    xAxis: periodAxis(labels, c.tone),
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(c.tone) },
    series: [
      { name: c.text.series.submitted, type: 'bar', data: r.repair.periods.map((p) => p.submitted), itemStyle: { color: TAG_HEX.primary } },
      { name: c.text.series.completed, type: 'bar', data: r.repair.periods.map((p) => p.completed), itemStyle: { color: TAG_HEX.success } },
    ],
  };
}

/** Mean, median and p90 hours per period (lines). */
export function speedOption(r: StatReport, c: Ctx): EChartsOption {
  const labels = r.repair.periods.map((p) => shortLabel(p.period));
  const line = (name: string, data: (number | null)[], color: string) => ({ name, type: 'line' as const, data, connectNulls: true, symbolSize: 6, itemStyle: { color }, lineStyle: { color } });
  return {
    ...frame(c, labels.length > 10),
    xAxis: periodAxis(labels, c.tone),
    yAxis: { type: 'value', ...axisStyle(c.tone) },
    series: [
      line(c.text.series.avg, r.repair.periods.map((p) => p.avgHours), TAG_HEX.primary),
      line(c.text.series.median, r.repair.periods.map((p) => p.medianHours), TAG_HEX.success),
      line(c.text.series.p90, r.repair.periods.map((p) => p.p90Hours), TAG_HEX.warning),
    ],
  };
}

/** First-time fix, 30-day repeat and on-time rates per period, in percent (lines). */
export function qualityOption(r: StatReport, c: Ctx): EChartsOption {
  const labels = r.repair.periods.map((p) => shortLabel(p.period));
  const line = (name: string, data: (number | null)[], color: string) => ({ name, type: 'line' as const, data, connectNulls: true, symbolSize: 6, itemStyle: { color }, lineStyle: { color } });
  return {
    ...frame(c, labels.length > 10),
    xAxis: periodAxis(labels, c.tone),
    yAxis: { type: 'value', max: 100, axisLabel: { ...axisStyle(c.tone).axisLabel, formatter: '{value}%' }, axisLine: axisStyle(c.tone).axisLine, splitLine: axisStyle(c.tone).splitLine },
    series: [
      line(c.text.series.ftf, r.repair.periods.map((p) => pct(p.firstTimeFixRate)), TAG_HEX.success),
      line(c.text.series.repeat, r.repair.periods.map((p) => pct(p.repeatRate30d)), TAG_HEX.danger),
      line(c.text.series.onTime, r.repair.periods.map((p) => pct(p.onTimeRate)), TAG_HEX.primary),
    ],
  };
}

const LEVEL_COLOR: Record<(typeof WARNING_LEVELS)[number], string> = { info: TAG_HEX.info, warning: TAG_HEX.warning, critical: TAG_HEX.danger };

/** Warnings per period, stacked by level. */
export function warningsOption(r: StatReport, c: Ctx): EChartsOption {
  const labels = r.warnings.periods.map((p) => shortLabel(p.period));
  return {
    ...frame(c, labels.length > 10),
    xAxis: periodAxis(labels, c.tone),
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(c.tone) },
    series: WARNING_LEVELS.map((l) => ({ name: c.text.levels[l], type: 'bar' as const, stack: 'w', data: r.warnings.periods.map((p) => p.byLevel[l]), itemStyle: { color: LEVEL_COLOR[l] } })),
  };
}

/** The boards with most warnings (horizontal bars, most on top); long names are cut, whole in the tooltip. */
export function boardsOption(r: StatReport, c: Ctx): EChartsOption {
  const rows = [...r.warnings.boards].reverse();
  const names = rows.map((b) => `${localName(b.name, b.nameEn, c.locale)} · ${localName(b.projectName, b.projectNameEn, c.locale)}`);
  return {
    ...frame(c, false),
    legend: { show: false },
    tooltip: { ...baseOption(c.tone).tooltip, trigger: 'item' },
    grid: { left: 8, right: 24, top: 8, bottom: 4, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, ...axisStyle(c.tone) },
    yAxis: { type: 'category', data: names, ...axisStyle(c.tone), axisLabel: { ...axisStyle(c.tone).axisLabel, width: 180, overflow: 'truncate' } },
    series: [{ type: 'bar', data: rows.map((b) => b.count), itemStyle: { color: TAG_HEX.warning }, label: { show: true, position: 'right', color: 'inherit' } }],
  };
}

/** Units per category, stacked: available, broken, offline. */
export function equipmentOption(r: StatReport, c: Ctx): EChartsOption {
  const cats = r.equipment.byCategory;
  const labels = cats.map((x) => dictLabel(DEVICE_CATEGORY, x.category, c.locale));
  // Every category keeps its label (a bar without a name says nothing): turned when they are many.
  const rotated = labels.length > 5;
  return {
    ...frame(c, rotated),
    xAxis: { type: 'category', data: labels, ...axisStyle(c.tone), axisLabel: { ...axisStyle(c.tone).axisLabel, interval: 0, rotate: rotated ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(c.tone) },
    series: [
      { name: c.text.series.available, type: 'bar', stack: 'e', data: cats.map((x) => x.available), itemStyle: { color: TAG_HEX.success } },
      { name: c.text.series.broken, type: 'bar', stack: 'e', data: cats.map((x) => x.broken), itemStyle: { color: TAG_HEX.danger } },
      { name: c.text.series.offline, type: 'bar', stack: 'e', data: cats.map((x) => x.offline), itemStyle: { color: '#868e96' } },
    ],
  };
}
