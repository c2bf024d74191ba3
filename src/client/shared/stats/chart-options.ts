import type { TFunction } from 'i18next';
import type { EChartsOption } from '@client/lib/echarts';
import { DEVICE_CATEGORY, DEVICE_STATE, WATER_TYPE, XMZT, type DictItem } from '@shared/dictionaries';
import type { Locale } from '@shared/constants';
import type { AreaGroup, CountProjects, DeviceGroup, RepairQualityPoint, RepairSpeedPoint, WaterGroup } from '@shared/contracts/stats';
import { axisStyle, baseOption, toneOf, type ChartTone } from '@client/components/wall/theme-charts';
import { deviceStateColor, projectStatusColor, SERIES, TAG_HEX } from '@client/components/wall/theme';

/** The label of a dictionary value in the current language (the value itself when unknown). */
export const dictLabel = (items: DictItem[], value: string, locale: Locale) => items.find((i) => i.value === value)?.[locale] ?? value;

export interface Ctx {
  /** Bound to the wall's texts (useWallText): keys are those of the wall namespace, without a prefix. */
  t: TFunction<'wall'>;
  locale: Locale;
  tone: ChartTone;
}

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

/** Characters of a status legend line (Latin letters; a CJK character counts as two). */
const LEGEND_LINE_CHARS = 14;

/**
 * A legend name in lines of at most `max` characters (a CJK character counts as two), broken at
 * spaces where there are any: a name is wrapped, never cut.
 */
