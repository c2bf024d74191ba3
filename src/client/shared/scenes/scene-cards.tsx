import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Card, CardConfig, KpiMetric } from '@shared/contracts/scene';
import type { PeriodQuery } from '@shared/contracts/stats';
import { isoDaysAgo } from '@shared/iso-day';
import { NumberCounter } from '../../components/wall/number-counter';
import { Panel, type PanelBox } from '../../components/wall/panel';
import { TAG_HEX, WALL } from '../../components/wall/theme';
import { useBrokenDevice } from '../stats/api/get-broken-device';
import { useCountProjects } from '../stats/api/get-count-projects';
import { useCurrentNotices } from '../stats/api/get-current-notices';
import { useGroupArea } from '../stats/api/get-group-area';
import { useGroupDevice } from '../stats/api/get-group-device';
import { useGroupWater } from '../stats/api/get-group-water';
import { useLatestWarnings } from '../stats/api/get-latest-warnings';
import { useProjectPoints } from '../stats/api/get-project-points';
import { useRepairQuality } from '../stats/api/get-repair-quality';
import { useRepairSpeed } from '../stats/api/get-repair-speed';
import { useLiveRefresh } from '../stats/api/refresh';
import { areaOption, deviceOption, qualityOption, speedOption, statusOption, waterOption } from '../stats/chart-options';
import { ChartPanel } from '../wall/panels/chart-panel';
import { BrokenDevicesPanel, NoticesPanel, WarningsPanel } from '../wall/panels/list-panels';
import { MapPanel } from '../wall/panels/map-panel';
import { useWallText } from '../wall/use-wall-locale';
import { BoardChannels } from '../wall/project/board-panel';
import { CameraGrid } from '../wall/project/camera-grid';
import { useProjectWall } from '../wall/project/api/get-project-wall';
import { WarningList } from '../wall/project/warning-list';
import { useOpenOrders } from './api/get-open-orders';

/** Days a period chart covers per granularity step. */
const DAYS_PER: Record<string, number> = { day: 1, week: 7, month: 30 };
const PERCENT = 100;
/** Recent window of the KPI cards' repair figures. */
const KPI_DAYS = 30;

export interface CardProps {
  card: Card;
  box: PanelBox;
  title: string;
}

const useLive = () => ({ refetchInterval: useLiveRefresh() });

function usePeriod(config: { granularity: 'day' | 'week' | 'month'; periods: number; projectId?: number }): PeriodQuery {
  const today = isoDaysAgo(0);
  return useMemo(
    () => ({
      from: isoDaysAgo(config.periods * DAYS_PER[config.granularity] - 1, new Date(`${today}T12:00:00Z`)),
      to: today,
      granularity: config.granularity,
      ...(config.projectId ? { projectId: config.projectId } : {}),
    }),
    [today, config.periods, config.granularity, config.projectId],
  );
}

function CountProjectsCard({ card, box, title }: CardProps) {
  const { ctx } = useWallText();
  const query = useCountProjects(useLive());
  const build = useCallback((d: Parameters<typeof statusOption>[0]) => (d.total ? statusOption(d, ctx) : null), [ctx]);
  return <ChartPanel name={`card-${card.id}`} title={title} box={box} query={query} build={build} extra={query.data ? `Σ ${query.data.total}` : undefined} />;
}

function GroupCard({ card, box, title }: CardProps) {
  const { ctx } = useWallText();
  const area = useGroupArea({ ...useLive(), enabled: card.type === 'group-area' });
  const water = useGroupWater({ ...useLive(), enabled: card.type === 'group-water' });
  const device = useGroupDevice(undefined, { ...useLive(), enabled: card.type === 'group-device' });
  const buildArea = useCallback((d: Parameters<typeof areaOption>[0]) => (d.length ? areaOption(d, ctx) : null), [ctx]);
  const buildWater = useCallback((d: Parameters<typeof waterOption>[0]) => (d.some((w) => w.count) ? waterOption(d, ctx) : null), [ctx]);
  const buildDevice = useCallback((d: Parameters<typeof deviceOption>[0]) => (d.some((x) => x.total) ? deviceOption(d, ctx) : null), [ctx]);
  const name = `card-${card.id}`;
  if (card.type === 'group-area') return <ChartPanel name={name} title={title} box={box} query={area} build={buildArea} />;
  if (card.type === 'group-water') return <ChartPanel name={name} title={title} box={box} query={water} build={buildWater} />;
  return <ChartPanel name={name} title={title} box={box} query={device} build={buildDevice} />;
}

