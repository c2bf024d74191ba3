import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Card, ColorSwatch, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip, UnstyledButton, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GRANULARITIES, type Granularity } from '@shared/contracts/stats';
import { PREDICTED_WITHIN_DAYS, type OrderStatMetric, type RepairTotals, type StatReport, type StatReportQuery } from '@shared/contracts/stats-report';
import { WARNING_LEVELS } from '@shared/contracts/warning';
import { ORDER_SOURCES } from '@shared/contracts/order';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import { countryName } from '@shared/country';
import { RESOURCES } from '@shared/resources';
import { isoDaysAgo } from '@shared/iso-day';
import { useCan } from '@client/lib/session';
import { toast } from '@client/components/feedback/toast';
import { WallChart, type ChartPoint } from '@client/components/wall/wall-chart';
import type { EChartsOption } from '@client/lib/echarts';
import { ProjectPicker } from '../../../shared/work-kit/pickers';
import { exportStatReport, useStatReport } from '../../../shared/stats/api/get-stat-report';
import { boardsOption, equipmentOption, ordersOption, qualityOption, speedOption, warningsOption, type ReportChartText } from '../../../shared/stats/report-options';
import { ReliabilityCard } from './reliability-card';
import { PartsCostCard } from './parts-cost-card';
import { PRESET_GRANULARITY, RANGE_PRESETS, delta, lastFullMonth, monthOfRange, presetRange, printSearch, type RangePreset } from '../../../shared/stats/report-query';

const CHART_HEIGHT = 280;
const menuPath = (key: 'order' | 'detect' | 'equipment') => `/main/${RESOURCES[key].menu.url}`;

/** The figures' filters carried into a drill-down. */
function filterParams(q: StatReportQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.area) out.area = q.area;
  if (q.country) out.country = q.country;
  if (q.projectId) out.projectId = String(q.projectId);
  if (q.category) out.category = q.category;
  return out;
}

type OrderSource = (typeof ORDER_SOURCES)[number];

type DrillTarget =
  | { orders: OrderStatMetric; from: string; to: string; source?: OrderSource }
  | { warnings: true; from: string; to: string; level?: string; detectId?: number; kind?: 'channel'; predicted?: 'yes' }
  | { equipment: true; state?: string; availability?: 'up' | 'down'; category?: string };

/** Where a figure drills down to: the orders, warnings or equipment list filtered to exactly its rows. */
export function drillTo(q: StatReportQuery, target: DrillTarget): string {
  const f = filterParams(q);
  if ('orders' in target) {
    const p: Record<string, string> = { ...f, statMetric: target.orders, statFrom: target.from, statTo: target.to };
    if (target.source) p.source = target.source;
    return `${menuPath('order')}?${new URLSearchParams(p)}`;
  }
  if ('warnings' in target) {
    const p: Record<string, string> = { tab: 'warnings', ...f, statFrom: target.from, statTo: target.to };
    if (target.level) p.level = target.level;
    if (target.detectId) p.detectId = String(target.detectId);
    if (target.kind) p.kind = target.kind;
    if (target.predicted) p.predicted = target.predicted;
    return `${menuPath('detect')}?${new URLSearchParams(p)}`;
  }
  const p: Record<string, string> = { ...f };
  if (target.state) p.state = target.state;
  if (target.availability) p.availability = target.availability;
  if (target.category) p.category = target.category;
  return `${menuPath('equipment')}?${new URLSearchParams(p)}`;
}

function Delta({ now, before, invert, digits = 0, percentPoints }: { now: number | null; before: number | null; invert?: boolean; digits?: number; percentPoints?: boolean }) {
  const { t } = useTranslation('work');
  const d = delta(now, before);
  if (!d) return <Text size="xs" c="dimmed">{t('stats.noPrevious')}</Text>;
  const good = invert ? d.diff < 0 : d.diff > 0;
  const color = d.diff === 0 ? 'gray' : good ? 'teal' : 'red';
  const sign = d.diff > 0 ? '+' : '';
  const diff = percentPoints ? `${sign}${(d.diff * 100).toFixed(1)} ${t('stats.pp')}` : `${sign}${d.diff.toFixed(digits)}`;
  return (
    <Text size="xs" c={color} data-delta>
      {diff}
      {d.pct !== null ? ` (${sign}${d.pct.toFixed(1)}%)` : ''} {t('stats.vsPrevious')}
    </Text>
  );
}

interface KpiProps {
  name: string;
  label: string;
  hint: string;
  value: string;
  sub?: string;
  delta?: ReactNode;
  onClick?: () => void;
}

