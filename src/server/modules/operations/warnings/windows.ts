import type { WindowKind } from '@shared/contracts/alarm-window';
import { intervalAt, spanIntervals, weeklyIntervals, type Interval, type WeeklySlot } from '@shared/local-time';

/**
 * Alarm maintenance windows (docs/alarms.md "Maintenance windows"): while one of a project's windows
 * holds the instant, in the project's own time zone, the project's alarms are suppressed by
 * 'maintenance' and its escalation waits. Which window holds an instant; `applyWindows`
 * (suppression.ts), called by the device jobs' sweep and every write of a window, keeps
 * fall_project.alarm_window_id / alarm_window_until by it.
 */

export interface StoredWindow {
  id: number;
  kind: WindowKind | string;
  slots: readonly WeeklySlot[];
  dateFrom: string | null;
  dateTo: string | null;
}

/** The occurrences of a window that overlap `[from, to)`, as instants. */
export function windowIntervals(w: StoredWindow, timeZone: string, from: number, to: number): Interval[] {
  if (w.kind === 'dates') return w.dateFrom && w.dateTo ? spanIntervals([{ from: w.dateFrom, to: w.dateTo }], timeZone).filter((i) => i.end > from && i.start < to) : [];
  return weeklyIntervals(w.slots, timeZone, from, to);
}

/** The window of `windows` in force at `instant` (of those that hold it, the one that ends last), and its end. */
export function windowAt(windows: readonly StoredWindow[], timeZone: string, instant: number): { id: number; until: number } | null {
  let best: { id: number; until: number } | null = null;
  for (const w of windows) {
    const hit = intervalAt(windowIntervals(w, timeZone, instant, instant + 1), instant);
    if (hit && (!best || hit.end > best.until)) best = { id: w.id, until: hit.end };
  }
  return best;
}
