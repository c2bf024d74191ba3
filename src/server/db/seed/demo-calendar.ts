import { dailySlots } from '@shared/local-time';
import type { Database } from '../client';
import { fallCalendarEntry } from '../schema';

interface DemoProject {
  id: number;
  status: string;
  isPublic: boolean;
  dailyShowTime: string;
  latitude: number | null;
}

/** Built projects this far north are winterised (the fountains of Beijing, Shenyang, Harbin…). */
const WINTER_LATITUDE = 39;

/**
 * The demo's operating calendars (docs/maintenance.md "Operating calendar"): every built project runs
 * its daily show time as a programme of its own, with a longer show on Saturday nights; the northern
 * ones are closed for the winter; each has a day off for its annual inspection ten days ahead, and
 * the public ones a New Year's Eve show. The daily show time the projects were given is what their
 * programmes say (syncDailyShowTime would write the same text).
 */
export async function seedDemoCalendar(database: Database, projects: readonly DemoProject[], now = new Date()): Promise<number> {
  const year = now.getUTCMonth() >= 2 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const inspection = new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  const rows: (typeof fallCalendarEntry.$inferInsert)[] = [];
  for (const p of projects) {
    const slots = dailySlots(p.dailyShowTime);
    if (!['A', 'E', 'F', 'G'].includes(p.status) || !slots.length) continue;
    rows.push({ projectId: p.id, kind: 'programme', name: '每日演出 Daily shows', slots: slots.map((s) => ({ days: [...s.days], start: s.start, end: s.end })), createdBy: 'admin' });
    if ((p.latitude ?? 0) >= WINTER_LATITUDE) {
      rows.push({ projectId: p.id, kind: 'season', name: '冬季停运 Winterised', dateFrom: `${year}-12-01`, dateTo: `${year + 1}-02-28`, remark: '排空防冻 Drained against frost', createdBy: 'admin' });
    }
    rows.push({ projectId: p.id, kind: 'holiday', name: '年度检修 Annual inspection', dateFrom: inspection, dateTo: inspection, createdBy: 'admin' });
    if (p.isPublic) rows.push({ projectId: p.id, kind: 'event', name: '跨年演出 New Year countdown', dateFrom: `${year}-12-31`, dateTo: `${year}-12-31`, timeFrom: '23:30', timeTo: '00:30', createdBy: 'admin' });
  }
  if (rows.length) await database.db.insert(fallCalendarEntry).values(rows);
  return rows.length;
}
