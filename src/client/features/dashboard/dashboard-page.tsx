import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Table, Text, Title, Tooltip, useComputedColorScheme } from '@mantine/core';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import type { DashboardChart, DashboardChartsQuery, PeriodQuery } from '@shared/contracts/stats';
import { isoDaysAgo } from '@shared/iso-day';
import { NumberCounter } from '@client/components/wall/number-counter';
import { FrameDrawing, useReach } from '@client/components/wall/frame-drawing';
import { TAG_HEX } from '@client/components/wall/theme';
import type { EChartsOption } from '@client/lib/echarts';
import { useCountProjects } from '../../shared/stats/api/get-count-projects';
import { useGroupArea } from '../../shared/stats/api/get-group-area';
import { useGroupWater } from '../../shared/stats/api/get-group-water';
import { useGroupDevice } from '../../shared/stats/api/get-group-device';
import { useBrokenDevice } from '../../shared/stats/api/get-broken-device';
import { useRepairSpeed } from '../../shared/stats/api/get-repair-speed';
import { useRepairQuality } from '../../shared/stats/api/get-repair-quality';
import { dictLabel } from '../../shared/stats/chart-options';
import { dashboardOption, type DashboardData } from '../../shared/stats/dashboard-options';
import { useWallText } from '../../shared/wall/use-wall-locale';
import { localName } from '@shared/local-name';
import { dateTime } from '@client/lib/date-time';
import { useChartDrawings, type ChartDrawing } from './chart-drawings';

// ECharts (and the chart around it) loads once the viewer reaches for a chart: until then each chart
// is the server's drawing of it (chart-drawings.ts), the same option at the box's size, as SVG.
const WallChart = lazy(() => import('@client/components/wall/wall-chart').then((m) => ({ default: m.WallChart })));

const CHART_HEIGHT = 300;
/** How many broken units the dashboard lists (the wall scrolls through all of them). */
const BROKEN_ROWS = 8;

interface ChartCardProps {
  name: DashboardChart;
  title: string;
  hint: string;
  option: EChartsOption | null;
  loading: boolean;
  drawing: ChartDrawing;
  /** The chart box's width in CSS pixels, as it is laid out and whenever it changes (the server draws to it). */
  onWidth: (name: DashboardChart, width: number) => void;
}

/**
 * A chart, first as the server's drawing, then live: moving the mouse over it, touching it or focusing it
 * starts ECharts under the drawing (no entry animation: the same figures at the same size), and the
 * drawing goes once the live chart has drawn. Without a drawing (none built, a failed call) it is
 * live at once, as before.
 */
