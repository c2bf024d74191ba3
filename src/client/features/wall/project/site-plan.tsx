import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { CircleMarker, ImageOverlay, MapContainer, Marker, Tooltip, useMap } from 'react-leaflet';
import { DEVICE_STATE } from '@shared/dictionaries';
import type { SitePlan, WallBoard, WallEquipment } from '@shared/contracts/wall';
import { AT_RISK_HEX, deviceStateColor, TAG_HEX, WALL } from '../../../components/wall/theme';
import { useFileSrc } from '@client/lib/files';
import { localName } from '@shared/local-name';

/** Bounds used to place markers by their fractions when the project has no site plan image. */
const SCHEMATIC = { width: 1600, height: 1000 };
const MARKER_RADIUS = 9;

/** Image pixels → Leaflet CRS.Simple coordinates: y grows downwards in the image, upwards on the map. */
function toLatLng(plan: { width: number; height: number }, x: number, y: number): L.LatLngExpression {
  return [plan.height * (1 - y), plan.width * x];
}

function boardIcon(board: WallBoard, selected: boolean, faults: number): L.DivIcon {
  const colour = !board.online ? TAG_HEX.default : faults > 0 ? TAG_HEX.danger : TAG_HEX.success;
  const ring = selected ? `0 0 0 3px ${WALL.accent}, 0 0 18px ${WALL.accent}` : `0 0 10px ${colour}`;
  return L.divIcon({
    className: 'wall-board-icon',
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    html: `<div data-board-id="${board.id}" style="width:30px;height:30px;border-radius:6px;background:rgba(3,11,26,.85);border:2px solid ${colour};box-shadow:${ring};display:flex;align-items:center;justify-content:center;color:${colour};font:700 13px/1 sans-serif">${faults > 0 ? faults : '▦'}</div>`,
  });
}

/** The "out of service" label drawn under a unit's dot (a fixed text of the locale files, no markup). */
function outOfServiceIcon(id: number, label: string): L.DivIcon {
  return L.divIcon({
    className: 'wall-eq-out-of-service',
    iconSize: [120, 22],
    iconAnchor: [60, -10],
    html: `<div style="display:flex;justify-content:center"><span data-testid="eq-out-of-service" data-equipment-id="${id}" style="padding:1px 6px;border:1px dashed ${WALL.textDim};border-radius:3px;background:rgba(3,11,26,.85);color:${WALL.text};font:600 13px/18px sans-serif;white-space:nowrap">${label.replace(/[<>&"]/g, '')}</span></div>`,
  });
}

/** Keeps the whole plan in view when the panel size or the plan changes. */
function FitPlan({ bounds }: { bounds: L.LatLngBoundsExpression }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(bounds, { padding: [8, 8] });
  }, [map, bounds]);
  return null;
}

export interface SitePlanMapProps {
  sitePlan: SitePlan | null;
  equipment: WallEquipment[];
  boards: WallBoard[];
  selectedBoard: number | null;
  onSelectBoard: (id: number) => void;
}

/** A unit shown at risk: an open finding and not broken (broken is red whatever is predicted; the wall's atRisk KPI counts the same). */
const riskShown = (e: WallEquipment) => e.atRisk && e.state !== 'broken';

/**
 * The site plan in Leaflet with a simple CRS: the project's map background as an image overlay,
 * equipment as dots coloured by state, detection boards as squares (red with the fault count);
 * a unit at risk has an amber ring.
 */
