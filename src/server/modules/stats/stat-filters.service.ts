import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PREDICTED_WITHIN_DAYS, type OrderStatMetric } from '@shared/contracts/stats-report';

/**
 * The conditions of the statistics screen (fall/stats), written once: the report counts its figures
 * with them and the orders, warnings and equipment lists filter by them when a figure is drilled into,
 * so a list's total is the figure it was opened from (stats-report.test.ts proves it per figure).
 * Days are UTC calendar days, as every statistic counts them.
 */

/** The first instant of a day (YYYY-MM-DD, UTC). */
export const dayStart = (day: string): SQL => sql`(${day}::date::timestamp AT TIME ZONE 'UTC')`;
/** The first instant after a day. */
export const dayEnd = (day: string): SQL => sql`((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/** `col` within the days [from, to] (either end optional). */
export function inDays(col: AnyPgColumn | SQL, from?: string, to?: string): SQL | undefined {
  const parts = [from ? sql`${col} >= ${dayStart(from)}` : undefined, to ? sql`${col} < ${dayEnd(to)}` : undefined].filter(Boolean) as SQL[];
  return parts.length ? sql.join(parts, sql` AND `) : undefined;
}

/** The project `projectCol` is in the area / country. */
export function projectPlace(projectCol: AnyPgColumn | SQL, q: { area?: string; country?: string }): SQL | undefined {
  const parts: SQL[] = [];
  if (q.area) parts.push(sql`p.area = ${q.area}`);
  if (q.country) parts.push(sql`p.country = ${q.country}`);
  if (!parts.length) return undefined;
  return sql`${projectCol} IN (SELECT p.id FROM fall_project p WHERE ${sql.join(parts, sql` AND `)})`;
}

/** A unit's category as the statistics group it: its model's, 'other' without a model. */
export const UNIT_CATEGORY = sql`coalesce(d.category, 'other')`;

/** The unit `equipmentCol` is of the category (rows without a unit never are). */
export function unitCategory(equipmentCol: AnyPgColumn | SQL, category?: string): SQL | undefined {
  if (!category) return undefined;
  return sql`${equipmentCol} IN (SELECT e.id FROM fall_eq_info e LEFT JOIN fall_device d ON d.id = e.device_id WHERE ${UNIT_CATEGORY} = ${category})`;
}

/** SLA hours by priority (settings sla.hours.*). */
export interface SlaHours {
  low: number;
  normal: number;
  high: number;
  urgent: number;
}

/** The SLA of a fact's priority rank (0 low … 3 urgent) in microseconds, as stats.repository rounds it. */
export function slaLimit(prioCol: SQL, sla: SlaHours): SQL {
  const us = (h: number) => sql`(extract(epoch FROM interval '1 hour' * ${h}::float8) * 1000000)::bigint`;
  return sql`CASE ${prioCol} WHEN 0 THEN ${us(sla.low)} WHEN 1 THEN ${us(sla.normal)} WHEN 2 THEN ${us(sla.high)} ELSE ${us(sla.urgent)} END`;
}

/** What a completed-order figure counts among the facts (alias f). */
export function factMetric(metric: Exclude<OrderStatMetric, 'submitted'>, sla: SlaHours | null): SQL | undefined {
  switch (metric) {
    case 'completed':
      return undefined;
    case 'firstTimeFix':
      return sql`f.ftf`;
    case 'withEquipment':
      return sql`f.with_eq`;
    case 'repeat30d':
      return sql`f.rep`;
    case 'onTime':
      return sql`f.us <= ${slaLimit(sql`f.prio`, sla as SlaHours)}`;
    case 'late':
      return sql`f.us > ${slaLimit(sql`f.prio`, sla as SlaHours)}`;
  }
}

/**
 * The order list's drill-down: the orders a figure counts. `submitted` = submitted in the days; the
 * others are read from the facts of the orders completed in the days (stats_order_fact, which leaves
 * out orders with a data issue exactly as the charts do).
 */
export function orderStatCondition(
  cols: { id: AnyPgColumn; submittedAt: AnyPgColumn },
  q: { statMetric?: OrderStatMetric; statFrom?: string; statTo?: string },
  sla: SlaHours | null,
): SQL | undefined {
  if (!q.statFrom && !q.statTo && !q.statMetric) return undefined;
  const metric = q.statMetric ?? 'submitted';
  if (metric === 'submitted') return inDays(cols.submittedAt, q.statFrom, q.statTo);
  const parts = [inDays(sql`f.completed_at`, q.statFrom, q.statTo), factMetric(metric, sla)].filter(Boolean) as SQL[];
  return sql`${cols.id} IN (SELECT f.order_id FROM stats_order_fact f ${parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``})`;
}

/** Does the drill-down need the SLA settings? */
export const needsSla = (q: { statMetric?: OrderStatMetric }) => q.statMetric === 'onTime' || q.statMetric === 'late';

/** The equipment list's availability filter: neither broken nor offline, or one of them. */
export function availabilityCondition(stateCol: AnyPgColumn, v?: 'up' | 'down'): SQL | undefined {
  if (v === 'down') return sql`${stateCol} IN ('broken', 'offline')`;
  if (v === 'up') return sql`${stateCol} NOT IN ('broken', 'offline')`;
  return undefined;
}

/**
 * A warning (alias `w`) whose unit had a preventive order of the predictive detector submitted in the
 * PREDICTED_WITHIN_DAYS days before it (docs/predictive.md "Statistics"). A preventive plan's order
 * (one a plan occurrence opened, on a calendar, a meter or a season) predicted nothing: not counted.
 */
export const predictedSql = (w: SQL) =>
  sql`EXISTS (SELECT 1 FROM fall_order po WHERE po.equipment_id = ${w}.equipment_id AND po.source = 'preventive'
                 AND po.submitted_at <= ${w}.at AND po.submitted_at >= ${w}.at - make_interval(days => ${PREDICTED_WITHIN_DAYS})
                 AND NOT EXISTS (SELECT 1 FROM fall_pm_occurrence oc WHERE oc.order_id = po.id))`;
