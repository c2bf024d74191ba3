import { z } from 'zod';
import { DATE_MIN_YEAR } from '../constants';
import { pagingSchema, refIdSchema, instantText } from './common';
import { isoDaysAgo } from '../iso-day';

export { isoDaysAgo };

/**
 * The big-screen statistics of docs/domain.md §4 (spec §7 "Fall project"): one contract for the server
 * routes, the wall, the /main dashboard and the MSW handlers.
 */

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Longest span each granularity may cover, in days: a day chart over years would be unreadable and slow. */
export const MAX_SPAN_DAYS: Record<Granularity, number> = { day: 400, week: 1100, month: 3700 };
/** How many broken units `brokenDevice` lists (newest first). */
export const BROKEN_DEVICE_LIMIT = 50;

const DAY_MS = 86_400_000;
const isoDay = z
  .string({ error: 'v.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'v.date' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { message: 'v.date' })
  .refine((s) => Number(s.slice(0, 4)) >= DATE_MIN_YEAR, { message: 'v.dateRange' });

/** A chart point's period: a day or month that exists (2026-13-45 is refused, not rolled over). */
const isoPeriod = z
  .string({ error: 'v.required' })
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, { message: 'v.invalid' })
  .refine((s) => {
    const day = s.length === 7 ? `${s}-01` : s;
    return !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) && Number(s.slice(0, 4)) >= DATE_MIN_YEAR;
  }, { message: 'v.invalid' });

