import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { EChartsOption } from '@client/lib/echarts';
import type { ChannelTrend } from '@shared/contracts/detect';
import { axisStyle, baseOption, toneOf, type ChartTone } from '@client/components/wall/theme-charts';
import { localName } from '@shared/local-name';

type Point = ChannelTrend['points'][number];

export const TREND_COLORS = { avg: '#1c9bf0', band: '#3c9dff', normal: '#2fb86a', fault: '#f03e3e', projected: '#f59f00', check: '#ae3ec9' } as const;

/** A value as the chart writes it: at most two decimals, with the unit after it. */
export function withUnit(value: number, unit: string): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  return unit ? `${text} ${unit}` : text;
}

/** Buckets of the trend with gaps kept: a missing bucket (a silent board) breaks the line instead of drawing across. */
function withGaps(points: Point[], stepMs: number): (Point | null)[] {
  const out: (Point | null)[] = [];
  let last = -Infinity;
  for (const p of points) {
    const at = Date.parse(p.t);
    if (at - last > stepMs * 1.5 && out.length) out.push(null);
    out.push(p);
    last = at;
  }
  return out;
}

/** Consecutive buckets whose switch closed, as [start, end) spans: red bands behind the line. */
export function faultSpans(points: Point[], stepMs: number): [number, number][] {
  const spans: [number, number][] = [];
  for (const p of points) {
    if (!p.faults) continue;
    const at = Date.parse(p.t);
    const last = spans.at(-1);
    if (last && last[1] === at) last[1] = at + stepMs;
    else spans.push([at, at + stepMs]);
  }
  return spans;
}

const LEVELS = ['info', 'warning', 'critical'] as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The readable trend of one channel: the average as a line inside the band of minimum and maximum
 * per bucket, the normal range as a green band, buckets with a closed fault switch as red bands and
 * each warning opened in the range as a red pin on the time axis; the axis says the unit, the tooltip
 * each bucket's figures. `projectedAt` (a unit at risk, docs/predictive.md): an amber line where the
 * trend is projected to leave its range, the time axis stretched to show it (up to one more range
 * span; further away, the line is left out and the caller says the date in words). A checklist's
 * numbers on the unit in the channel's unit of measure are diamonds beside the line (violet, red when
 * out of the item's limits), named in the tooltip in `language`. Mark areas and points need
 * loadChartMarks() first.
 */