function ChartCard({ name, title, hint, option, loading, drawing, onWidth }: ChartCardProps) {
  const [reached, setReached] = useState(false);
  const [liveDrawn, setLiveDrawn] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    onWidth(name, el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => onWidth(name, Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [name, onWidth]);
  // A mouse that moves over the chart (not one resting where the page came up), a touch, a press, focus.
  const reach = useReach(useCallback(() => setReached(true), []));
  const live = reached || drawing === null;
  const drawn = useCallback(() => setLiveDrawn(true), []);
  const shown = typeof drawing === 'string' && !liveDrawn ? drawing : null;
  return (
    <Card withBorder radius="md" padding="md" data-panel={name}>
      <Tooltip label={hint} multiline w={340} withArrow position="top-start">
        <Text fw={600} mb="xs" style={{ cursor: 'help', alignSelf: 'flex-start' }}>
          {title}
        </Text>
      </Tooltip>
      <div
        ref={box}
        role="img"
        aria-label={title}
        tabIndex={0}
        data-chart={live ? 'live' : 'drawing'}
        style={{ height: CHART_HEIGHT, position: 'relative' }}
        {...reach}
      >
        {loading || !option || (!live && drawing === undefined) ? (
          <Skeleton h={CHART_HEIGHT} />
        ) : (
          <>
            {live && (
              <Suspense fallback={null}>
                <WallChart option={option} entryAnimation={drawing === null} onReady={drawn} />
              </Suspense>
            )}
            {shown !== null && <FrameDrawing html={shown} inset={0} />}
          </>
        )}
      </div>
    </Card>
  );
}

function Kpi({ label, value, decimals, unit, color, hint }: { label: string; value: number | null | undefined; decimals?: number; unit?: string; color: string; hint?: string }) {
  const body: ReactNode = (
    <Paper withBorder radius="md" p="md" style={{ borderTop: `3px solid ${color}`, cursor: hint ? 'help' : undefined }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <NumberCounter value={value} decimals={decimals} style={{ fontSize: 30, fontWeight: 700, color }} />
        {unit && (
          <Text size="sm" c="dimmed">
            {unit}
          </Text>
        )}
      </Group>
    </Paper>
  );
  return hint ? (
    <Tooltip label={hint} multiline w={300} withArrow>
      {body}
    </Tooltip>
  ) : (
    body
  );
}

/** /main index: the wall's statistics in the back-office, from the same query hooks, light and dark. */
export default function DashboardPage() {
  const scheme = useComputedColorScheme('light');
  const { t, locale, ctx } = useWallText(scheme === 'dark' ? 'dark' : 'light');
  const today = isoDaysAgo(0);
  const period: PeriodQuery = useMemo(() => ({ from: isoDaysAgo(29, new Date(`${today}T12:00:00Z`)), to: today, granularity: 'day' }), [today]);
  const count = useCountProjects();
  const area = useGroupArea();
  const water = useGroupWater();
  const device = useGroupDevice();
  const broken = useBrokenDevice();
  const speed = useRepairSpeed(period);
  const quality = useRepairQuality(period);

  const done = speed.data?.reduce((n, p) => n + p.completed, 0) ?? 0;
  const avg = speed.data && done ? speed.data.reduce((s, p) => s + (p.avgHours ?? 0) * p.completed, 0) / done : null;
  const onTime = quality.data && done ? quality.data.reduce((s, p) => s + (p.onTimeRate ?? 0) * p.completed, 0) / done : null;
  // The table shows the newest few; the badge says how many of how many (the total is the broken KPI's).
  const brokenRows = (broken.data?.list ?? []).slice(0, BROKEN_ROWS);
  const shown = brokenRows.length;
  const total = broken.data?.total ?? 0;
  const answers: { [K in DashboardChart]: { data: DashboardData[K] | undefined; isPending: boolean } } = { speed, quality, status: count, area, water, device };
  // Built again only when an answer or the language changes: a live chart sets its option again on every new one.
  const options = useMemo(() => {
    const opt = <K extends DashboardChart>(name: K) => {
      const data = answers[name].data;
      return data === undefined ? null : dashboardOption(name, data, ctx);
    };
    return { speed: opt('speed'), quality: opt('quality'), status: opt('status'), area: opt('area'), water: opt('water'), device: opt('device') };
    // The answers' data are the dependencies (each keeps its identity until it changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx, speed.data, quality.data, count.data, area.data, water.data, device.data]);

  // The server draws each chart to its box once every answer is in (one call), and again as they change.
  const [widths, setWidths] = useState<Partial<Record<DashboardChart, number>>>({});
  const onWidth = useCallback((name: DashboardChart, width: number) => setWidths((w) => (w[name] === width ? w : { ...w, [name]: width })), []);
  const settled = Object.values(answers).every((a) => !a.isPending);
  const drawingsQuery = useMemo<DashboardChartsQuery | null>(() => {
    if (!settled) return null;
    const charts: DashboardChartsQuery['charts'] = {};
    for (const name of Object.keys(answers) as DashboardChart[]) {
      const data = answers[name].data;
      const width = widths[name];
      if (data !== undefined && width) Object.assign(charts, { [name]: { width, height: CHART_HEIGHT, data } });
    }
    return { language: locale, scheme: scheme === 'dark' ? 'dark' : 'light', charts };
    // The answers' data are the dependencies (each keeps its identity until it changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, locale, scheme, widths, speed.data, quality.data, count.data, area.data, water.data, device.data]);
  const drawing = useChartDrawings(drawingsQuery);

  return (
    <div>
      <Group justify="space-between" mb="md">
        <Title order={3}>{t('dashboard.title')}</Title>
        <Group gap="md">
          <Anchor component={Link} to="/page/detail">
            {t('dashboard.openDetail')}
          </Anchor>
          <Anchor component={Link} to="/page">
            {t('dashboard.openWall')}
          </Anchor>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} mb="md">
        <Kpi label={t('kpi.projects')} value={count.data?.total} unit={t('unit.projects')} color={TAG_HEX.info} />
        <Kpi label={t('kpi.equipment')} value={device.data?.reduce((n, d) => n + d.total, 0)} unit={t('unit.units')} color={TAG_HEX.primary} />
        <Kpi label={t('kpi.broken')} value={device.data?.reduce((n, d) => n + d.broken, 0)} unit={t('unit.units')} color={TAG_HEX.danger} />
        <Kpi label={t('kpi.avgHours')} value={speed.data ? avg : undefined} decimals={1} unit={t('unit.hours')} color={TAG_HEX.warning} hint={t('hints.kpiAvg')} />
        <Kpi label={t('kpi.onTime')} value={quality.data ? (onTime === null ? null : onTime * 100) : undefined} decimals={1} unit={t('unit.percent')} color={TAG_HEX.success} hint={t('hints.kpiOnTime')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="md">
        <ChartCard name="speed" title={`${t('panels.speed')} · ${t('last30')}`} hint={t('hints.speed')} option={options.speed} loading={speed.isPending} drawing={drawing('speed')} onWidth={onWidth} />
        <ChartCard name="quality" title={`${t('panels.quality')} · ${t('last30')}`} hint={t('hints.quality')} option={options.quality} loading={quality.isPending} drawing={drawing('quality')} onWidth={onWidth} />
      </SimpleGrid>
      {/* Two to a row: their options are the wall's, laid out for its 418 px panels; four to a row at
          1440 px left ~250 px cards where the status ring's legend ran over the ring and the rose over its legend. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="md">
        <ChartCard name="status" title={t('panels.status')} hint={t('hints.status')} option={options.status} loading={count.isPending} drawing={drawing('status')} onWidth={onWidth} />
        <ChartCard name="area" title={t('panels.area')} hint={t('hints.area')} option={options.area} loading={area.isPending} drawing={drawing('area')} onWidth={onWidth} />
        <ChartCard name="water" title={t('panels.water')} hint={t('hints.water')} option={options.water} loading={water.isPending} drawing={drawing('water')} onWidth={onWidth} />
        <ChartCard name="device" title={t('panels.device')} hint={t('hints.device')} option={options.device} loading={device.isPending} drawing={drawing('device')} onWidth={onWidth} />
      </SimpleGrid>
      <Card withBorder radius="md" data-panel="broken">
        <Group justify="space-between" mb="xs">
          <Tooltip label={t('hints.broken')} multiline w={320} withArrow position="top-start">
            <Text fw={600} style={{ cursor: 'help' }}>
              {t('panels.broken')}
            </Text>
          </Tooltip>
          <Badge color="red" variant="light" data-testid="shown-of-total" title={shown < total ? t('counts.shownOfTotalTitle', { shown, total }) : undefined}>
            {shown < total ? t('counts.shownOfTotal', { shown, total }) : total}
          </Badge>
        </Group>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('broken.device')}</Table.Th>
              <Table.Th>{t('broken.project')}</Table.Th>
              <Table.Th>{t('broken.since')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {brokenRows.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  {localName(b.name, b.nameEn, locale)}
                  {b.category && (
                    <Text span c="dimmed" size="sm" ml={6}>
                      {dictLabel(DEVICE_CATEGORY, b.category, locale)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{localName(b.projectName, b.projectNameEn, locale)}</Table.Td>
                <Table.Td>{dateTime(b.since)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </div>
  );
}
