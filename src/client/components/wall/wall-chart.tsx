import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { echarts, loadChartTooltips, type ECharts, type EChartsOption } from '@client/lib/echarts';
import { usePointerSeen } from './pointer-seen';
import { renderPixelRatio } from './scale';
import { useWall } from './wall-context';
import { afterNextPaint, wallFrameShown } from './first-frame';

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
  /**
   * Called once the chart has drawn its data: the first frame painted after an option is set. The
   * entry animation (bars growing, lines drawing, sectors opening) plays on from there, as the
   * wall's numbers count up after they are shown.
   */
  onReady?: () => void;
  style?: React.CSSProperties;
  /** 'svg' draws vectors (printing); the SVG renderer must be loaded first (lib/echarts loadSvgRenderer). @default 'canvas' */
  renderer?: 'canvas' | 'svg';
  /**
   * Whether the first drawing grows from nothing; false where the chart replaces a drawing of itself
   * (the server's first frame). Read as the chart mounts. @default true
   */
  entryAnimation?: boolean;
}

/**
 * ECharts on a wall or a page: renders at the real pixel size (devicePixelRatio × the canvas scale),
 * so text and lines stay sharp on a 4K wall and on a laptop alike; resizes with its box.
 *
 * One chart instance per box, created once with the box's size (echarts-for-react created a
 * throwaway instance first and waited a frame for it to draw before creating the real one). Hover
 * tooltips arrive with the first pointer activity on the page (see loadChartTooltips).
 */
export function WallChart({ option, onPointClick, onReady, style, renderer = 'canvas', entryAnimation = true }: WallChartProps) {
  const { scaleX, scaleY } = useWall();
  const ratio = renderPixelRatio({ scaleX, scaleY }, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const drawing = useRef(false);
  const drawnOnce = useRef(false);
  const animateEntry = useRef(entryAnimation);
  const handlers = useRef({ onPointClick, onReady });
  useEffect(() => {
    handlers.current = { onPointClick, onReady };
  }, [onPointClick, onReady]);
  const pointer = usePointerSeen();
  const [tooltips, setTooltips] = useState(false);
  useEffect(() => {
    if (!pointer) return;
    let alive = true;
    loadChartTooltips().then(
      () => alive && setTooltips(true),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [pointer]);

  // The box's size, read while React lays out the commit: every chart of a wall reads it in the same
  // pass (one layout), where each chart measuring itself as it was created forced a layout per chart.
  const size = useRef({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (el) size.current = { width: el.clientWidth, height: el.clientHeight };
  }, [ratio]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { width, height } = size.current;
    const instance = echarts.init(el, undefined, { devicePixelRatio: ratio, renderer, ...(width && height ? { width, height } : {}) });
    chart.current = instance;
    instance.on('click', (p) => handlers.current.onPointClick?.({ seriesName: p.seriesName, seriesIndex: p.seriesIndex, dataIndex: p.dataIndex, name: p.name, value: p.value }));
    instance.on('rendered', () => {
      if (!drawing.current) return;
      drawing.current = false;
      handlers.current.onReady?.();
    });
    // Resize only when the box really changes: the observer's first call is the size the chart was
    // created with, and a resize would cut the entry animation short.
    let drawn = `${width}x${height}`;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(([entry]) => {
      const next = `${Math.round(entry.contentRect.width)}x${Math.round(entry.contentRect.height)}`;
      if (next === drawn) return;
      drawn = next;
      instance.resize({ width: 'auto', height: 'auto' });
    });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.current = null;
      instance.dispose();
    };
  }, [ratio, renderer]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    drawing.current = true;
    // Under a server-drawn first frame, or over its drawing, the chart is on screen already: its first
    // drawing does not grow from nothing (an option's own `animation` applies from the next one).
    const entry = drawnOnce.current ? { animation: option.animation ?? true } : wallFrameShown() || !animateEntry.current ? { animation: false } : {};
    const first = !drawnOnce.current;
    drawnOnce.current = true;
    // Over the frame's drawing of it, on a wall that is on screen: its first drawing in steps.
    if (first && !animateEntry.current) return drawInSteps(instance, { ...option, ...entry }, size.current);
    // Merging lets a refresh animate from the old values to the new instead of redrawing from zero;
    // once the tooltips are registered, the same option set again adds them.
    instance.setOption({ ...option, ...entry }, { notMerge: false, lazyUpdate: true });
    return undefined;
  }, [option, ratio, tooltips, renderer]);

  return <div ref={box} style={{ width: '100%', height: '100%', ...style }} />;
}

/**
 * A chart's first drawing in steps, a task each, for a chart that takes the place of a drawing of
 * itself on a wall already on screen. ECharts does the option, the layout and the painting in one task
 * (setOption, or its next animation frame after a lazy one), and the browser puts the new canvas on
 * screen in the same frame: 50–110 ms at three times this machine's slowness (a loaded two-core
 * one), a long task that holds up a click. Here the option goes into ECharts' model now, with
 * zrender's loop paused so that its next frame does not lay the chart out and paint it; the layout
 * comes in a task after the next paint (a resize runs the update pending and, unlike setOption, does
 * not paint), the painting in another (zrender's flush), and the browser's frame after that.
 * Returns a cancel (zrender's loop then does what is left in its next frame, as usual).
 */
function drawInSteps(instance: ECharts, option: EChartsOption, { width, height }: { width: number; height: number }): () => void {
  const zr = instance.getZr();
  // Held here: disposing of the chart (which may come first when it goes) takes zrender's loop away.
  const loop = zr.animation;
  instance.setOption(option, { notMerge: false, lazyUpdate: true });
  loop.pause();
  let cancel = afterNextPaint(() => {
    instance.resize(width && height ? { width, height } : undefined);
    cancel = afterNextPaint(() => {
      loop.resume();
      zr.flush();
    });
  });
  return () => {
    cancel();
    loop.resume();
  };
}