/** Days from `from` to `to`, both included. */
export function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * What a period query means when it leaves something out (the wall's own default): by day, up to
 * today (UTC) or up to `from` when that is later, over the 30 days ending at `to`. So `{}` is the
 * wall's chart of the last 30 days; only a contradiction (from after to, an unknown granularity) or
 * a span too long for its granularity is refused.
 */
export const PERIOD_DEFAULTS = { granularity: 'day' as Granularity, days: 30 };

const periodShape = {
  projectId: z.number({ error: 'v.invalid' }).int({ message: 'v.invalid' }).positive({ message: 'v.invalid' }).nullable().optional(),
  /** First day, YYYY-MM-DD (UTC), included. */
  from: isoDay.optional(),
  /** Last day, YYYY-MM-DD (UTC), included. */
  to: isoDay.optional(),
  granularity: z.enum(GRANULARITIES, { error: 'v.granularity' }).optional(),
};

/** A period query with its defaults filled in (PERIOD_DEFAULTS); `now` decides "today". */
export function resolvePeriod<T extends { from?: string; to?: string; granularity?: Granularity }>(
  q: T,
  now = new Date(),
): T & { from: string; to: string; granularity: Granularity } {
  const today = isoDaysAgo(0, now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? isoDaysAgo(PERIOD_DEFAULTS.days - 1, new Date(`${to}T12:00:00Z`));
  return { ...q, from, to, granularity: q.granularity ?? PERIOD_DEFAULTS.granularity };
}

/** True for a YYYY-MM-DD day that exists: what isoDay lets through. */
function isDay(s: unknown): boolean {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const at = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(s) && Number(s.slice(0, 4)) >= DATE_MIN_YEAR;
}

function checkSpan(raw: { from?: string; to?: string; granularity?: Granularity }, ctx: z.RefinementCtx) {
  // Zod runs an object's refinement even when a field failed: a day that is no day has its own
  // message already, and resolving the period from it would throw (an invalid Date has no ISO text).
  if ((raw.from !== undefined && !isDay(raw.from)) || (raw.to !== undefined && !isDay(raw.to))) return;
  const q = resolvePeriod(raw);
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.dateOrder' });
  else if (spanDays(q.from, q.to) > MAX_SPAN_DAYS[q.granularity]) ctx.addIssue({ code: 'custom', path: ['from'], message: 'v.spanTooLong' });
}

/** Body of repairSpeedList and repairQualityList: any query object (see PERIOD_DEFAULTS). */
export const periodQuerySchema = z.strictObject(periodShape).superRefine(checkSpan);
export type PeriodQuery = z.input<typeof periodQuerySchema>;

/** Query string of the GET statistics that can be narrowed to one project. */
export const projectFilterSchema = z.strictObject({
  projectId: refIdSchema().optional(),
});

export const STAT_METRICS = ['orders', 'completed'] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

/**
 * Body of statOrders: the orders behind one chart point. `orders` = submitted in the period;
 * `completed` = completed in the period (what every speed and quality figure is computed over).
 * Without `period`, the orders of the whole query range; without `metric`, `orders`.
 */
export const statOrdersQuerySchema = z
  .strictObject({
    ...periodShape,
    period: isoPeriod.optional(),
    metric: z.enum(STAT_METRICS, { error: 'v.invalid' }).optional(),
    page: pagingSchema.shape.page,
    limit: pagingSchema.shape.limit,
  })
  .superRefine(checkSpan);
export type StatOrdersQuery = z.input<typeof statOrdersQuerySchema>;

export const countProjectsSchema = z.object({
  total: z.number(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
});
export type CountProjects = z.output<typeof countProjectsSchema>;
export const areaGroupSchema = z.object({
  area: z.string(),
  count: z.number(),
  totalArea: z.number(),
  /** Name of the area in the `area` dictionary (the code itself when it is not there). */
  label: z.string(),
  labelEn: z.string(),
});
export type AreaGroup = z.output<typeof areaGroupSchema>;
export const waterGroupSchema = z.object({
  waterType: z.string(),
  count: z.number(),
});
export type WaterGroup = z.output<typeof waterGroupSchema>;
export const deviceGroupSchema = z.object({
  category: z.string(),
  total: z.number(),
  normal: z.number(),
  broken: z.number(),
  maintenance: z.number(),
  offline: z.number(),
  /**
   * Units at risk: not broken, with an open finding of the predictive detector (docs/predictive.md);
   * they are also counted in their state above. Absent in a chart request drawn from an older answer.
   */
  atRisk: z.number().default(0),
});
export type DeviceGroup = z.output<typeof deviceGroupSchema>;
export const brokenDeviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string(),
  deviceName: z.string().nullable(),
  deviceNameEn: z.string().nullable(),
  category: z.string().nullable(),
  /** When the unit turned broken (ISO time). */
  since: instantText(),
});
export type BrokenDevice = z.output<typeof brokenDeviceSchema>;
/**
 * `brokenDevice`: the newest BROKEN_DEVICE_LIMIT broken units, and how many are broken in all (the
 * same figure as the broken KPI, so a panel shows "50 / 67" rather than the length of its list).
 */
export const brokenDeviceListSchema = z.object({
  list: z.array(brokenDeviceSchema),
  total: z.number(),
});
export type BrokenDeviceList = z.output<typeof brokenDeviceListSchema>;
export const repairSpeedPointSchema = z.object({
  /** YYYY-MM-DD for day and week (the Monday), YYYY-MM for month. */
  period: z.string(),
  /** Orders submitted in the period. */
  orders: z.number(),
  /** Orders completed in the period. */
  completed: z.number(),
  /** Hours from submission to completion of the orders completed in the period; null without any. */
  avgHours: z.number().nullable(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export type RepairSpeedPoint = z.output<typeof repairSpeedPointSchema>;
export const repairQualityPointSchema = z.object({
  period: z.string(),
  completed: z.number(),
  /** Shares 0..1 of the orders completed in the period; null without any. */
  firstTimeFixRate: z.number().nullable(),
  repeatRate30d: z.number().nullable(),
  onTimeRate: z.number().nullable(),
});
export type RepairQualityPoint = z.output<typeof repairQualityPointSchema>;
export const statOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  /** The project's English name; empty when it has none. */
  projectNameEn: z.string(),
  equipmentName: z.string().nullable(),
  equipmentNameEn: z.string().nullable(),
  priority: z.string(),
  status: z.string(),
  submittedAt: instantText(),
  completedAt: instantText().nullable(),
  hours: z.number().nullable(),
  reportCount: z.number(),
});
export type StatOrder = z.output<typeof statOrderSchema>;


/** The /main dashboard's charts, by the names of its chart cards. */
export const DASHBOARD_CHARTS = ['speed', 'quality', 'status', 'area', 'water', 'device'] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];

/** Widest and tallest chart the server draws for the dashboard (a 4K screen's full width). */
const DASHBOARD_CHART_MAX_PX = 4000;
const chartBox = { width: z.number().int().min(40).max(DASHBOARD_CHART_MAX_PX), height: z.number().int().min(40).max(DASHBOARD_CHART_MAX_PX) };
/** The days a period chart may hold (the longest period the statistics answer). */
const MAX_POINTS = MAX_SPAN_DAYS.day + 1;
/** The groups a grouping chart may hold (its slices or bars): far above any dictionary's values. */
const MAX_GROUPS = 500;

/**
 * POST /ball/fallproject/dashboardCharts: the dashboard's charts drawn as SVG by the server, from
 * the answers the dashboard holds (those of the calls above, the same its KPIs are computed from),
 * each at its box's size, in the viewer's language and colour scheme.
 */
export const dashboardChartsQuerySchema = z.strictObject({
  language: z.enum(['cn', 'en']),
  scheme: z.enum(['light', 'dark']),
  charts: z
    .strictObject({
      speed: z.strictObject({ ...chartBox, data: z.array(repairSpeedPointSchema).max(MAX_POINTS) }),
      quality: z.strictObject({ ...chartBox, data: z.array(repairQualityPointSchema).max(MAX_POINTS) }),
      status: z.strictObject({ ...chartBox, data: countProjectsSchema.extend({ byStatus: countProjectsSchema.shape.byStatus.max(MAX_GROUPS) }) }),
      area: z.strictObject({ ...chartBox, data: z.array(areaGroupSchema).max(MAX_GROUPS) }),
      water: z.strictObject({ ...chartBox, data: z.array(waterGroupSchema).max(MAX_GROUPS) }),
      device: z.strictObject({ ...chartBox, data: z.array(deviceGroupSchema).max(MAX_GROUPS) }),
    })
    .partial(),
});
export type DashboardChartsQuery = z.input<typeof dashboardChartsQuerySchema>;
/** Each chart asked for as SVG markup; null when the server has no renderer built (the page draws them itself). */
export const dashboardChartsSchema = z.partialRecord(z.enum(DASHBOARD_CHARTS), z.string()).nullable();
export type DashboardCharts = z.output<typeof dashboardChartsSchema>;
