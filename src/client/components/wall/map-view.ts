import { WALL } from './theme';

/**
 * What the wall map shows and how, shared by the live map (wall-map.tsx, Leaflet) and the server's
 * first frame (src/client/ssr/map-svg.ts), so that the frame and the map it gives way to match.
 */

/** Inhabited latitudes only: a wall panel is wide, and Antarctica and the Arctic would waste its height. */
export const WORLD_VIEW = { south: -46, west: -168, north: 72, east: 190 } as const;
export const MAP_MIN_ZOOM = 1;
export const MAP_ZOOM_SNAP = 0.1;
/** Grid cell for clustering, in screen pixels. */
export const CLUSTER_PX = 44;

export const COUNTRY_STYLE = { color: WALL.landBorder, weight: 0.8, fillColor: WALL.land, fillOpacity: 1 };
export const POINT_RADIUS = 7;
export const POINT_STYLE = { color: '#ffffff', weight: 1.5, fillOpacity: 0.95 };

export function clusterSize(count: number): number {
  return count < 10 ? 34 : count < 100 ? 42 : 50;
}

/** A cluster's badge: a glowing ring in its most urgent colour with the number of projects. */
export function clusterBadgeHtml(count: number, color: string): string {
  const size = clusterSize(count);
  return `<div style="width:${size}px;height:${size}px;border-radius:50%;display:flex;align-items:center;justify-content:center;
      background:${color}33;border:2px solid ${color};box-shadow:0 0 14px ${color};color:#fff;font:600 15px ${WALL.numberFont}">${count}</div>`;
}