function RepairCard({ card, box, title }: CardProps) {
  const { ctx } = useWallText();
  const { t } = useTranslation('scenes');
  const config = card.config as CardConfig<'repair-speed'>;
  const period = usePeriod(config);
  const speed = useRepairSpeed(period, { ...useLive(), enabled: card.type === 'repair-speed' });
  const quality = useRepairQuality(period, { ...useLive(), enabled: card.type === 'repair-quality' });
  const buildSpeed = useCallback((d: Parameters<typeof speedOption>[0]) => speedOption(d, ctx), [ctx]);
  const buildQuality = useCallback((d: Parameters<typeof qualityOption>[0]) => qualityOption(d, ctx), [ctx]);
  const name = `card-${card.id}`;
  const extra = t(`granularity.${config.granularity}`);
  return card.type === 'repair-speed' ? (
    <ChartPanel name={name} title={title} box={box} query={speed} build={buildSpeed} extra={extra} />
  ) : (
    <ChartPanel name={name} title={title} box={box} query={quality} build={buildQuality} extra={extra} />
  );
}

function MapCard({ box }: CardProps) {
  const navigate = useNavigate();
  const points = useProjectPoints(useLive());
  const counts = useCountProjects(useLive());
  return <MapPanel points={points} counts={counts.data} box={box} onSelect={(id) => void navigate(`/page/project/${id}`)} />;
}

function ProjectCard({ card, box, title }: CardProps) {
  const { t } = useTranslation('wallProject');
  const config = card.config as { projectId?: number; detectId?: number; monitorId?: number; limit?: number };
  const wall = useProjectWall(config.projectId ?? 0);
  const data = wall.data;
  let body: React.ReactNode = null;
  let placeholder: string | null = data ? null : wall.isError ? t('loadFailed') : '…';
  if (data && card.type === 'detect-channels') {
    const board = data.boards.find((b) => b.id === config.detectId) ?? data.boards[0];
    if (board) body = <BoardChannels board={board} equipment={data.equipment} />;
    else placeholder = t('board.none');
  } else if (data && card.type === 'camera') {
    body = <CameraGrid cameras={config.monitorId ? data.cameras.filter((c) => c.id === config.monitorId) : data.cameras} />;
  } else if (data) {
    body = <WarningList warnings={data.warnings.slice(0, config.limit)} height={box.h - 54} />;
  }
  return (
    <Panel name={`card-${card.id}`} title={title} box={box} ready={!!data} placeholder={placeholder} padding={0}>
      {body}
    </Panel>
  );
}

function ListCard({ card, box }: CardProps) {
  const broken = useBrokenDevice(undefined, { ...useLive(), enabled: card.type === 'broken-devices' });
  const warnings = useLatestWarnings({ ...useLive(), enabled: card.type === 'warnings' });
  if (card.type === 'broken-devices') return <BrokenDevicesPanel query={broken} box={box} />;
  return <WarningsPanel query={warnings} box={box} />;
}

function NoticeCard({ card, box, title }: CardProps) {
  const { i18n } = useTranslation();
  const config = card.config as CardConfig<'notice'>;
  const text = (i18n.language === 'en' ? config.textEn : config.text) || config.text || config.textEn;
  const notices = useCurrentNotices({ ...useLive(), enabled: !text });
  if (!text) return <NoticesPanel query={notices} box={box} />;
  return (
    <Panel name={`card-${card.id}`} title={title} box={box} ready>
      <div style={{ fontSize: 20, lineHeight: 1.6, color: WALL.text, whiteSpace: 'pre-line', overflow: 'hidden', height: '100%' }}>{text}</div>
    </Panel>
  );
}

