import { useEffect, useMemo, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { loadChartMarks, loadChartTooltips } from '@client/lib/echarts';
import { WallChart } from '@client/components/wall/wall-chart';
import { toneOf, type ChartTone } from '@client/components/wall/theme-charts';
import type { ChannelTrend, TrendRange } from '@shared/contracts/detect';
import { TREND_RANGES } from '@shared/choices';
import { channelTrendOption, TREND_COLORS } from './trend-option';

/**
 * Where a trend is read from: the back-office (fall-detect#info), a project wall (its readers and
 * kiosks), or a unit at risk (fall-risk#info: the finding's own channel, `riskId`).
 */
export type TrendSource =
  | { kind: 'board'; boardId: number; ch: number }
  | { kind: 'wall'; projectId: number; boardId: number; ch: number }
  | { kind: 'risk'; riskId: number; boardId: number; ch: number };

export function trendUrl(source: TrendSource, range: TrendRange): string {
  if (source.kind === 'risk') return `/ball/fallrisk/trend/${source.riskId}?range=${range}`;
  return source.kind === 'board'
    ? `/ball/falldetect/trend/${source.boardId}/channel/${source.ch}?range=${range}`
    : `/wall/project/${source.projectId}/trend?board=${source.boardId}&ch=${source.ch}&range=${range}`;
}

export const trendQueryKey = (source: TrendSource, range: TrendRange) =>
  ['channel-trend', source.kind, source.kind === 'wall' ? source.projectId : source.kind === 'risk' ? source.riskId : 0, source.boardId, source.ch, range] as const;

export interface ChannelTrendViewProps {
  source: TrendSource;
  /** The channel's name as the caller shows it (label, equipment). */
  name?: ReactNode;
  tone: ChartTone;
  /** The chart's height in pixels (design pixels on a wall). */
  height: number;
  /** @default '24h' */
  initialRange?: TrendRange;
  /**
   * The range switch: the back-office passes Mantine's SegmentedControl; the walls, which draw
   * without Mantine (its provider and stylesheet are not loaded there), keep the wall's own.
   */
  rangeSwitch?: (props: RangeSwitchProps) => ReactNode;
  /** A unit at risk: when the trend is projected to leave its range (an amber line on the chart, and said in words). */
  projectedAt?: string | null;
}

export interface RangeSwitchProps {
  value: TrendRange;
  onChange: (range: TrendRange) => void;
  data: { value: TrendRange; label: string }[];
  label: string;
}

/** The range switch on a wall: segments in the wall's colours, a radio group to assistive technology. */
export function WallRangeSwitch({ value, onChange, data, label }: RangeSwitchProps) {
  return (
    <div role="radiogroup" aria-label={label} style={{ display: 'inline-flex', border: '1px solid rgba(64, 170, 255, 0.4)', borderRadius: 4, overflow: 'hidden' }}>
      {data.map((d) => (
        <button
          key={d.value}
          type="button"
          role="radio"
          aria-checked={d.value === value}
          onClick={() => onChange(d.value)}
          style={{
            padding: '6px 16px',
            fontSize: 16,
            fontFamily: 'inherit',
            cursor: 'pointer',
            border: 'none',
            borderLeft: d === data[0] ? 'none' : '1px solid rgba(64, 170, 255, 0.4)',
            background: d.value === value ? 'rgba(60, 211, 255, 0.32)' : 'rgba(60, 211, 255, 0.06)',
            color: d.value === value ? '#ffffff' : '#8fb3d9',
            fontWeight: d.value === value ? 600 : 400,
          }}
        >
          {d.label}
        </button>
      ))}
    </div>
  );
}

/**
 * One channel's readable trend: the range switch (1 h / 24 h / 7 days), what the chart shows (unit,
 * normal range, bucket), and the chart with its tooltip, normal-range band and fault marks. Reads
 * again every minute (the rollups move by the minute).
 */
export function ChannelTrendView({ source, name, tone, height, initialRange = '24h', rangeSwitch = WallRangeSwitch, projectedAt = null }: ChannelTrendViewProps) {
  const { t, i18n } = useTranslation('common');
  const [range, setRange] = useState<TrendRange>(initialRange);
  // Marks and tooltips are registered before the chart is made: it is opened by a click, so a pointer
  // is there to hover it (a chart made before its tooltips were registered did not show them).
  const [marks, setMarks] = useState(false);
  useEffect(() => {
    let alive = true;
    Promise.all([loadChartMarks(), loadChartTooltips()]).then(
      () => alive && setMarks(true),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const trend = useQuery({
    queryKey: trendQueryKey(source, range),
    queryFn: ({ signal }) => api.get<ChannelTrend>(trendUrl(source, range), { signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
  // While another range loads, the last one stays (dimmed) instead of blanking the chart.
  const data = trend.data;
  const language = i18n.language;
  const option = useMemo(() => (data && marks ? channelTrendOption(data, t, tone, projectedAt, language) : null), [data, marks, t, tone, projectedAt, language]);
  const c = toneOf(tone);
  const wall = tone === 'wall';
  const font = wall ? 17 : 14;
  const unit = data?.unit ? ` ${data.unit}` : '';

  let body: ReactNode;
  if (trend.isError && !data) body = <Message colour={TREND_COLORS.fault}>{t('trend.failed')}</Message>;
  else if (!data || !option) body = <Message colour={c.dim}>{t('trend.loading')}</Message>;
  else if (!data.points.length) body = <Message colour={c.dim} testId="trend-empty">{t('trend.empty')}</Message>;
  else body = <WallChart option={option} />;

  return (
    <div data-testid="channel-trend" data-range={range} data-shown={data && !trend.isPlaceholderData ? data.range : ''} data-points={data?.points.length ?? ''} data-marks={data?.marks.length ?? ''} data-checks={data?.checks.length ?? ''} style={{ display: 'flex', flexDirection: 'column', gap: 8, color: c.text, fontSize: font }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 14, flexWrap: 'wrap', minWidth: 0 }}>
          <span style={{ fontWeight: 700, fontSize: font + 2 }}>{t('trend.title', { ch: source.ch })}</span>
          {name ? <span style={{ fontWeight: 600 }}>{name}</span> : null}
          {data ? (
            <>
              <span data-testid="trend-unit" style={{ color: c.dim }}>
                {t('trend.unit')}: {data.unit || t('trend.noUnit')}
              </span>
              <span data-testid="trend-normal" style={{ color: TREND_COLORS.normal }}>
                {t('trend.normalRange', { min: data.analogMin, max: data.analogMax, unit })}
              </span>
              <span style={{ color: c.dim }}>{data.grain === 'hour' ? t('trend.grain.hour') : t('trend.grain.minute', { minutes: data.stepSeconds / 60 })}</span>
              {projectedAt ? (
                <span data-testid="trend-projected" style={{ color: TREND_COLORS.projected, fontWeight: 600 }}>
                  {t('trend.projected', { at: dayjs(projectedAt).format('YYYY-MM-DD HH:mm') })}
                </span>
              ) : null}
              {data.marks.length ? (
                <span data-testid="trend-marks" style={{ color: TREND_COLORS.fault }}>
                  ▲ {t('trend.faults')} {data.marks.length}
                </span>
              ) : null}
              {data.checks.length ? (
                <span data-testid="trend-checks" style={{ color: TREND_COLORS.check }}>
                  ◆ {t('trend.checks')} {data.checks.length}
                </span>
              ) : null}
            </>
          ) : null}
        </div>
        {rangeSwitch({ value: range, onChange: setRange, data: TREND_RANGES.map((r) => ({ value: r, label: t(`trend.ranges.${r}`) })), label: t('trend.rangeLabel') })}
      </div>
      <div
        role="img"
        aria-label={data ? t('trend.chartLabel', { ch: source.ch, range: t(`trend.ranges.${range}`), grain: data.grain === 'hour' ? t('trend.grain.hour') : t('trend.grain.minute', { minutes: data.stepSeconds / 60 }), unit: data.unit || t('trend.noUnit') }) : undefined}
        style={{ height, position: 'relative', opacity: trend.isFetching && trend.isPlaceholderData ? 0.6 : 1 }}
      >
        {body}
      </div>
    </div>
  );
}

function Message({ children, colour, testId }: { children: ReactNode; colour: string; testId?: string }) {
  return (
    <div data-testid={testId} style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: colour }}>
      {children}
    </div>
  );
}
