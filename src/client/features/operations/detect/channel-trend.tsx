import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { WallChart } from '@client/components/wall/wall-chart';
import type { EChartsOption } from '@client/lib/echarts';
import type { BoardTrend } from '@shared/contracts/detect';

type TrendChannel = BoardTrend['channels'][number];

const WIDTH = 160;
const HEIGHT = 36;

/** The sparkline's option: the average as a line inside the band of minimum and maximum, on the channel's time axis. */
export function trendOption(channel: TrendChannel, fromMs: number, toMs: number): EChartsOption {
  const at = (p: TrendChannel['points'][number]) => new Date(p.t).getTime();
  const values = channel.points.flatMap((p) => [p.min, p.max]);
  const low = Math.min(...values, channel.analogMin);
  const high = Math.max(...values, channel.analogMax);
  return {
    animation: false,
    grid: { left: 0, right: 0, top: 2, bottom: 2 },
    xAxis: { type: 'time', min: fromMs, max: toMs, show: false },
    yAxis: { type: 'value', min: low, max: high, show: false },
    series: [
      // The band: the minimum (invisible) with the span to the maximum stacked on it.
      { type: 'line', data: channel.points.map((p) => [at(p), p.min]), stack: 'band', symbol: 'none', lineStyle: { opacity: 0 }, silent: true },
      { type: 'line', data: channel.points.map((p) => [at(p), p.max - p.min]), stack: 'band', symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: { opacity: 0.2, color: '#228be6' }, silent: true },
      { type: 'line', data: channel.points.map((p) => [at(p), p.avg]), symbol: 'none', lineStyle: { width: 1.5, color: '#1c7ed6' } },
    ],
  };
}

/** One channel's last 24 h as a small trend (the board detail's table cell). */
export function ChannelTrend({ channel, trend }: { channel: TrendChannel | undefined; trend: BoardTrend | undefined }) {
  const { t } = useTranslation('work');
  if (!trend || !channel || channel.points.length === 0) {
    return (
      <Text size="xs" c="dimmed" data-trend="empty">
        {trend ? t('detect.trendEmpty') : ''}
      </Text>
    );
  }
  const to = Date.now();
  const from = to - trend.hours * 3_600_000;
  return (
    <div
      role="img"
      aria-label={t('detect.trendLabel', { ch: channel.ch, minutes: Math.round(trend.stepSeconds / 60) })}
      data-trend={channel.points.length}
      style={{ width: WIDTH, height: HEIGHT }}
    >
      <WallChart option={trendOption(channel, from, to)} />
    </div>
  );
}
