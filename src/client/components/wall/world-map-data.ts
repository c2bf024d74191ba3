import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';

/** The bundled world base map (Natural Earth 1:110m via world-atlas), served from public/geo. */
export const WORLD_MAP_URL = 'geo/countries-110m.json';

/** Loads the offline world base map once per page; the walls never need a tile server. */
export async function loadWorldMap(signal?: AbortSignal): Promise<FeatureCollection> {
  const res = await fetch(WORLD_MAP_URL, { signal });
  if (!res.ok) throw new Error(`world map ${res.status}`);
  const topo = (await res.json()) as Topology<{ countries: GeometryCollection }>;
  return feature(topo, topo.objects.countries) as FeatureCollection;
}

export const worldMapQueryOptions = () => ({
  queryKey: ['geo', 'world'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => loadWorldMap(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});
