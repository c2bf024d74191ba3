import { describe, expect, it } from 'vitest';
import {
  addDays,
  atLocal,
  coveredMs,
  dailySlots,
  intersectIntervals,
  intervalAt,
  isTimeZone,
  localDate,
  localParts,
  mergeIntervals,
  spanIntervals,
  subtractIntervals,
  timeZoneNames,
  weekdayOf,
  weeklyIntervals,
} from './local-time';

const utc = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

describe('time zones', () => {
  it('knows IANA names and refuses offsets, abbreviations and junk', () => {
    for (const name of ['Europe/Berlin', 'America/New_York', 'Asia/Shanghai', 'UTC', 'America/Argentina/Buenos_Aires']) expect(isTimeZone(name)).toBe(true);
    for (const name of ['+08:00', 'CET1', 'Mars/Olympus', '', 'Europe/Berlin\u0000', '../etc/passwd', 'GMT+8']) expect(isTimeZone(name)).toBe(false);
    expect(timeZoneNames()).toEqual(expect.arrayContaining(['UTC', 'Europe/Berlin', 'Asia/Shanghai']));
  });
});

describe('local wall time to instants', () => {
  it('reads a plain local time in its zone', () => {
    expect(iso(atLocal('2026-07-01', '19:30', 'Asia/Shanghai'))).toBe('2026-07-01T11:30:00Z');
    expect(iso(atLocal('2026-07-01', '19:30', 'Europe/Berlin'))).toBe('2026-07-01T17:30:00Z');
    expect(iso(atLocal('2026-01-15', '19:30', 'Europe/Berlin'))).toBe('2026-01-15T18:30:00Z');
  });

  it('moves a time in the spring gap forward and takes the first of a repeated autumn time', () => {
    // Berlin: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
    expect(iso(atLocal('2026-03-29', '02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00Z');
    expect(iso(atLocal('2026-10-25', '02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00Z');
    expect(iso(atLocal('2026-10-25', '03:30', 'Europe/Berlin'))).toBe('2026-10-25T02:30:00Z');
    // New York: 2026-03-08 02:00 → 03:00; 2026-11-01 02:00 → 01:00.
    expect(iso(atLocal('2026-03-08', '02:15', 'America/New_York'))).toBe('2026-03-08T07:15:00Z');
    expect(iso(atLocal('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00Z');
  });

  it('gives the local date, time and weekday of an instant', () => {
    expect(localParts(utc('2026-12-01T23:30:00Z'), 'Asia/Shanghai')).toEqual({ date: '2026-12-02', time: '07:30', weekday: 3 });
    expect(localDate(utc('2026-12-01T03:00:00Z'), 'America/New_York')).toBe('2026-11-30');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekdayOf('2026-12-06')).toBe(7);
  });

  it('refuses times and dates that are not the form', () => {
    expect(() => atLocal('2026-02-30', '10:00', 'UTC')).toThrow(RangeError);
    expect(() => atLocal('2026-02-01', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => atLocal('2026-02-01', '10:00', 'Nowhere/City')).toThrow(RangeError);
  });
});

describe('weekly slots', () => {
  it('lists each occurrence that overlaps the range, whole, in order', () => {
    const slots = [{ days: [1, 3] as const, start: '19:00', end: '21:00' }];
    // Mon 2026-11-30 … Sun 2026-12-06 in Shanghai.
    const shows = weeklyIntervals(slots, 'Asia/Shanghai', utc('2026-11-29T16:00:00Z'), utc('2026-12-06T16:00:00Z'));
    expect(shows.map((s) => [iso(s.start), iso(s.end)])).toEqual([
      ['2026-11-30T11:00:00Z', '2026-11-30T13:00:00Z'],
      ['2026-12-02T11:00:00Z', '2026-12-02T13:00:00Z'],
    ]);
    // A range that cuts a show still returns the show whole.
    const cut = weeklyIntervals(slots, 'Asia/Shanghai', utc('2026-11-30T12:00:00Z'), utc('2026-11-30T12:30:00Z'));
    expect(cut.map((s) => iso(s.start))).toEqual(['2026-11-30T11:00:00Z']);
  });

  it('runs a slot past midnight into the next day, starting on its own day', () => {
    const night = weeklyIntervals([{ days: [7], start: '22:00', end: '01:00' }], 'UTC', utc('2026-12-07T00:00:00Z'), utc('2026-12-07T00:30:00Z'));
    expect(night.map((s) => [iso(s.start), iso(s.end)])).toEqual([['2026-12-06T22:00:00Z', '2026-12-07T01:00:00Z']]);
    const whole = weeklyIntervals([{ days: [2], start: '00:00', end: '00:00' }], 'UTC', utc('2026-12-01T05:00:00Z'), utc('2026-12-01T06:00:00Z'));
    expect(coveredMs(whole)).toBe(86_400_000);
  });

  it('keeps the local clock across daylight saving: a 01:00–04:00 slot is 2 h in spring and 4 h in autumn', () => {
    const slot = [{ days: [7] as const, start: '01:00', end: '04:00' }];
    const spring = weeklyIntervals(slot, 'Europe/Berlin', utc('2026-03-28T12:00:00Z'), utc('2026-03-29T12:00:00Z'));
    const autumn = weeklyIntervals(slot, 'Europe/Berlin', utc('2026-10-24T12:00:00Z'), utc('2026-10-25T12:00:00Z'));
    expect(spring.map((s) => (s.end - s.start) / 3_600_000)).toEqual([2]);
    expect(autumn.map((s) => (s.end - s.start) / 3_600_000)).toEqual([4]);
    expect(iso(spring[0].start)).toBe('2026-03-29T00:00:00Z');
    expect(iso(autumn[0].end)).toBe('2026-10-25T03:00:00Z');
  });

  it('starts every daily show once at its local minute over a year with two changes (New York)', () => {
    const slots = dailySlots('19:00-22:00');
    const from = utc('2026-01-01T05:00:00Z');
    const to = utc('2027-01-01T05:00:00Z');
    const shows = weeklyIntervals(slots, 'America/New_York', from, to);
    expect(shows).toHaveLength(365);
    for (const s of shows) {
      expect(localParts(s.start, 'America/New_York').time).toBe('19:00');
      expect(localParts(s.end, 'America/New_York').time).toBe('22:00');
    }
    expect(new Set(shows.map((s) => localDate(s.start, 'America/New_York'))).size).toBe(365);
  });

  it('reads the daily show time text, and refuses what is not its form', () => {
    expect(dailySlots('')).toEqual([]);
    expect(dailySlots('12:00-12:30, 19:00-22:00').map((s) => [s.start, s.end, s.days.length])).toEqual([
      ['12:00', '12:30', 7],
      ['19:00', '22:00', 7],
    ]);
    expect(() => dailySlots('7pm')).toThrow(RangeError);
  });
});

describe('date spans and interval arithmetic', () => {
  it('turns whole local days into instants, midnight to midnight', () => {
    const [season] = spanIntervals([{ from: '2026-12-01', to: '2027-02-28' }], 'Europe/Berlin');
    expect(iso(season.start)).toBe('2026-11-30T23:00:00Z');
    expect(iso(season.end)).toBe('2027-02-28T23:00:00Z');
    // Across the spring change the last day is 23 h: the span still ends at local midnight.
    const [spring] = spanIntervals([{ from: '2026-03-29', to: '2026-03-29' }], 'Europe/Berlin');
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
  });

  it('merges, subtracts, intersects and finds', () => {
    const a = [
      { start: 0, end: 10 },
      { start: 5, end: 15 },
      { start: 20, end: 30 },
    ];
    expect(mergeIntervals(a)).toEqual([
      { start: 0, end: 15 },
      { start: 20, end: 30 },
    ]);
    expect(subtractIntervals(a, [{ start: 3, end: 22 }])).toEqual([
      { start: 0, end: 3 },
      { start: 22, end: 30 },
    ]);
    expect(intersectIntervals(a, [{ start: 12, end: 25 }])).toEqual([
      { start: 12, end: 15 },
      { start: 20, end: 25 },
    ]);
    expect(intervalAt(mergeIntervals(a), 15)).toBeUndefined();
    expect(intervalAt(mergeIntervals(a), 29)).toEqual({ start: 20, end: 30 });
    expect(coveredMs(a)).toBe(25);
  });
});
