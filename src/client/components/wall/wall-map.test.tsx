import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WallMap } from './wall-map';
import { worldMapQueryOptions } from './world-map-data';

const WORLD: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'West' }, geometry: { type: 'Polygon', coordinates: [[[100, 20], [115, 20], [115, 40], [100, 40], [100, 20]]] } },
    { type: 'Feature', properties: { name: 'East' }, geometry: { type: 'Polygon', coordinates: [[[115, 20], [130, 20], [130, 40], [115, 40], [115, 20]]] } },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('the wall map', () => {
  it('adds the markers after the map and the country outlines after them, a part per task, under the markers, and is ready once all are drawn', async () => {
    // jsdom lays nothing out: a map of some size, or Leaflet draws every outline as an empty path.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const client = new QueryClient();
    client.setQueryData(worldMapQueryOptions().queryKey, WORLD);
    const onReady = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <WallMap points={[{ id: 1, lat: 30, lng: 120, color: '#ff0000', label: 'Fountain' }]} onReady={onReady} />
      </QueryClientProvider>,
    );
    // Each outline's path is told apart by where it starts (Leaflet projects west before east).
    const paths = (pane: string) => [...document.querySelectorAll(`.leaflet-${pane}-pane path`)].map((p) => p.getAttribute('d') ?? '');
    // The base map is at hand, yet the first commit draws the map alone, the next its marker.
    expect(document.querySelector('.leaflet-container')).not.toBeNull();
    expect(paths('overlay')).toEqual([]);
    await waitFor(() => expect(paths('overlay')).toHaveLength(1));
    expect(paths('outlines')).toEqual([]);
    expect(onReady).not.toHaveBeenCalled();
    await waitFor(() => expect(paths('outlines')).toHaveLength(1));
    expect(onReady).not.toHaveBeenCalled();
    await waitFor(() => expect(onReady).toHaveBeenCalledOnce());
    // In the base map's order (neighbours' borders overlap), under the markers.
    const [west, east] = paths('outlines');
    expect(Number(/^M(-?[\d.]+)/.exec(west)?.[1])).toBeLessThan(Number(/^M(-?[\d.]+)/.exec(east)?.[1]));
    expect(Number(document.querySelector<HTMLElement>('.leaflet-outlines-pane')?.style.zIndex)).toBeLessThan(400);
  });
});
