import { useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Table, Text, Title, Tooltip, useComputedColorScheme } from '@mantine/core';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import type { PeriodQuery } from '@shared/contracts/stats';
import { isoDaysAgo } from '@shared/iso-day';
import { NumberCounter } from '@client/components/wall/number-counter';
import { WallChart } from '@client/components/wall/wall-chart';
import { TAG_HEX } from '@client/components/wall/theme';
import type { EChartsOption } from '@client/lib/echarts';
import { useCountProjects } from '../../shared/stats/api/get-count-projects';
import { useGroupArea } from '../../shared/stats/api/get-group-area';
import { useGroupWater } from '../../shared/stats/api/get-group-water';
import { useGroupDevice } from '../../shared/stats/api/get-group-device';
import { useBrokenDevice } from '../../shared/stats/api/get-broken-device';
import { useRepairSpeed } from '../../shared/stats/api/get-repair-speed';
import { useRepairQuality } from '../../shared/stats/api/get-repair-quality';
import { areaOption, deviceOption, dictLabel, qualityOption, speedOption, statusOption, waterOption } from '../../shared/stats/chart-options';
import { useWallText } from '../../shared/wall/use-wall-locale';
import { localName } from '@shared/local-name';
import { dateTime } from '@client/lib/date-time';

const CHART_HEIGHT = 300;
/** How many broken units the dashboard lists (the wall scrolls through all of them). */
const BROKEN_ROWS = 8;

function ChartCard({ title, hint, option, loading, name }: { title: string; hint: string; option: EChartsOption | null; loading: boolean; name: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-panel={name}>
      <Tooltip label={hint} multiline w={340} withArrow position="top-start">
        <Text fw={600} mb="xs" style={{ cursor: 'help', alignSelf: 'flex-start' }}>
          {title}
        </Text>
      </Tooltip>
      <div style={{ height: CHART_HEIGHT }}>{loading || !option ? <Skeleton h={CHART_HEIGHT} /> : <WallChart option={option} />}</div>
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
  const opt = useCallback(<T,>(data: T | undefined, build: (d: T) => EChartsOption) => (data === undefined ? null : build(data)), []);

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
        <ChartCard name="speed" title={`${t('panels.speed')} · ${t('last30')}`} hint={t('hints.speed')} option={opt(speed.data, (d) => speedOption(d, ctx))} loading={speed.isPending} />
        <ChartCard name="quality" title={`${t('panels.quality')} · ${t('last30')}`} hint={t('hints.quality')} option={opt(quality.data, (d) => qualityOption(d, ctx))} loading={quality.isPending} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} mb="md">
        <ChartCard name="status" title={t('panels.status')} hint={t('hints.status')} option={opt(count.data, (d) => statusOption(d, ctx))} loading={count.isPending} />
        <ChartCard name="area" title={t('panels.area')} hint={t('hints.area')} option={opt(area.data, (d) => areaOption(d, ctx))} loading={area.isPending} />
        <ChartCard name="water" title={t('panels.water')} hint={t('hints.water')} option={opt(water.data, (d) => waterOption(d, ctx))} loading={water.isPending} />
        <ChartCard name="device" title={t('panels.device')} hint={t('hints.device')} option={opt(device.data, (d) => deviceOption(d, ctx))} loading={device.isPending} />
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
                  {b.name}
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
