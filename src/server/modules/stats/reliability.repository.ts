import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { showIntervals } from '@shared/calendar';
import { coveredMs, dailySlots, intersectIntervals, mergeIntervals, type Interval } from '@shared/local-time';
import {
  REPEAT_LONG_DAYS,
  REPEAT_SHORT_DAYS,
  type Reliability,
  type ReliabilityEpisodes,
  type ReliabilityFigures,
  type ShowBasis,
} from '@shared/contracts/reliability';
import { scopeCondition, type DataScope } from '../../lib/data-scope';
import { calendarOf, calendarsOf, type ProjectCalendar } from '../operations/calendar';

const DAY_MS = 86_400_000;

export interface ReliabilityRange {
  from: string;
  to: string;
  projectId?: number;
  scope?: DataScope;
  /** Now (open faults run to it, the range stops at it); the request's time unless a test sets it. */
  now?: number;
}

interface UnitRow {
  id: number;
  name: string;
  name_en: string;
  project_id: number;
  device_id: number | null;
  model: string | null;
  model_en: string | null;
  project: string;
  project_en: string;
}

export interface FaultRow {
  id: number;
  equipment_id: number;
  detect_id: number;
  channel: number;
  at: string | Date;
  deal_at: string | Date | null;
  level: string;
  info: string;
}

const ms = (v: string | Date | null): number | null => (v === null ? null : new Date(v).getTime());

/** The total length of intervals (disjoint) clipped to [start, end). */
function lengthIn(intervals: readonly Interval[], start: number, end: number): number {
  return intervals.reduce((n, i) => n + Math.max(0, Math.min(i.end, end) - Math.max(i.start, start)), 0);
}

/** Figures from their sums (a unit's, or a group's summed over its units). */
export function figuresOf(s: Omit<ReliabilityFigures, 'availability' | 'mttrMs' | 'mtbfMs'>): ReliabilityFigures {
  return {
    ...s,
    availability: s.showMs > 0 ? 1 - s.downtimeShowMs / s.showMs : null,
    mttrMs: s.episodes > 0 ? s.downtimeMs / s.episodes : null,
    mtbfMs: s.episodes > 0 ? (s.showMs - s.downtimeShowMs) / s.episodes : null,
  };
}

type Sums = Omit<ReliabilityFigures, 'availability' | 'mttrMs' | 'mtbfMs'>;
const ZERO: Sums = { showMs: 0, downtimeMs: 0, downtimeShowMs: 0, episodes: 0, faults: 0, repeat7d: 0, repeat30d: 0 };
const add = (a: Sums, b: Sums): Sums => ({
  showMs: a.showMs + b.showMs,
  downtimeMs: a.downtimeMs + b.downtimeMs,
  downtimeShowMs: a.downtimeShowMs + b.downtimeShowMs,
  episodes: a.episodes + b.episodes,
  faults: a.faults + b.faults,
  repeat7d: a.repeat7d + b.repeat7d,
  repeat30d: a.repeat30d + b.repeat30d,
});

