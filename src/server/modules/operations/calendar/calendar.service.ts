import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { calendarAt, dailyShowTimeOf, type CalendarEntry } from '@shared/calendar';
import type { ShowNow } from '@shared/contracts/calendar';
import type { Db } from '../../../db/client';
import { fallCalendarEntry, fallProject } from '../../../db/schema';

/**
 * A project's operating calendar as the shows are read from it (shared/calendar.ts): its live
 * entries, and the project's time zone and daily show time (which stands for a programme while it
 * has none of its own).
 */
export interface ProjectCalendar {
  timeZone: string;
  dailyShowTime: string;
  entries: CalendarEntry[];
}

export async function calendarOf(db: Db, projectId: number): Promise<ProjectCalendar | null> {
  return (await calendarsOf(db, [projectId])).get(projectId) ?? null;
}

/** The calendars of many projects in two queries (a statistic over every project); an unknown id is left out. */
export async function calendarsOf(db: Db, projectIds: number[]): Promise<Map<number, ProjectCalendar>> {
  const out = new Map<number, ProjectCalendar>();
  if (!projectIds.length) return out;
  const projects = await db
    .select({ id: fallProject.id, timeZone: fallProject.timeZone, dailyShowTime: fallProject.dailyShowTime })
    .from(fallProject)
    .where(inArray(fallProject.id, projectIds));
  const entries = await db
    .select({
      projectId: fallCalendarEntry.projectId,
      id: fallCalendarEntry.id,
      kind: fallCalendarEntry.kind,
      name: fallCalendarEntry.name,
      slots: fallCalendarEntry.slots,
      dateFrom: fallCalendarEntry.dateFrom,
      dateTo: fallCalendarEntry.dateTo,
      timeFrom: fallCalendarEntry.timeFrom,
      timeTo: fallCalendarEntry.timeTo,
    })
    .from(fallCalendarEntry)
    .where(and(inArray(fallCalendarEntry.projectId, projectIds), isNull(fallCalendarEntry.archivedAt)))
    .orderBy(asc(fallCalendarEntry.id));
  for (const { id, ...project } of projects) out.set(id, { ...project, entries: [] });
  for (const { projectId, ...e } of entries) {
    out.get(projectId)?.entries.push({ ...e, slots: e.slots.map((s) => ({ ...s, days: s.days as CalendarEntry['slots'][number]['days'] })) });
  }
  return out;
}

/** What a calendar says at `at`, as the API answers it. */
export function showNowOf(calendar: ProjectCalendar, at: Date): ShowNow {
  const now = calendarAt(calendar.entries, calendar.timeZone, at.getTime(), calendar.dailyShowTime);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    state: now.state,
    until: now.until === null ? null : iso(now.until),
    show: now.show ? { start: iso(now.show.start), end: iso(now.show.end) } : null,
    closedBy: now.closedBy,
    timeZone: calendar.timeZone,
    ownProgramme: calendar.entries.some((e) => e.kind === 'programme'),
    at: at.toISOString(),
  };
}

/**
 * After a write of a project's calendar: its daily show time (spec "daily show time", shown on the
 * walls and read by the predictive detector) set from its programmes, while it has any; a project
 * without a programme keeps the text it was given.
 */
export async function syncDailyShowTime(db: Db, projectId: number): Promise<void> {
  const calendar = await calendarOf(db, projectId);
  if (!calendar || !calendar.entries.some((e) => e.kind === 'programme')) return;
  const text = dailyShowTimeOf(calendar.entries);
  if (text !== calendar.dailyShowTime) await db.update(fallProject).set({ dailyShowTime: text, updatedAt: new Date() }).where(eq(fallProject.id, projectId));
}

/** The daily show time a project's programmes set, or null when it has no programme (the text is then its own). */
export async function programmedShowTime(db: Db, projectId: number): Promise<string | null> {
  const calendar = await calendarOf(db, projectId);
  return calendar && calendar.entries.some((e) => e.kind === 'programme') ? dailyShowTimeOf(calendar.entries) : null;
}
