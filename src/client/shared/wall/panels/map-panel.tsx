import { lazy, memo, Suspense, useEffect, useMemo } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { XMZT } from '@shared/dictionaries';
import type { ProjectPoint } from '@shared/contracts/project';
import type { CountProjects } from '@shared/contracts/stats';
import { Panel, panelBodySize, type PanelBox } from '@client/components/wall/panel';
import { drawnFrom, useFrameDraw, useFrameHandover, wallFrameShown, type FrameDraw } from '@client/components/wall/first-frame';
import { FrameDrawing } from '@client/components/wall/frame-drawing';
import type { MapPoint } from '@client/components/wall/cluster';
import { projectStatusColor, TAG_HEX, WALL } from '@client/components/wall/theme';
import { runtimeConfig } from '@client/lib/runtime-config';
import { dictLabel } from '../../stats/chart-options';
import { useWallText } from '../use-wall-locale';
import { samePanelProps } from './same-props';
import { PanelStale } from './panel-stale';
import { localName } from '@shared/local-name';

// Leaflet loads in its own chunk, requested as soon as this module is evaluated (in parallel with
// the wall's data calls) rather than when the map panel first renders. Not while the server draws a
// first frame (Leaflet needs a window, the frame draws SVG), nor under one: the frame's drawing stands
// in for the map until a live map is wanted (useFrameHandover), and Leaflet is evaluated then.
const mapModule = typeof window === 'undefined' || wallFrameShown() ? null : import('@client/components/wall/wall-map');
const WallMap = lazy(() => (mapModule ?? import('@client/components/wall/wall-map')).then((m) => ({ default: m.WallMap })));

/** Status colours from most to least urgent: a cluster shows the most urgent status it holds. */
const URGENCY = [TAG_HEX.danger, TAG_HEX.warning, TAG_HEX.primary, TAG_HEX.info, TAG_HEX.success, TAG_HEX.default];

export const MapPanel = memo(MapPanelOf, samePanelProps);

/** The map as the server draws it for a first frame, the size of the panel's body (no padding). */
function frameMap(frame: FrameDraw, points: MapPoint[], box: PanelBox): string {
  const { width, height } = panelBodySize(box, 0);
  return frame.map(points, width, height, URGENCY);
}

function MapPanelOf({ points, counts, box, onSelect }: { points: UseQueryResult<ProjectPoint[]>; counts?: CountProjects; box: PanelBox; onSelect: (id: number) => void }) {
  const { t, locale } = useWallText();
  const frame = useFrameDraw();
  const mapPoints = useMemo(
    () =>
      (points.data ?? [])
        .filter((p) => p.latitude !== null && p.longitude !== null)
        .map((p) => ({ id: p.id, lat: p.latitude as number, lng: p.longitude as number, color: projectStatusColor(p.status), label: localName(p.name, p.nameEn, locale) })),
    [points.data, locale],
  );
  const handover = useFrameHandover('map', frame || !points.data ? null : mapPoints);
  // The base map downloads alongside Leaflet instead of after it, once the live map is due. Its module
  // comes with the live map's (imported here, the wall's chunk would wait for it as it loads).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!handover.live) return;
    import('@client/components/wall/world-map-data').then((m) => queryClient.prefetchQuery(m.worldMapQueryOptions()), () => undefined);
  }, [handover.live, queryClient]);
  const legend = (counts?.byStatus ?? []).filter((s) => s.count > 0);
  return (
    <Panel
      name="map"
      title={t('panels.map')}
      hint={t('hints.map')}
      extra={
        <>
          {`${mapPoints.length} / ${points.data?.length ?? 0}`}
          <PanelStale updatedAt={points.dataUpdatedAt} />
        </>
      }
      box={box}
      ready={(handover.shown || !!frame) && points.isSuccess}
      placeholder={points.isPending ? t('loading') : points.isError && !points.data ? t('failed') : null}
      padding={0}
    >
      {frame ? (
        <div
          data-frame-drawing
          data-drawn-from={drawnFrom(mapPoints)}
          style={{ width: '100%', height: '100%', background: WALL.sea }}
          dangerouslySetInnerHTML={{ __html: frameMap(frame, mapPoints, box) }}
        />
      ) : (
        handover.live && (
          <Suspense fallback={null}>
            <WallMap points={mapPoints} onSelect={onSelect} tileUrl={runtimeConfig().tileUrl} urgency={URGENCY} onReady={handover.drawn} />
          </Suspense>
        )
      )}
      {/* Over Leaflet's panes (z-index 400), under the legend. */}
      {!frame && handover.drawing !== null && points.isSuccess && <FrameDrawing html={handover.drawing} inset={0} style={{ zIndex: 450, background: WALL.sea }} onReach={handover.reach} />}
      <ul
        style={{
          position: 'absolute',
          left: 12,
          bottom: 12,
          zIndex: 500,
          margin: 0,
          padding: '8px 12px',
          listStyle: 'none',
          background: 'rgba(3, 14, 32, 0.78)',
          border: `1px solid ${WALL.border}`,
          display: 'grid',
          // One column: in the south-west corner it stays clear of the South American markers (two
          // columns of English labels covered Rio de Janeiro).
          gridTemplateColumns: 'auto',
          columnGap: 18,
          rowGap: 4,
          fontSize: 14,
        }}
      >
        {legend.map((s) => (
          <li key={s.status} style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: projectStatusColor(s.status) }} />
            <span style={{ color: WALL.textDim }}>{dictLabel(XMZT, s.status, locale)}</span>
            <span style={{ fontFamily: WALL.numberFont }}>{s.count}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
