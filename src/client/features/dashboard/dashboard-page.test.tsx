import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { server } from '../../../../mocks/server';
import { statsFixtures } from '../../../../mocks/handlers/stats';
import { API, ok } from '../../../../mocks/envelope';
import DashboardPage from './dashboard-page';

// jsdom has no canvas: the charts are stand-ins (what they draw is the overview wall test's business).
vi.mock('@client/components/wall/wall-chart', () => ({ WallChart: () => <div data-testid="chart" /> }));

// Seen before: the "Broken equipment" card said 50 (its list's length) beside a KPI of 67.
describe('dashboard broken equipment', () => {
  it('shows how many of how many it lists, the total being the broken KPI', async () => {
    const list = Array.from({ length: 50 }, (_, i) => ({ ...statsFixtures.brokenDevice[0], id: 7000 + i }));
    const groups = statsFixtures.groupDevice.map((g, i) => ({ ...g, broken: i === 0 ? 67 : 0 }));
    server.use(
      http.get(`${API}/ball/fallproject/brokenDevice`, () => ok({ list, total: 67 })),
      http.get(`${API}/ball/fallproject/groupDevice`, () => ok(groups)),
    );
    renderWithProviders(<DashboardPage />, { route: '/main', locale: 'en' });
    const card = () => document.querySelector('[data-panel="broken"]') as HTMLElement;
    await waitFor(() => expect(within(card()).getByTestId('shown-of-total')).toHaveTextContent('8 of 67'), { timeout: 8000 });
    expect(within(card()).getAllByRole('row')).toHaveLength(1 + 8);
    const kpi = screen.getByText('Broken now').parentElement!;
    await waitFor(() => expect(kpi.querySelector('[data-value]')).toHaveAttribute('data-value', '67'));
  });
});
