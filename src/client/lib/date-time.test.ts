import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dateTime } from './date-time';

describe('dateTime', () => {
  const at = dayjs('2026-11-24T08:05:09').toDate();

  it('reads as date and local time, to the minute or to the second', () => {
    expect(dateTime(at)).toBe('2026-11-24 08:05');
    expect(dateTime('2026-11-24T08:05:09')).toBe('2026-11-24 08:05');
    expect(dateTime(at, { seconds: true })).toBe('2026-11-24 08:05:09');
  });

  it('is empty without an instant', () => {
    expect(dateTime(null)).toBe('');
    expect(dateTime(undefined)).toBe('');
    expect(dateTime('')).toBe('');
  });
});
