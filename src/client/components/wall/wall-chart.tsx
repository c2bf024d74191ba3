import { useMemo } from 'react';
import { echarts, ReactEChartsCore, type EChartsOption } from '@client/lib/echarts';
import { renderPixelRatio } from './scale';
import { useWall } from './wall-context';

export interface ChartPoint {
  seriesName?: string;
  seriesIndex?: number;
  dataIndex: number;
  name: string;
  value: unknown;
}

export interface WallChartProps {
  option: EChartsOption;
  /** A click on a data point (drill-down). */
  onPointClick?: (point: ChartPoint) => void;
  /** Called once the chart has drawn its data. */
  onReady?: () => void;
  style?: React.CSSProperties;
}

/**
 * ECharts on a wall or a page: renders at the real pixel size (devicePixelRatio × the canvas scale),
 * so text and lines stay sharp on a 4K wall and on a laptop alike; resizes with its box.
 */
export function WallChart({ option, onPointClick, onReady, style }: WallChartProps) {
  const { scaleX, scaleY } = useWall();
  const ratio = renderPixelRatio({ scaleX, scaleY }, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  const opts = useMemo(() => ({ devicePixelRatio: ratio, renderer: 'canvas' as const }), [ratio]);
  const events = useMemo(() => {
    const e: Record<string, (p: never) => void> = {};
    if (onPointClick) e.click = (p: ChartPoint) => onPointClick(p);
    if (onReady) e.finished = () => onReady();
    return e;
  }, [onPointClick, onReady]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      opts={opts}
      // Merging lets a refresh animate from the old values to the new instead of redrawing from zero.
      notMerge={false}
      lazyUpdate
      onEvents={events}
      style={{ width: '100%', height: '100%', ...style }}
    />
  );
}
