import { describe, expect, it } from 'vitest';
import L from 'leaflet';
import type { FeatureCollection } from 'geojson';
import { MAP_MIN_ZOOM, MAP_ZOOM_SNAP, WORLD_VIEW } from '@client/components/wall/map-view';
import { fitView, mapSvg, project } from './map-svg';

/** A Leaflet map in a box of this size, opened the way the wall opens its map (wall-map.tsx). */
function leafletView(width: number, height: number) {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: width });
  Object.defineProperty(el, 'clientHeight', { value: height });
  document.body.appendChild(el);
  const map = L.map(el, { minZoom: MAP_MIN_ZOOM, maxZoom: 7, zoomSnap: MAP_ZOOM_SNAP, zoomControl: false, attributionControl: false });
  map.fitBounds(L.latLngBounds([WORLD_VIEW.south, WORLD_VIEW.west], [WORLD_VIEW.north, WORLD_VIEW.east]));
  return map;
}

describe('the first frame’s map', () => {
  it.each([
    [958, 478],
    [1600, 900],
    [420, 300],
  ])('picks the view Leaflet picks for a %i×%i box, to the pixel', (width, height) => {
    const map = leafletView(width, height);
    // Leaflet snaps to whole zoom levels where it cannot transform in 3D (jsdom), to zoomSnap in a browser.
    const ours = fitView(width, height, WORLD_VIEW, L.Browser.any3d ? MAP_ZOOM_SNAP : 1);
    expect(ours.zoom).toBeCloseTo(map.getZoom(), 6);
    for (const [lat, lng] of [[30.25, 120.15], [25.2, 55.27], [40.7, -74], [-33.9, 151.2]]) {
      const theirs = map.latLngToContainerPoint([lat, lng]);
      const p = project(lat, lng, ours.zoom);
      expect(Math.round(p.x) - ours.origin.x).toBeCloseTo(theirs.x, 0);
      expect(Math.round(p.y) - ours.origin.y).toBeCloseTo(theirs.y, 0);
    }
    map.remove();
  });

  it('draws the points, a cluster as a badge with its count in its most urgent colour', () => {
    const world: FeatureCollection = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[100, 20], [120, 20], [120, 40], [100, 20]]] } }] };
    const points = [
      { id: 1, lat: 30.25, lng: 120.15, color: '#00ff00', label: 'a' },
      { id: 2, lat: 30.26, lng: 120.16, color: '#ff0000', label: 'b' },
      { id: 3, lat: 25.2, lng: 55.27, color: '#00ff00', label: 'c' },
    ];
    const svg = mapSvg(world, points, 958, 478, ['#ff0000', '#00ff00']);
    expect(svg.match(/<circle /g)).toHaveLength(1);
    expect(svg).toMatch(/border:2px solid #ff0000[^>]*>2<\/div>/);
    expect(svg).toMatch(/<path d="M[\d -]+L/);
  });
});
