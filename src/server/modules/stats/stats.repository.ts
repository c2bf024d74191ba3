import type { Database } from '../../db/client';
import { DEVICE_CATEGORY, WATER_TYPE, XMZT } from '@shared/dictionaries';
import {
  BROKEN_DEVICE_LIMIT,
  type AreaGroup,
  type BrokenDevice,
  type BrokenDeviceList,
  type CountProjects,
  type DeviceGroup,
  type Granularity,
  type RepairQualityPoint,
  type RepairSpeedPoint,
  type StatMetric,
  type StatOrder,
  type WaterGroup,
} from '@shared/contracts/stats';
import type { PageResult } from '@shared/envelope';
import { pageOf } from '@shared/envelope';
import { countedEquipment, notArchivedSql } from '../../lib/archive';
import { ALL_PROJECTS, scopeClause, scopeIds, type DataScope } from '../../lib/data-scope';

/** Hours an order of each priority may take and still count as on time. */
export interface SlaHours {
  low: number;
  normal: number;
  high: number;
  urgent: number;
}

export interface PeriodRange {
  projectId?: number | null;
  /** The caller's data scope: figures of its projects only (a projectId is checked against it by the route). */
  scope?: DataScope;
  from: string;
  to: string;
  granularity: Granularity;
}

/** Period labels: a day (or the Monday of a week) as YYYY-MM-DD, a month as YYYY-MM. */
const LABEL_FORMAT: Record<Granularity, string> = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };

// Periods are UTC calendar days, ISO weeks (Monday) and months, so both engines and every server
// agree whatever their TimeZone. Bounds: $1 first day, $2 last day (included), $3 granularity.
const RANGE_START = `($1::date::timestamp AT TIME ZONE 'UTC')`;
const RANGE_END = `(($2::date + 1)::timestamp AT TIME ZONE 'UTC')`;
const PERIODS = `SELECT gs AS label, gs AT TIME ZONE 'UTC' AS start
                   FROM generate_series(date_trunc($3, $1::date::timestamp), $2::date::timestamp, ('1 ' || $3)::interval) gs`;
/** A Monday at midnight UTC: date_bin on it gives ISO weeks. */
const MONDAY = `TIMESTAMPTZ '2000-01-03 00:00:00+00'`;

/**
 * The period a timestamptz falls in. date_bin works on the stored instant directly (no time zone
 * conversion per row), which halves the cost of a day or week chart on PGlite; months need date_trunc.
 */
