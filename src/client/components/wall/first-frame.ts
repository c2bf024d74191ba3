import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { EChartsOption } from '@client/lib/echarts';
import type { MapPoint } from './cluster';
import { drawnFrom, dropWallFrame, FRAME_MAX_MS, frameDrawing, wallFrameShown, whenFrameGone } from './first-frame-dom';

export { drawnFrom, dropWallFrame, frameDrawing, wallFrameShown };

/**
 * The overview wall's first frame: the server draws the wall once (src/client/ssr/overview-frame.tsx,
 * the same panels with the same data, charts and map as SVG) and the early start in index.html puts
 * it on screen while the app's scripts still load and compile; the app's own wall draws underneath,
 * hidden, and replaces it once every one of its panels has drawn. See docs/decisions.md.
 */

/** How the server draws what the browser draws with ECharts and Leaflet. */
export interface FrameDraw {
  /** An ECharts option as SVG markup of this size (design pixels). */
  chart(option: EChartsOption, width: number, height: number): string;
  /** The base map with the points (clustered as the live map clusters them) as SVG markup. */
  map(points: MapPoint[], width: number, height: number, urgency: string[]): string;
}

/** Set only while the server draws a frame: panels draw SVG markup instead of loading ECharts and Leaflet. */
export const FrameDrawContext = createContext<FrameDraw | null>(null);

export const useFrameDraw = () => useContext(FrameDrawContext);

/**
 * Drops the frame once every panel inside `canvas` has drawn (data-ready="true"), when the wall goes
 * away, or after FRAME_MAX_MS.
 */
export function useDropFrameWhenDrawn(canvas: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = canvas.current;
    if (!el || !wallFrameShown()) return;
    const check = () => {
      const panels = el.querySelectorAll('[data-panel]');
      if (panels.length > 0 && [...panels].every((p) => p.getAttribute('data-ready') === 'true')) {
        // The panels are drawn in this commit: the frame goes now, and the browser's next frame shows
        // the app's wall in its place. Waiting for two frames of the hidden wall first (its layout in
        // one, the swap in the next) held the wall back by those frames, ~0.1 s on a loaded machine.
        observer.disconnect();
        dropWallFrame();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
    check();
    const timer = window.setTimeout(dropWallFrame, FRAME_MAX_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      dropWallFrame();
    };
  }, [canvas]);
}

/** Longest one put-off task holds the next (a chart whose module failed to load never draws). */
const LATER_TASK_MAX_MS = 2000;
const later: (() => void | Promise<void>)[] = [];
let running = false;

/**
 * Runs `task` in a task of its own once the browser has painted what is on screen now (a frame, then
 * a timer): work split this way stays in tasks short enough to let a click or a hover through.
 * Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => (timer = window.setTimeout(task, 0)));
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** The next put-off task after the browser has painted what the last one drew. */
function nextLater(): void {
  afterNextPaint(runLater);
}

function runLater(): void {
  const task = later.shift();
  if (!task) {
    running = false;
    return;
  }
  const done = task();
  if (!done) {
    nextLater();
    return;
  }
  let timer = 0;
  void Promise.race([done, new Promise<void>((settle) => (timer = window.setTimeout(settle, LATER_TASK_MAX_MS)))]).then(() => {
    window.clearTimeout(timer);
    nextLater();
  });
}

/**
 * Work the wall puts off until it is on screen and free to answer (starting its ECharts charts and
 * its Leaflet map over the frame's drawings of them, the alarm tones): once no frame covers the app,
 * one task at a time in the order asked for, each after the last has painted (a task returning a
 * promise: once it settles). Done before the wall showed, that work held it some 400 ms behind the
 * frame in one long stretch of the main thread. Returns a cancel.
 */
export function afterWallShown(task: () => void | Promise<void>): () => void {
  let cancelled = false;
  const stopWaiting = whenFrameGone(() => {
    later.push(() => (cancelled ? undefined : task()));
    if (running) return;
    running = true;
    nextLater();
  });
  return () => {
    cancelled = true;
    stopWaiting();
  };
}

export interface FrameHandover<T> {
  /** The frame's drawing of the panel's chart or map, shown until the live one has drawn; null without a frame. */
  drawing: string | null;
  /**
   * What the drawing shows (the value it was drawn from), once the panel has had it: the live chart
   * draws this first, over the drawing, and what is current after (animated from the one to the other).
   */
  drawnAs: T | undefined;
  /** Whether to mount the live chart or map: at once without a frame, else in its turn once it is wanted. */
  live: boolean;
  /** Whether the chart or map is on screen: the live one has drawn, or the frame's drawing stands in. */
  shown: boolean;
  /** Call once the live one has drawn: the frame's drawing goes. */
  drawn: () => void;
  /** Call when the viewer reaches for the drawing (FrameDrawing's onReach): the live one is wanted. */
  reach: () => void;
}

/**
 * A panel's chart or map under the server's first frame: the app's wall shows the frame's drawing of
 * it (the same data as SVG) and starts ECharts or Leaflet only once the live one is wanted: the viewer
 * reaches for it (a hover, a touch: tooltips, drill-downs, the map's zoom), or what the panel would
 * draw (`shows`: the chart's option, the map's points; null while there is none) is no longer what
 * the drawing was drawn from (the data or the language changed). Then in its turn (afterWallShown),
 * one panel at a time. A wall that nobody touches and whose data stay put never evaluates ECharts or
 * Leaflet: started as the wall showed, they were ~0.5 s of the main thread's time in its first seconds.
 */
export function useFrameHandover<T>(name: string, shows: T | null | undefined): FrameHandover<T> {
  const [lent] = useState(() => frameDrawing(name));
  const [drawing, setDrawing] = useState(lent?.html ?? null);
  const [wanted, setWanted] = useState(lent === null);
  const [drawnAs, setDrawnAs] = useState<T | undefined>(undefined);
  // Whether the panel would draw what the drawing shows: only asked while the drawing stands alone.
  const same = useMemo(() => (lent === null || wanted || shows == null ? null : drawnFrom(shows) === lent.from), [lent, wanted, shows]);
  // Adjusted while rendering (each once): the drawing's own value kept, or the live one wanted.
  if (same === false) setWanted(true);
  else if (same && drawnAs === undefined) setDrawnAs(shows as T);
  const [live, setLive] = useState(lent === null);
  const [liveDrawn, setLiveDrawn] = useState(false);
  const turnDone = useRef<() => void>(undefined);
  useEffect(() => {
    if (live || !wanted) return undefined;
    return afterWallShown(
      () =>
        new Promise<void>((done) => {
          turnDone.current = done;
          setLive(true);
        }),
    );
  }, [live, wanted]);
  const drawn = useCallback(() => {
    setLiveDrawn(true);
    setDrawing(null);
    turnDone.current?.();
  }, []);
  const reach = useCallback(() => setWanted(true), []);
  return { drawing, drawnAs, live, shown: liveDrawn || drawing !== null, drawn, reach };
}
