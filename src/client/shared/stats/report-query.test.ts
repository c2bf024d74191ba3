import { describe, expect, it } from 'vitest';
import { periodDays, previousDays } from '@shared/contracts/stats-report';
import { delta, presetRange, queryToSearch, searchToQuery } from './report-query';

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

  it('carries the query through a route and back', () => {
    const q = { from: '2026-01-01', to: '2026-01-31', granularity: 'week' as const, area: 'Asia', projectId: 12 };
    expect(searchToQuery(queryToSearch(q))).toEqual(q);
    expect(searchToQuery(new URLSearchParams('from=2026-01-01'))).toBeNull();
  });

  it('gives the change and its share of the previous figure, none against zero', () => {
    expect(delta(12, 10)).toEqual({ diff: 2, pct: 20 });
    expect(delta(5, 0)).toEqual({ diff: 5, pct: null });
    expect(delta(null, 3)).toBeNull();
  });
});