/** One key figure: from the project's wall when the card names a project, else across all projects. */
function KpiCard({ card, box, title }: CardProps) {
  const config = card.config as { metric: KpiMetric; projectId?: number };
  const { metric, projectId } = config;
  const { t } = useTranslation('wallProject');
  const global = !projectId;
  const wall = useProjectWall(projectId ?? 0, !global);
  const today = isoDaysAgo(0);
  const period = useMemo<PeriodQuery>(() => ({ from: isoDaysAgo(KPI_DAYS - 1, new Date(`${today}T12:00:00Z`)), to: today, granularity: 'month' }), [today]);
  const count = useCountProjects({ ...useLive(), enabled: global && metric === 'projects' });
  const device = useGroupDevice(undefined, { ...useLive(), enabled: global && (metric === 'equipment' || metric === 'availability') });
  const speed = useRepairSpeed(period, { ...useLive(), enabled: global && metric === 'repairSpeed' });
  const quality = useRepairQuality(period, { ...useLive(), enabled: global && metric === 'repairQuality' });
  const open = useOpenOrders(global && metric === 'openOrders');

  let value: number | null | undefined;
  let unit = '';
  let decimals = 0;
  const weighted = <T extends { completed: number }>(rows: T[] | undefined, pick: (r: T) => number | null) => {
    if (!rows) return undefined;
    const done = rows.reduce((n, r) => n + r.completed, 0);
    return done ? rows.reduce((s, r) => s + (pick(r) ?? 0) * r.completed, 0) / done : null;
  };
  if (metric === 'repairSpeed' || metric === 'repairQuality' || metric === 'availability') decimals = 1;
  if (metric === 'repairSpeed') unit = t('kpi.hours');
  if (metric === 'repairQuality' || metric === 'availability') unit = '%';
  if (!global) {
    const k = wall.data?.kpis;
    const pct = (v: number | null | undefined) => (v === null || v === undefined ? v : v * PERCENT);
    value = !k
      ? undefined
      : metric === 'openOrders' ? k.openOrders
      : metric === 'repairSpeed' ? k.repairSpeed
      : metric === 'repairQuality' ? pct(k.repairQuality)
      : metric === 'availability' ? pct(k.availability)
      : metric === 'equipment' ? k.equipmentTotal
      : 1;
  } else if (metric === 'projects') value = count.data?.total;
  else if (metric === 'equipment') value = device.data?.reduce((n, d) => n + d.total, 0);
  else if (metric === 'availability') {
    const total = device.data?.reduce((n, d) => n + d.total, 0);
    const down = device.data?.reduce((n, d) => n + d.broken + d.offline, 0);
    value = total === undefined ? undefined : total ? ((total - (down ?? 0)) / total) * PERCENT : null;
  } else if (metric === 'repairSpeed') value = weighted(speed.data, (r) => r.avgHours);
  else if (metric === 'repairQuality') {
    const v = weighted(quality.data, (r) => r.firstTimeFixRate);
    value = v === null || v === undefined ? v : v * PERCENT;
  } else value = open.value;

  const colour = metric === 'openOrders' ? TAG_HEX.warning : metric === 'availability' ? TAG_HEX.primary : metric === 'repairQuality' ? TAG_HEX.success : WALL.accent;
  return (
    <Panel name={`card-${card.id}`} title={title} box={box} ready={value !== undefined}>
      <div data-kpi={metric} style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8, color: colour }}>
        <NumberCounter value={value} decimals={decimals} empty={t('kpi.noData')} style={{ fontSize: Math.min(72, box.h * 0.45), fontWeight: 700, fontFamily: WALL.numberFont, textShadow: `0 0 16px ${colour}66` }} />
        <span style={{ fontSize: 22 }}>{value === null || value === undefined ? '' : unit}</span>
      </div>
    </Panel>
  );
}

/** The component that draws each card type. */
export const CARD_COMPONENTS: Record<Card['type'], (props: CardProps) => React.ReactNode> = {
  map: MapCard,
  'repair-speed': RepairCard,
  'repair-quality': RepairCard,
  'group-area': GroupCard,
  'group-device': GroupCard,
  'group-water': GroupCard,
  'broken-devices': ListCard,
  'detect-channels': ProjectCard,
  warnings: (props) => ((props.card.config as { projectId?: number }).projectId ? <ProjectCard {...props} /> : <ListCard {...props} />),
  camera: ProjectCard,
  kpi: KpiCard,
  notice: NoticeCard,
  'count-projects': CountProjectsCard,
};
