import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../tests/helpers/render';
import type { UseQueryResult } from '@tanstack/react-query';
import { isPanelStale, PanelStale } from './panel-stale';
import { NoticesPanel } from './list-panels';
import type { CurrentNotice } from '../../stats/api/get-current-notices';

/** A query's answer as a panel sees it, read `age` ms ago. */
const answered = (age: number) =>
  ({ data: [{ id: 1, title: 'Spring maintenance window', body: '' }], status: 'success', fetchStatus: 'idle', isSuccess: true, isPending: false, isError: true, dataUpdatedAt: Date.now() - age }) as unknown as UseQueryResult<CurrentNotice[]>;
const box = { x: 0, y: 0, w: 440, h: 200 };

describe('per-panel stale badge', () => {
  it('is stale once the data are older than twice the refresh interval', () => {
    expect(isPanelStale(100_000, 30_000, 100_000 + 60_000)).toBe(false);
    expect(isPanelStale(100_000, 30_000, 100_000 + 60_001)).toBe(true);
    // Never loaded: nothing to call stale (the panel says "loading" or "failed" itself).
    expect(isPanelStale(0, 30_000, 10_000_000)).toBe(false);
  });

  it('shows nothing on fresh data and the age in the wall language on stale data', () => {
    const fresh = renderWithProviders(<PanelStale updatedAt={Date.now() - 30_000} refreshMs={30_000} />, { locale: 'en' });
    expect(screen.queryByTestId('panel-stale')).toBeNull();
    fresh.unmount();
    const en = renderWithProviders(<PanelStale updatedAt={Date.now() - 3 * 60_000 - 5000} refreshMs={30_000} />, { locale: 'en' });
    expect(screen.getByTestId('panel-stale')).toHaveTextContent('Data is 3 min old');
    en.unmount();
    renderWithProviders(<PanelStale updatedAt={Date.now() - 2 * 60_000 - 5000} refreshMs={30_000} />, { locale: 'cn' });
    expect(screen.getByTestId('panel-stale').textContent).toMatch(/2/);
  });

  it('shows in the panel whose own data are old, and only there', () => {
    renderWithProviders(
      <>
        <NoticesPanel query={answered(10_000)} box={box} />
        <div data-testid="old">
          <NoticesPanel query={answered(40 * 60_000)} box={box} />
        </div>
      </>,
      { locale: 'en' },
    );
    const badges = screen.getAllByTestId('panel-stale');
    expect(badges).toHaveLength(1);
    expect(screen.getByTestId('old')).toContainElement(badges[0]);
    expect(badges[0]).toHaveTextContent('Data is 40 min old');
  });
});