/** A unit's downtime episodes: its faults' intervals [at, deal_at or now) merged, with the faults of each. */
export function episodesOf(faults: readonly FaultRow[], now: number): { start: number; end: number; open: boolean; faults: FaultRow[] }[] {
  const spans = faults
    .map((f) => ({ f, start: ms(f.at)!, end: ms(f.deal_at) ?? now, open: f.deal_at === null }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || a.f.id - b.f.id);
  const out: { start: number; end: number; open: boolean; faults: FaultRow[] }[] = [];
  for (const s of spans) {
    const prev = out[out.length - 1];
    if (prev && s.start <= prev.end) {
      if (s.end > prev.end) {
        prev.end = s.end;
        prev.open = s.open;
      } else if (s.end === prev.end) prev.open ||= s.open;
      prev.faults.push(s.f);
    } else out.push({ start: s.start, end: s.end, open: s.open, faults: [s.f] });
  }
  return out;
}

/** A calendar's show hours in [start, end) as merged intervals clipped to it, and where they come from. */
function showIn(cal: ProjectCalendar | null, start: number, end: number): { basis: ShowBasis; shows: Interval[] } {
  if (!cal) return { basis: 'allHours', shows: end > start ? [{ start, end }] : [] };
  const own = cal.entries.some((e) => e.kind === 'programme');
  let daily = false;
  try {
    daily = dailySlots(cal.dailyShowTime).length > 0;
  } catch {
    daily = false;
  }
  // Neither a programme nor a daily show time: nothing says when it shows, so every hour counts.
  if (!own && !daily && !cal.entries.some((e) => e.kind === 'event')) return { basis: 'allHours', shows: end > start ? [{ start, end }] : [] };
  const shows = mergeIntervals(
    showIntervals(cal.entries, cal.timeZone, start, end, cal.dailyShowTime).map((i) => ({ start: Math.max(i.start, start), end: Math.min(i.end, end) })),
  );
  return { basis: own ? 'calendar' : daily ? 'daily' : 'calendar', shows };
}

/**
 * fall/stats reliability (issue 39): availability in show hours, MTTR, MTBF and repeat faults per
 * unit, device model and project, from fall_warning and the operating calendar. Reads only.
 */
export class ReliabilityRepository {
  constructor(private readonly database: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const res = await this.database.db.execute(query);
    return res.rows as T[];
  }

  /** The range's instants: [from's first instant, min(first instant after to, now)). */
  window(q: ReliabilityRange): { start: number; end: number; now: number } {
    const now = q.now ?? Date.now();
    const start = Date.parse(`${q.from}T00:00:00Z`);
    const end = Math.max(start, Math.min(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS, now));
    return { start, end, now };
  }

  /** A project's show hours in [start, end) as merged intervals clipped to it, and where they come from. */
  async showOf(projectId: number, start: number, end: number): Promise<{ basis: ShowBasis; shows: Interval[] }> {
    return showIn(await calendarOf(this.database.db, projectId), start, end);
  }

  private units(q: ReliabilityRange, start: number, equipmentId?: number): Promise<UnitRow[]> {
    const own = q.scope ? scopeCondition(q.scope, sql`e.project_id`) : undefined;
    return this.rows<UnitRow>(sql`
      SELECT e.id, e.name, e.name_en, e.project_id, e.device_id, d.name AS model, d.name_en AS model_en, p.name AS project, p.name_en AS project_en
        FROM fall_eq_info e JOIN fall_project p ON p.id = e.project_id LEFT JOIN fall_device d ON d.id = e.device_id
       WHERE (e.archived_at IS NULL OR e.archived_at > ${new Date(start).toISOString()}::timestamptz)
         ${q.projectId ? sql`AND e.project_id = ${q.projectId}` : sql``}
         ${equipmentId ? sql`AND e.id = ${equipmentId}` : sql``}
         ${own ? sql`AND ${own}` : sql``}
       ORDER BY e.project_id, e.id`);
  }

  /** The faults that matter to [start, end): open in it, or raised up to 30 days before it (the repeats' previous ones). */
  private faults(q: ReliabilityRange, start: number, end: number, equipmentId?: number): Promise<FaultRow[]> {
    const own = q.scope ? scopeCondition(q.scope, sql`e.project_id`) : undefined;
    const s = new Date(start).toISOString();
    return this.rows<FaultRow>(sql`
      SELECT w.id, w.equipment_id, w.detect_id, w.channel::int AS channel, w.at, w.deal_at, w.level, w.info
        FROM fall_warning w JOIN fall_eq_info e ON e.id = w.equipment_id
       WHERE w.detect_id IS NOT NULL AND w.channel IS NOT NULL
         AND w.at < ${new Date(end).toISOString()}::timestamptz
         AND (w.deal_at IS NULL OR w.deal_at > ${s}::timestamptz OR w.at >= ${s}::timestamptz - interval '${sql.raw(String(REPEAT_LONG_DAYS))} days')
         ${q.projectId ? sql`AND e.project_id = ${q.projectId}` : sql``}
         ${equipmentId ? sql`AND e.id = ${equipmentId}` : sql``}
         ${own ? sql`AND ${own}` : sql``}
       ORDER BY w.at, w.id`);
  }

  async reliability(q: ReliabilityRange): Promise<Reliability> {
    const { start, end, now } = this.window(q);
    const [units, faults] = await Promise.all([this.units(q, start), this.faults(q, start, end)]);
    const projectIds = [...new Set(units.map((u) => u.project_id))];
    const calendars = await calendarsOf(this.database.db, projectIds);
    const shows = new Map(projectIds.map((id) => [id, showIn(calendars.get(id) ?? null, start, end)]));

    // Repeats: each fault raised in the range against its channel's previous fault (any unit).
    const repeatOf = new Map<number, { r7: boolean; r30: boolean }>();
    const lastAt = new Map<string, number>();
    for (const f of faults) {
      const at = ms(f.at)!;
      const key = `${f.detect_id}:${f.channel}`;
      const prev = lastAt.get(key);
      if (at >= start && prev !== undefined) repeatOf.set(f.id, { r7: at - prev <= REPEAT_SHORT_DAYS * DAY_MS, r30: at - prev <= REPEAT_LONG_DAYS * DAY_MS });
      lastAt.set(key, at);
    }
    const byUnit = new Map<number, FaultRow[]>();
    for (const f of faults) byUnit.set(f.equipment_id, [...(byUnit.get(f.equipment_id) ?? []), f]);

    const unitFigures = units.map((u) => {
      const show = shows.get(u.project_id)!;
      const own = byUnit.get(u.id) ?? [];
      const down = mergeIntervals(episodesOf(own, now).map((e) => ({ start: Math.max(e.start, start), end: Math.min(e.end, end) })));
      const raised = own.filter((f) => ms(f.at)! >= start);
      const sums: Sums = {
        showMs: lengthIn(show.shows, start, end),
        downtimeMs: lengthIn(down, start, end),
        downtimeShowMs: coveredMs(intersectIntervals(down, show.shows)),
        episodes: down.length,
        faults: raised.length,
        repeat7d: raised.filter((f) => repeatOf.get(f.id)?.r7).length,
        repeat30d: raised.filter((f) => repeatOf.get(f.id)?.r30).length,
      };
      return { u, basis: show.basis, sums };
    });

    const models = new Map<string, { deviceId: number | null; name: string; nameEn: string; units: number; sums: Sums }>();
    const projects = new Map<number, { projectId: number; name: string; nameEn: string; basis: ShowBasis; units: number; sums: Sums }>();
    let totals = ZERO;
    for (const { u, basis, sums } of unitFigures) {
      const mk = String(u.device_id ?? 'none');
      const m = models.get(mk) ?? { deviceId: u.device_id, name: u.model ?? '', nameEn: u.model_en ?? '', units: 0, sums: ZERO };
      models.set(mk, { ...m, units: m.units + 1, sums: add(m.sums, sums) });
      const p = projects.get(u.project_id) ?? { projectId: u.project_id, name: u.project, nameEn: u.project_en, basis, units: 0, sums: ZERO };
      projects.set(u.project_id, { ...p, units: p.units + 1, sums: add(p.sums, sums) });
      totals = add(totals, sums);
    }
    return {
      from: q.from,
      to: q.to,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      totals: { ...figuresOf(totals), units: units.length },
      units: unitFigures.map(({ u, basis, sums }) => ({ equipmentId: u.id, name: u.name, nameEn: u.name_en, projectId: u.project_id, deviceId: u.device_id, basis, ...figuresOf(sums) })),
      models: [...models.values()].map(({ sums, ...m }) => ({ ...m, ...figuresOf(sums) })),
      projects: [...projects.values()].map(({ sums, ...p }) => ({ ...p, ...figuresOf(sums) })),
    };
  }

  /** One unit's downtime episodes in the range with their faults: the rows behind its figures. Null: no such unit in scope. */
  async episodes(q: ReliabilityRange & { equipmentId: number }): Promise<ReliabilityEpisodes | null> {
    const { start, end, now } = this.window(q);
    const [unit] = await this.units(q, start, q.equipmentId);
    if (!unit) return null;
    const [faults, show] = await Promise.all([this.faults(q, start, end, q.equipmentId), this.showOf(unit.project_id, start, end)]);
    const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
    const episodes = episodesOf(faults, now)
      .map((e) => ({ e, clip: { start: Math.max(e.start, start), end: Math.min(e.end, end) } }))
      .filter(({ clip }) => clip.end > clip.start)
      .map(({ e, clip }) => ({
        start: new Date(e.start).toISOString(),
        end: e.open ? null : new Date(e.end).toISOString(),
        downtimeMs: clip.end - clip.start,
        downtimeShowMs: coveredMs(intersectIntervals([clip], show.shows)),
        faults: e.faults.map((f) => ({ id: f.id, at: iso(f.at)!, dealAt: iso(f.deal_at), detectId: f.detect_id, channel: f.channel, level: f.level, info: f.info })),
      }));
    return { equipmentId: unit.id, basis: show.basis, start: new Date(start).toISOString(), end: new Date(end).toISOString(), episodes };
  }
}
