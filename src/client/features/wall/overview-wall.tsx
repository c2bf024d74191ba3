import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { WallCanvas } from '@client/components/wall/wall-canvas';
import { WallTitleBar } from '@client/components/wall/wall-title-bar';
import { StaleBadge } from '@client/components/wall/stale-badge';
import { ReconnectingBadge } from '@client/components/wall/reconnecting-badge';
import { systemTitle } from '@client/lib/runtime-config';
import type { PeriodQuery } from '@shared/contracts/stats';
import { isoDaysAgo } from '@shared/iso-day';
import { useCountProjects } from '../../shared/stats/api/get-count-projects';
import { useGroupArea } from '../../shared/stats/api/get-group-area';
import { useGroupWater } from '../../shared/stats/api/get-group-water';
import { useGroupDevice } from '../../shared/stats/api/get-group-device';
import { useBrokenDevice } from '../../shared/stats/api/get-broken-device';
import { useRepairSpeed } from '../../shared/stats/api/get-repair-speed';
import { useRepairQuality } from '../../shared/stats/api/get-repair-quality';
import { useProjectPoints } from '../../shared/stats/api/get-project-points';
import { useLatestWarnings } from '../../shared/stats/api/get-latest-warnings';
import { useCurrentNotices } from '../../shared/stats/api/get-current-notices';
import { useLiveRefresh } from '../../shared/stats/api/refresh';
import { areaOption, deviceOption, qualityOption, speedOption, statusOption, waterOption } from '../../shared/stats/chart-options';
import { ChartPanel } from '../../shared/wall/panels/chart-panel';
import { KpiStrip, KPI_COLORS } from '../../shared/wall/panels/kpi-strip';
import { BrokenDevicesPanel, NoticesPanel, WarningsPanel } from '../../shared/wall/panels/list-panels';
import { MapPanel } from '../../shared/wall/panels/map-panel';
import { useWallText } from '../../shared/wall/use-wall-locale';
import { overviewPeriod } from './overview-calls';
import { useWallScene } from '../../shared/scenes/use-wall-scene';
import { useDocumentTitle } from '@client/lib/document-title';
import { ALARM_STRIP_HEIGHT, AlarmStrip } from '../../shared/wall/alarms/alarm-strip';
import { sessionKind } from '@client/lib/session';

// A scene's cards (charts, boards, cameras…) come only when the address or the display token names one.
const SceneWall = lazy(() => import('../../shared/scenes/scene-wall').then((m) => ({ default: m.SceneWall })));

/**
 * Panel boxes on the 1920×1080 design canvas: three columns under the title bar; in the middle the
 * KPI row, the alarm strip (kept free, so an alarm never covers a panel), the map and two charts.
 */
const L = { x: 24, w: 440 };
const C = { x: 480, w: 960 };
const R = { x: 1456, w: 440 };
const MAP_Y = 220 + ALARM_STRIP_HEIGHT + 16;
const CHARTS_Y = 780;
export const OVERVIEW_BOX = {
  status: { ...L, y: 100, h: 300 },
  area: { ...L, y: 416, h: 316 },
  water: { ...L, y: 748, h: 316 },
  kpi: { ...C, y: 100, h: 104 },
  alarms: { ...C, y: 220, h: ALARM_STRIP_HEIGHT },
  map: { ...C, y: MAP_Y, h: CHARTS_Y - 16 - MAP_Y },
  speed: { x: C.x, w: (C.w - 16) / 2, y: CHARTS_Y, h: 1064 - CHARTS_Y },
  quality: { x: C.x + (C.w + 16) / 2, w: (C.w - 16) / 2, y: CHARTS_Y, h: 1064 - CHARTS_Y },
  device: { ...R, y: 100, h: 300 },
  broken: { ...R, y: 416, h: 240 },
  warnings: { ...R, y: 672, h: 240 },
  notices: { ...R, y: 928, h: 136 },
};

/**
 * /page: the scene named by ?scene= or by a kiosk display token, else the overview wall of every
 * project. Its calls are started by the /page route as it opens (prefetchOverview in overview-data.ts).
 */
export default function OverviewWall() {
  const { ready, sceneId } = useWallScene();
  if (!ready) return null;
  if (!sceneId) return <OverviewPanels />;
  return (
    <Suspense fallback={<WallCanvas>{null}</WallCanvas>}>
      <SceneWall sceneId={sceneId} />
    </Suspense>
  );
}