export function legendLines(name: string, max: number): string[] {
  const width = (text: string) => [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  if (width(name) <= max) return [name];
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/(?<= )/)) {
    if (line && width(line + word.trimEnd()) > max) {
      lines.push(line.trimEnd());
      line = '';
    }
    // A word longer than a line (or CJK text, which has no spaces) breaks between characters.
    for (const ch of word) {
      if (line.trim() && ch !== ' ' && width(line + ch) > max) {
        lines.push(line.trimEnd());
        line = '';
      }
      line += ch;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Project count per status: a ring in the status colours of XMZT, the total in its centre, counts in the legend. */
export function statusOption(data: CountProjects, { locale, tone }: Ctx): EChartsOption {
  const tn = toneOf(tone);
  const rows = data.byStatus.filter((s) => s.count > 0).map((s) => ({ name: dictLabel(XMZT, s.status, locale), value: s.count, itemStyle: { color: projectStatusColor(s.status) } }));
  const counts = new Map(rows.map((r) => [r.name, r.value]));
  return {
    ...baseOption(tone),
    tooltip: { ...baseOption(tone).tooltip, trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: {
      ...baseOption(tone).legend,
      orient: 'vertical',
      right: 4,
      top: 'middle',
      itemGap: 9,
      icon: 'circle',
      itemWidth: 10,
      // Long names ("Company Headquarters") go on two lines, the count on the last, so the counts stay
      // in one column and no name is cut.
      formatter: (name: string) =>
        legendLines(name, LEGEND_LINE_CHARS)
          .map((line, i, lines) => `{n|${line}}${i === lines.length - 1 ? `{v|${counts.get(name) ?? 0}}` : ''}`)
          .join('\n'),
      textStyle: { color: tn.dim, rich: { n: { width: tone === 'wall' ? 118 : 96, fontSize: tn.font, color: tn.dim }, v: { fontSize: tn.font + 2, fontWeight: 'bold', color: tn.text, align: 'right', width: 30 } } },
    },
    series: [
      {
        type: 'pie',
        // Back-office cards are narrow: a smaller ring leaves the legend its room.
        radius: tone === 'wall' ? ['54%', '78%'] : ['40%', '58%'],
        center: ['28%', '50%'],
        itemStyle: { borderColor: tone === 'wall' ? '#06152d' : 'transparent', borderWidth: 2 },
        label: { show: false },
        data: rows,
      },
      {
        type: 'pie',
        radius: [0, tone === 'wall' ? '48%' : '36%'],
        center: ['28%', '50%'],
        silent: true,
        label: { position: 'center', formatter: String(data.total), fontSize: tn.font * 2.4, fontWeight: 'bold', color: tn.text },
        itemStyle: { color: 'transparent' },
        data: [{ value: 1, name: '' }],
        tooltip: { show: false },
      },
    ],
  };
}

/** Projects per area (bars) with their total area (line, right axis). */
export function areaOption(data: AreaGroup[], { t, locale, tone }: Ctx): EChartsOption {
  const names = data.map((a) => (a.area ? (locale === 'en' ? a.labelEn : a.label) || a.area : t('unassigned')));
  return {
    ...baseOption(tone),
    tooltip: { ...baseOption(tone).tooltip, trigger: 'axis' },
    legend: { ...baseOption(tone).legend, top: 0, right: 0 },
    grid: { left: 8, right: 8, top: 34, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: names, ...axisStyle(tone), axisLabel: { ...axisStyle(tone).axisLabel, interval: 0, rotate: names.length > 6 ? 30 : 0 } },
    yAxis: [
      { type: 'value', minInterval: 1, ...axisStyle(tone) },
      { type: 'value', ...axisStyle(tone), splitLine: { show: false }, axisLabel: { ...axisStyle(tone).axisLabel, formatter: (v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v)) } },
    ],
    series: [
      {
        name: t('series.count'),
        type: 'bar',
        barMaxWidth: 22,
        data: data.map((a) => a.count),
        itemStyle: { borderRadius: [3, 3, 0, 0], color: { type: 'linear', x: 0, y: 0, x2: 0, y2: 1, colorStops: [{ offset: 0, color: SERIES[0] }, { offset: 1, color: 'rgba(60,157,255,0.25)' }] } },
      },
      { name: `${t('series.totalArea')} (${t('unit.m2')})`, type: 'line', yAxisIndex: 1, smooth: true, symbolSize: 6, data: data.map((a) => a.totalArea), itemStyle: { color: SERIES[4] } },
    ],
  };
}

/** Projects per water type: a rose. */
export function waterOption(data: WaterGroup[], { locale, tone }: Ctx): EChartsOption {
  const tn = toneOf(tone);
  return {
    ...baseOption(tone),
    tooltip: { ...baseOption(tone).tooltip, trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { ...baseOption(tone).legend, orient: 'vertical', right: 0, top: 'middle', itemGap: 10 },
    series: [
      {
        type: 'pie',
        roseType: 'radius',
        radius: ['18%', '82%'],
        center: ['36%', '50%'],
        itemStyle: { borderRadius: 4, borderColor: tone === 'wall' ? '#06152d' : 'transparent', borderWidth: 1 },
        // Only the count shows, on hover; a width of its own spares the first drawing the laying out
        // of every name beside the rose (fitting each to the room there), a long task on a slow machine.
        label: { show: false, width: 72 },
        data: data.filter((w) => w.count > 0).map((w) => ({ name: dictLabel(WATER_TYPE, w.waterType, locale), value: w.count })),
        emphasis: { label: { show: true, color: tn.text, formatter: '{c}' } },
      },
    ],
  };
}

/** Equipment per category, stacked by state in the status colours of DEVICE_STATE. */
export function deviceOption(data: DeviceGroup[], { locale, tone }: Ctx): EChartsOption {
  const rows = data.filter((d) => d.total > 0);
  const states = ['normal', 'maintenance', 'offline', 'broken'] as const;
  return {
    ...baseOption(tone),
    tooltip: { ...baseOption(tone).tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { ...baseOption(tone).legend, top: 0, right: 0 },
    grid: { left: 8, right: 16, top: 34, bottom: 4, containLabel: true },
    xAxis: { type: 'value', ...axisStyle(tone) },
    yAxis: { type: 'category', inverse: true, data: rows.map((d) => dictLabel(DEVICE_CATEGORY, d.category, locale)), ...axisStyle(tone) },
    series: states.map((s) => ({
      name: dictLabel(DEVICE_STATE, s, locale),
      type: 'bar' as const,
      stack: 'state',
      barMaxWidth: 16,
      itemStyle: { color: deviceStateColor(s) },
      data: rows.map((d) => d[s]),
    })),
  };
}

/** Repair speed: orders and completions (bars) and hours to complete (lines, right axis). */
export function speedOption(data: RepairSpeedPoint[], { t, tone }: Ctx, withP90 = true): EChartsOption {
  const hours = t('unit.hours');
  const p90 = { name: t('series.p90Hours'), type: 'line' as const, yAxisIndex: 1, smooth: true, showSymbol: false, data: data.map((p) => p.p90Hours), itemStyle: { color: TAG_HEX.danger }, lineStyle: { width: 1.5 } };
  return {
    ...baseOption(tone),
    tooltip: { ...baseOption(tone).tooltip, trigger: 'axis' },
    legend: { ...baseOption(tone).legend, top: 0, left: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: data.map((p) => p.period.slice(5) || p.period), ...axisStyle(tone) },
    yAxis: [
      { type: 'value', minInterval: 1, ...axisStyle(tone) },
      { type: 'value', ...axisStyle(tone), splitLine: { show: false }, axisLabel: { ...axisStyle(tone).axisLabel, formatter: `{value}${hours}` } },
    ],
    series: [
      { name: t('series.orders'), type: 'bar', barMaxWidth: 10, data: data.map((p) => p.orders), itemStyle: { color: 'rgba(60,157,255,0.55)', borderRadius: [2, 2, 0, 0] } },
      { name: t('series.completed'), type: 'bar', barMaxWidth: 10, data: data.map((p) => p.completed), itemStyle: { color: TAG_HEX.success, borderRadius: [2, 2, 0, 0] } },
      { name: t('series.avgHours'), type: 'line', yAxisIndex: 1, smooth: true, showSymbol: false, data: data.map((p) => p.avgHours), itemStyle: { color: SERIES[0] }, lineStyle: { width: 2 } },
      { name: t('series.medianHours'), type: 'line', yAxisIndex: 1, smooth: true, showSymbol: false, data: data.map((p) => p.medianHours), itemStyle: { color: SERIES[4] }, lineStyle: { width: 2, type: 'dashed' } },
      ...(withP90 ? [p90] : []),
    ],
  };
}

/** Repair quality: the three rates in percent. */
export function qualityOption(data: RepairQualityPoint[], { t, tone }: Ctx): EChartsOption {
  const line = (key: 'firstTimeFixRate' | 'repeatRate30d' | 'onTimeRate', color: string, area: boolean) => ({
    name: t(`series.${key}`),
    type: 'line' as const,
    smooth: true,
    showSymbol: false,
    connectNulls: true,
    data: data.map((p) => pct(p[key])),
    itemStyle: { color },
    lineStyle: { width: 2 },
    areaStyle: area ? { color: { type: 'linear' as const, x: 0, y: 0, x2: 0, y2: 1, colorStops: [{ offset: 0, color: `${color}55` }, { offset: 1, color: `${color}00` }] } } : undefined,
  });
  return {
    ...baseOption(tone),
    tooltip: { ...baseOption(tone).tooltip, trigger: 'axis', valueFormatter: (v) => (v === null || v === undefined ? '—' : `${String(v)}%`) },
    legend: { ...baseOption(tone).legend, top: 0, left: 0 },
    grid: { left: 8, right: 12, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: data.map((p) => p.period.slice(5) || p.period), ...axisStyle(tone) },
    yAxis: { type: 'value', min: 0, max: 100, ...axisStyle(tone), axisLabel: { ...axisStyle(tone).axisLabel, formatter: '{value}%' } },
    series: [line('firstTimeFixRate', SERIES[3], true), line('onTimeRate', SERIES[0], false), line('repeatRate30d', TAG_HEX.warning, false)],
  };
}
