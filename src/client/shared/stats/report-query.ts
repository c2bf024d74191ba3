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

/** The query as a route's search string (the print route and drill-downs carry it). */
export function queryToSearch(q: StatReportQuery): URLSearchParams {
  const out = new URLSearchParams({ from: q.from, to: q.to, granularity: q.granularity });
  for (const f of FILTERS) if (q[f] !== undefined && q[f] !== '' && q[f] !== null) out.set(f, String(q[f]));
  return out;
}

/** The query of a route's search string, or null when it names no valid range. */
export function searchToQuery(params: URLSearchParams): StatReportQuery | null {
  const from = params.get('from');
  const to = params.get('to');
  const granularity = params.get('granularity') as Granularity | null;
  if (!from || !to || !granularity) return null;
  const q: StatReportQuery = { from, to, granularity };
  for (const f of ['area', 'country', 'category'] as const) {
    const v = params.get(f);
    if (v) q[f] = v;
  }
  const projectId = Number(params.get('projectId'));
  if (projectId > 0) q.projectId = projectId;
  return q;
}

/** Δ and % of a figure against the previous period (null when either is unknown, % null when the previous is 0). */
export function delta(now: number | null, before: number | null): { diff: number; pct: number | null } | null {
  if (now === null || before === null) return null;
  return { diff: now - before, pct: before === 0 ? null : ((now - before) / Math.abs(before)) * 100 };
}
