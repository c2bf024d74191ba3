import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  EEMUA_ALARMS_PER_BUCKET,
  EEMUA_FLOOD_SHARE,
  FLOOD_ALARMS,
  HEALTH_BUCKET_MINUTES,
  HEALTH_SUPPRESSION_CAUSES,
  type HealthFigure,
  type HealthUnitFigure,
} from '@shared/contracts/alarm-health';
import { RESOURCES } from '@shared/resources';
import { isoDaysAgo } from '@shared/iso-day';
import { useCan } from '@client/lib/session';
import { dateTime } from '@client/lib/date-time';
import { loadChartMarks, loadChartTooltips, type EChartsOption } from '@client/lib/echarts';
import { toast } from '@client/components/feedback/toast';
import { WallChart } from '@client/components/wall/wall-chart';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { alarmHealthQueryOptions, alarmHealthRowsQueryOptions, alarmHealthUnitsQueryOptions, exportAlarmHealth } from '../../../shared/stats/api/get-alarm-health';

const CODE = RESOURCES.alarmHealth.code;
const BUCKET_MS = HEALTH_BUCKET_MINUTES * 60_000;
const DRILL_PAGE = 20;
const LEVEL_COLOR: Record<string, string> = { info: 'blue', warning: 'orange', critical: 'red' };

