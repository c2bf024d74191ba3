import { z } from 'zod';
import { GRANULARITIES, MAX_SPAN_DAYS, spanDays, type Granularity } from './stats';
import { WARNING_LEVELS } from './warning';
import { statDay, statFilterShape } from './stat-filters';

export { statDay, statFilterShape, ORDER_STAT_METRICS, EQUIPMENT_AVAILABILITY, type OrderStatMetric } from './stat-filters';

/**
 * The manager's statistics screen (fall/stats, issue 17): the figures of docs/domain.md §4 over one
 * date range with filters, the previous period of the same length beside them, and per chart the
 * drill-down filter of each figure (the orders, warnings or equipment list answers exactly the rows
 * counted: its total is the figure).
 */

export const statReportQuerySchema = z
  .strictObject({
    from: statDay(),
    to: statDay(),
    granularity: z.enum(GRANULARITIES, { error: 'v.granularity' }),
    ...statFilterShape,
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
    else if (spanDays(q.from, q.to) > MAX_SPAN_DAYS[q.granularity]) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
  });
/** The report's query as a client sends it. */
export interface StatReportQuery {
  from: string;
  to: string;
  granularity: Granularity;
  area?: string;
  country?: string;
  projectId?: number;
  category?: string;
}
export type StatReportFilters = Pick<z.output<typeof statReportQuerySchema>, 'area' | 'country' | 'projectId' | 'category'>;

/** Repair figures of a range (or one period): counts are the numerators and denominators of the rates. */
export const repairTotalsSchema = z.object({
  /** Orders submitted in the range. */
  submitted: z.number(),
  /** Orders completed in the range (those without a data issue, as the charts count them). */
  completed: z.number(),
  avgHours: z.number().nullable(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
  /** Completed with one report. */
  firstTimeFix: z.number(),
  /** Completed orders on a unit (the repeat rate's denominator). */
  withEquipment: z.number(),
  /** Completed orders on a unit followed by another order on it within 30 days. */
  repeat30d: z.number(),
  /** Completed within the SLA hours of their priority. */
  onTime: z.number(),
  firstTimeFixRate: z.number().nullable(),
  repeatRate30d: z.number().nullable(),
  onTimeRate: z.number().nullable(),
});
export type RepairTotals = z.output<typeof repairTotalsSchema>;

export const repairPeriodSchema = repairTotalsSchema.extend({
  /** YYYY-MM-DD (day, or a week's Monday) or YYYY-MM. */
  period: z.string(),
  /** The period's days within the range, for its drill-down. */
  from: z.string(),
  to: z.string(),
});
export type RepairPeriod = z.output<typeof repairPeriodSchema>;

export const warningLevelCountsSchema = z.object(Object.fromEntries(WARNING_LEVELS.map((l) => [l, z.number()])) as Record<(typeof WARNING_LEVELS)[number], z.ZodNumber>);
export type WarningLevelCounts = z.output<typeof warningLevelCountsSchema>;

export const warningTotalsSchema = z.object({ total: z.number(), byLevel: warningLevelCountsSchema });

/** How many days before a fault a preventive order on its unit counts as having predicted it (docs/predictive.md "Statistics"). */
export const PREDICTED_WITHIN_DAYS = 14;

/** Orders of one source in the range (docs/predictive.md "Statistics"): the repair totals split by where orders came from. */
export const sourceTotalsSchema = z.object({ source: z.string(), submitted: z.number(), completed: z.number() });

/**
 * Faults predicted (docs/predictive.md "Statistics"): channel faults raised in the range on a unit
 * (channel warnings with a unit), and those with a preventive order on that unit submitted in the
 * PREDICTED_WITHIN_DAYS days before the fault.
 */
export const predictedFaultsSchema = z.object({ faults: z.number(), predicted: z.number(), rate: z.number().nullable() });

export const statReportSchema = z.object({
  /** What the area and country filters offer: the values projects have (areas named by the `area` dictionary). */
  places: z.object({
    areas: z.array(z.object({ value: z.string(), label: z.string(), labelEn: z.string() })),
    countries: z.array(z.string()),
  }),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(GRANULARITIES),
  /** The range of the same length just before (the comparison). */
  previous: z.object({ from: z.string(), to: z.string() }),
  repair: z.object({
    totals: repairTotalsSchema,
    previousTotals: repairTotalsSchema,
    periods: z.array(repairPeriodSchema),
    /** The range's orders by source (manual, warning, preventive): their sums are totals.submitted and totals.completed. */
    bySource: z.array(sourceTotalsSchema),
  }),
  predicted: predictedFaultsSchema,
  warnings: warningTotalsSchema.extend({
    previous: warningTotalsSchema,
    periods: z.array(z.object({ period: z.string(), from: z.string(), to: z.string(), byLevel: warningLevelCountsSchema })),
    /** The boards with most warnings in the range (at most STAT_TOP_BOARDS). */
    boards: z.array(z.object({ detectId: z.number(), name: z.string(), nameEn: z.string(), projectName: z.string(), projectNameEn: z.string(), count: z.number() })),
  }),
  /** Equipment now (a state has no history): per category, all units and those broken or offline. */
  equipment: z.object({
    total: z.number(),
    broken: z.number(),
    offline: z.number(),
    /** Units neither broken nor offline. */
    available: z.number(),
    availability: z.number().nullable(),
    byCategory: z.array(z.object({ category: z.string(), total: z.number(), broken: z.number(), offline: z.number(), available: z.number() })),
  }),
});
export type StatReport = z.output<typeof statReportSchema>;

export const STAT_TOP_BOARDS = 10;

/** The sheets of the xlsx export: one per chart, then the orders behind the repair figures. */
export const STAT_SHEETS = ['repair', 'warnings', 'boards', 'equipment', 'orders'] as const;

/** The export takes the view's own query: the same range, granularity and filters, checked alike. */
export const statExportSchema = statReportQuerySchema;

/** The days of a chart period clipped to the range: what its drill-down filters by. */
export function periodDays(period: string, granularity: Granularity, from: string, to: string): { from: string; to: string } {
  const start = period.length === 7 ? `${period}-01` : period;
  const d = new Date(`${start}T00:00:00Z`);
  if (granularity === 'day') d.setUTCDate(d.getUTCDate());
  else if (granularity === 'week') d.setUTCDate(d.getUTCDate() + 6);
  else d.setUTCMonth(d.getUTCMonth() + 1, 0);
  const end = d.toISOString().slice(0, 10);
  return { from: start < from ? from : start, to: end > to ? to : end };
}

/** The range of the same length that ends the day before `from` (the comparison). */
export function previousDays(from: string, to: string): { from: string; to: string } {
  const DAY = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY) + 1;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * DAY), to: day(start - DAY) };
}
