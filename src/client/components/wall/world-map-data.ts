import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';

import { takeEarlyCall } from '@client/lib/early-calls';
import { WORLD_MAP_URL } from './world-map-url';

export { WORLD_MAP_URL };

/** Loads the offline world base map once per page; the walls never need a tile server. */
export async function loadWorldMap(signal?: AbortSignal): Promise<FeatureCollection> {
  // On the overview wall the map is usually under way already (src/client/early/wall-early.ts).
  const res = await (takeEarlyCall('GET', WORLD_MAP_URL, undefined, {}) ?? fetch(WORLD_MAP_URL, { signal }));
  if (!res.ok) throw new Error(`world map ${res.status}`);
  const topo = (await res.json()) as Topology<{ countries: GeometryCollection }>;
  return unwrapAntimeridian(feature(topo, topo.objects.countries) as FeatureCollection);
}

type Ring = number[][];

/**
 * Rings that touch both sides of the antimeridian (Russia's far east, Fiji) would be drawn as
 * stripes across the whole map; moving their western-hemisphere points east by 360° keeps them whole.
 */
export function unwrapAntimeridian(fc: FeatureCollection): FeatureCollection {
  const fixRing = (ring: Ring): Ring =>
    ring.some(([lng]) => lng > 160) && ring.some(([lng]) => lng < -160) ? ring.map(([lng, lat]) => [lng < 0 ? lng + 360 : lng, lat]) : ring;
  for (const f of fc.features) {
    const g = f.geometry;
    if (g.type === 'Polygon') g.coordinates = g.coordinates.map(fixRing);
    else if (g.type === 'MultiPolygon') g.coordinates = g.coordinates.map((poly) => poly.map(fixRing));
  }
  // Antarctica fills the bottom of a world map with white space; the walls show inhabited land.
  fc.features = fc.features.filter((f) => (f.properties as { name?: string } | null)?.name !== 'Antarctica');
  return fc;
}

export const worldMapQueryOptions = () => ({
  queryKey: ['geo', 'world'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => loadWorldMap(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});