export function channelTrendOption(trend: ChannelTrend, t: TFunction<'common'>, tone: ChartTone, projectedAt: string | null = null, language = 'zh'): EChartsOption {
  const stepMs = trend.stepSeconds * 1000;
  const from = Date.parse(trend.from);
  const now = Date.parse(trend.to);
  const projected = projectedAt ? Date.parse(projectedAt) : NaN;
  const showProjected = projected > now && projected - now <= now - from;
  const to = showProjected ? projected + (now - from) / 20 : now;
  const points = withGaps(trend.points, stepMs);
  const at = (p: Point) => Date.parse(p.t);
  const values = [...trend.points.flatMap((p) => [p.min, p.max]), ...trend.checks.map((k) => k.value)];
  const low = Math.min(...values, trend.analogMin);
  const high = Math.max(...values, trend.analogMax);
  // Ends on whole steps of a round size (1, 2 or 5 × 10ⁿ), about five of them, with a little room.
  const raw = ((high - low) * 1.1 || 1) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= raw) ?? raw;
  const yMin = Math.floor((low - (high - low) * 0.04) / step) * step;
  const yMax = Math.ceil((high + (high - low) * 0.04) / step) * step;
  const unit = trend.unit;
  const c = toneOf(tone);
  const timeFormat = trend.range === '7d' ? 'MM-DD HH:mm' : 'HH:mm';
  const marksAt = trend.marks.map((m) => ({ ...m, ms: Date.parse(m.at) }));
  const checksAt = trend.checks.map((k) => ({ ...k, ms: Date.parse(k.at) }));
  const base = baseOption(tone);
  const tooltipRow = (colour: string, label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;gap:16px"><span><span style="display:inline-block;width:8px;height:8px;border-radius:4px;background:${colour};margin-right:6px"></span>${escape(label)}</span><b>${escape(value)}</b></div>`;

  return {
    ...base,
    animation: false,
    grid: { left: 64, right: 24, top: 40, bottom: 36 },
    legend: { ...base.legend, top: 4, right: 8, data: [t('trend.avg'), t('trend.band'), ...(checksAt.length ? [t('trend.checks')] : [])] },
    tooltip: {
      ...base.tooltip,
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as { seriesIndex: number; dataIndex: number }[];
        const hit = list.find((p) => p.seriesIndex === 2) ?? list[0];
        const p = hit ? points[hit.dataIndex] : null;
        if (!p) return '';
        const start = at(p);
        const inBucket = marksAt.filter((m) => m.ms >= start && m.ms < start + stepMs);
        const checked = checksAt.filter((k) => k.ms >= start && k.ms < start + stepMs);
        return [
          `<div style="font-weight:600;margin-bottom:4px">${escape(dayjs(start).format(trend.range === '7d' ? 'YYYY-MM-DD HH:mm' : 'MM-DD HH:mm'))} – ${escape(dayjs(start + stepMs).format('HH:mm'))}</div>`,
          tooltipRow(TREND_COLORS.avg, t('trend.avg'), withUnit(p.avg, unit)),
          tooltipRow(TREND_COLORS.band, t('trend.max'), withUnit(p.max, unit)),
          tooltipRow(TREND_COLORS.band, t('trend.min'), withUnit(p.min, unit)),
          `<div style="color:${c.dim}">${escape(t('trend.readings', { n: p.count }))}</div>`,
          p.faults ? `<div style="color:${TREND_COLORS.fault}">${escape(t('trend.switchFaults', { n: p.faults }))}</div>` : '',
          ...inBucket.map(
            (m) => `<div style="color:${TREND_COLORS.fault}">▲ ${escape(t('trend.warning', { level: (LEVELS as readonly string[]).includes(m.level) ? t(`trend.levels.${m.level as (typeof LEVELS)[number]}`) : m.level }))} ${escape(dayjs(m.ms).format('HH:mm:ss'))} · ${escape(m.dealAt ? t('trend.dealt') : t('trend.open'))}</div>`,
          ),
          ...checked.map((k) =>
            tooltipRow(k.ok ? TREND_COLORS.check : TREND_COLORS.fault, `◆ ${localName(k.label, k.labelEn, language)} ${dayjs(k.ms).format('HH:mm')}`, `${withUnit(k.value, unit)}${k.ok ? '' : ` · ${t('trend.checkOut')}`}`),
          ),
        ].join('');
      },
    },
    xAxis: {
      type: 'time',
      min: from,
      max: to,
      ...axisStyle(tone),
      splitLine: { show: false },
      axisLabel: { ...axisStyle(tone).axisLabel, hideOverlap: true, formatter: (v: number) => dayjs(v).format(timeFormat) },
    },
    yAxis: {
      type: 'value',
      min: yMin,
      max: yMax,
      interval: step,
      name: unit || t('trend.noUnit'),
      nameGap: 14,
      ...axisStyle(tone),
      nameTextStyle: { ...axisStyle(tone).nameTextStyle, align: 'right' },
      axisLabel: { ...axisStyle(tone).axisLabel, formatter: (v: number) => String(v) },
    },
    series: [
      // The band: the minimum (invisible) with the span to the maximum stacked on it.
      {
        name: t('trend.band'),
        type: 'line',
        data: points.map((p) => (p ? [at(p), p.min] : [null, null])),
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        silent: true,
        itemStyle: { color: TREND_COLORS.band },
        // The normal range, behind everything.
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(47, 184, 106, 0.12)', borderColor: 'rgba(47, 184, 106, 0.6)', borderWidth: 1, borderType: 'dashed' },
          label: { show: true, position: 'insideTopLeft', color: TREND_COLORS.normal, fontSize: c.font - 1, formatter: t('trend.normalRange', { min: trend.analogMin, max: trend.analogMax, unit: unit ? ` ${unit}` : '' }) },
          data: [[{ yAxis: trend.analogMin }, { yAxis: trend.analogMax }]],
        },
      },
      {
        name: t('trend.band'),
        type: 'line',
        data: points.map((p) => (p ? [at(p), p.max - p.min] : [null, null])),
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { opacity: 0.28, color: TREND_COLORS.band },
        itemStyle: { color: TREND_COLORS.band },
        silent: true,
        // Buckets whose fault switch closed: red bands across the chart.
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(240, 62, 62, 0.16)' },
          data: faultSpans(trend.points, stepMs).map(([a, b]) => [{ xAxis: a }, { xAxis: b }]),
        },
      },
      {
        name: t('trend.avg'),
        type: 'line',
        data: points.map((p) => (p ? [at(p), p.avg] : [null, null])),
        connectNulls: false,
        symbol: trend.points.length <= 2 ? 'circle' : 'none',
        symbolSize: 6,
        lineStyle: { width: 2, color: TREND_COLORS.avg },
        itemStyle: { color: TREND_COLORS.avg },
        // Where the trend is projected to leave its range: an amber dashed line, labelled with the date.
        ...(showProjected
          ? {
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { color: TREND_COLORS.projected, width: 2, type: 'dashed' },
                label: { show: true, position: 'insideEndTop', color: TREND_COLORS.projected, fontSize: c.font - 1, formatter: t('trend.projected', { at: dayjs(projected).format('MM-DD HH:mm') }) },
                data: [{ xAxis: projected }],
              },
            }
          : {}),
        // Each warning opened in the range: a red pin at the top of the chart at its time.
        markPoint: {
          symbol: 'pin',
          symbolSize: 30,
          itemStyle: { color: TREND_COLORS.fault },
          label: { show: true, formatter: '!', color: '#fff', fontWeight: 'bold' },
          data: marksAt.map((m) => ({ name: String(m.id), coord: [m.ms, yMax], value: m.level })),
        },
      },
      // What technicians read in checklists, beside what the board read.
      ...(checksAt.length
        ? [
            {
              name: t('trend.checks'),
              type: 'scatter',
              data: checksAt.map((k) => ({ value: [k.ms, k.value], itemStyle: { color: k.ok ? TREND_COLORS.check : TREND_COLORS.fault } })),
              symbol: 'diamond',
              symbolSize: 12,
              itemStyle: { color: TREND_COLORS.check, borderColor: '#fff', borderWidth: 1 },
              z: 5,
            },
          ]
        : []),
    ],
  } as EChartsOption;
}