function bucket(g: Granularity, col: string): string {
  if (g === 'day') return `date_bin('1 day', ${col}, ${MONDAY})`;
  if (g === 'week') return `date_bin('7 days', ${col}, ${MONDAY})`;
  return `(date_trunc('month', ${col} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
}

const round = (v: number | null, digits: number) => (v === null || v === undefined ? null : Number(Number(v).toFixed(digits)));
const share = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : null);

const US_PER_HOUR = 3_600_000_000;
/** Median and 90th percentile, as percentile_cont computes them. */
const PERCENTILES = [0.5, 0.9] as const;
/** SLA settings in fall_order.priority_rank order (0 low … 3 urgent), the order of the histograms h0..h3. */
const SLA_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/** SLA hours (a float8 parameter) as microseconds, rounded exactly as `interval '1 hour' * hours` is. */
const slaMicros = (param: string) => `(extract(epoch FROM interval '1 hour' * ${param}::float8) * 1000000)::bigint`;

/**
 * Chart periods for the rollup: each period clipped to the query range as [lo, hi) days; a period the
 * range covers whole reads its week or month row (grain g), a clipped one sums its day rows.
 * Parameters: $1 first day, $2 last day, $3 granularity, $4 label format.
 */
const ROLLUP_BUCKETS = `r AS (SELECT to_char(gs, $4) AS period, gs::date AS pstart, (gs + ('1 ' || $3)::interval)::date AS pend,
                     greatest(gs::date, $1::date) AS lo, least((gs + ('1 ' || $3)::interval)::date, $2::date + 1) AS hi
                FROM generate_series(date_trunc($3, $1::date::timestamp), $2::date::timestamp, ('1 ' || $3)::interval) gs),
       b AS (SELECT r.period, r.lo, r.hi, (CASE WHEN r.lo = r.pstart AND r.hi = r.pend THEN left($3, 1) ELSE 'd' END)::char(1) AS g
               FROM r)`;
/** The period rows (alias t) of chart period b: one week or month row, or the day rows of a clipped period. */
const IN_BUCKET = 't.grain = b.g AND t.start >= b.lo AND t.start < b.hi';

interface RollupBucket {
  period: string;
  /** First day and the day after the last, YYYY-MM-DD. */
  lo: string;
  hi: string;
  submitted: number;
  completed: number;
  usSum: number;
  ftf: number;
  withEq: number;
  rep: number;
  /** The 0-based ranks percentile_cont reads, the bin holding each and how many values precede that bin. */
  ranks: number[];
  bins: number[];
  befores: number[];
  /** Orders in the bins wholly within their priority's SLA. */
  onTime: number;
  /** Per priority rank: the SLA in microseconds, its bin and whether it ends that bin. */
  limits: { bin: number; aligned: boolean; t: number }[];
}

interface QualityCounts {
  period: string;
  completed: number;
  ftf: number;
  withEq: number;
  rep: number;
  onTime: number;
}

/** percentile_cont over n values from the values at its ranks (microseconds), in hours. */
function percentile(ranks: Map<number, number>, n: number, f: number): number | null {
  if (n === 0) return null;
  const pos = f * (n - 1);
  const lo = Math.floor(pos);
  const a = ranks.get(lo) as number;
  const b = ranks.get(Math.ceil(pos)) as number;
  return (a + (pos - lo) * (b - a)) / US_PER_HOUR;
}

/** Fills every dictionary value (zero when absent) in dictionary order, then any unknown values. */
function inDictionaryOrder<T>(values: string[], rows: Map<string, T>, empty: (v: string) => T): T[] {
  const out = values.map((v) => rows.get(v) ?? empty(v));
  for (const [k, row] of rows) if (!values.includes(k)) out.push(row);
  return out;
}

/**
 * The statistics of docs/domain.md §4 as hand-written SQL over the indexes of 0002/0004/0007 and the trigger-kept rollup of 0008.
 * Counts of projects and equipment leave archived rows out (0015: stats_eq_count does too); repair
 * speed and quality keep every order, an archived project's included.
 */
export class StatsRepository {
  constructor(private readonly database: Database) {}

  async countProjects(scope: DataScope = ALL_PROJECTS): Promise<CountProjects> {
    const params: unknown[] = [];
    const rows = await this.database.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM fall_project WHERE ${notArchivedSql()} ${scopeClause(scope, 'id', params)} GROUP BY status`,
      params,
    );
    const byKey = new Map(rows.map((r) => [r.status, r]));
    const byStatus = inDictionaryOrder(XMZT.map((x) => x.value), byKey, (status) => ({ status, count: 0 }));
    return { total: rows.reduce((n, r) => n + r.count, 0), byStatus };
  }

  async groupArea(scope: DataScope = ALL_PROJECTS): Promise<AreaGroup[]> {
    const params: unknown[] = [];
    // Labels come from the `area` dictionary when the code is in it (the wall shows names, not codes).
    return this.database.query<AreaGroup>(
      `SELECT g.area, g.count, g."totalArea", coalesce(d.label, g.area) AS label, coalesce(nullif(d.label_en, ''), d.label, g.area) AS "labelEn"
         FROM (SELECT area, count(*)::int AS count, coalesce(sum(total_area), 0)::float8 AS "totalArea" FROM fall_project WHERE ${notArchivedSql()} ${scopeClause(scope, 'id', params)} GROUP BY area) g
         LEFT JOIN sys_dictionary d ON d.type = 'area' AND d.value = g.area
        ORDER BY g.count DESC, g.area`,
      params,
    );
  }

  async groupWater(scope: DataScope = ALL_PROJECTS): Promise<WaterGroup[]> {
    const params: unknown[] = [];
    const rows = await this.database.query<WaterGroup>(
      `SELECT water_type AS "waterType", count(*)::int AS count FROM fall_project WHERE ${notArchivedSql()} ${scopeClause(scope, 'id', params)} GROUP BY water_type`,
      params,
    );
    return inDictionaryOrder(WATER_TYPE.map((w) => w.value), new Map(rows.map((r) => [r.waterType, r])), (waterType) => ({ waterType, count: 0 }));
  }

  async groupDevice(projectId?: number, scope: DataScope = ALL_PROJECTS): Promise<DeviceGroup[]> {
    // stats_eq_count (0008) keeps the units per project, model and state (project 0 = all projects), so
    // this reads a few rows per model instead of grouping 100,000 units; a scope sums its projects' rows.
    const ids = scopeIds(scope);
    const only = projectId ? [projectId] : ids;
    // Units at risk (docs/predictive.md): few, counted live from the findings, by the same category rule.
    // Both queries run at once, awaited together: one awaited after the other left the second's
    // failure unheard when the first failed too (the database gone), and that ended the process.
    const [atRiskRows, rows] = await Promise.all([
      this.database.query<{ category: string; n: number }>(
        `SELECT coalesce(d.category, 'other') AS category, count(*)::int AS n
           FROM fall_eq_info e LEFT JOIN fall_device d ON d.id = e.device_id
          WHERE ${countedEquipment('e')} AND e.state <> 'broken' ${only ? 'AND e.project_id = ANY($1::int[])' : ''}
            AND EXISTS (SELECT 1 FROM fall_channel_risk r WHERE r.equipment_id = e.id AND r.status = 'open')
          GROUP BY 1`,
        only ? [only] : [],
      ),
      this.database.query<Omit<DeviceGroup, 'atRisk'>>(
        `SELECT coalesce(d.category, 'other') AS category,
                sum(c.n)::int AS total,
                coalesce(sum(c.n) FILTER (WHERE c.state = 'normal'), 0)::int AS normal,
                coalesce(sum(c.n) FILTER (WHERE c.state = 'broken'), 0)::int AS broken,
                coalesce(sum(c.n) FILTER (WHERE c.state = 'maintenance'), 0)::int AS maintenance,
                coalesce(sum(c.n) FILTER (WHERE c.state = 'offline'), 0)::int AS offline
           FROM stats_eq_count c LEFT JOIN fall_device d ON d.id = c.device_id
          WHERE ${!projectId && ids ? 'c.project_id = ANY($1::int[])' : 'c.project_id = $1'} AND c.n <> 0
          GROUP BY 1`,
        [projectId ?? ids ?? 0],
      ),
    ]);
    const atRisk = new Map(atRiskRows.map((r) => [r.category, r.n]));
    return inDictionaryOrder(
      DEVICE_CATEGORY.map((c) => c.value),
      new Map(rows.map((r) => [r.category, { ...r, atRisk: atRisk.get(r.category) ?? 0 }])),
      (category) => ({ category, total: 0, normal: 0, broken: 0, maintenance: 0, offline: 0, atRisk: atRisk.get(category) ?? 0 }),
    );
  }

  async brokenDevice(projectId?: number, dataScope: DataScope = ALL_PROJECTS): Promise<BrokenDeviceList> {
    const params: unknown[] = [BROKEN_DEVICE_LIMIT];
    const ids = scopeIds(dataScope);
    const only = projectId ?? ids;
    const scope = (param: number) => `${only ? `AND e.project_id = ANY($${param}::int[])` : ''} AND ${countedEquipment('e')}`;
    if (only) params.push([only].flat());
    // The total is counted over the same rows the list is cut from, so it is the broken KPI's figure.
    const [rows, [{ total }]] = await Promise.all([
      this.database.query<Omit<BrokenDevice, 'since'> & { since: Date }>(
        `SELECT e.id, e.name, e.name_en AS "nameEn", e.project_id AS "projectId", p.name AS "projectName", p.name_en AS "projectNameEn",
                d.name AS "deviceName", d.name_en AS "deviceNameEn", d.category, e.state_since AS since
           FROM fall_eq_info e
           JOIN fall_project p ON p.id = e.project_id
           LEFT JOIN fall_device d ON d.id = e.device_id
          WHERE e.state = 'broken' ${scope(2)}
          ORDER BY e.state_since DESC, e.id DESC
          LIMIT $1`,
        params,
      ),
      this.database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM fall_eq_info e WHERE e.state = 'broken' ${scope(1)}`,
        only ? [[only].flat()] : [],
      ),
    ]);
    return { list: rows.map((r) => ({ ...r, since: new Date(r.since).toISOString() })), total };
  }

  /** The projects a range is limited to: the one asked for, the scope's, or null for all. */
  private static only(q: PeriodRange): number[] | null {
    if (q.projectId) return [q.projectId];
    return q.scope ? scopeIds(q.scope) : null;
  }

  private rangeParams(q: PeriodRange): { params: unknown[]; project: (col: string) => string } {
    const params: unknown[] = [q.from, q.to, q.granularity, LABEL_FORMAT[q.granularity]];
    const only = StatsRepository.only(q);
    if (only) params.push(only);
    return { params, project: (col) => (only ? `AND ${col} = ANY($5::int[])` : '') };
  }

  // The rollup (0008) sums every project: some projects (one, or a data scope) are read from the per-order facts.
  async repairSpeed(q: PeriodRange): Promise<RepairSpeedPoint[]> {
    return StatsRepository.only(q) ? this.projectSpeed(q) : this.rollupSpeed(q);
  }

  async repairQuality(q: PeriodRange, sla: SlaHours): Promise<RepairQualityPoint[]> {
    const rows = StatsRepository.only(q) ? await this.projectQuality(q, sla) : await this.rollupQuality(q, sla);
    return rows.map((r) => ({
      period: r.period,
      completed: r.completed,
      firstTimeFixRate: share(r.ftf, r.completed),
      repeatRate30d: share(r.rep, r.withEq),
      onTimeRate: share(r.onTime, r.completed),
    }));
  }

  /**
   * All projects, from the rollup of 0008: counts and sums from one period row (or the day rows of a
   * clipped period), and each percentile as the k-th value of the one histogram bin that holds it.
   */
  private async rollupSpeed(q: PeriodRange): Promise<RepairSpeedPoint[]> {
    const buckets = await this.rollupBuckets(q, null);
    const wanted = buckets.flatMap((b) => b.ranks.map((rank, i) => ({ bucket: b, rank, bin: b.bins[i], offset: rank - b.befores[i] })));
    const values = await this.binValues(wanted.map((w) => ({ bin: w.bin, lo: w.bucket.lo, hi: w.bucket.hi, offset: w.offset })));
    const byBucket = new Map<RollupBucket, Map<number, number>>();
    wanted.forEach((w, i) => byBucket.set(w.bucket, (byBucket.get(w.bucket) ?? new Map<number, number>()).set(w.rank, values[i])));
    return buckets.map((b) => {
      const ranks = byBucket.get(b);
      const pct = (f: number) => (ranks ? round(percentile(ranks, b.completed, f), 2) : null);
      return {
        period: b.period,
        orders: b.submitted,
        completed: b.completed,
        avgHours: b.completed ? round(b.usSum / b.completed / US_PER_HOUR, 2) : null,
        medianHours: pct(PERCENTILES[0]),
        p90Hours: pct(PERCENTILES[1]),
      };
    });
  }

  /**
   * All projects: on time = the histogram bins up to each priority's SLA, plus, when the SLA falls
   * inside a bin rather than on its upper edge, the facts of that one bin counted exactly.
   */
  private async rollupQuality(q: PeriodRange, sla: SlaHours): Promise<QualityCounts[]> {
    const buckets = await this.rollupBuckets(q, sla);
    const edges = buckets.flatMap((bucket) =>
      bucket.limits.flatMap((l, prio) => (l.aligned || bucket.completed === 0 ? [] : [{ bucket, prio, bin: l.bin, t: l.t }])),
    );
    const edgeCounts = edges.length
      ? await this.database.query<{ n: number }>(
          `SELECT (SELECT count(*)::int FROM stats_order_fact f
                    WHERE f.bin = x.bin AND f.completed_at >= x.lo::timestamp AT TIME ZONE 'UTC' AND f.completed_at < x.hi::timestamp AT TIME ZONE 'UTC'
                      AND f.prio = x.prio AND f.us <= x.t) AS n
             FROM unnest($1::int[], $2::date[], $3::date[], $4::int[], $5::bigint[]) WITH ORDINALITY x(bin, lo, hi, prio, t, i)
            ORDER BY x.i`,
          [edges.map((e) => e.bin), edges.map((e) => e.bucket.lo), edges.map((e) => e.bucket.hi), edges.map((e) => e.prio), edges.map((e) => e.t)],
        )
      : [];
    const edgeOf = new Map<RollupBucket, number>();
    edges.forEach((e, i) => edgeOf.set(e.bucket, (edgeOf.get(e.bucket) ?? 0) + edgeCounts[i].n));
    return buckets.map((b) => ({
      period: b.period, completed: b.completed, ftf: b.ftf, withEq: b.withEq, rep: b.rep, onTime: b.onTime + (edgeOf.get(b) ?? 0),
    }));
  }

  /**
   * Each chart period of the query with the sums of its period rows (one, or the days of a clipped
   * period) and what stats_probe finds in their histograms: the percentile ranks' bins, and with an SLA
   * the orders in the bins wholly within it.
   */
  private async rollupBuckets(q: PeriodRange, sla: SlaHours | null): Promise<RollupBucket[]> {
    const params: unknown[] = [q.from, q.to, q.granularity, LABEL_FORMAT[q.granularity]];
    const limits = sla
      ? `SELECT array_agg(stats_hours_bin(x.t) ORDER BY x.p) AS tb, array_agg(stats_hours_bin(x.t + 1) > stats_hours_bin(x.t) ORDER BY x.p) AS al,
                array_agg(x.t::float8 ORDER BY x.p) AS t
           FROM (VALUES ${SLA_PRIORITIES.map((p, i) => `(${i}, ${slaMicros(`$${params.push(sla[p])}`)})`).join(', ')}) x(p, t)`
      : 'SELECT NULL::smallint[] AS tb, NULL::boolean[] AS al, NULL::float8[] AS t';
    const rows = await this.database.query<{
      period: string; lo: string; hi: string; submitted: number; completed: number; usSum: number; ftf: number; withEq: number; rep: number;
      ranks: (number | string)[]; bins: number[]; befores: (number | string)[]; onTime: number; tb: number[] | null; al: boolean[] | null; t: number[] | null;
    }>(
      `WITH ${ROLLUP_BUCKETS}, th AS (${limits})
       SELECT b.period, b.lo::text AS lo, b.hi::text AS hi, s.*, x.ranks, x.bins, x.befores, x.on_time::int AS "onTime", th.tb, th.al, th.t
         FROM b CROSS JOIN th
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(t.submitted), 0)::int AS submitted, coalesce(sum(t.completed), 0)::int AS completed,
                 coalesce(sum(t.us_sum), 0)::float8 AS "usSum", coalesce(sum(t.ftf), 0)::int AS ftf,
                 coalesce(sum(t.with_eq), 0)::int AS "withEq", coalesce(sum(t.rep), 0)::int AS rep
            FROM stats_order_period t WHERE ${IN_BUCKET}) s
        CROSS JOIN LATERAL stats_probe(b.g, b.lo, b.hi, ARRAY[${PERCENTILES.join(', ')}]::float8[], th.tb, th.al) x
        ORDER BY b.period`,
      params,
    );
    return rows.map((r) => ({
      ...r,
      ranks: r.ranks.map(Number),
      befores: r.befores.map(Number),
      limits: (r.tb ?? []).map((bin, i) => ({ bin, aligned: Boolean(r.al?.[i]), t: Number(r.t?.[i]) })),
    }));
  }

  /** The offset-th smallest span (microseconds) among the facts of one bin completed in [lo, hi). */
  private async binValues(wanted: { bin: number; lo: string; hi: string; offset: number }[]): Promise<number[]> {
    if (!wanted.length) return [];
    const rows = await this.database.query<{ us: number }>(
      `SELECT (SELECT f.us::float8 FROM stats_order_fact f
                WHERE f.bin = x.bin AND f.completed_at >= x.lo::timestamp AT TIME ZONE 'UTC' AND f.completed_at < x.hi::timestamp AT TIME ZONE 'UTC'
                ORDER BY f.us OFFSET x.off LIMIT 1) AS us
         FROM unnest($1::int[], $2::date[], $3::date[], $4::int[]) WITH ORDINALITY x(bin, lo, hi, off, i)
        ORDER BY x.i`,
      [wanted.map((w) => w.bin), wanted.map((w) => w.lo), wanted.map((w) => w.hi), wanted.map((w) => w.offset)],
    );
    return rows.map((r) => r.us);
  }

  /** One project: its few thousand orders at most, straight from the per-order facts. */
  private async projectSpeed(q: PeriodRange): Promise<RepairSpeedPoint[]> {
    const { params, project } = this.rangeParams(q);
    const rows = await this.database.query<RepairSpeedPoint>(
      `WITH p AS (${PERIODS}),
       s AS (SELECT ${bucket(q.granularity, 'submitted_at')} AS start, count(*)::int AS n
               FROM fall_order
              WHERE submitted_at >= ${RANGE_START} AND submitted_at < ${RANGE_END} ${project('project_id')}
              GROUP BY 1),
       c AS (SELECT ${bucket(q.granularity, 'completed_at')} AS start, count(*)::int AS n, avg(us)::float8 AS avg_us,
                    percentile_cont(ARRAY[${PERCENTILES.join(', ')}]) WITHIN GROUP (ORDER BY us) AS pct
               FROM stats_order_fact
              WHERE completed_at >= ${RANGE_START} AND completed_at < ${RANGE_END} ${project('project_id')}
              GROUP BY 1)
       SELECT to_char(p.label, $4) AS period, coalesce(s.n, 0) AS orders, coalesce(c.n, 0) AS completed,
              c.avg_us / ${US_PER_HOUR} AS "avgHours", c.pct[1] / ${US_PER_HOUR} AS "medianHours", c.pct[2] / ${US_PER_HOUR} AS "p90Hours"
         FROM p LEFT JOIN s ON s.start = p.start LEFT JOIN c ON c.start = p.start
        ORDER BY p.start`,
      params,
    );
    return rows.map((r) => ({ ...r, avgHours: round(r.avgHours, 2), medianHours: round(r.medianHours, 2), p90Hours: round(r.p90Hours, 2) }));
  }

  private async projectQuality(q: PeriodRange, sla: SlaHours): Promise<QualityCounts[]> {
    const { params, project } = this.rangeParams(q);
    const n = params.length;
    params.push(...SLA_PRIORITIES.map((p) => sla[p]));
    const limit = `CASE prio ${SLA_PRIORITIES.map((_, i) => `WHEN ${i} THEN ${slaMicros(`$${n + i + 1}`)}`).join(' ')} END`;
    return this.database.query<QualityCounts>(
      `WITH p AS (${PERIODS}),
       c AS (SELECT ${bucket(q.granularity, 'completed_at')} AS start,
                    count(*)::int AS n, count(*) FILTER (WHERE ftf)::int AS ftf, count(*) FILTER (WHERE with_eq)::int AS with_eq,
                    count(*) FILTER (WHERE rep)::int AS rep, count(*) FILTER (WHERE us <= ${limit})::int AS on_time
               FROM stats_order_fact
              WHERE completed_at >= ${RANGE_START} AND completed_at < ${RANGE_END} ${project('project_id')}
              GROUP BY 1)
       SELECT to_char(p.label, $4) AS period, coalesce(c.n, 0) AS completed, coalesce(c.ftf, 0) AS ftf,
              coalesce(c.with_eq, 0) AS "withEq", coalesce(c.rep, 0) AS rep, coalesce(c.on_time, 0) AS "onTime"
         FROM p LEFT JOIN c ON c.start = p.start
        ORDER BY p.start`,
      params,
    );
  }

  /**
   * The orders behind one chart point: submitted (`orders`, the default) or completed (`completed`) in
   * that period, or in the whole range without a period. Orders flagged by 0014 (data_issue) are not
   * among the completed, as the charts leave them out.
   */
  async statOrders(q: PeriodRange & { period?: string; metric?: StatMetric; page: number; limit: number }): Promise<PageResult<StatOrder>> {
    const completed = q.metric === 'completed';
    const col = completed ? 'o.completed_at' : 'o.submitted_at';
    const params: unknown[] = [q.from, q.to];
    const only = StatsRepository.only(q);
    const projectCond = only ? `AND o.project_id = ANY($${params.push(only)}::int[])` : '';
    let where = `${col} >= ${RANGE_START} AND ${col} < ${RANGE_END} ${projectCond}`;
    if (q.period) {
      // The point's period clipped to the query range, exactly as the chart counted it.
      const g = `$${params.push(q.granularity)}`;
      const at = `$${params.push(q.period.length === 7 ? `${q.period}-01` : q.period)}::date::timestamp`;
      where += ` AND ${col} >= date_trunc(${g}, ${at}) AT TIME ZONE 'UTC' AND ${col} < (date_trunc(${g}, ${at}) + ('1 ' || ${g})::interval) AT TIME ZONE 'UTC'`;
    }
    if (completed) where += ' AND o.data_issue IS NULL';
    const [{ total }] = await this.database.query<{ total: number }>(`SELECT count(*)::int AS total FROM fall_order o WHERE ${where}`, params);
    const limitAt = params.push(q.limit);
    const offsetAt = params.push((q.page - 1) * q.limit);
    const rows = await this.database.query<StatOrder & { submittedAt: Date; completedAt: Date | null }>(
      `SELECT o.id, o.number, o.name, o.project_id AS "projectId", p.name AS "projectName", p.name_en AS "projectNameEn", e.name AS "equipmentName", e.name_en AS "equipmentNameEn",
              o.priority, o.status, o.submitted_at AS "submittedAt", o.completed_at AS "completedAt",
              round((extract(epoch FROM o.completed_at - o.submitted_at) / 3600.0)::numeric, 2)::float8 AS hours,
              o.report_count AS "reportCount"
         FROM fall_order o
         JOIN fall_project p ON p.id = o.project_id
         LEFT JOIN fall_eq_info e ON e.id = o.equipment_id
        WHERE ${where}
        ORDER BY ${col} DESC, o.id DESC
        LIMIT $${limitAt} OFFSET $${offsetAt}`,
      params,
    );
    const list = rows.map((r) => ({
      ...r,
      submittedAt: new Date(r.submittedAt).toISOString(),
      completedAt: r.completedAt ? new Date(r.completedAt).toISOString() : null,
    }));
    return pageOf(list, total, q.page, q.limit);
  }
}
