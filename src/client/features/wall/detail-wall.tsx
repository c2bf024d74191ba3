import { useCallback, useMemo, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ORDER_PRIORITY, ORDER_STATUS } from '@shared/dictionaries';
import { GRANULARITIES, PERIOD_DEFAULTS, isoDaysAgo, periodQuerySchema, type Granularity, type PeriodQuery, type StatMetric } from '@shared/contracts/stats';
import { WallCanvas } from '@client/components/wall/wall-canvas';
import { WallTitleBar } from '@client/components/wall/wall-title-bar';
import { StaleBadge } from '@client/components/wall/stale-badge';
import { ReconnectingBadge } from '@client/components/wall/reconnecting-badge';
import { Panel } from '@client/components/wall/panel';
import type { ChartPoint } from '@client/components/wall/wall-chart';
import { WALL } from '@client/components/wall/theme';
import { tMessage } from '@client/lib/i18n';
import { useRepairSpeed } from '../../shared/stats/api/get-repair-speed';
import { useRepairQuality } from '../../shared/stats/api/get-repair-quality';
import { useStatOrders } from '../../shared/stats/api/get-stat-orders';
import { useProjectPoints } from '../../shared/stats/api/get-project-points';
import { useLiveRefresh } from '../../shared/stats/api/refresh';
import { dictLabel, qualityOption, speedOption } from '../../shared/stats/chart-options';
import { ChartPanel } from '../../shared/wall/panels/chart-panel';
import { useWallText } from '../../shared/wall/use-wall-locale';
import { localName } from '@shared/local-name';
import { dateTime } from '@client/lib/date-time';

/** Default window of the detail wall: the last 90 days by week. */
const DEFAULT_DAYS = 90;
const DRILL_PAGE_SIZE = 8;

const control: CSSProperties = {
  height: 38,
  padding: '0 10px',
  background: 'rgba(6, 24, 52, 0.9)',
  color: WALL.text,
  border: `1px solid ${WALL.border}`,
  borderRadius: 4,
  fontSize: 16,
  fontFamily: WALL.font,
  colorScheme: 'dark',
};

interface Drill {
  period: string;
  metric: StatMetric;
}