interface Query {
  from: string;
  to: string;
  projectId?: number;
}
interface Drill {
  figure: HealthFigure;
  key?: string;
  title: string;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** A figure: its value, its EEMUA target where it has one (green within it, red over it), and a click that opens its alarms. */
function Figure({ name, label, value, sub, good, onClick }: { name: string; label: string; value: string; sub?: string; good?: boolean; onClick?: () => void }) {
  return (
    <UnstyledButton onClick={onClick} data-figure={name} disabled={!onClick}>
      <Paper withBorder radius="md" p="sm" h="100%">
        <Text size="xs" c="dimmed">{label}</Text>
        <Text size="xl" fw={700} c={good === undefined ? undefined : good ? 'teal' : 'red'} data-value>
          {value}
        </Text>
        {sub && <Text size="xs" c="dimmed">{sub}</Text>}
      </Paper>
    </UnstyledButton>
  );
}

/**
 * The alarm system's own health (fall/alarm-health): alarms per 10 minutes against EEMUA 191's
 * targets, floods, the loudest sources, chattering and stale alarms, the mix by level and the time to
 * acknowledge, over chosen days for a project or all. Every figure opens the alarms it counts.
 */
export default function AlarmHealthScreen() {
  const { t, i18n } = useTranslation('work');
  const en = i18n.language === 'en';
  const canExport = useCan(`${CODE}#export`);
  const [query, setQuery] = useState<Query>({ from: isoDaysAgo(6), to: isoDaysAgo(0) });
  const [drill, setDrill] = useState<Drill | null>(null);
  const [unitDrill, setUnitDrill] = useState<{ figure: HealthUnitFigure; title: string } | null>(null);
  const [unitPage, setUnitPage] = useState(1);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [chartReady, setChartReady] = useState(false);
  useEffect(() => {
    let alive = true;
    Promise.all([loadChartMarks(), loadChartTooltips()]).then(
      () => alive && setChartReady(true),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);

  const health = useQuery(alarmHealthQueryOptions(query));
  const rows = useQuery(alarmHealthRowsQueryOptions(query, drill, page, DRILL_PAGE));
  const units = useQuery(alarmHealthUnitsQueryOptions(query, unitDrill?.figure ?? null, unitPage, DRILL_PAGE));
  const openUnits = (figure: HealthUnitFigure, title: string) => {
    setUnitPage(1);
    setUnitDrill({ figure, title });
  };
  const h = health.data;
  const open = (figure: HealthFigure, title: string, key?: string) => {
    setPage(1);
    setDrill({ figure, key, title });
  };
  const bucketTime = (b: number) => (h ? new Date(Date.parse(h.start) + b * BUCKET_MS) : new Date(0));
  const duration = (s: number | null) => (s === null ? '–' : s < 120 ? t('alarmHealth.seconds', { n: Math.round(s) }) : t('alarmHealth.minutes', { n: Math.round(s / 60) }));

  const option = useMemo<EChartsOption | null>(() => {
    if (!h) return null;
    const counts = new Array<number>(h.buckets).fill(0);
    for (const p of h.series) if (p.bucket < h.buckets) counts[p.bucket] = p.count;
    const labels = counts.map((_, b) => dateTime(new Date(Date.parse(h.start) + b * BUCKET_MS)));
    return {
      grid: { left: 40, right: 110, top: 20, bottom: 40 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      // Both reference lines always in view: the flood line above the tallest quiet bar.
      yAxis: { type: 'value', minInterval: 1, max: (v: { max: number }) => Math.max(v.max, FLOOD_ALARMS + 2) },
      series: [
        {
          type: 'bar',
          name: t('alarmHealth.chart'),
          data: counts.map((n) => ({ value: n, itemStyle: { color: n > FLOOD_ALARMS ? '#e03131' : n > EEMUA_ALARMS_PER_BUCKET ? '#f08c00' : '#1c7ed6' } })),
          barCategoryGap: '10%',
          markLine: {
            symbol: 'none',
            silent: true,
            data: [
              { yAxis: EEMUA_ALARMS_PER_BUCKET, name: t('alarmHealth.eemua'), lineStyle: { color: '#2f9e44', type: 'dashed' }, label: { formatter: t('alarmHealth.eemua'), position: 'end' } },
              { yAxis: FLOOD_ALARMS, name: t('alarmHealth.flood'), lineStyle: { color: '#e03131', type: 'dashed' }, label: { formatter: t('alarmHealth.flood'), position: 'end' } },
            ],
          },
        },
      ],
    } as EChartsOption;
  }, [h, t]);

  const doExport = async () => {
    setExporting(true);
    try {
      const name = await exportAlarmHealth(query);
      toast.success(() => t('alarmHealth.exported', { name }));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const levelName = (l: string): string => (l === 'info' || l === 'warning' || l === 'critical' ? t(`warning.levels.${l}`) : l);

  return (
    <Stack gap="sm" data-screen="alarm-health">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={4}>{t('alarmHealth.title')}</Title>
          <Text size="xs" c="dimmed">{t('alarmHealth.intro')}</Text>
        </div>
        {canExport && (
          <Button size="xs" variant="light" loading={exporting} onClick={() => void doExport()} data-action="export">
            {t('alarmHealth.export')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput type="date" w={160} label={`${t('common.from')} (UTC)`} value={query.from} max={query.to} onChange={(e) => {
              const from = e.currentTarget.value;
              if (from) setQuery((q) => ({ ...q, from }));
            }} data-field="from" />
          <TextInput type="date" w={160} label={`${t('common.to')} (UTC)`} value={query.to} onChange={(e) => {
              const to = e.currentTarget.value;
              if (to) setQuery((q) => ({ ...q, to }));
            }} data-field="to" />
          <div style={{ width: 220 }}>
            <ProjectPicker label={t('alarmHealth.project')} value={query.projectId ?? null} onChange={(id) => setQuery((q) => ({ ...q, projectId: id ?? undefined }))} />
          </div>
          {h && <Badge variant="light" data-buckets={h.buckets}>{t('alarmHealth.periods', { n: h.buckets })}</Badge>}
        </Group>
        {health.error && (
          <Text size="sm" c="red" mt="xs" data-error>
            {health.error.message}
          </Text>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="xs">
        {h ? (
          <>
            <Figure name="total" label={t('alarmHealth.kpi.total')} value={String(h.total)} onClick={() => open('all', t('alarmHealth.kpi.total'))} />
            <Figure name="avgPerBucket" label={t('alarmHealth.kpi.avgPerBucket')} value={h.avgPerBucket.toFixed(2)} sub={t('alarmHealth.target', { value: EEMUA_ALARMS_PER_BUCKET })} good={h.avgPerBucket <= EEMUA_ALARMS_PER_BUCKET} onClick={() => open('all', t('alarmHealth.kpi.total'))} />
            <Figure
              name="peakPerBucket"
              label={t('alarmHealth.kpi.peakPerBucket')}
              value={String(h.peakPerBucket)}
              sub={h.peakBucket === null ? undefined : dateTime(bucketTime(h.peakBucket))}
              good={h.peakPerBucket <= FLOOD_ALARMS}
              onClick={h.peakBucket === null ? undefined : () => open('bucket', t('alarmHealth.kpi.peakPerBucket'), String(h.peakBucket))}
            />
            <Figure name="floodShare" label={t('alarmHealth.kpi.floodShare')} value={pct(h.floodShare)} sub={t('alarmHealth.target', { value: `< ${pct(EEMUA_FLOOD_SHARE)}` })} good={h.floodShare < EEMUA_FLOOD_SHARE} onClick={() => open('flood', t('alarmHealth.kpi.floodShare'))} />
            <Figure name="floodEpisodes" label={t('alarmHealth.kpi.floodEpisodes')} value={String(h.floodEpisodes.length)} sub={t('alarmHealth.chattering', { n: h.floodAlarms })} good={h.floodEpisodes.length === 0} onClick={() => open('flood', t('alarmHealth.kpi.floodEpisodes'))} />
            <Figure name="topShare" label={t('alarmHealth.kpi.topShare')} value={pct(h.topShare)} onClick={undefined} />
            <Figure name="chattering" label={t('alarmHealth.kpi.chattering')} value={String(h.chatteringSources)} sub={t('alarmHealth.chattering', { n: h.chatteringAlarms })} good={h.chatteringSources === 0} onClick={() => open('chattering', t('alarmHealth.kpi.chattering'))} />
            <Figure name="stale" label={t('alarmHealth.kpi.stale')} value={String(h.stale)} good={h.stale === 0} onClick={() => open('stale', t('alarmHealth.kpi.stale'))} />
            <Figure name="acked" label={t('alarmHealth.kpi.acked')} value={String(h.acked)} sub={h.total ? pct(h.acked / h.total) : undefined} onClick={() => open('acked', t('alarmHealth.kpi.acked'))} />
            <Figure name="ackMedian" label={t('alarmHealth.kpi.ackMedian')} value={duration(h.ackMedianSeconds)} onClick={() => open('acked', t('alarmHealth.kpi.acked'))} />
            <Figure name="ackP90" label={t('alarmHealth.kpi.ackP90')} value={duration(h.ackP90Seconds)} onClick={() => open('acked', t('alarmHealth.kpi.acked'))} />
            {Object.entries(h.byLevel).map(([level, n]) => (
              <Figure key={level} name={`level-${level}`} label={`${t('alarmHealth.levels')}: ${levelName(level)}`} value={String(n)} sub={h.total ? pct(n / h.total) : undefined} onClick={() => open('level', levelName(level), level)} />
            ))}
          </>
        ) : (
          Array.from({ length: 12 }, (_, i) => <Skeleton key={i} h={84} radius="md" />)
        )}
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm" data-section="suppression">
        <Text fw={600} size="sm" mb={4}>{t('alarmHealth.suppression')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 7 }} spacing="xs">
          {h ? (
            <>
              <Figure name="shelved" label={t('alarmHealth.kpi.shelved')} value={String(h.shelved)} sub={h.total ? pct(h.shelved / h.total) : undefined} onClick={() => open('shelved', t('alarmHealth.kpi.shelved'))} />
              <Figure name="shelvedNow" label={t('alarmHealth.kpi.shelvedNow')} value={String(h.shelvedNow)} onClick={() => open('shelvedNow', t('alarmHealth.kpi.shelvedNow'))} />
              {HEALTH_SUPPRESSION_CAUSES.map((cause) => (
                <Figure key={cause} name={`suppressed-${cause}`} label={t(`alarmHealth.kpi.suppressed_${cause}`)} value={String(h.suppressed[cause])} onClick={() => open('suppressed', t(`alarmHealth.kpi.suppressed_${cause}`), cause)} />
              ))}
              <Figure name="outOfServiceNow" label={t('alarmHealth.kpi.outOfServiceNow')} value={String(h.outOfServiceNow)} onClick={() => openUnits('outOfServiceNow', t('alarmHealth.kpi.outOfServiceNow'))} />
              <Figure name="outOfService" label={t('alarmHealth.kpi.outOfService')} value={String(h.outOfService)} onClick={() => openUnits('outOfService', t('alarmHealth.kpi.outOfService'))} />
            </>
          ) : (
            Array.from({ length: 7 }, (_, i) => <Skeleton key={i} h={84} radius="md" />)
          )}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="sm" data-chart="rate">
        <Text fw={600} size="sm" mb={4}>{t('alarmHealth.chart')}</Text>
        {option && chartReady ? (
          <WallChart
            option={option}
            style={{ height: 260 }}
            onPointClick={(p) => {
              const n = h?.series.find((s) => s.bucket === p.dataIndex)?.count ?? 0;
              if (n) open('bucket', t('alarmHealth.bucketFigure', { from: dateTime(bucketTime(p.dataIndex)), to: dateTime(bucketTime(p.dataIndex + 1)) }), String(p.dataIndex));
            }}
          />
        ) : (
          <Skeleton h={260} />
        )}
      </Paper>
      <Paper withBorder radius="md" p="sm" data-table="sources">
        <Text fw={600} size="sm" mb={4}>{t('alarmHealth.sources')}</Text>
        {h && !h.top.length ? (
          <Text size="sm" c="dimmed">{t('alarmHealth.none')}</Text>
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alarmHealth.board')}</Table.Th>
                <Table.Th>{t('alarmHealth.channel')}</Table.Th>
                <Table.Th>{t('alarmHealth.project')}</Table.Th>
                <Table.Th ta="right">{t('alarmHealth.count')}</Table.Th>
                <Table.Th ta="right">{t('alarmHealth.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(h?.top ?? []).map((s) => (
                <Table.Tr key={s.key} style={{ cursor: 'pointer' }} onClick={() => open('source', `${en ? s.boardEn : s.board} ${s.channel ? `CH${s.channel}` : ''}`, s.key)} data-source={s.key}>
                  <Table.Td>{en ? s.boardEn : s.board}</Table.Td>
                  <Table.Td>{s.channel ? `CH${s.channel}` : t('alarmHealth.boardItself')}</Table.Td>
                  <Table.Td>{en ? s.projectEn : s.project}</Table.Td>
                  <Table.Td ta="right">{s.count}</Table.Td>
                  <Table.Td ta="right">{pct(s.share)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Drawer opened={!!drill} onClose={() => setDrill(null)} position="right" size="75%" title={drill ? t('alarmHealth.drillTitle', { figure: drill.title, n: rows.data?.total ?? '…' }) : ''} data-drill>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('alarmHealth.at')}</Table.Th>
              <Table.Th>{t('alarmHealth.level')}</Table.Th>
              <Table.Th>{t('alarmHealth.info')}</Table.Th>
              <Table.Th>{t('alarmHealth.project')}</Table.Th>
              <Table.Th>{t('alarmHealth.ackAt')}</Table.Th>
              <Table.Th>{t('alarmHealth.dealAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows.data?.rows ?? []).map((r) => (
              <Table.Tr key={r.id} data-row={r.id}>
                <Table.Td>{dateTime(r.at, { seconds: true })}</Table.Td>
                <Table.Td>
                  <Badge size="sm" color={LEVEL_COLOR[r.level] ?? 'gray'} variant="light">{levelName(r.level)}</Badge>
                </Table.Td>
                <Table.Td>{r.info}</Table.Td>
                <Table.Td>{en ? r.projectEn : r.project}</Table.Td>
                <Table.Td>{r.ackAt ? dateTime(r.ackAt) : '–'}</Table.Td>
                <Table.Td>{r.dealAt ? dateTime(r.dealAt) : '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(rows.data?.total ?? 0) > DRILL_PAGE && (
          <Group justify="center" mt="sm">
            <Pagination value={page} onChange={setPage} total={Math.ceil((rows.data?.total ?? 0) / DRILL_PAGE)} size="sm" />
          </Group>
        )}
      </Drawer>
      <Drawer opened={!!unitDrill} onClose={() => setUnitDrill(null)} position="right" size="60%" title={unitDrill ? t('alarmHealth.unitsTitle', { figure: unitDrill.title, n: units.data?.total ?? '…' }) : ''} data-drill="units">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('alarmHealth.unit')}</Table.Th>
              <Table.Th>{t('alarmHealth.project')}</Table.Th>
              <Table.Th>{t('alarmHealth.outOfServiceAt')}</Table.Th>
              <Table.Th>{t('alarmHealth.outOfServiceUntil')}</Table.Th>
              <Table.Th>{t('alarmHealth.reason')}</Table.Th>
              <Table.Th>{t('alarmHealth.by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(units.data?.rows ?? []).map((u) => (
              <Table.Tr key={u.id} data-unit={u.id}>
                <Table.Td>{en ? u.nameEn : u.name}</Table.Td>
                <Table.Td>{en ? u.projectEn : u.project}</Table.Td>
                <Table.Td>{u.outOfServiceAt ? dateTime(u.outOfServiceAt) : t('alarmHealth.inService')}</Table.Td>
                <Table.Td>{u.outOfServiceAt ? (u.outOfServiceUntil ? dateTime(u.outOfServiceUntil) : t('alarmHealth.untilBack')) : '–'}</Table.Td>
                <Table.Td>{u.reason || '–'}</Table.Td>
                <Table.Td>{u.by || '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(units.data?.total ?? 0) > DRILL_PAGE && (
          <Group justify="center" mt="sm">
            <Pagination value={unitPage} onChange={setUnitPage} total={Math.ceil((units.data?.total ?? 0) / DRILL_PAGE)} size="sm" />
          </Group>
        )}
      </Drawer>
    </Stack>
  );
}