function Kpi({ name, label, hint, value, sub, delta: d, onClick }: KpiProps) {
  const body = (
    <Paper withBorder radius="md" p="sm" h="100%" data-kpi={name}>
      <Tooltip label={hint} multiline w={300} withArrow>
        <Text size="xs" c="dimmed" style={{ cursor: 'help' }}>
          {label}
        </Text>
      </Tooltip>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={24} fw={700} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
        {sub && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {sub}
          </Text>
        )}
      </Group>
      {d}
    </Paper>
  );
  return onClick ? (
    <UnstyledButton onClick={onClick} style={{ display: 'block' }} aria-label={label}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

function ChartCard({ name, title, option, onPoint, loading }: { name: string; title: string; option: EChartsOption | null; onPoint?: (p: ChartPoint) => void; loading: boolean }) {
  const { t } = useTranslation('work');
  return (
    <Card withBorder radius="md" padding="sm" data-panel={name}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {onPoint && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t('stats.drillHint')}
          </Text>
        )}
      </Group>
      <div style={{ height: CHART_HEIGHT, minWidth: 0 }}>{loading || !option ? <Skeleton h={CHART_HEIGHT} /> : <WallChart option={option} onPointClick={onPoint} />}</div>
    </Card>
  );
}

/** The colour of each order source, in the bar and beside its row (preventive is the at-risk amber of the walls). */
const SOURCE_COLOR: Record<OrderSource, string> = { manual: 'blue', warning: 'red', preventive: 'yellow', checklist: 'grape' };

