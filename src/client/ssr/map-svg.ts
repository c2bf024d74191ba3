import type { FeatureCollection, Position } from 'geojson';
import { clusterColor, gridCluster, type MapPoint } from '@client/components/wall/cluster';
import { CLUSTER_PX, clusterBadgeHtml, clusterSize, COUNTRY_STYLE, MAP_MIN_ZOOM, MAP_ZOOM_SNAP, POINT_RADIUS, POINT_STYLE, WORLD_VIEW } from '@client/components/wall/map-view';
import { WALL } from '@client/components/wall/theme';

/**
 * The wall map as the live map (Leaflet, wall-map.tsx) first shows it, drawn as SVG for the server's
 * first frame: the same Web Mercator view Leaflet's fitBounds picks for WORLD_VIEW in a box of this
 * size, the same base map and the same grid clusters.
 */

const MAX_LAT = 85.0511287798;

/** Web Mercator pixels at a zoom (Leaflet's EPSG:3857 with 256-pixel tiles). */
export function project(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return { x: scale * (0.5 + lng / 360), y: scale * (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) };
}

/** Leaflet's fitBounds without padding: the largest snapped zoom showing the whole view, and its centre. */
export function fitView(width: number, height: number, view = WORLD_VIEW, snap = MAP_ZOOM_SNAP, minZoom = MAP_MIN_ZOOM) {
  const nw = project(view.north, view.west, 0);
  const se = project(view.south, view.east, 0);
  const scale = Math.min(width / (se.x - nw.x), height / (se.y - nw.y));
  let zoom = Math.log2(scale);
  zoom = Math.round(zoom / (snap / 100)) * (snap / 100);
  zoom = Math.max(minZoom, Math.floor(zoom / snap) * snap);
  const a = project(view.south, view.west, zoom);
  const b = project(view.north, view.east, zoom);
  // Leaflet rounds the pixel origin of the view to whole pixels.
  const origin = { x: Math.round((a.x + b.x) / 2 - width / 2), y: Math.round((a.y + b.y) / 2 - height / 2) };
  return { zoom, origin };
}

const lands = new WeakMap<FeatureCollection, Map<string, string>>();

/** The countries as one SVG path in this view: the same for every frame of a size, so drawn once. */
function landPath(world: FeatureCollection, width: number, height: number, zoom: number, origin: { x: number; y: number }): string {
  let bySize = lands.get(world);
  if (!bySize) lands.set(world, (bySize = new Map()));
  const key = `${width}x${height}`;
  const kept = bySize.get(key);
  if (kept !== undefined) return kept;
  const ring = (coords: Position[]) => {
    let d = '';
    let last = '';
    for (const [lng, lat] of coords) {
      const p = project(lat, lng, zoom);
      // Whole pixels, as Leaflet draws its paths.
      const xy = `${Math.round(p.x) - origin.x} ${Math.round(p.y) - origin.y}`;
      if (xy === last) continue;
      d += `${d ? 'L' : 'M'}${xy}`;
      last = xy;
    }
    return `${d}Z`;
  };
  let land = '';
  for (const f of world.features) {
    const g = f.geometry;
    if (g.type === 'Polygon') land += g.coordinates.map(ring).join('');
    else if (g.type === 'MultiPolygon') land += g.coordinates.map((poly) => poly.map(ring).join('')).join('');
  }
  bySize.set(key, land);
  return land;
}

export function mapSvg(world: FeatureCollection, points: MapPoint[], width: number, height: number, urgency: string[]): string {
  const { zoom, origin } = fitView(width, height);
  const at = (lat: number, lng: number) => {
    const p = project(lat, lng, zoom);
    return { x: Math.round(p.x) - origin.x, y: Math.round(p.y) - origin.y };
  };
  const land = landPath(world, width, height, zoom, origin);
  const clusters = gridCluster(points, (lat, lng) => project(lat, lng, zoom), CLUSTER_PX);
  let singles = '';
  let badges = '';
  for (const c of clusters) {
    const color = clusterColor(c, urgency);
    if (c.points.length === 1) {
      const p = at(c.points[0].lat, c.points[0].lng);
      singles += `<circle cx="${p.x}" cy="${p.y}" r="${POINT_RADIUS}" fill="${c.points[0].color}" fill-opacity="${POINT_STYLE.fillOpacity}" stroke="${POINT_STYLE.color}" stroke-width="${POINT_STYLE.weight}"/>`;
    } else {
      const p = at(c.lat, c.lng);
      const size = clusterSize(c.points.length);
      badges += `<div style="position:absolute;left:${p.x - size / 2}px;top:${p.y - size / 2}px">${clusterBadgeHtml(c.points.length, color)}</div>`;
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="position:absolute;left:0;top:0">` +
    `<path d="${land}" fill="${COUNTRY_STYLE.fillColor}" stroke="${COUNTRY_STYLE.color}" stroke-width="${COUNTRY_STYLE.weight}" stroke-linejoin="round"/>` +
    `${singles}</svg>`;
  return `<div style="position:relative;width:${width}px;height:${height}px;overflow:hidden;background:${WALL.sea}">${svg}${badges}</div>`;
}