export function SitePlanMap({ sitePlan, equipment, boards, selectedBoard, onSelectBoard }: SitePlanMapProps) {
  const { t, i18n } = useTranslation('wallProject');
  const plan = sitePlan ?? SCHEMATIC;
  const planSrc = useFileSrc(sitePlan?.url);
  const bounds = useMemo<L.LatLngBoundsExpression>(() => [[0, 0], [plan.height, plan.width]], [plan.height, plan.width]);
  const placed = equipment.filter((e) => e.posX !== null && e.posY !== null);
  const stateLabel = (state: string) => {
    const item = DEVICE_STATE.find((d) => d.value === state);
    return item ? (i18n.language === 'en' ? item.en : item.cn) : state;
  };

  return (
    <div data-testid="site-plan" style={{ position: 'absolute', inset: 0 }}>
      <MapContainer
        crs={L.CRS.Simple}
        bounds={bounds}
        minZoom={-4}
        maxZoom={3}
        zoomSnap={0}
        attributionControl={false}
        zoomControl={false}
        style={{ width: '100%', height: '100%', background: 'transparent' }}
      >
        <FitPlan bounds={bounds} />
        {sitePlan && planSrc ? <ImageOverlay url={planSrc} bounds={bounds} opacity={0.92} /> : null}
        {placed.map((e) => (
          <CircleMarker
            key={`e${e.id}`}
            center={toLatLng(plan, e.posX!, e.posY!)}
            radius={MARKER_RADIUS}
            className={`wall-eq wall-eq-${e.state}${riskShown(e) ? ' wall-eq-at-risk' : ''}`}
            // At risk: an amber ring around its state's colour (broken red stays red, without the ring).
            pathOptions={
              riskShown(e)
                ? { color: AT_RISK_HEX, weight: 4, fillColor: deviceStateColor(e.state), fillOpacity: 0.95 }
                : e.outOfService
                  ? { color: '#ffffff', weight: 2, dashArray: '3 3', fillColor: deviceStateColor(e.state), fillOpacity: 0.4 }
                  : { color: '#ffffff', weight: 1.5, fillColor: deviceStateColor(e.state), fillOpacity: 0.95 }
            }
          >
            <Tooltip direction="top" offset={[0, -8]}>
              <strong>{localName(e.name, e.nameEn, i18n.language)}</strong> · {stateLabel(e.state)}
              {riskShown(e) ? <div style={{ color: AT_RISK_HEX }}>{t('atRisk')}</div> : null}
              {e.outOfService ? <div>{t('outOfService')}</div> : null}
              {e.deviceName ? <div>{localName(e.deviceName, e.deviceNameEn, i18n.language)}</div> : null}
              {e.warrantyEnd ? <div>{t('warrantyEnd', { date: e.warrantyEnd })}</div> : null}
            </Tooltip>
          </CircleMarker>
        ))}
        {/* Out of service: said on the plan itself under the unit's dot, not only on hover (docs/alarms.md). */}
        {placed
          .filter((e) => e.outOfService)
          .map((e) => (
            <Marker key={`o${e.id}-${i18n.language}`} position={toLatLng(plan, e.posX!, e.posY!)} icon={outOfServiceIcon(e.id, t('outOfService'))} interactive={false} keyboard={false} />
          ))}
        {boards
          .filter((b) => b.posX !== null && b.posY !== null)
          .map((b) => (
            <Marker
              key={`b${b.id}`}
              position={toLatLng(plan, b.posX!, b.posY!)}
              icon={boardIcon(b, b.id === selectedBoard, b.channels.filter((c) => c.result === 'fault').length)}
              eventHandlers={{ click: () => onSelectBoard(b.id) }}
              title={localName(b.boardName, b.boardNameEn, i18n.language)}
              zIndexOffset={1000}
            >
              <Tooltip direction="top" offset={[0, -16]}>
                {localName(b.boardName, b.boardNameEn, i18n.language)} · {b.online ? t('board.online') : t('board.offline')}
                {b.missed > 0 ? ` · ${t('board.missing', { n: b.missed })}` : ''}
              </Tooltip>
            </Marker>
          ))}
      </MapContainer>
      {!sitePlan ? (
        <div style={{ position: 'absolute', left: 16, top: 12, zIndex: 500, color: WALL.textDim, fontSize: 15, pointerEvents: 'none' }}>{t('noSitePlan')}</div>
      ) : null}
      <div
        data-testid="site-plan-legend"
        style={{ position: 'absolute', left: 16, bottom: 12, zIndex: 500, display: 'flex', gap: 18, fontSize: 15, color: WALL.textDim, background: 'rgba(3,11,26,.7)', padding: '6px 12px', borderRadius: 4 }}
      >
        {DEVICE_STATE.map((s) => (
          <span key={s.value} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 12, height: 12, borderRadius: 6, background: deviceStateColor(s.value) }} />
            {i18n.language === 'en' ? s.en : s.cn} {equipment.filter((e) => e.state === s.value).length}
          </span>
        ))}
        <span data-testid="legend-out-of-service" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 12, height: 12, borderRadius: 6, border: `2px dashed ${WALL.textDim}`, boxSizing: 'border-box' }} />
          {t('legend.outOfService')} {equipment.filter((e) => e.outOfService).length}
        </span>
        <span data-testid="legend-at-risk" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 12, height: 12, borderRadius: 6, border: `3px solid ${AT_RISK_HEX}`, boxSizing: 'border-box' }} />
          {t('legend.atRisk')} {equipment.filter(riskShown).length}
        </span>
        <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 12, height: 12, borderRadius: 3, border: `2px solid ${TAG_HEX.success}` }} />
          {t('legend.board')}
        </span>
      </div>
    </div>
  );
}
