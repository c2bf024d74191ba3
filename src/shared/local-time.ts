import { DateTime, IANAZone } from 'luxon';

export { isTimeZone, timeZoneNames } from './time-zone';

/**
 * Local wall-clock time of a project (its IANA time zone, `fall_project.time_zone`) turned into
 * instants, for everything that is planned in a place's own hours: show programmes, seasons and
 * holidays of the operating calendar, alarm maintenance windows, sampling rounds. One engine for all
 * of them, so a window and a show that name the same local minute start at the same instant.
 *
 * Daylight saving (luxon, on the runtime's time zone data): a local time that does not exist on a
 * day (02:30 when clocks jump from 02:00 to 03:00) moves forward by the gap, to 03:30; a local time
 * that happens twice (02:30 when clocks fall back) is its first, the earlier instant. A slot's end
 * is found the same way, so a 01:00–04:00 slot lasts 2 h on the spring day and 4 h in autumn, as the
 * clock on the wall says.
 */

/** ISO weekday: Monday 1 … Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** `HH:mm`, 00:00–23:59. */
export const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** `YYYY-MM-DD`. */
export const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * On each of `days`, from `start` to `end` local time. An `end` at or before `start` is on the next
 * day (22:00–01:00 runs past midnight; 00:00–00:00 is the whole day).
 */
export interface WeeklySlot {
  days: readonly Weekday[];
  start: string;
  end: string;
}

/** Whole local days, `from` to `to` inclusive. */
export interface DateSpan {
  from: string;
  to: string;
}

