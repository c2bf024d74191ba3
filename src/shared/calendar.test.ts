import { describe, expect, it } from 'vitest';
import { calendarAt, dailyShowTimeOf, showIntervals, showMs, type CalendarEntry } from './calendar';

/**
 * The operating calendar over a whole year, minute by minute, against instants worked out here from
 * each zone's known offsets (not from the engine under test): every show starts once and ends once,
 * at its local minute, across both daylight-saving changes, a holiday, a closed season with an event
 * in it and a summer-only programme.
 */

const H = 3_600_000;
const MIN = 60_000;

/** The zones' 2026 rules: standard and summer offsets (hours) and the UTC instants of the changes. */
const ZONES = {
  'Europe/Berlin': { standard: 1, summer: 2, springs: Date.UTC(2026, 2, 29, 1), falls: Date.UTC(2026, 9, 25, 1) },
  'America/New_York': { standard: -5, summer: -4, springs: Date.UTC(2026, 2, 8, 7), falls: Date.UTC(2026, 10, 1, 6) },
} as const;
type Zone = keyof typeof ZONES;

const offsetAt = (zone: Zone, utc: number) => {
  const z = ZONES[zone];
  return utc >= z.springs && utc < z.falls ? z.summer : z.standard;
};

/** A local date and time as UTC by the table: of the offsets that fit, the earlier instant (a repeated hour is its first). */
function utcOf(zone: Zone, date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm);
  const fits = [ZONES[zone].summer, ZONES[zone].standard].map((o) => local - o * H).filter((utc) => offsetAt(zone, utc) * H === local - utc);
  if (!fits.length) throw new Error(`${date} ${time} does not exist in ${zone}: the test's hours avoid the gap`);
  return Math.min(...fits);
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const ALL = [1, 2, 3, 4, 5, 6, 7] as const;
const entry = (e: Partial<CalendarEntry> & Pick<CalendarEntry, 'id' | 'kind'>): CalendarEntry => ({ slots: [], dateFrom: null, dateTo: null, timeFrom: null, timeTo: null, ...e });
const CALENDAR: CalendarEntry[] = [
  // Every evening; a late show on Fridays past midnight; a Sunday night show across the hour the clocks change.
  entry({ id: 1, kind: 'programme', slots: [{ days: ALL, start: '20:00', end: '21:00' }, { days: [5], start: '23:30', end: '00:30' }, { days: [7], start: '01:00', end: '04:00' }] }),
  // A summer programme: an extra half hour in June to August.
  entry({ id: 2, kind: 'programme', slots: [{ days: ALL, start: '22:00', end: '22:30' }], dateFrom: '2026-06-01', dateTo: '2026-08-31' }),
  entry({ id: 3, kind: 'season', name: 'Winter', dateFrom: '2026-01-05', dateTo: '2026-02-28' }),
  entry({ id: 4, kind: 'holiday', name: 'Christmas', dateFrom: '2026-12-25', dateTo: '2026-12-25' }),
  // A one-off show inside the closed season.
  entry({ id: 5, kind: 'event', name: 'Lantern festival', dateFrom: '2026-02-03', timeFrom: '18:00', timeTo: '19:00' }),
];

/** The shows of 2026 worked out by hand from the calendar above and the offset table. */
function expectedShows(zone: Zone): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const closed = (d: string) => (d >= '2026-01-05' && d <= '2026-02-28') || d === '2026-12-25';
  for (let d = '2025-12-31'; d <= '2026-12-31'; d = dayAfter(d)) {
    if (closed(d)) continue;
    const add = (from: string, to: string, crosses = false) => out.push({ start: utcOf(zone, d, from), end: utcOf(zone, crosses ? dayAfter(d) : d, to) });
    if (weekday(d) === 7) add('01:00', '04:00');
    add('20:00', '21:00');
    if (d >= '2026-06-01' && d <= '2026-08-31') add('22:00', '22:30');
    if (weekday(d) === 5) add('23:30', '00:30', true);
  }
  out.push({ start: utcOf(zone, '2026-02-03', '18:00'), end: utcOf(zone, '2026-02-03', '19:00') });
  return out.sort((a, b) => a.start - b.start);
}