export function OverviewPanels() {
  const { t, locale, ctx } = useWallText();
  const navigate = useNavigate();
  const { search } = useLocation();
  const live = { refetchInterval: useLiveRefresh() };
  const today = isoDaysAgo(0);
  const period: PeriodQuery = useMemo(() => overviewPeriod(today), [today]);

  const count = useCountProjects(live);
  const area = useGroupArea(live);
  const water = useGroupWater(live);
  const device = useGroupDevice(undefined, live);
  const broken = useBrokenDevice(undefined, live);
  const speed = useRepairSpeed(period, live);
  const quality = useRepairQuality(period, live);
  const points = useProjectPoints(live);
  const warnings = useLatestWarnings(live);
  const notices = useCurrentNotices(live);

  const kpis = useMemo(() => {
    const done = speed.data?.reduce((n, p) => n + p.completed, 0) ?? 0;
    const avg = speed.data && done ? speed.data.reduce((s, p) => s + (p.avgHours ?? 0) * p.completed, 0) / done : null;
    const onTime = quality.data && done ? quality.data.reduce((s, p) => s + (p.onTimeRate ?? 0) * p.completed, 0) / done : null;
    return [
      { key: 'projects', label: t('kpi.projects'), value: count.data?.total, unit: t('unit.projects'), color: KPI_COLORS.projects },
      { key: 'equipment', label: t('kpi.equipment'), value: device.data?.reduce((n, d) => n + d.total, 0), unit: t('unit.units'), color: KPI_COLORS.equipment },
      { key: 'broken', label: t('kpi.broken'), value: device.data?.reduce((n, d) => n + d.broken, 0), unit: t('unit.units'), color: KPI_COLORS.broken },
      { key: 'atRisk', label: t('kpi.atRisk'), value: device.data?.reduce((n, d) => n + d.atRisk, 0), unit: t('unit.units'), color: KPI_COLORS.atRisk },
      { key: 'avgHours', label: t('kpi.avgHours'), value: speed.data ? avg : undefined, decimals: 1, unit: t('unit.hours'), color: KPI_COLORS.hours, hint: t('hints.kpiAvg') },
      { key: 'onTime', label: t('kpi.onTime'), value: quality.data ? (onTime === null ? null : onTime * 100) : undefined, decimals: 1, unit: t('unit.percent'), color: KPI_COLORS.onTime, hint: t('hints.kpiOnTime') },
    ];
  }, [t, count.data, device.data, speed.data, quality.data]);

  const openProject = useCallback((id: number) => navigate(`/page/project/${id}${search}`), [navigate, search]);
  const buildStatus = useCallback((d: Parameters<typeof statusOption>[0]) => (d.total ? statusOption(d, ctx) : null), [ctx]);
  const buildArea = useCallback((d: Parameters<typeof areaOption>[0]) => (d.length ? areaOption(d, ctx) : null), [ctx]);
  const buildWater = useCallback((d: Parameters<typeof waterOption>[0]) => (d.some((w) => w.count) ? waterOption(d, ctx) : null), [ctx]);
  const buildDevice = useCallback((d: Parameters<typeof deviceOption>[0]) => (d.some((x) => x.total) ? deviceOption(d, ctx) : null), [ctx]);
  // The overview keeps the speed chart to four series so it reads from across the room; p90 is on the detail wall.
  const buildSpeed = useCallback((d: Parameters<typeof speedOption>[0]) => speedOption(d, ctx, false), [ctx]);
  const buildQuality = useCallback((d: Parameters<typeof qualityOption>[0]) => qualityOption(d, ctx), [ctx]);
  const last30 = `${t('last30')} · ${t('byDay')}`;
  useDocumentTitle(t('overview'));

  return (
    <WallCanvas label={t('overview')}>
      <WallTitleBar
        title={systemTitle(locale) || t('overview')}
        left={
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{t('subtitle')}</span>
            <StaleBadge label={(m) => t('stale', { count: m })} />
            <ReconnectingBadge label={(time) => t('reconnecting', { time })} />
          </>
        }
      />
      <ChartPanel name="status" title={t('panels.status')} hint={t('hints.status')} box={OVERVIEW_BOX.status} query={count} build={buildStatus} />
      <ChartPanel name="area" title={t('panels.area')} hint={t('hints.area')} box={OVERVIEW_BOX.area} query={area} build={buildArea} />
      <ChartPanel name="water" title={t('panels.water')} hint={t('hints.water')} box={OVERVIEW_BOX.water} query={water} build={buildWater} />
      <KpiStrip items={kpis} box={OVERVIEW_BOX.kpi} ready={count.isSuccess && device.isSuccess && speed.isSuccess && quality.isSuccess} />
      <MapPanel points={points} counts={count.data} box={OVERVIEW_BOX.map} onSelect={openProject} />
      <ChartPanel name="speed" title={t('panels.speed')} hint={t('hints.speed')} extra={last30} box={OVERVIEW_BOX.speed} query={speed} build={buildSpeed} />
      <ChartPanel name="quality" title={t('panels.quality')} hint={t('hints.quality')} extra={last30} box={OVERVIEW_BOX.quality} query={quality} build={buildQuality} />
      <ChartPanel name="device" title={t('panels.device')} hint={t('hints.device')} box={OVERVIEW_BOX.device} query={device} build={buildDevice} />
      <BrokenDevicesPanel query={broken} box={OVERVIEW_BOX.broken} />
      <WarningsPanel query={warnings} box={OVERVIEW_BOX.warnings} />
      <NoticesPanel query={notices} box={OVERVIEW_BOX.notices} />
      <AlarmStrip wallKey="overview" box={OVERVIEW_BOX.alarms} kiosk={new URLSearchParams(search).get('kiosk') === '1' || sessionKind() === 'display'} />
    </WallCanvas>
  );
}
