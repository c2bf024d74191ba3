import type { Granularity } from '@shared/contracts/stats';
import type { StatReportQuery } from '@shared/contracts/stats-report';
import { isoDaysAgo } from '@shared/iso-day';

/** The date-range presets of the statistics screen. */
export const RANGE_PRESETS = ['d7', 'd30', 'thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** First and last day (UTC) of a preset, today being `today` (YYYY-MM-DD). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today = isoDaysAgo(0)): { from: string; to: string } {
  const noon = new Date(`${today}T12:00:00Z`);
  const y = noon.getUTCFullYear();
  const m = noon.getUTCMonth();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  switch (preset) {
    case 'd7':
      return { from: isoDaysAgo(6, noon), to: today };
    case 'd30':
      return { from: isoDaysAgo(29, noon), to: today };
    case 'thisMonth':
      return { from: day(new Date(Date.UTC(y, m, 1))), to: today };
    case 'lastMonth':
      return { from: day(new Date(Date.UTC(y, m - 1, 1))), to: day(new Date(Date.UTC(y, m, 0))) };
    case 'thisYear':
      return { from: `${y}-01-01`, to: today };
  }
}

/** The granularity that suits a preset (a year by month, a month by day …). */
export const PRESET_GRANULARITY: Record<Exclude<RangePreset, 'custom'>, Granularity> = { d7: 'day', d30: 'day', thisMonth: 'day', lastMonth: 'day', thisYear: 'month' };

const FILTERS = ['area', 'country', 'projectId', 'category'] as const;

/** A calendar month, `YYYY-MM`: what the monthly report covers. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month `today` falls in, `back` months earlier (0: this month). */
export function monthOf(today = isoDaysAgo(0), back = 0): string {
  const [y, m] = today.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 7);
}

/** The last month that has ended: what the monthly report shows unless another is picked. */
export const lastFullMonth = (today = isoDaysAgo(0)): string => monthOf(today, 1);

/** The months the report offers, newest first: this one (so far) and the `count - 1` before it. */
export function recentMonths(count: number, today = isoDaysAgo(0)): string[] {
  return Array.from({ length: count }, (_, i) => monthOf(today, i));
}

/** The days of a month: its first to its last, or to today while it runs. */
export function monthRange(month: string, today = isoDaysAgo(0)): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: last < today ? last : today };
}

/** The calendar month a range is exactly (this month so far counts), or null. */
export function monthOfRange(range: { from: string; to: string }, today = isoDaysAgo(0)): string | null {
  const month = range.from.slice(0, 7);
  if (!range.from.endsWith('-01') || !MONTH.test(month)) return null;
  const whole = monthRange(month, today);
  return whole.to === range.to ? month : null;
}

/**
 * The monthly report's query from its route (`month`, and the statistics' filters): a calendar
 * month, by day; the last full month when the route names none, a malformed one or one to come.
 */
export function printQuery(params: URLSearchParams, today = isoDaysAgo(0)): StatReportQuery & { month: string } {
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) && asked <= monthOf(today) ? asked : lastFullMonth(today);
  const q: StatReportQuery & { month: string } = { month, ...monthRange(month, today), granularity: 'day' };
  for (const f of ['area', 'country', 'category'] as const) {
    const v = params.get(f);
    if (v) q[f] = v;
  }
  const projectId = Number(params.get('projectId'));
  if (projectId > 0) q.projectId = projectId;
  return q;
}

/** The monthly report's route search for a month, with the statistics' filters of `q`. */
export function printSearch(month: string, q: Partial<StatReportQuery>): URLSearchParams {
  const out = new URLSearchParams({ month });
  for (const f of FILTERS) if (q[f] !== undefined && q[f] !== '' && q[f] !== null) out.set(f, String(q[f]));
  return out;
}

/** Δ and % of a figure against the previous period (null when either is unknown, % null when the previous is 0). */
export function delta(now: number | null, before: number | null): { diff: number; pct: number | null } | null {
  if (now === null || before === null) return null;
  return { diff: now - before, pct: before === 0 ? null : ((now - before) / Math.abs(before)) * 100 };
}
