import { CircleMarker, GeoJSON, MapContainer, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { worldMapQueryOptions } from '@client/components/wall/world-map-data';

export interface LonLat {
  longitude: number | null;
  latitude: number | null;
}

const round = (v: number) => Math.round(v * 1e5) / 1e5;

function ClickToPick({ onPick }: { onPick: (v: { longitude: number; latitude: number }) => void }) {
  useMapEvents({
    click: (e) => onPick({ longitude: round(((((e.latlng.lng + 180) % 360) + 360) % 360) - 180), latitude: round(e.latlng.lat) }),
  });
  return null;
}

/**
 * A world map (the bundled country outlines, so it works offline) where a click sets longitude
 * and latitude; the typed values show as a marker.
 */
export function LocationPicker({ value, onChange }: { value: LonLat; onChange: (v: { longitude: number; latitude: number }) => void }) {
  const { t } = useTranslation('projects');
  const world = useQuery(worldMapQueryOptions());
  const has = value.longitude !== null && value.latitude !== null;
  return (
    <Box>
      <Text size="xs" c="dimmed" mb={4}>{t('project.mapHint')}</Text>
      <MapContainer
        center={has ? [value.latitude!, value.longitude!] : [30, 110]}
        zoom={has ? 4 : 2}
        minZoom={1}
        worldCopyJump
        style={{ height: 320, background: '#dfeaf3' }}
        attributionControl={false}
      >
        {world.data && <GeoJSON data={world.data} style={{ color: '#8aa1b4', weight: 1, fillColor: '#f5f3ee', fillOpacity: 1 }} />}
        <ClickToPick onPick={onChange} />
        {has && <CircleMarker center={[value.latitude!, value.longitude!]} radius={7} pathOptions={{ color: '#c0392b', fillColor: '#e74c3c', fillOpacity: 0.9 }} />}
      </MapContainer>
    </Box>
  );
}