/** Instants in epoch milliseconds, `start` included, `end` not. */
export interface Interval {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

function zoneOf(timeZone: string): IANAZone {
  const zone = IANAZone.create(timeZone);
  if (!zone.isValid) throw new RangeError(`unknown time zone ${timeZone}`);
  return zone;
}

function parseTime(text: string): { hour: number; minute: number } {
  if (!LOCAL_TIME_PATTERN.test(text)) throw new RangeError(`not a local time HH:mm: ${text}`);
  return { hour: Number(text.slice(0, 2)), minute: Number(text.slice(3, 5)) };
}

function parseDate(text: string): DateTime {
  const day = LOCAL_DATE_PATTERN.test(text) ? DateTime.fromISO(text, { zone: 'UTC' }) : DateTime.invalid('format');
  if (!day.isValid) throw new RangeError(`not a calendar date YYYY-MM-DD: ${text}`);
  return day;
}

/** The instant of a local date and time in a zone (gaps move forward, repeats take the first). */
export function atLocal(date: string, time: string, timeZone: string): number {
  const day = parseDate(date);
  const { hour, minute } = parseTime(time);
  return localInstant(day.year, day.month, day.day, hour, minute, zoneOf(timeZone));
}

function localInstant(year: number, month: number, day: number, hour: number, minute: number, zone: IANAZone): number {
  const dt = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
  // Of a repeated local time luxon may answer the later instant; the earlier is an hour (the usual
  // shift) before and shows the same wall clock.
  const earlier = dt.minus({ hours: 1 });
  if (earlier.hour === hour && earlier.minute === minute && earlier.day === day) return earlier.toMillis();
  return dt.toMillis();
}

/** The local calendar date of an instant (`YYYY-MM-DD`). */
export function localDate(instant: number, timeZone: string): string {
  return DateTime.fromMillis(instant, { zone: zoneOf(timeZone) }).toISODate() as string;
}

/** The local date, `HH:mm` and ISO weekday of an instant. */
export function localParts(instant: number, timeZone: string): { date: string; time: string; weekday: Weekday } {
  const dt = DateTime.fromMillis(instant, { zone: zoneOf(timeZone) });
  return { date: dt.toISODate() as string, time: dt.toFormat('HH:mm'), weekday: dt.weekday as Weekday };
}

/** The local date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return parseDate(date).plus({ days }).toISODate() as string;
}

/** ISO weekday of a local date. */
export function weekdayOf(date: string): Weekday {
  return parseDate(date).weekday as Weekday;
}

/**
 * The occurrences of weekly slots that overlap `[from, to)`, in order of start. Each occurrence is
 * whole (it may start before `from` or end after `to`): a show is one show even when a range cuts it.
 */
export function weeklyIntervals(slots: readonly WeeklySlot[], timeZone: string, from: number, to: number): Interval[] {
  const zone = zoneOf(timeZone);
  const out: Interval[] = [];
  if (!(to > from) || !slots.length) return out;
  // Local days from the one before `from` (a slot past midnight reaches into it) to the one of `to`.
  let day = DateTime.fromMillis(from - DAY_MS, { zone }).startOf('day');
  const last = DateTime.fromMillis(to, { zone }).startOf('day');
  const parsed = slots.map((s) => ({ days: new Set(s.days), start: parseTime(s.start), end: parseTime(s.end) }));
  while (day <= last) {
    for (const slot of parsed) {
      if (!slot.days.has(day.weekday as Weekday)) continue;
      const start = localInstant(day.year, day.month, day.day, slot.start.hour, slot.start.minute, zone);
      const crosses = slot.end.hour * 60 + slot.end.minute <= slot.start.hour * 60 + slot.start.minute;
      const endDay = crosses ? day.plus({ days: 1 }) : day;
      const end = localInstant(endDay.year, endDay.month, endDay.day, slot.end.hour, slot.end.minute, zone);
      if (end > start && end > from && start < to) out.push({ start, end });
    }
    day = day.plus({ days: 1 });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Date spans as instants: local midnight of `from` to local midnight after `to`. */
export function spanIntervals(spans: readonly DateSpan[], timeZone: string): Interval[] {
  const zone = zoneOf(timeZone);
  return mergeIntervals(
    spans.map((span) => {
      const from = parseDate(span.from);
      const to = parseDate(span.to).plus({ days: 1 });
      return {
        start: DateTime.fromObject({ year: from.year, month: from.month, day: from.day }, { zone }).toMillis(),
        end: DateTime.fromObject({ year: to.year, month: to.month, day: to.day }, { zone }).toMillis(),
      };
    }),
  );
}

/** Sorted, with overlapping and touching intervals joined. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const prev = out[out.length - 1];
    if (prev && i.start <= prev.end) prev.end = Math.max(prev.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** What of `a` lies outside every interval of `b`. */
export function subtractIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const cuts = mergeIntervals(b);
  const out: Interval[] = [];
  for (const i of mergeIntervals(a)) {
    let start = i.start;
    for (const c of cuts) {
      if (c.end <= start || c.start >= i.end) continue;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
      if (start >= i.end) break;
    }
    if (start < i.end) out.push({ start, end: i.end });
  }
  return out;
}

/** What `a` and `b` have in common. */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const x = mergeIntervals(a);
  const y = mergeIntervals(b);
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const start = Math.max(x[i].start, y[j].start);
    const end = Math.min(x[i].end, y[j].end);
    if (end > start) out.push({ start, end });
    if (x[i].end < y[j].end) i += 1;
    else j += 1;
  }
  return out;
}

/** The interval that holds `instant`, if any. */
export function intervalAt(intervals: readonly Interval[], instant: number): Interval | undefined {
  return intervals.find((i) => i.start <= instant && instant < i.end);
}

/** Milliseconds covered (overlaps counted once). */
export function coveredMs(intervals: readonly Interval[]): number {
  return mergeIntervals(intervals).reduce((sum, i) => sum + (i.end - i.start), 0);
}

/**
 * `HH:mm-HH:mm[,…]` (a project's `dailyShowTime`, spec §"daily show time") as slots on every day;
 * `''` is no slot. Refuses text that is not that form.
 */
export function dailySlots(text: string): WeeklySlot[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  return trimmed.split(',').map((part) => {
    const [start, end] = part.trim().split('-');
    parseTime(start ?? '');
    parseTime(end ?? '');
    return { days: WEEKDAYS, start, end };
  });
}
