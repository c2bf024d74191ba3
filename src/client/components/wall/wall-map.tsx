import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, GeoJSON, MapContainer, Marker, Pane, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection } from 'geojson';
import { clusterColor, gridCluster, type MapCluster, type MapPoint } from './cluster';
import { afterNextPaint } from './first-frame';
import { WALL } from './theme';
import { worldMapQueryOptions } from './world-map-data';
import { CLUSTER_PX, clusterBadgeHtml, clusterSize, COUNTRY_STYLE, MAP_MIN_ZOOM, MAP_ZOOM_SNAP, POINT_RADIUS, POINT_STYLE, WORLD_VIEW } from './map-view';

export type { MapPoint } from './cluster';

export interface WallMapProps {
  points: MapPoint[];
  /** A click on a single point (a cluster click zooms in instead). */
  onSelect?: (id: number) => void;
  /** Tile URL template; empty = the bundled offline world map only. */
  tileUrl?: string;
  /** Marker colours from most to least urgent: a cluster shows its most urgent member's colour. */
  urgency?: string[];
  /** Grid cell for clustering, in screen pixels. */
  clusterPx?: number;
  /** Called once the base map and the markers are drawn. */
  onReady?: () => void;
}

const WORLD_BOUNDS = L.latLngBounds([WORLD_VIEW.south, WORLD_VIEW.west], [WORLD_VIEW.north, WORLD_VIEW.east]);

/**
 * The map starts in steps, each a task of its own after a paint: the map, then its markers, then the
 * country outlines in parts. All at once the outlines held the main thread 55–60 ms on a loaded wall
 * PC, alone still 60 ms at times, and the map with its markers 45–50 ms at three times this machine's
 * slowness: long enough to hold up a click. The parts hold about as many points each (cut by count,
 * the first of four held 43 % of them). Their own pane keeps the outlines under the markers (z-index
 * 400) and in the base map's order (neighbours' borders overlap) whenever each part comes.
 */
const OUTLINE_PARTS = 6;
const OUTLINES_PANE_STYLE = { zIndex: '390' };

/** The number of positions in a geometry's coordinates. */
const positions = (coordinates: unknown): number => (Array.isArray(coordinates) && Array.isArray(coordinates[0]) ? coordinates.reduce((n: number, c: unknown) => n + positions(c), 0) : 1);

function outlineParts(world: FeatureCollection): FeatureCollection[] {
  const weight = (f: Feature) => ('coordinates' in f.geometry ? positions(f.geometry.coordinates) : 1);
  const share = world.features.reduce((n, f) => n + weight(f), 0) / OUTLINE_PARTS;
  const parts: Feature[][] = [[]];
  let held = 0;
  for (const f of world.features) {
    if (held >= share) {
      parts.push([]);
      held = 0;
    }
    parts[parts.length - 1].push(f);
    held += weight(f);
  }
  return parts.filter((features) => features.length > 0).map((features) => ({ ...world, features }));
}

function clusterIcon(cluster: MapCluster, color: string): L.DivIcon {
  const size = clusterSize(cluster.points.length);
  return L.divIcon({ className: '', iconSize: [size, size], html: clusterBadgeHtml(cluster.points.length, color) });
}

function Clusters({ points, onSelect, urgency, clusterPx }: Required<Pick<WallMapProps, 'points' | 'urgency' | 'clusterPx'>> & Pick<WallMapProps, 'onSelect'>) {
  const map = useMap();
  const [zoom, setZoom] = useState(map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const clusters = useMemo(() => gridCluster(points, (lat, lng) => map.project([lat, lng], zoom), clusterPx), [points, map, zoom, clusterPx]);
  return (
    <>
      {clusters.map((c) => {
        const color = clusterColor(c, urgency);
        if (c.points.length === 1) {
          const p = c.points[0];
          return (
            <CircleMarker
              key={c.key}
              center={[p.lat, p.lng]}
              radius={POINT_RADIUS}
              pathOptions={{ ...POINT_STYLE, fillColor: p.color }}
              eventHandlers={{ click: () => onSelect?.(p.id) }}
            >
              <Tooltip direction="top" offset={[0, -6]}>{p.label}</Tooltip>
            </CircleMarker>
          );
        }
        return (
          <Marker
            key={c.key}
            position={[c.lat, c.lng]}
            icon={clusterIcon(c, color)}
            eventHandlers={{ click: () => map.fitBounds(L.latLngBounds(c.points.map((p) => [p.lat, p.lng])), { padding: [40, 40], maxZoom: map.getZoom() + 3 }) }}
          >
            <Tooltip direction="top">{c.points.slice(0, 6).map((p) => p.label).join(' · ') + (c.points.length > 6 ? ' …' : '')}</Tooltip>
          </Marker>
        );
      })}
    </>
  );
}

function ReadySignal({ ready, onReady }: { ready: boolean; onReady?: () => void }) {
  useEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  return null;
}

/**
 * A Leaflet map of points with grid clustering and status colours, over a bundled world map that
 * needs no network; tiles only when a tile URL is configured.
 */
export function WallMap({ points, onSelect, tileUrl, urgency = [], clusterPx = CLUSTER_PX, onReady }: WallMapProps) {
  const world = useQuery(worldMapQueryOptions());
  const parts = useMemo(() => (world.data ? outlineParts(world.data) : []), [world.data]);
  const [markers, setMarkers] = useState(false);
  useEffect(() => afterNextPaint(() => setMarkers(true)), []);
  const [shown, setShown] = useState(0);
  useEffect(() => (markers && shown < parts.length ? afterNextPaint(() => setShown(shown + 1)) : undefined), [markers, parts, shown]);
  return (
    <MapContainer
      bounds={WORLD_BOUNDS}
      minZoom={MAP_MIN_ZOOM}
      maxZoom={tileUrl ? 18 : 7}
      zoomSnap={MAP_ZOOM_SNAP}
      worldCopyJump={false}
      attributionControl={false}
      zoomControl={false}
      style={{ width: '100%', height: '100%', background: WALL.sea }}
    >
      {tileUrl ? (
        <TileLayer url={tileUrl} />
      ) : (
        <Pane name="outlines" style={OUTLINES_PANE_STYLE}>
          {parts.slice(0, shown).map((part, i) => (
            <GeoJSON key={i} data={part} style={() => COUNTRY_STYLE} interactive={false} />
          ))}
        </Pane>
      )}
      {markers && <Clusters points={points} onSelect={onSelect} urgency={urgency} clusterPx={clusterPx} />}
      <ReadySignal ready={markers && (!!tileUrl || (parts.length > 0 && shown === parts.length))} onReady={onReady} />
    </MapContainer>
  );
}
