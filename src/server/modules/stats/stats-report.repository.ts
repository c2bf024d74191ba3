import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DEVICE_CATEGORY } from '@shared/dictionaries';
import { WARNING_LEVELS } from '@shared/contracts/warning';
import { ORDER_SOURCES } from '@shared/contracts/order';
import type { Granularity } from '@shared/contracts/stats';
import { STAT_TOP_BOARDS, periodDays, previousDays, type RepairPeriod, type RepairTotals, type StatReport, type StatReportFilters, type WarningLevelCounts } from '@shared/contracts/stats-report';
import { scopeCondition, type DataScope } from '../../lib/data-scope';
import { UNIT_CATEGORY, dayEnd, dayStart, predictedSql, projectPlace, slaLimit, unitCategory, type SlaHours } from './stat-filters.service';

export interface ReportRange extends StatReportFilters {
  from: string;
  to: string;
  granularity: Granularity;
}

/** The filters with the caller's data scope (set by the route, never by the body). */
type Scoped = StatReportFilters & { scope?: DataScope };

/** The project filter and the data scope on a project column. */
function projectOf(col: SQL, f: Scoped): SQL | undefined {
  const parts = [f.projectId ? sql`${col} = ${f.projectId}` : undefined, f.scope ? scopeCondition(f.scope, col) : undefined].filter(Boolean) as SQL[];
  return parts.length ? sql.join(parts, sql` AND `) : undefined;
}

const US_PER_HOUR = 3_600_000_000;
const LABEL_FORMAT: Record<Granularity, string> = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' };
const round = (v: unknown, digits: number): number | null => (v === null || v === undefined ? null : Number(Number(v).toFixed(digits)));
const share = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : null);


/** The period a timestamptz falls in, as a label (UTC days, ISO weeks from Monday, months). */
function periodLabel(g: Granularity, col: SQL): SQL {
  const trunc = sql.raw(`'${g}'`);
  return sql`to_char(date_trunc(${trunc}, ${col} AT TIME ZONE 'UTC'), ${sql.raw(`'${LABEL_FORMAT[g]}'`)})`;
}

