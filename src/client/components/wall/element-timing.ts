import 'react';

declare module 'react' {
  // Merges into React's own declaration, whose type parameter is named T.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * Element Timing API (https://w3c.github.io/element-timing/): the browser reports when this
     * element's text is first painted (PerformanceObserver type 'element', renderTime). React
     * passes the lowercase attribute through unchanged.
     */
    elementtiming?: string;
  }
}

/**
 * What a wall panel carries once its data is drawn, on a text element that is first put on the
 * page then (the caller keys it on `ready`: the API reports an element's first paint only, so one
 * marked before its data came would report the empty panel): `panel-<name>`. The server-drawn
 * first frame is drawn from the same components with its data, so its panels report the frame's
 * paint; the app's own panels, drawn hidden under the frame, report when they are shown. The wall
 * benchmark takes each panel's first report, and "every panel painted" is the latest of them.
 */
export function panelTiming(name: string | undefined, ready: boolean | undefined): string | undefined {
  return ready && name ? `${PANEL_TIMING_PREFIX}${name}` : undefined;
}

export const PANEL_TIMING_PREFIX = 'panel-';