describe.each(Object.keys(ZONES) as Zone[])('the operating calendar in %s', (zone) => {
  const from = utcOf(zone, '2026-01-01', '00:00');
  const to = utcOf(zone, '2027-01-01', '00:00');

  it('starts and ends every show of a year once, at its local minute, minute by minute', () => {
    const shows = showIntervals(CALENDAR, zone, from, to);
    const starts: number[] = [];
    const ends: number[] = [];
    let k = 0;
    let inShow = false;
    for (let minute = from; minute < to; minute += MIN) {
      while (k < shows.length && shows[k].end <= minute) k += 1;
      const now = k < shows.length && shows[k].start <= minute;
      if (now && !inShow) starts.push(minute);
      if (!now && inShow) ends.push(minute);
      inShow = now;
    }
    if (inShow) ends.push(to);
    const expected = expectedShows(zone).filter((s) => s.end > from && s.start < to);
    expect(starts).toEqual(expected.map((s) => Math.max(s.start, from)));
    expect(ends).toEqual(expected.map((s) => Math.min(s.end, to)));
    // 365 evenings less 55 closed days, 92 summer extras, the Friday lates and Sunday nights, one event.
    expect(starts.length).toBe(expected.length);
    expect(showMs(CALENDAR, zone, from, to)).toBe(expected.reduce((sum, s) => sum + Math.min(s.end, to) - Math.max(s.start, from), 0));
  });

  it('lasts as the clock on the wall says on the days the clocks change', () => {
    const sunday = (date: string) => showIntervals(CALENDAR, zone, utcOf(zone, date, '00:00'), utcOf(zone, date, '05:00')).find((s) => s.start >= utcOf(zone, date, '00:00'));
    const spring = zone === 'Europe/Berlin' ? '2026-03-29' : '2026-03-08';
    const autumn = zone === 'Europe/Berlin' ? '2026-10-25' : '2026-11-01';
    expect((sunday(spring)!.end - sunday(spring)!.start) / H).toBe(2);
    expect((sunday(autumn)!.end - sunday(autumn)!.start) / H).toBe(4);
  });

  it('says in show, idle or closed now, until when, and the next show', () => {
    const evening = utcOf(zone, '2026-05-12', '20:30');
    expect(calendarAt(CALENDAR, zone, evening)).toMatchObject({ state: 'show', until: utcOf(zone, '2026-05-12', '21:00'), closedBy: null });
    const afternoon = utcOf(zone, '2026-05-12', '15:00');
    expect(calendarAt(CALENDAR, zone, afternoon)).toMatchObject({ state: 'idle', until: utcOf(zone, '2026-05-12', '20:00'), show: { start: utcOf(zone, '2026-05-12', '20:00') } });
    const winter = calendarAt(CALENDAR, zone, utcOf(zone, '2026-01-20', '20:30'));
    expect(winter).toMatchObject({ state: 'closed', closedBy: { id: 3, kind: 'season', name: 'Winter' }, show: { start: utcOf(zone, '2026-02-03', '18:00') } });
    // Closed until the event, then the event is a show, then closed again until the season's end.
    expect(winter.until).toBe(utcOf(zone, '2026-02-03', '18:00'));
    expect(calendarAt(CALENDAR, zone, utcOf(zone, '2026-02-03', '18:10')).state).toBe('show');
    expect(calendarAt(CALENDAR, zone, utcOf(zone, '2026-02-10', '12:00'))).toMatchObject({ state: 'closed', until: utcOf(zone, '2026-03-01', '00:00') });
    const christmas = calendarAt(CALENDAR, zone, utcOf(zone, '2026-12-25', '20:30'));
    expect(christmas).toMatchObject({ state: 'closed', closedBy: { kind: 'holiday' }, until: utcOf(zone, '2026-12-26', '00:00'), show: { start: utcOf(zone, '2026-12-26', '20:00') } });
  });
});

describe('a calendar without a programme', () => {
  it('shows by the project\'s daily show time, and a programme sets that text', () => {
    const zone = 'Asia/Shanghai';
    const noon = Date.UTC(2026, 5, 1, 4);
    expect(calendarAt([], zone, noon, '19:00-20:00')).toMatchObject({ state: 'idle', show: { start: Date.UTC(2026, 5, 1, 11), end: Date.UTC(2026, 5, 1, 12) } });
    expect(calendarAt([], zone, noon, '')).toEqual({ state: 'idle', until: null, show: null, closedBy: null });
    // Unreadable text is no show, not an error.
    expect(calendarAt([], zone, noon, 'evenings')).toMatchObject({ state: 'idle', show: null });
    expect(dailyShowTimeOf(CALENDAR)).toBe('01:00-04:00,20:00-21:00');
    expect(dailyShowTimeOf(CALENDAR, 64)).toBe('01:00-04:00,20:00-21:00,22:00-22:30,23:30-00:30');
    expect(dailyShowTimeOf(CALENDAR, 20)).toBe('01:00-04:00');
    expect(dailyShowTimeOf([])).toBe('');
  });
});