/** Every period label of the range, in order. */
function periodLabels(from: string, to: string, g: Granularity): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  if (g === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (g === 'month') d.setUTCDate(1);
  const end = Date.parse(`${to}T00:00:00Z`);
  while (d.getTime() <= end) {
    const iso = d.toISOString().slice(0, 10);
    out.push(g === 'month' ? iso.slice(0, 7) : iso);
    if (g === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (g === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

const and = (parts: (SQL | undefined)[]): SQL => {
  const kept = parts.filter(Boolean) as SQL[];
  return kept.length ? sql.join(kept, sql` AND `) : sql`true`;
};

interface FactRow {
  period: string | null;
  completed: number;
  avg_us: number | null;
  p50_us: number | null;
  p90_us: number | null;
  ftf: number;
  with_eq: number;
  rep: number;
  on_time: number;
}

/**
 * The statistics screen's figures (docs/domain.md §4) over any filter: read from the per-order facts
 * of 0008 (the same facts the wall's rollup sums, so an unfiltered figure equals the wall's) and from
 * fall_order, fall_warning and fall_eq_info, each through the conditions of stat-filters.service.ts
 * that the lists' drill-down filters use too.
 */
export class StatsReportRepository {
  constructor(private readonly database: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const res = await this.database.db.execute(query);
    return res.rows as T[];
  }

  async report(q: ReportRange & Scoped, sla: SlaHours): Promise<StatReport> {
    const previous = previousDays(q.from, q.to);
    const [places, totals, previousTotals, periods, warnings, prevWarnings, boards, equipment, bySource, predicted] = await Promise.all([
      this.places(q),
      this.repairTotals(q.from, q.to, q, sla),
      this.repairTotals(previous.from, previous.to, q, sla),
      this.repairPeriods(q, sla),
      this.warningLevels(q.from, q.to, q, q.granularity),
      this.warningLevels(previous.from, previous.to, q, null),
      this.warningBoards(q),
      this.equipment(q),
      this.bySource(q.from, q.to, q),
      this.predictedFaults(q.from, q.to, q),
    ]);
    const sum = (rows: { byLevel: WarningLevelCounts }[]) => {
      const byLevel = Object.fromEntries(WARNING_LEVELS.map((l) => [l, rows.reduce((n, r) => n + r.byLevel[l], 0)])) as WarningLevelCounts;
      return { total: WARNING_LEVELS.reduce((n, l) => n + byLevel[l], 0), byLevel };
    };
    return {
      places,
      from: q.from,
      to: q.to,
      granularity: q.granularity,
      previous,
      repair: { totals, previousTotals, periods, bySource },
      predicted,
      warnings: { ...sum(warnings), previous: sum(prevWarnings), periods: warnings, boards },
      equipment,
    };
  }

  /** The areas and countries to filter by: of the projects the caller's scope holds. */
  private async places(f: Scoped): Promise<StatReport['places']> {
    const own = f.scope ? scopeCondition(f.scope, sql`id`) : undefined;
    const [areas, countries] = await Promise.all([
      this.rows<{ value: string; label: string; labelEn: string }>(sql`
        SELECT a.area AS value, coalesce(d.label, a.area) AS label, coalesce(nullif(d.label_en, ''), d.label, a.area) AS "labelEn"
          FROM (SELECT DISTINCT area FROM fall_project WHERE area <> '' ${own ? sql`AND ${own}` : sql``}) a
          LEFT JOIN sys_dictionary d ON d.type = 'area' AND d.value = a.area
         ORDER BY a.area`),
      this.rows<{ country: string }>(sql`SELECT DISTINCT country FROM fall_project WHERE country <> '' ${own ? sql`AND ${own}` : sql``} ORDER BY country`),
    ]);
    return { areas, countries: countries.map((c) => c.country) };
  }

  /** The facts of the orders completed in [from, to] under the filters, grouped by period or not. */
  private async facts(from: string, to: string, f: Scoped, sla: SlaHours, g: Granularity | null): Promise<FactRow[]> {
    const label = g ? periodLabel(g, sql`f.completed_at`) : sql`NULL::text`;
    return this.rows<FactRow>(sql`
      SELECT ${label} AS period, count(*)::int AS completed, avg(f.us)::float8 AS avg_us,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY f.us)::float8 AS p50_us,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY f.us)::float8 AS p90_us,
             (count(*) FILTER (WHERE f.ftf))::int AS ftf, (count(*) FILTER (WHERE f.with_eq))::int AS with_eq,
             (count(*) FILTER (WHERE f.rep))::int AS rep, (count(*) FILTER (WHERE f.us <= ${slaLimit(sql`f.prio`, sla)}))::int AS on_time
        FROM stats_order_fact f
       WHERE ${and([
         sql`f.completed_at >= ${dayStart(from)}`,
         sql`f.completed_at < ${dayEnd(to)}`,
         projectOf(sql`f.project_id`, f),
         projectPlace(sql`f.project_id`, f),
         f.category ? sql`f.order_id IN (SELECT o.id FROM fall_order o WHERE ${unitCategory(sql`o.equipment_id`, f.category)})` : undefined,
       ])}
       ${g ? sql`GROUP BY 1` : sql``}`);
  }

  /** Orders submitted in [from, to] under the filters, by period or not. */
  private async submitted(from: string, to: string, f: Scoped, g: Granularity | null): Promise<{ period: string | null; n: number }[]> {
    const label = g ? periodLabel(g, sql`o.submitted_at`) : sql`NULL::text`;
    return this.rows(sql`
      SELECT ${label} AS period, count(*)::int AS n
        FROM fall_order o
       WHERE ${and([
         sql`o.submitted_at >= ${dayStart(from)}`,
         sql`o.submitted_at < ${dayEnd(to)}`,
         projectOf(sql`o.project_id`, f),
         projectPlace(sql`o.project_id`, f),
         unitCategory(sql`o.equipment_id`, f.category),
       ])}
       ${g ? sql`GROUP BY 1` : sql``}`);
  }

  /**
   * The range's orders by source, counted as the totals are (submitted in the range; completed in it
   * without a data issue, from the facts), so each source's figures add up to the totals.
   */
  private async bySource(from: string, to: string, f: Scoped): Promise<StatReport['repair']['bySource']> {
    const [subs, dones] = await Promise.all([
      this.rows<{ source: string; n: number }>(sql`
        SELECT o.source, count(*)::int AS n FROM fall_order o
         WHERE ${and([sql`o.submitted_at >= ${dayStart(from)}`, sql`o.submitted_at < ${dayEnd(to)}`, projectOf(sql`o.project_id`, f), projectPlace(sql`o.project_id`, f), unitCategory(sql`o.equipment_id`, f.category)])}
         GROUP BY 1`),
      this.rows<{ source: string; n: number }>(sql`
        SELECT o.source, count(*)::int AS n FROM stats_order_fact f JOIN fall_order o ON o.id = f.order_id
         WHERE ${and([sql`f.completed_at >= ${dayStart(from)}`, sql`f.completed_at < ${dayEnd(to)}`, projectOf(sql`f.project_id`, f), projectPlace(sql`f.project_id`, f), unitCategory(sql`o.equipment_id`, f.category)])}
         GROUP BY 1`),
    ]);
    const sub = new Map(subs.map((r) => [r.source, Number(r.n)]));
    const done = new Map(dones.map((r) => [r.source, Number(r.n)]));
    const sources = [...new Set([...ORDER_SOURCES, ...sub.keys(), ...done.keys()])];
    return sources.map((source) => ({ source, submitted: sub.get(source) ?? 0, completed: done.get(source) ?? 0 }));
  }

  /**
   * Faults predicted (docs/predictive.md "Statistics"): channel warnings raised in the range, and
   * those on a unit that had a preventive order submitted in the PREDICTED_WITHIN_DAYS days before.
   */
  private async predictedFaults(from: string, to: string, f: Scoped): Promise<StatReport['predicted']> {
    const [row] = await this.rows<{ faults: number; predicted: number }>(sql`
      SELECT count(*)::int AS faults, (count(*) FILTER (WHERE ${predictedSql(sql`w`)}))::int AS predicted
        FROM fall_warning w
       WHERE ${this.warningWhere(from, to, f)} AND w.kind = 'channel'`);
    const faults = Number(row?.faults ?? 0);
    const predicted = Number(row?.predicted ?? 0);
    return { faults, predicted, rate: share(predicted, faults) };
  }

  private totalsOf(fact: FactRow | undefined, submitted: number): RepairTotals {
    const completed = fact?.completed ?? 0;
    const hours = (us: number | null | undefined) => (completed && us !== null && us !== undefined ? round(Number(us) / US_PER_HOUR, 2) : null);
    const ftf = fact?.ftf ?? 0;
    const withEq = fact?.with_eq ?? 0;
    const rep = fact?.rep ?? 0;
    const onTime = fact?.on_time ?? 0;
    return {
      submitted,
      completed,
      avgHours: hours(fact?.avg_us),
      medianHours: hours(fact?.p50_us),
      p90Hours: hours(fact?.p90_us),
      firstTimeFix: ftf,
      withEquipment: withEq,
      repeat30d: rep,
      onTime,
      firstTimeFixRate: share(ftf, completed),
      repeatRate30d: share(rep, withEq),
      onTimeRate: share(onTime, completed),
    };
  }

  async repairTotals(from: string, to: string, f: Scoped, sla: SlaHours): Promise<RepairTotals> {
    const [[fact], [sub]] = await Promise.all([this.facts(from, to, f, sla, null), this.submitted(from, to, f, null)]);
    return this.totalsOf(fact, sub?.n ?? 0);
  }

  private async repairPeriods(q: ReportRange & Scoped, sla: SlaHours): Promise<RepairPeriod[]> {
    const [facts, subs] = await Promise.all([this.facts(q.from, q.to, q, sla, q.granularity), this.submitted(q.from, q.to, q, q.granularity)]);
    const factOf = new Map(facts.map((r) => [r.period, r]));
    const subOf = new Map(subs.map((r) => [r.period, r.n]));
    return periodLabels(q.from, q.to, q.granularity).map((period) => ({
      period,
      ...periodDays(period, q.granularity, q.from, q.to),
      ...this.totalsOf(factOf.get(period), subOf.get(period) ?? 0),
    }));
  }

  private warningWhere(from: string, to: string, f: Scoped): SQL {
    return and([
      sql`w.at >= ${dayStart(from)}`,
      sql`w.at < ${dayEnd(to)}`,
      projectOf(sql`w.project_id`, f),
      projectPlace(sql`w.project_id`, f),
      unitCategory(sql`w.equipment_id`, f.category),
    ]);
  }

  /** Warnings raised in [from, to] by level, per period (or one row for the whole range). */
  private async warningLevels(from: string, to: string, f: Scoped, g: Granularity | null): Promise<{ period: string; from: string; to: string; byLevel: WarningLevelCounts }[]> {
    const label = g ? periodLabel(g, sql`w.at`) : sql`NULL::text`;
    const rows = await this.rows<{ period: string | null; level: string; n: number }>(sql`
      SELECT ${label} AS period, w.level, count(*)::int AS n FROM fall_warning w
       WHERE ${this.warningWhere(from, to, f)} GROUP BY 1, 2`);
    const labels = g ? periodLabels(from, to, g) : [null];
    return labels.map((period) => {
      const byLevel = Object.fromEntries(WARNING_LEVELS.map((l) => [l, rows.find((r) => r.period === period && r.level === l)?.n ?? 0])) as WarningLevelCounts;
      return { period: period ?? '', ...(g && period ? periodDays(period, g, from, to) : { from, to }), byLevel };
    });
  }

  private async warningBoards(q: ReportRange & Scoped): Promise<StatReport['warnings']['boards']> {
    return this.rows(sql`
      SELECT w.detect_id AS "detectId", b.board_name AS name, b.board_name_en AS "nameEn", p.name AS "projectName", p.name_en AS "projectNameEn", count(*)::int AS count
        FROM fall_warning w JOIN fall_detect b ON b.id = w.detect_id JOIN fall_project p ON p.id = w.project_id
       WHERE ${this.warningWhere(q.from, q.to, q)}
       GROUP BY w.detect_id, b.board_name, b.board_name_en, p.name, p.name_en
       ORDER BY count(*) DESC, w.detect_id
       LIMIT ${STAT_TOP_BOARDS}`);
  }

  /** Units now, as the equipment list counts them (not archived), by category. */
  private async equipment(f: Scoped): Promise<StatReport['equipment']> {
    const rows = await this.rows<{ category: string; total: number; broken: number; offline: number }>(sql`
      SELECT ${UNIT_CATEGORY} AS category, count(*)::int AS total,
             (count(*) FILTER (WHERE e.state = 'broken'))::int AS broken, (count(*) FILTER (WHERE e.state = 'offline'))::int AS offline
        FROM fall_eq_info e JOIN fall_project p ON p.id = e.project_id LEFT JOIN fall_device d ON d.id = e.device_id
       WHERE ${and([
         sql`e.archived_at IS NULL`,
         projectOf(sql`e.project_id`, f),
         f.area ? sql`p.area = ${f.area}` : undefined,
         f.country ? sql`p.country = ${f.country}` : undefined,
         f.category ? sql`${UNIT_CATEGORY} = ${f.category}` : undefined,
       ])}
       GROUP BY 1`);
    const known = DEVICE_CATEGORY.map((c) => c.value);
    const ordered = [...known.map((c) => rows.find((r) => r.category === c)).filter((r) => r !== undefined), ...rows.filter((r) => !known.includes(r.category))];
    const byCategory = ordered.map((r) => ({ ...r, available: r.total - r.broken - r.offline }));
    const total = byCategory.reduce((n, r) => n + r.total, 0);
    const broken = byCategory.reduce((n, r) => n + r.broken, 0);
    const offline = byCategory.reduce((n, r) => n + r.offline, 0);
    return { total, broken, offline, available: total - broken - offline, availability: share(total - broken - offline, total), byCategory };
  }
}