/** A number that opens the rows behind it. */
function Figure({ name, label, value, onClick }: { name: string; label: string; value: number; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={label} data-figure={name}>
      <Text fw={700} c="blue" td="underline" style={{ textUnderlineOffset: 3 }}>
        {value}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The repair totals split by order source (docs/predictive.md "Statistics"): the same orders as the
 * submitted and completed figures, so each column adds up to them; every count opens its orders.
 */
function SourcesCard({ report, open }: { report: StatReport; open: (metric: 'submitted' | 'completed', source: OrderSource) => void }) {
  const { t } = useTranslation('work');
  const rows = ORDER_SOURCES.map((source) => {
    const row = report.repair.bySource.find((x) => x.source === source);
    return { source, submitted: row?.submitted ?? 0, completed: row?.completed ?? 0 };
  });
  const total = report.repair.totals.submitted;
  return (
    <Card withBorder radius="md" padding="sm" data-figures="sources">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Tooltip label={t('stats.hints.sources')} multiline w={300} withArrow>
          <Text fw={600} size="sm" style={{ cursor: 'help' }}>
            {t('stats.charts.sources')}
          </Text>
        </Tooltip>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t('stats.drillHint')}
        </Text>
      </Group>
      <Progress.Root size="lg" mb="xs" aria-hidden>
        {rows.map((r) => (total > 0 && r.submitted > 0 ? <Progress.Section key={r.source} value={(r.submitted / total) * 100} color={SOURCE_COLOR[r.source]} /> : null))}
      </Progress.Root>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('order.source')}</Table.Th>
            <Table.Th ta="right">{t('stats.series.submitted')}</Table.Th>
            <Table.Th ta="right">{t('stats.series.completed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const name = t(`order.sources.${r.source}`);
            return (
              <Table.Tr key={r.source} data-source={r.source}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={`var(--mantine-color-${SOURCE_COLOR[r.source]}-filled)`} size={10} />
                    <Text size="sm">{name}</Text>
                  </Group>
                </Table.Td>
                {(['submitted', 'completed'] as const).map((metric) => (
                  <Table.Td key={metric} ta="right">
                    <Figure name={`${r.source}-${metric}`} label={`${name} · ${t(`stats.kpi.${metric}`)}`} value={r[metric]} onClick={() => open(metric, r.source)} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * Faults predicted (docs/predictive.md "Statistics"): the channel faults of the range, and those on a
 * unit that had a preventive order in the days before; each count opens its warnings.
 */
function PredictedCard({ report, open }: { report: StatReport; open: (predictedOnly: boolean) => void }) {
  const { t } = useTranslation('work');
  const { faults, predicted, rate } = report.predicted;
  return (
    <Card withBorder radius="md" padding="sm" data-figures="predicted">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={600} size="sm">
          {t('stats.kpi.predicted')}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t('stats.drillHint')}
        </Text>
      </Group>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={24} fw={700} data-rate>
          {fmtPct(rate)}
        </Text>
        <Text size="xs" c="dimmed">{`${predicted} / ${faults}`}</Text>
      </Group>
      <Progress size="lg" my="xs" color="yellow" value={rate === null ? 0 : rate * 100} aria-hidden />
      <Group gap="lg">
        <Group gap={6}>
          <Text size="sm">{t('stats.predicted.predicted')}</Text>
          <Figure name="predicted" label={t('stats.predicted.predicted')} value={predicted} onClick={() => open(true)} />
        </Group>
        <Group gap={6}>
          <Text size="sm">{t('stats.predicted.faults')}</Text>
          <Figure name="faults" label={t('stats.predicted.faults')} value={faults} onClick={() => open(false)} />
        </Group>
      </Group>
      {/* What counts as predicted is the figure's definition: said under it, not hidden in a tooltip. */}
      <Text size="xs" c="dimmed" mt="xs">
        {t('stats.hints.predicted', { days: PREDICTED_WITHIN_DAYS })}
      </Text>
    </Card>
  );
}

export function useChartText(): ReportChartText {
  const { t } = useTranslation('work');
  return useMemo(
    () => ({
      series: {
        submitted: t('stats.series.submitted'), completed: t('stats.series.completed'), avg: t('stats.series.avg'), median: t('stats.series.median'), p90: t('stats.series.p90'),
        ftf: t('stats.series.ftf'), repeat: t('stats.series.repeat'), onTime: t('stats.series.onTime'), available: t('stats.series.available'), broken: t('stats.series.broken'), offline: t('stats.series.offline'),
      },
      levels: { info: t('stats.levels.info'), warning: t('stats.levels.warning'), critical: t('stats.levels.critical') },
    }),
    [t],
  );
}

export const fmtPct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
export const fmtHours = (v: number | null) => (v === null ? '—' : v.toFixed(1));

/** fall/stats: the manager's statistics, from the wall's figures at back-office density, each one a way into its rows. */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation('work');
  const locale = i18n.language === 'en' ? 'en' : 'cn';
  const scheme = useComputedColorScheme('light');
  const tone = scheme === 'dark' ? 'dark' : 'light';
  const navigate = useNavigate();
  const canExport = useCan(`${RESOURCES.statistics.code}#export`);
  const [preset, setPreset] = useState<RangePreset>('d30');
  const [custom, setCustom] = useState(() => presetRange('d30'));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [filters, setFilters] = useState<{ area?: string; country?: string; projectId?: number; category?: string }>({});
  const range = preset === 'custom' ? custom : presetRange(preset);
  const query: StatReportQuery = useMemo(() => ({ ...range, granularity, ...filters }), [range.from, range.to, granularity, filters]); // eslint-disable-line react-hooks/exhaustive-deps
  const report = useStatReport(query);
  const r: StatReport | undefined = report.data;
  const text = useChartText();
  const [exporting, setExporting] = useState(false);

  const ctx = { text, locale, tone } as const;
  const options = useMemo(
    () => (r ? { orders: ordersOption(r, ctx), speed: speedOption(r, ctx), quality: qualityOption(r, ctx), warnings: warningsOption(r, ctx), boards: boardsOption(r, ctx), equipment: equipmentOption(r, ctx) } : null),
    [r, text, locale, tone], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const go = (to: string) => navigate(to);
  const orders = (metric: OrderStatMetric, from = query.from, to = query.to) => () => go(drillTo(query, { orders: metric, from, to }));
  const periodOf = (p: ChartPoint) => r?.repair.periods[p.dataIndex];

  const kpis: KpiProps[] = [];
  if (r) {
    const now = r.repair.totals;
    const before = r.repair.previousTotals;
    const count = (name: keyof RepairTotals & ('submitted' | 'completed'), metric: OrderStatMetric): KpiProps => ({
      name, label: t(`stats.kpi.${name}`), hint: t(`stats.hints.${name}`), value: now[name].toLocaleString(locale === 'en' ? 'en-US' : 'zh-CN'),
      delta: <Delta now={now[name]} before={before[name]} />, onClick: orders(metric),
    });
    const hours = (name: 'avgHours' | 'medianHours' | 'p90Hours'): KpiProps => ({
      name, label: t(`stats.kpi.${name}`), hint: t(`stats.hints.${name}`), value: fmtHours(now[name]), sub: t('stats.hours'),
      delta: <Delta now={now[name]} before={before[name]} invert digits={1} />, onClick: orders('completed'),
    });
    const rate = (name: 'firstTimeFixRate' | 'repeatRate30d' | 'onTimeRate', part: 'firstTimeFix' | 'repeat30d' | 'onTime', whole: 'completed' | 'withEquipment', invert = false): KpiProps => ({
      name, label: t(`stats.kpi.${name}`), hint: t(`stats.hints.${name}`), value: fmtPct(now[name]), sub: `${now[part]} / ${now[whole]}`,
      delta: <Delta now={now[name]} before={before[name]} invert={invert} percentPoints />, onClick: orders(part),
    });
    kpis.push(
      count('submitted', 'submitted'),
      count('completed', 'completed'),
      hours('avgHours'),
      hours('medianHours'),
      hours('p90Hours'),
      rate('firstTimeFixRate', 'firstTimeFix', 'completed'),
      rate('repeatRate30d', 'repeat30d', 'withEquipment', true),
      rate('onTimeRate', 'onTime', 'completed'),
      {
        name: 'warnings', label: t('stats.kpi.warnings'), hint: t('stats.hints.warnings'), value: String(r.warnings.total),
        delta: <Delta now={r.warnings.total} before={r.warnings.previous.total} invert />, onClick: () => go(drillTo(query, { warnings: true, from: query.from, to: query.to })),
      },
      {
        name: 'broken', label: t('stats.kpi.broken'), hint: t('stats.hints.broken'), value: String(r.equipment.broken), sub: t('stats.now'),
        onClick: () => go(drillTo(query, { equipment: true, state: 'broken' })),
      },
      {
        name: 'availability', label: t('stats.kpi.availability'), hint: t('stats.hints.availability'), value: fmtPct(r.equipment.availability),
        sub: `${r.equipment.available} / ${r.equipment.total}`, onClick: () => go(drillTo(query, { equipment: true, availability: 'up' })),
      },
    );
  }

  const doExport = async () => {
    setExporting(true);
    try {
      const name = await exportStatReport(query);
      toast.success(() => t('stats.exported', { name }));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const categoryOptions = DEVICE_CATEGORY.map((c) => ({ value: c.value, label: c[locale] }));
  const areaOptions = (r?.places.areas ?? []).map((a) => ({ value: a.value, label: locale === 'en' ? a.labelEn : a.label }));
  // Countries are stored as ISO codes; the reader sees their names, in their language, in name order.
  const countryOptions = (r?.places.countries ?? [])
    .map((c) => ({ value: c, label: countryName(c, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale === 'en' ? 'en' : 'zh-CN'));
  const setFilter = (k: 'area' | 'country' | 'category', v: string | null) => setFilters((f) => ({ ...f, [k]: v || undefined }));

  return (
    <Stack gap="sm" data-screen="statistics">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={4}>{t('stats.title')}</Title>
        <Group gap="xs">
          {canExport && (
            <Button size="xs" variant="light" loading={exporting} onClick={() => void doExport()} data-action="export">
              {t('stats.exportXlsx')}
            </Button>
          )}
          {/* A calendar month: the one on screen when the range is one, else the last full month; picked again on the report. */}
          <Button size="xs" variant="light" onClick={() => navigate(`/print/stats?${printSearch(monthOfRange(query) ?? lastFullMonth(), query)}`)} data-action="print">
            {t('stats.print')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={500}>{t('stats.range')}</Text>
            <SegmentedControl
              size="sm"
              value={preset}
              onChange={(v) => {
                const p = v as RangePreset;
                setPreset(p);
                if (p !== 'custom') setGranularity(PRESET_GRANULARITY[p]);
              }}
              data={RANGE_PRESETS.map((p) => ({ value: p, label: t(`stats.presets.${p}`) }))}
            />
          </Stack>
          {preset === 'custom' && (
            <Group gap={4} align="flex-end">
              <TextInput type="date" w={150} label={t('common.from')} value={custom.from} max={isoDaysAgo(0)} onChange={(e) => {
                const from = e.currentTarget.value;
                if (from) setCustom((c) => ({ ...c, from }));
              }} />
              <TextInput type="date" w={150} label={t('common.to')} value={custom.to} onChange={(e) => {
                const to = e.currentTarget.value;
                if (to) setCustom((c) => ({ ...c, to }));
              }} />
            </Group>
          )}
          <Stack gap={2}>
            <Text size="sm" fw={500}>{t('stats.granularity')}</Text>
            <SegmentedControl size="sm" value={granularity} onChange={(v) => setGranularity(v as Granularity)} data={GRANULARITIES.map((g) => ({ value: g, label: t(`stats.granularities.${g}`) }))} />
          </Stack>
          <Select w={150} clearable label={t('stats.area')} placeholder={t('stats.all')} data={areaOptions} value={filters.area ?? null} onChange={(v) => setFilter('area', v)} />
          <Select w={120} clearable searchable label={t('stats.country')} placeholder={t('stats.all')} data={countryOptions} value={filters.country ?? null} onChange={(v) => setFilter('country', v)} />
          <div style={{ width: 200 }}>
            <ProjectPicker label={t('stats.project')} value={filters.projectId ?? null} onChange={(id) => setFilters((f) => ({ ...f, projectId: id ?? undefined }))} />
          </div>
          <Select w={140} clearable label={t('stats.category')} placeholder={t('stats.all')} data={categoryOptions} value={filters.category ?? null} onChange={(v) => setFilter('category', v)} />
        </Group>
        {report.error && (
          <Text size="sm" c="red" mt="xs" data-error>
            {report.error.message}
          </Text>
        )}
        {r && (
          <Group gap="xs" mt="xs">
            <Badge variant="light">{`${r.from} ~ ${r.to}`}</Badge>
            <Text size="xs" c="dimmed">{t('stats.previous', { from: r.previous.from, to: r.previous.to })}</Text>
          </Group>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="xs">
        {r ? kpis.map((k) => <Kpi key={k.name} {...k} />) : Array.from({ length: 11 }, (_, i) => <Skeleton key={i} h={92} radius="md" />)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {r ? (
          <>
            <SourcesCard report={r} open={(metric, source) => go(drillTo(query, { orders: metric, from: query.from, to: query.to, source }))} />
            <PredictedCard report={r} open={(only) => go(drillTo(query, { warnings: true, from: query.from, to: query.to, kind: 'channel', predicted: only ? 'yes' : undefined }))} />
          </>
        ) : (
          Array.from({ length: 2 }, (_, i) => <Skeleton key={i} h={180} radius="md" />)
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2, xl: 3 }} spacing="sm">
        <ChartCard
          name="orders"
          title={t('stats.charts.orders')}
          option={options?.orders ?? null}
          loading={!r}
          onPoint={(p) => {
            const period = periodOf(p);
            if (period) go(drillTo(query, { orders: p.seriesIndex === 1 ? 'completed' : 'submitted', from: period.from, to: period.to }));
          }}
        />
        <ChartCard
          name="speed"
          title={t('stats.charts.speed')}
          option={options?.speed ?? null}
          loading={!r}
          onPoint={(p) => {
            const period = periodOf(p);
            if (period) go(drillTo(query, { orders: 'completed', from: period.from, to: period.to }));
          }}
        />
        <ChartCard
          name="quality"
          title={t('stats.charts.quality')}
          option={options?.quality ?? null}
          loading={!r}
          onPoint={(p) => {
            const period = periodOf(p);
            const metric = (['firstTimeFix', 'repeat30d', 'onTime'] as const)[p.seriesIndex ?? 0];
            if (period) go(drillTo(query, { orders: metric, from: period.from, to: period.to }));
          }}
        />
        <ChartCard
          name="warnings"
          title={t('stats.charts.warnings')}
          option={options?.warnings ?? null}
          loading={!r}
          onPoint={(p) => {
            const period = r?.warnings.periods[p.dataIndex];
            if (period) go(drillTo(query, { warnings: true, from: period.from, to: period.to, level: WARNING_LEVELS[p.seriesIndex ?? 0] }));
          }}
        />
        <ChartCard
          name="boards"
          title={t('stats.charts.boards')}
          option={options?.boards ?? null}
          loading={!r}
          onPoint={(p) => {
            const rows = r ? [...r.warnings.boards].reverse() : [];
            const board = rows[p.dataIndex];
            if (board) go(drillTo(query, { warnings: true, from: query.from, to: query.to, detectId: board.detectId }));
          }}
        />
        <ChartCard
          name="equipment"
          title={t('stats.charts.equipment')}
          option={options?.equipment ?? null}
          loading={!r}
          onPoint={(p) => {
            const c = r?.equipment.byCategory[p.dataIndex];
            if (!c) return;
            const which = p.seriesIndex ?? 0;
            go(drillTo(query, which === 0 ? { equipment: true, category: c.category, availability: 'up' } : { equipment: true, category: c.category, state: which === 1 ? 'broken' : 'offline' }));
          }}
        />
      </SimpleGrid>
      <ReliabilityCard q={{ from: query.from, to: query.to, projectId: query.projectId }} />
      <PartsCostCard q={{ from: query.from, to: query.to, projectId: query.projectId }} />
    </Stack>
  );
}
