import { lazy, memo, Suspense, useMemo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Panel, panelBodySize, type PanelBox } from '@client/components/wall/panel';
import { FrameDrawing } from '@client/components/wall/frame-drawing';
import { drawnFrom, useFrameDraw, useFrameHandover, wallFrameShown } from '@client/components/wall/first-frame';
import type { ChartPoint } from '@client/components/wall/wall-chart';
import type { EChartsOption } from '@client/lib/echarts';
import { useWallText } from '../use-wall-locale';
import { samePanelProps } from './same-props';
import { PanelStale } from './panel-stale';

export interface ChartPanelProps<T> {
  name: string;
  title: ReactNode;
  hint?: ReactNode;
  extra?: ReactNode;
  box?: PanelBox;
  query: UseQueryResult<T>;
  /** Builds the chart from the data; null when there is nothing to draw. */
  build: (data: T) => EChartsOption | null;
  onPointClick?: (point: ChartPoint) => void;
}

// ECharts loads in its own chunk, requested as soon as this module is evaluated: the wall mounts and
// sends its data calls while ECharts downloads and compiles, instead of after. Not while the server
// draws a first frame (it draws SVG), nor under one: the frame's drawings stand in for the charts until
// a live chart is wanted (useFrameHandover), and ECharts is evaluated then.
const chartModule = typeof window === 'undefined' || wallFrameShown() ? null : import('@client/components/wall/wall-chart');
const WallChart = lazy(() => (chartModule ?? import('@client/components/wall/wall-chart')).then((m) => ({ default: m.WallChart })));

const CHART_PADDING = 10;

/** A wall panel drawing one query as one chart; data-ready turns true once the chart has drawn. */
export const ChartPanel = memo(ChartPanelOf, samePanelProps) as typeof ChartPanelOf;

function ChartPanelOf<T>({ name, title, hint, extra, box, query, build, onPointClick }: ChartPanelProps<T>) {
  const { t } = useWallText();
  const frame = useFrameDraw();
  const option = useMemo(() => (query.data === undefined ? null : build(query.data)), [query.data, build]);
  const handover = useFrameHandover(name, frame ? null : option);
  const placeholder = query.isPending ? t('loading') : query.isError && !query.data ? t('failed') : option ? null : t('empty');
  const extras = (
    <>
      {extra}
      <PanelStale updatedAt={query.dataUpdatedAt} />
    </>
  );
  if (frame && box) {
    const size = panelBodySize(box, CHART_PADDING);
    return (
      <Panel name={name} title={title} hint={hint} extra={extras} box={box} ready={query.isSuccess} placeholder={placeholder} padding={CHART_PADDING}>
        {option && (
          <div data-frame-drawing data-drawn-from={drawnFrom(option)} style={{ width: '100%', height: '100%' }} dangerouslySetInnerHTML={{ __html: frame.chart(option, size.width, size.height) }} />
        )}
      </Panel>
    );
  }
  return (
    <Panel
      name={name}
      title={title}
      hint={hint}
      extra={extras}
      box={box}
      ready={(handover.shown && !!option) || (query.isSuccess && !option)}
      placeholder={placeholder}
      padding={CHART_PADDING}
    >
      {option && handover.live && (
        <Suspense fallback={null}>
          {/* Over the frame's drawing, its first drawing is the chart as the drawing shows it, not grown
              from nothing; what is current comes after it, animated from there. */}
          <WallChart
            option={handover.drawing !== null && handover.drawnAs ? handover.drawnAs : option}
            onReady={handover.drawn}
            onPointClick={onPointClick}
            entryAnimation={handover.drawing === null}
          />
        </Suspense>
      )}
      {option && handover.drawing !== null && <FrameDrawing html={handover.drawing} inset={CHART_PADDING} onReach={handover.reach} />}
    </Panel>
  );
}