/** /page/detail: repair speed and quality with filters, and the orders behind any chart point. */
export default function DetailWall() {
  const { t, locale, ctx } = useWallText();
  const { search } = useLocation();
  const [filter, setFilter] = useState<PeriodQuery>(() => ({ from: isoDaysAgo(DEFAULT_DAYS - 1), to: isoDaysAgo(0), granularity: 'week', projectId: null }));
  const [picked, setPicked] = useState<Drill | null>(null);
  const [page, setPage] = useState(1);

  // The shared contract checks the filter before any call, with the server's own messages.
  const checked = periodQuerySchema.safeParse(filter);
  const fieldErrors = checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), tMessage(i.message)]));
  const [valid, setValid] = useState<PeriodQuery>(filter);
  if (checked.success && JSON.stringify(valid) !== JSON.stringify(filter)) {
    setValid(filter);
    setPicked(null);
  }

  const live = { refetchInterval: useLiveRefresh() };
  const speed = useRepairSpeed(valid, live);
  const quality = useRepairQuality(valid, live);
  const projects = useProjectPoints();
  // Until a point is clicked the table shows the orders completed in the latest period, so the wall is never blank.
  const latest = speed.data?.at(-1);
  const drill: Drill | null = picked ?? (latest ? { period: latest.period, metric: 'completed' } : null);
  const orders = useStatOrders(drill ? { ...valid, ...drill, page, limit: DRILL_PAGE_SIZE } : null);

  const buildSpeed = useCallback((d: Parameters<typeof speedOption>[0]) => speedOption(d, ctx), [ctx]);
  const buildQuality = useCallback((d: Parameters<typeof qualityOption>[0]) => qualityOption(d, ctx), [ctx]);
  const onSpeedPoint = useCallback(
    (p: ChartPoint) => {
      const row = speed.data?.[p.dataIndex];
      if (row) {
        setPicked({ period: row.period, metric: p.seriesIndex === 0 ? 'orders' : 'completed' });
        setPage(1);
      }
    },
    [speed.data],
  );
  const onQualityPoint = useCallback(
    (p: ChartPoint) => {
      const row = quality.data?.[p.dataIndex];
      if (row) {
        setPicked({ period: row.period, metric: 'completed' });
        setPage(1);
      }
    },
    [quality.data],
  );
  const projectOptions = useMemo(() => (projects.data ?? []).map((p) => ({ id: p.id, name: localName(p.name, p.nameEn, locale) })), [projects.data, locale]);
  const set = (patch: Partial<PeriodQuery>) => setFilter((f) => ({ ...f, ...patch }));
  const extra = `${filter.from} ~ ${filter.to} · ${t(`detail.granularities.${valid.granularity ?? PERIOD_DEFAULTS.granularity}`)}`;
  const cols = t('detail.columns', { returnObjects: true }) as Record<string, string>;

  const field = (label: string, name: string, input: React.ReactNode) => (
    <label style={{ display: 'flex', alignItems: 'center', gap: 10, fontSize: 16, color: WALL.textDim, position: 'relative' }}>
      {label}
      {input}
      {fieldErrors[name] && <span role="alert" style={{ position: 'absolute', left: 0, top: 44, fontSize: 13, color: '#ff6b78', whiteSpace: 'nowrap' }}>{fieldErrors[name]}</span>}
    </label>
  );

  return (
    <WallCanvas label={t('detail.title')}>
      <WallTitleBar
        title={t('detail.title')}
        left={
          <>
            <Link to={`/page${search}`} style={{ color: WALL.accent, textDecoration: 'none', whiteSpace: 'nowrap' }}>
              ← {t('detail.back')}
            </Link>
            <StaleBadge label={(m) => t('stale', { count: m })} />
            <ReconnectingBadge label={(time) => t('reconnecting', { time })} />
          </>
        }
      />
      <form
        aria-label={t('detail.title')}
        onSubmit={(e) => e.preventDefault()}
        style={{ position: 'absolute', left: 24, top: 100, width: 1872, height: 56, display: 'flex', alignItems: 'center', gap: 32, padding: '0 20px', background: WALL.panel, border: `1px solid ${WALL.border}` }}
      >
        {field(t('detail.from'), 'from', <input type="date" aria-label={t('detail.from')} value={filter.from} max={filter.to} onChange={(e) => set({ from: e.target.value })} style={control} />)}
        {field(t('detail.to'), 'to', <input type="date" aria-label={t('detail.to')} value={filter.to} onChange={(e) => set({ to: e.target.value })} style={control} />)}
        {field(
          t('detail.project'),
          'projectId',
          <select aria-label={t('detail.project')} value={filter.projectId ?? ''} onChange={(e) => set({ projectId: e.target.value ? Number(e.target.value) : null })} style={{ ...control, width: 320 }}>
            <option value="">{t('detail.allProjects')}</option>
            {projectOptions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>,
        )}
        <span role="radiogroup" aria-label={t('detail.granularity')} style={{ display: 'flex', alignItems: 'center', gap: 0, fontSize: 16, color: WALL.textDim }}>
          <span style={{ marginRight: 10 }}>{t('detail.granularity')}</span>
          {GRANULARITIES.map((g: Granularity) => (
            <button
              key={g}
              type="button"
              role="radio"
              aria-checked={filter.granularity === g}
              onClick={() => set({ granularity: g })}
              style={{ ...control, borderRadius: 0, minWidth: 64, cursor: 'pointer', background: filter.granularity === g ? WALL.accentSoft : control.background, color: filter.granularity === g ? WALL.accent : WALL.text }}
            >
              {t(`detail.granularities.${g}`)}
            </button>
          ))}
        </span>
        <span style={{ marginLeft: 'auto', color: WALL.textFaint, fontSize: 15 }}>{t('detail.drill')}</span>
      </form>
      <ChartPanel name="speed" title={t('panels.speed')} hint={t('hints.speed')} extra={extra} box={{ x: 24, y: 172, w: 928, h: 430 }} query={speed} build={buildSpeed} onPointClick={onSpeedPoint} />
      <ChartPanel name="quality" title={t('panels.quality')} hint={t('hints.quality')} extra={extra} box={{ x: 968, y: 172, w: 928, h: 430 }} query={quality} build={buildQuality} onPointClick={onQualityPoint} />
      <Panel
        name="orders"
        title={drill ? t('detail.ordersOf', { period: drill.period, metric: t(`detail.metrics.${drill.metric}`), total: orders.data?.total ?? '…' }) : t('detail.drill')}
        box={{ x: 24, y: 618, w: 1872, h: 446 }}
        ready={!drill || orders.isSuccess}
        placeholder={!drill ? t('detail.drill') : orders.isPending ? t('loading') : orders.isError ? t('failed') : orders.data?.total === 0 ? t('empty') : null}
        extra={
          drill && orders.data && orders.data.pages > 1 ? (
            <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <button type="button" aria-label="prev" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} style={{ ...control, height: 28, cursor: 'pointer' }}>‹</button>
              <span>{`${page} / ${orders.data.pages}`}</span>
              <button type="button" aria-label="next" disabled={page >= orders.data.pages} onClick={() => setPage((p) => p + 1)} style={{ ...control, height: 28, cursor: 'pointer' }}>›</button>
            </span>
          ) : undefined
        }
      >
        <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 15, tableLayout: 'fixed' }}>
          <thead>
            <tr style={{ color: WALL.textDim, textAlign: 'left', background: 'rgba(60, 157, 255, 0.12)' }}>
              {['number', 'name', 'project', 'equipment', 'priority', 'status', 'submittedAt', 'completedAt', 'hours', 'reports'].map((c) => (
                <th key={c} style={{ padding: '8px 10px', fontWeight: 500 }}>{cols[c]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(orders.data?.list ?? []).map((o, i) => (
              <tr key={o.id} style={{ background: i % 2 ? 'transparent' : 'rgba(60, 157, 255, 0.05)', height: 40 }}>
                {[
                  o.number,
                  o.name,
                  localName(o.projectName, o.projectNameEn, locale),
                  o.equipmentName === null ? '—' : localName(o.equipmentName, o.equipmentNameEn, locale),
                  dictLabel(ORDER_PRIORITY, o.priority, locale),
                  dictLabel(ORDER_STATUS, o.status, locale),
                  dateTime(o.submittedAt),
                  o.completedAt ? dateTime(o.completedAt) : '—',
                  o.hours ?? '—',
                  o.reportCount,
                ].map((v, j) => (
                  <td key={j} style={{ padding: '0 10px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{String(v)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </WallCanvas>
  );
}
