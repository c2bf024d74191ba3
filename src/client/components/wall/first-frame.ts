import { createContext, useContext, useEffect, type RefObject } from 'react';
import type { EChartsOption } from '@client/lib/echarts';
import type { MapPoint } from './cluster';
import { dropWallFrame, FRAME_MAX_MS, wallFrameShown } from './first-frame-dom';

export { dropWallFrame, wallFrameShown };

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
        // The panels are drawn in this commit; the frame goes once the browser has painted them.
        requestAnimationFrame(() => requestAnimationFrame(dropWallFrame));
        observer.disconnect();
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
