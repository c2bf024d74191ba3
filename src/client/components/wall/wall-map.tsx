import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, GeoJSON, MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { clusterColor, gridCluster, type MapCluster, type MapPoint } from './cluster';
import { WALL } from './theme';
import { worldMapQueryOptions } from './world-map-data';

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

const COUNTRY_STYLE = { color: WALL.landBorder, weight: 0.8, fillColor: WALL.land, fillOpacity: 1 };
// Inhabited latitudes only: a wall panel is wide, and Antarctica and the Arctic would waste its height.
const WORLD_BOUNDS = L.latLngBounds([-46, -168], [72, 190]);

function clusterIcon(cluster: MapCluster, color: string): L.DivIcon {
  const n = cluster.points.length;
  const size = n < 10 ? 34 : n < 100 ? 42 : 50;
  return L.divIcon({
    className: '',
    iconSize: [size, size],
    html: `<div style="width:${size}px;height:${size}px;border-radius:50%;display:flex;align-items:center;justify-content:center;
      background:${color}33;border:2px solid ${color};box-shadow:0 0 14px ${color};color:#fff;font:600 15px ${WALL.numberFont}">${n}</div>`,
  });
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
              radius={7}
              pathOptions={{ color: '#ffffff', weight: 1.5, fillColor: p.color, fillOpacity: 0.95 }}
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
export function WallMap({ points, onSelect, tileUrl, urgency = [], clusterPx = 44, onReady }: WallMapProps) {
  const world = useQuery(worldMapQueryOptions());
  return (
    <MapContainer
      bounds={WORLD_BOUNDS}
      minZoom={1}
      maxZoom={tileUrl ? 18 : 7}
      zoomSnap={0.1}
      worldCopyJump={false}
      attributionControl={false}
      zoomControl={false}
      style={{ width: '100%', height: '100%', background: WALL.sea }}
    >
      {tileUrl ? <TileLayer url={tileUrl} /> : world.data && <GeoJSON data={world.data} style={() => COUNTRY_STYLE} interactive={false} />}
      <Clusters points={points} onSelect={onSelect} urgency={urgency} clusterPx={clusterPx} />
      <ReadySignal ready={!!tileUrl || !!world.data} onReady={onReady} />
    </MapContainer>
  );
}
