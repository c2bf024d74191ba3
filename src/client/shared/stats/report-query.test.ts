import { describe, expect, it } from 'vitest';
import { periodDays, previousDays } from '@shared/contracts/stats-report';
import { delta, lastFullMonth, monthOfRange, monthRange, presetRange, printQuery, printSearch, recentMonths } from './report-query';

describe('statistics ranges', () => {
  it('turns each preset into its days, across a year boundary too', () => {
    expect(presetRange('d7', '2026-03-05')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(presetRange('d30', '2026-03-05')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(presetRange('thisMonth', '2026-03-05')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(presetRange('lastMonth', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('thisYear', '2026-03-05')).toEqual({ from: '2026-01-01', to: '2026-03-05' });
  });

  it('compares with the days of the same length just before', () => {
    expect(previousDays('2024-03-01', '2024-03-31')).toEqual({ from: '2024-01-30', to: '2024-02-29' });
    expect(previousDays('2026-01-01', '2026-01-07')).toEqual({ from: '2025-12-25', to: '2025-12-31' });
  });

  it('clips a chart period to the range for its drill-down', () => {
    expect(periodDays('2024-02-26', 'week', '2024-03-01', '2024-03-31')).toEqual({ from: '2024-03-01', to: '2024-03-03' });
    expect(periodDays('2024-03-25', 'week', '2024-03-01', '2024-03-28')).toEqual({ from: '2024-03-25', to: '2024-03-28' });
    expect(periodDays('2024-02', 'month', '2024-01-15', '2024-12-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodDays('2024-03-10', 'day', '2024-03-01', '2024-03-31')).toEqual({ from: '2024-03-10', to: '2024-03-10' });
  });

  it('prints a calendar month: the one picked, else the last full one, with the filters', () => {
    const today = '2026-03-05';
    expect(lastFullMonth(today)).toBe('2026-02');
    expect(lastFullMonth('2026-01-31')).toBe('2025-12');
    expect(recentMonths(3, today)).toEqual(['2026-03', '2026-02', '2026-01']);
    expect(monthRange('2024-02', today)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-03', today)).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(printQuery(new URLSearchParams(''), today)).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-02-28', granularity: 'day' });
    expect(printQuery(new URLSearchParams('month=2025-11&area=Asia&projectId=4'), today)).toEqual({
      month: '2025-11', from: '2025-11-01', to: '2025-11-30', granularity: 'day', area: 'Asia', projectId: 4,
    });
    // A range is no month: the old route's from/to are not taken as the report's period.
    expect(printQuery(new URLSearchParams('from=2026-02-04&to=2026-03-05&granularity=day'), today).month).toBe('2026-02');
    for (const bad of ['2026-13', '2026-4', 'x', '2026-04']) expect(printQuery(new URLSearchParams({ month: bad }), today).month).toBe('2026-02');
    expect(printQuery(printSearch('2026-01', { from: '2026-02-04', to: '2026-03-05', granularity: 'day', category: 'pump' }), today)).toMatchObject({ month: '2026-01', category: 'pump' });
  });

  it('knows a range that is exactly a calendar month, the running one included', () => {
    const today = '2026-03-05';
    expect(monthOfRange(presetRange('lastMonth', today), today)).toBe('2026-02');
    expect(monthOfRange(presetRange('thisMonth', today), today)).toBe('2026-03');
    expect(monthOfRange(presetRange('d30', today), today)).toBeNull();
    expect(monthOfRange({ from: '2026-02-01', to: '2026-02-27' }, today)).toBeNull();
  });

  it('gives the change and its share of the previous figure, none against zero', () => {
    expect(delta(12, 10)).toEqual({ diff: 2, pct: 20 });
    expect(delta(5, 0)).toEqual({ diff: 5, pct: null });
    expect(delta(null, 3)).toBeNull();
  });
});
