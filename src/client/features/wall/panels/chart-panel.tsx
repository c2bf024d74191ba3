import { lazy, memo, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Panel, type PanelBox } from '@client/components/wall/panel';
import type { ChartPoint } from '@client/components/wall/wall-chart';
import type { EChartsOption } from '@client/lib/echarts';
import { useWallText } from '../use-wall-locale';
import { samePanelProps } from './same-props';

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
// sends its data calls while ECharts downloads and compiles, instead of after.
const chartModule = import('@client/components/wall/wall-chart');
const WallChart = lazy(() => chartModule.then((m) => ({ default: m.WallChart })));

/** A wall panel drawing one query as one chart; data-ready turns true once the chart has drawn. */
export const ChartPanel = memo(ChartPanelOf, samePanelProps) as typeof ChartPanelOf;

function ChartPanelOf<T>({ name, title, hint, extra, box, query, build, onPointClick }: ChartPanelProps<T>) {
  const { t } = useWallText();
  const [drawn, setDrawn] = useState(false);
  const onReady = useCallback(() => setDrawn(true), []);
  const option = useMemo(() => (query.data === undefined ? null : build(query.data)), [query.data, build]);
  const placeholder = query.isPending ? t('loading') : query.isError && !query.data ? t('failed') : option ? null : t('empty');
  return (
    <Panel name={name} title={title} hint={hint} extra={extra} box={box} ready={(drawn && !!option) || (query.isSuccess && !option)} placeholder={placeholder} padding={10}>
      {option && (
        <Suspense fallback={null}>
          <WallChart option={option} onReady={onReady} onPointClick={onPointClick} />
        </Suspense>
      )}
    </Panel>
  );
}
