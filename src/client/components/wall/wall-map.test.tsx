import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it, vi } from 'vitest';
import { WallMap } from './wall-map';
import { worldMapQueryOptions } from './world-map-data';

const WORLD: FeatureCollection = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: 'Somewhere' }, geometry: { type: 'Polygon', coordinates: [[[100, 20], [130, 20], [130, 40], [100, 40], [100, 20]]] } }],
};

describe('the wall map', () => {
  it('adds the country outlines in a task after the map and its markers, under the markers, and is ready once they are drawn', async () => {
    const client = new QueryClient();
    client.setQueryData(worldMapQueryOptions().queryKey, WORLD);
    const onReady = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <WallMap points={[{ id: 1, lat: 30, lng: 120, color: '#ff0000', label: 'Fountain' }]} onReady={onReady} />
      </QueryClientProvider>,
    );
    const paths = () => [...document.querySelectorAll('.leaflet-overlay-pane path')].map((p) => (p.getAttribute('fill') === '#ff0000' ? 'marker' : 'outline'));
    // The base map is at hand, yet the first commit draws the marker alone.
    expect(paths()).toEqual(['marker']);
    expect(onReady).not.toHaveBeenCalled();
    await waitFor(() => expect(onReady).toHaveBeenCalledOnce());
    expect(paths()).toEqual(['outline', 'marker']);
  });
});
