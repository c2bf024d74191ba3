import { addDays, weekdayOf, type Weekday } from '@shared/local-time';
import type { PmCalendar, PmSeason } from '@shared/contracts/pm-plan';

/**
 * When a preventive plan is due (docs/maintenance.md "Preventive plans"): pure date arithmetic on
 * local dates (YYYY-MM-DD in the project's time zone), read by the sweep that opens the orders and by
 * the "due next" view, so both say the same.
 */

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** A date `n` months on; the day kept, or the month's last when it has fewer (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The first date on or after `date` that falls on `weekday` (Monday 1 … Sunday 7). */
export function onOrAfterWeekday(date: string, weekday: number): string {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}

/** The k-th date of a fixed calendar schedule (k = 0 the first): counted from the start each time, so months do not drift. */
export function scheduleDate(rule: PmCalendar, k: number): string {
  const start = rule.unit === 'weekday' ? onOrAfterWeekday(rule.startDate, rule.weekday as Weekday) : rule.startDate;
  if (rule.unit === 'month') return addMonths(start, k * rule.every);
  return addDays(start, k * rule.every * (rule.unit === 'day' ? 1 : 7));
}

/** The smallest k whose schedule date is after `date` (0 when the schedule starts after it). */
function firstAfter(rule: PmCalendar, date: string): number {
  const first = scheduleDate(rule, 0);
  if (first > date) return 0;
  let k: number;
  if (rule.unit === 'month') {
    const [y0, m0] = first.split('-').map(Number);
    const [y1, m1] = date.split('-').map(Number);
    k = Math.max(0, Math.floor(((y1 - y0) * 12 + (m1 - m0)) / rule.every) - 1);
  } else {
    k = Math.floor((dayNumber(date) - dayNumber(first)) / (rule.every * (rule.unit === 'day' ? 1 : 7)));
  }
  while (scheduleDate(rule, k) <= date) k += 1;
  return k;
}

/** What the plan's last order for one unit was: its due date, whether it is still open, and the local day it was completed (or closed). */
export interface LastOccurrence {
  dueDate: string;
  open: boolean;
  doneDate: string | null;
}

export interface NextDue {
  /** The next due date; null when none is known yet. */
  due: string | null;
  /** Why none: the last order must be completed first (from completion), or no date lies ahead (season). */
  waiting: 'awaiting' | 'none' | null;
}

/**
 * A calendar plan's next due date for one unit.
 * - **from completion**: the start date first; after that, N days / weeks / months from the day
 *   the last order was completed (every N weeks on a weekday: the first such weekday after N−1
 *   weeks and a day); nothing while the last order is still open.
 * - **fixed schedule**: the first schedule date after the last due date; when dates were missed
 *   (the plan made late, a server down), the latest one already passed instead of each in turn.
 */
export function nextCalendarDue(rule: PmCalendar, last: LastOccurrence | null, today: string): NextDue {
  if (rule.from === 'completion') {
    if (!last) return { due: scheduleDate(rule, 0), waiting: null };
    if (last.open) return { due: null, waiting: 'awaiting' };
    const base = last.doneDate ?? last.dueDate;
    if (rule.unit === 'weekday') return { due: onOrAfterWeekday(addDays(base, 7 * (rule.every - 1) + 1), rule.weekday as Weekday), waiting: null };
    if (rule.unit === 'month') return { due: addMonths(base, rule.every), waiting: null };
    return { due: addDays(base, rule.every * (rule.unit === 'day' ? 1 : 7)), waiting: null };
  }
  const after = last ? firstAfter(rule, last.dueDate) : 0;
  const latestPassed = firstAfter(rule, today) - 1;
  return { due: scheduleDate(rule, Math.max(after, latestPassed)), waiting: null };
}

/** A closed season of the project's calendar (a `season` entry): its first and last closed days. */
export interface ClosedSeason {
  dateFrom: string;
  dateTo: string;
}

/**
 * A season plan's next due date: winterisation (`end`) N days before the operating season ends,
 * that is before a closed season's first day; spring start-up (`start`) N days before it begins
 * again, the day after the closed season's last. The earliest such date after the last one opened,
 * of a season not already begun (end) or over (start).
 */
export function nextSeasonDue(rule: PmSeason, seasons: readonly ClosedSeason[], last: LastOccurrence | null, today: string): NextDue {
  const dues = seasons
    .map((s) => (rule.when === 'end' ? s.dateFrom : addDays(s.dateTo, 1)))
    .filter((edge) => edge >= today)
    .map((edge) => addDays(edge, -rule.days))
    .filter((due) => !last || due > last.dueDate)
    .sort();
  return dues.length ? { due: dues[0], waiting: null } : { due: null, waiting: 'none' };
}
