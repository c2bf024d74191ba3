import type { Database } from '../../db/client';
import { DEVICE_CATEGORY, WATER_TYPE, XMZT } from '@shared/dictionaries';
import {
  BROKEN_DEVICE_LIMIT,
  type AreaGroup,
  type BrokenDevice,
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

/** Hours an order of each priority may take and still count as on time. */
export interface SlaHours {
  low: number;
  normal: number;
  high: number;
  urgent: number;
}

export interface PeriodRange {
  projectId?: number | null;
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

/** Fills every dictionary value (zero when absent) in dictionary order, then any unknown values. */
function inDictionaryOrder<T>(values: string[], rows: Map<string, T>, empty: (v: string) => T): T[] {
  const out = values.map((v) => rows.get(v) ?? empty(v));
  for (const [k, row] of rows) if (!values.includes(k)) out.push(row);
  return out;
}

/** The statistics of DOMAIN.md §4 as hand-written SQL: each query is shaped for the indexes of 0002 and 0004. */
export class StatsRepository {
  constructor(private readonly database: Database) {}

  async countProjects(): Promise<CountProjects> {
    const rows = await this.database.query<{ status: string; count: number }>(
      'SELECT status, count(*)::int AS count FROM fall_project GROUP BY status',
    );
    const byKey = new Map(rows.map((r) => [r.status, r]));
    const byStatus = inDictionaryOrder(XMZT.map((x) => x.value), byKey, (status) => ({ status, count: 0 }));
    return { total: rows.reduce((n, r) => n + r.count, 0), byStatus };
  }

  async groupArea(): Promise<AreaGroup[]> {
    // Labels come from the `area` dictionary when the code is in it (the wall shows names, not codes).
    return this.database.query<AreaGroup>(
      `SELECT g.area, g.count, g."totalArea", coalesce(d.label, g.area) AS label, coalesce(nullif(d.label_en, ''), d.label, g.area) AS "labelEn"
         FROM (SELECT area, count(*)::int AS count, coalesce(sum(total_area), 0)::float8 AS "totalArea" FROM fall_project GROUP BY area) g
         LEFT JOIN sys_dictionary d ON d.type = 'area' AND d.value = g.area
        ORDER BY g.count DESC, g.area`,
    );
  }

  async groupWater(): Promise<WaterGroup[]> {
    const rows = await this.database.query<WaterGroup>(
      `SELECT water_type AS "waterType", count(*)::int AS count FROM fall_project GROUP BY water_type`,
    );
    return inDictionaryOrder(WATER_TYPE.map((w) => w.value), new Map(rows.map((r) => [r.waterType, r])), (waterType) => ({ waterType, count: 0 }));
  }

  async groupDevice(projectId?: number): Promise<DeviceGroup[]> {
    // Count per (device model, state) first: an index-only scan of fall_eq_info_device_idx; the
    // catalogue join then touches one row per model instead of one per installed unit.
    const params: unknown[] = [];
    const where = projectId ? 'WHERE project_id = $1' : '';
    if (projectId) params.push(projectId);
    const rows = await this.database.query<DeviceGroup>(
      `WITH g AS (SELECT device_id, state, count(*)::int AS n FROM fall_eq_info ${where} GROUP BY device_id, state)
       SELECT coalesce(d.category, 'other') AS category,
              sum(g.n)::int AS total,
              coalesce(sum(g.n) FILTER (WHERE g.state = 'normal'), 0)::int AS normal,
              coalesce(sum(g.n) FILTER (WHERE g.state = 'broken'), 0)::int AS broken,
              coalesce(sum(g.n) FILTER (WHERE g.state = 'maintenance'), 0)::int AS maintenance,
              coalesce(sum(g.n) FILTER (WHERE g.state = 'offline'), 0)::int AS offline
         FROM g LEFT JOIN fall_device d ON d.id = g.device_id
        GROUP BY 1`,
      params,
    );
    return inDictionaryOrder(
      DEVICE_CATEGORY.map((c) => c.value),
      new Map(rows.map((r) => [r.category, r])),
      (category) => ({ category, total: 0, normal: 0, broken: 0, maintenance: 0, offline: 0 }),
    );
  }

  async brokenDevice(projectId?: number): Promise<BrokenDevice[]> {
    const params: unknown[] = [BROKEN_DEVICE_LIMIT];
    const where = projectId ? 'AND e.project_id = $2' : '';
    if (projectId) params.push(projectId);
    const rows = await this.database.query<Omit<BrokenDevice, 'since'> & { since: Date }>(
      `SELECT e.id, e.name, e.project_id AS "projectId", p.name AS "projectName",
              d.name AS "deviceName", d.category, e.state_since AS since
         FROM fall_eq_info e
         JOIN fall_project p ON p.id = e.project_id
         LEFT JOIN fall_device d ON d.id = e.device_id
        WHERE e.state = 'broken' ${where}
        ORDER BY e.state_since DESC, e.id DESC
        LIMIT $1`,
      params,
    );
    return rows.map((r) => ({ ...r, since: new Date(r.since).toISOString() }));
  }

  private rangeParams(q: PeriodRange): { params: unknown[]; project: (col: string) => string } {
    const params: unknown[] = [q.from, q.to, q.granularity, LABEL_FORMAT[q.granularity]];
    if (q.projectId) params.push(q.projectId);
    return { params, project: (col) => (q.projectId ? `AND ${col} = $5` : '') };
  }

  async repairSpeed(q: PeriodRange): Promise<RepairSpeedPoint[]> {
    const { params, project } = this.rangeParams(q);
    const rows = await this.database.query<RepairSpeedPoint>(
      `WITH p AS (${PERIODS}),
       s AS (SELECT ${bucket(q.granularity, 'submitted_at')} AS start, count(*)::int AS n
               FROM fall_order
              WHERE submitted_at >= ${RANGE_START} AND submitted_at < ${RANGE_END} ${project('project_id')}
              GROUP BY 1),
       c AS (SELECT ${bucket(q.granularity, 'completed_at')} AS start, count(*)::int AS n,
                    avg(completed_at - submitted_at) AS avg_h,
                    percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY completed_at - submitted_at) AS pct
               FROM fall_order
              WHERE completed_at >= ${RANGE_START} AND completed_at < ${RANGE_END} ${project('project_id')}
              GROUP BY 1)
       SELECT to_char(p.label, $4) AS period, coalesce(s.n, 0) AS orders, coalesce(c.n, 0) AS completed,
              extract(epoch FROM c.avg_h)::float8 / 3600 AS "avgHours",
              extract(epoch FROM c.pct[1])::float8 / 3600 AS "medianHours",
              extract(epoch FROM c.pct[2])::float8 / 3600 AS "p90Hours"
         FROM p LEFT JOIN s ON s.start = p.start LEFT JOIN c ON c.start = p.start
        ORDER BY p.start`,
      params,
    );
    return rows.map((r) => ({ ...r, avgHours: round(r.avgHours, 2), medianHours: round(r.medianHours, 2), p90Hours: round(r.p90Hours, 2) }));
  }

  async repairQuality(q: PeriodRange, sla: SlaHours): Promise<RepairQualityPoint[]> {
    const { params, project } = this.rangeParams(q);
    const n = params.length;
    params.push(sla.low, sla.normal, sla.high, sla.urgent);
    const rows = await this.database.query<{ period: string; completed: number; ftf: number; withEq: number; rep: number; onTime: number }>(
      `WITH p AS (${PERIODS}),
       c AS (SELECT ${bucket(q.granularity, 'o.completed_at')} AS start,
                    count(*)::int AS n,
                    count(*) FILTER (WHERE o.report_count = 1)::int AS ftf,
                    count(*) FILTER (WHERE o.equipment_id IS NOT NULL)::int AS with_eq,
                    count(*) FILTER (WHERE o.equipment_id IS NOT NULL AND EXISTS (
                        SELECT 1 FROM fall_order r
                         WHERE r.equipment_id = o.equipment_id AND r.id <> o.id
                           AND r.submitted_at > o.completed_at AND r.submitted_at <= o.completed_at + interval '30 days'))::int AS rep,
                    count(*) FILTER (WHERE o.completed_at - o.submitted_at <= interval '1 hour' *
                        CASE o.priority WHEN 'low' THEN $${n + 1}::float8 WHEN 'high' THEN $${n + 3}::float8
                                        WHEN 'urgent' THEN $${n + 4}::float8 ELSE $${n + 2}::float8 END)::int AS on_time
               FROM fall_order o
              WHERE o.completed_at >= ${RANGE_START} AND o.completed_at < ${RANGE_END} ${project('o.project_id')}
              GROUP BY 1)
       SELECT to_char(p.label, $4) AS period, coalesce(c.n, 0) AS completed, coalesce(c.ftf, 0) AS ftf,
              coalesce(c.with_eq, 0) AS "withEq", coalesce(c.rep, 0) AS rep, coalesce(c.on_time, 0) AS "onTime"
         FROM p LEFT JOIN c ON c.start = p.start
        ORDER BY p.start`,
      params,
    );
    return rows.map((r) => ({
      period: r.period,
      completed: r.completed,
      firstTimeFixRate: share(r.ftf, r.completed),
      repeatRate30d: share(r.rep, r.withEq),
      onTimeRate: share(r.onTime, r.completed),
    }));
  }

  /** The orders behind one chart point: submitted (`orders`) or completed (`completed`) in that period. */
  async statOrders(q: PeriodRange & { period: string; metric: StatMetric; page: number; limit: number }): Promise<PageResult<StatOrder>> {
    const col = q.metric === 'orders' ? 'o.submitted_at' : 'o.completed_at';
    const start = q.period.length === 7 ? `${q.period}-01` : q.period;
    const params: unknown[] = [q.from, q.to, q.granularity, start];
    const projectCond = q.projectId ? `AND o.project_id = $${params.push(q.projectId)}` : '';
    // The point's period clipped to the query range, exactly as the chart counted it.
    const where = `${col} >= greatest(${RANGE_START}, date_trunc($3, $4::date::timestamp) AT TIME ZONE 'UTC')
               AND ${col} < least(${RANGE_END}, (date_trunc($3, $4::date::timestamp) + ('1 ' || $3)::interval) AT TIME ZONE 'UTC')
               ${projectCond}`;
    const [{ total }] = await this.database.query<{ total: number }>(`SELECT count(*)::int AS total FROM fall_order o WHERE ${where}`, params);
    const limitAt = params.push(q.limit);
    const offsetAt = params.push((q.page - 1) * q.limit);
    const rows = await this.database.query<StatOrder & { submittedAt: Date; completedAt: Date | null }>(
      `SELECT o.id, o.number, o.name, o.project_id AS "projectId", p.name AS "projectName", e.name AS "equipmentName",
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
