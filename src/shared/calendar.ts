import { addDays, atLocal, dailySlots, localDate, mergeIntervals, spanIntervals, weeklyIntervals, type Interval, type WeeklySlot } from './local-time';

/**
 * A project's operating calendar (issue 39, docs/maintenance.md "Operating calendar"): when its
 * fountain is meant to run its shows, in the project's own time zone. One engine (local-time.ts) with
 * the alarm windows and rosters, so a show and a window that name the same local minute agree.
 *
 * - a **programme** is weekly show hours (days and from–to), optionally only between two dates
 *   (a summer programme);
 * - a **season** is a range of whole local days when the fountain is closed (winterised);
 * - a **holiday** is a range of whole local days without the weekly programme (closed that day);
 * - an **event** is a one-off show on a date, from–to, held whatever else the calendar says.
 *
 * A programme's show belongs to the day it starts on: a holiday or season drops the shows that start
 * in it, whole (a 22:00–01:00 show on the eve of a holiday runs to its end). A project without a
 * programme of its own shows by its `dailyShowTime` (`19:00-21:00,…` every day), as before.
 */

export const CALENDAR_KINDS = ['programme', 'season', 'holiday', 'event'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export interface CalendarEntry {
  id: number;
  kind: CalendarKind | string;
  name?: string;
  /** programme: its weekly hours. */
  slots: readonly WeeklySlot[];
  /** programme: optional first and last day it holds; season, holiday: the days (inclusive); event: its date (dateFrom). */
  dateFrom: string | null;
  dateTo: string | null;
  /** event: from–to local time (an end at or before the start is on the next day). */
  timeFrom: string | null;
  timeTo: string | null;
}

export type ShowState = 'show' | 'idle' | 'closed';

export interface CalendarNow {
  state: ShowState;
  /** When this state ends (the show's end, the next show's start, the closure's end); null when nothing is planned ahead. */
  until: number | null;
  /** The show now, or the next one. */
  show: Interval | null;
  /** closed: the season or holiday that closes it. */
  closedBy: { id: number; kind: 'season' | 'holiday'; name: string } | null;
}

const DAY_MS = 86_400_000;
/** How far ahead the next show is looked for: a season of up to a year and some. */
const LOOKAHEAD_DAYS = 400;

const isProgramme = (e: CalendarEntry) => e.kind === 'programme';

/** The programmes that count: the project's own, or its daily show time made one. */
function programmes(entries: readonly CalendarEntry[], dailyShowTime: string): CalendarEntry[] {
  const own = entries.filter(isProgramme);
  if (own.length) return own;
  let slots: WeeklySlot[] = [];
  try {
    slots = dailySlots(dailyShowTime);
  } catch {
    slots = [];
  }
  return slots.length ? [{ id: 0, kind: 'programme', slots, dateFrom: null, dateTo: null, timeFrom: null, timeTo: null }] : [];
}

function closures(entries: readonly CalendarEntry[]): CalendarEntry[] {
  return entries.filter((e) => (e.kind === 'season' || e.kind === 'holiday') && e.dateFrom && e.dateTo);
}

/** An event's show as instants. */
function eventInterval(e: CalendarEntry, timeZone: string): Interval | null {
  if (e.kind !== 'event' || !e.dateFrom || !e.timeFrom || !e.timeTo) return null;
  const crosses = e.timeTo <= e.timeFrom;
  const start = atLocal(e.dateFrom, e.timeFrom, timeZone);
  const end = atLocal(crosses ? addDays(e.dateFrom, 1) : e.dateFrom, e.timeTo, timeZone);
  return end > start ? { start, end } : null;
}

/** Is the local date of `instant` within `from`..`to` (inclusive)? */
function dayWithin(instant: number, timeZone: string, from: string | null, to: string | null): boolean {
  const day = localDate(instant, timeZone);
  return (!from || day >= from) && (!to || day <= to);
}

/**
 * The shows that overlap `[from, to)`, merged, in order: each whole (one may start before `from` or
 * end after `to`).
 */
export function showIntervals(entries: readonly CalendarEntry[], timeZone: string, from: number, to: number, dailyShowTime = ''): Interval[] {
  if (!(to > from)) return [];
  const closed = closures(entries);
  const out: Interval[] = [];
  for (const p of programmes(entries, dailyShowTime)) {
    for (const show of weeklyIntervals(p.slots, timeZone, from, to)) {
      if (!dayWithin(show.start, timeZone, p.dateFrom, p.dateTo)) continue;
      if (closed.some((c) => dayWithin(show.start, timeZone, c.dateFrom, c.dateTo))) continue;
      out.push(show);
    }
  }
  for (const e of entries) {
    const show = eventInterval(e, timeZone);
    if (show && show.end > from && show.start < to) out.push(show);
  }
  return mergeIntervals(out);
}

/** The closed days (seasons and holidays) that overlap `[from, to)`, as instants. */
export function closedIntervals(entries: readonly CalendarEntry[], timeZone: string, from: number, to: number): Interval[] {
  return spanIntervals(
    closures(entries).map((c) => ({ from: c.dateFrom as string, to: c.dateTo as string })),
    timeZone,
  ).filter((i) => i.end > from && i.start < to);
}

/** Show hours in `[from, to)`, in milliseconds (each show clipped to the range). */
export function showMs(entries: readonly CalendarEntry[], timeZone: string, from: number, to: number, dailyShowTime = ''): number {
  return showIntervals(entries, timeZone, from, to, dailyShowTime).reduce((sum, i) => sum + Math.max(0, Math.min(i.end, to) - Math.max(i.start, from)), 0);
}

/** The first show that ends after `instant` (the one running, or the next), looked for a year and some ahead. */
export function nextShow(entries: readonly CalendarEntry[], timeZone: string, instant: number, dailyShowTime = ''): Interval | null {
  // Two days first (most calls: a show tonight), then a month at a time.
  let from = instant;
  for (let span = 2; from < instant + LOOKAHEAD_DAYS * DAY_MS; span = 31) {
    const hit = showIntervals(entries, timeZone, from, from + span * DAY_MS, dailyShowTime).find((i) => i.end > instant);
    if (hit) return hit;
    from += span * DAY_MS;
  }
  return null;
}

/** What the calendar says at `instant`: in a show, idle between shows, or closed for a season or holiday. */
export function calendarAt(entries: readonly CalendarEntry[], timeZone: string, instant: number, dailyShowTime = ''): CalendarNow {
  const show = nextShow(entries, timeZone, instant, dailyShowTime);
  if (show && show.start <= instant) return { state: 'show', until: show.end, show, closedBy: null };
  const day = localDate(instant, timeZone);
  const closing = closures(entries)
    .filter((c) => (c.dateFrom as string) <= day && day <= (c.dateTo as string))
    .sort((a, b) => ((a.dateTo as string) < (b.dateTo as string) ? 1 : -1))[0];
  if (closing) {
    const end = spanIntervals([{ from: closing.dateFrom as string, to: closing.dateTo as string }], timeZone)[0].end;
    return {
      state: 'closed',
      until: show ? Math.min(show.start, end) : end,
      show,
      closedBy: { id: closing.id, kind: closing.kind as 'season' | 'holiday', name: closing.name ?? '' },
    };
  }
  return { state: 'idle', until: show?.start ?? null, show, closedBy: null };
}

/**
 * The project's `dailyShowTime` text as the calendar's programmes make it (spec "daily show time"):
 * their distinct hours, in order of start, `19:00-21:00,21:30-22:00`; empty without a programme.
 * At most `max` characters: hours that do not fit are left out.
 */
export function dailyShowTimeOf(entries: readonly CalendarEntry[], max = 32): string {
  const hours = [...new Set(entries.filter(isProgramme).flatMap((p) => p.slots.map((s) => `${s.start}-${s.end}`)))].sort();
  let text = '';
  for (const h of hours) {
    const next = text ? `${text},${h}` : h;
    if (next.length > max) break;
    text = next;
  }
  return text;
}
