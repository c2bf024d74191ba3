import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../../tests/helpers/render';
import { server } from '../../../../mocks/server';
import { statsFixtures } from '../../../../mocks/handlers/stats';
import { API, ok } from '../../../../mocks/envelope';
import DashboardPage from './dashboard-page';

// jsdom has no canvas: the charts are stand-ins (what they draw is the overview wall test's business),
// each saying it has drawn when the test says so.
const drawLive = new Set<() => void>();
vi.mock('@client/components/wall/wall-chart', () => ({
  WallChart: ({ onReady, entryAnimation }: { onReady?: () => void; entryAnimation?: boolean }) => {
    useEffect(() => {
      const drawn = () => onReady?.();
      drawLive.add(drawn);
      return () => void drawLive.delete(drawn);
    }, [onReady]);
    return <div data-testid="chart" data-entry={String(entryAnimation)} />;
  },
}));

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

describe('dashboard charts drawn by the server', () => {
  let asked: { language: string; scheme: string; charts: Record<string, { width: number; height: number; data: unknown }> }[];
  beforeEach(() => {
    asked = [];
    drawLive.clear();
    // jsdom lays nothing out: every chart box is 480 px wide.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(480);
    server.use(
      http.post(`${API}/ball/fallproject/dashboardCharts`, async ({ request }) => {
        const query = (await request.json()) as (typeof asked)[number];
        asked.push(query);
        return ok(Object.fromEntries(Object.keys(query.charts).map((name) => [name, `<svg width="480" height="300"><text>${name} ${query.language}</text></svg>`])));
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  const box = (name: string) => document.querySelector(`[data-panel="${name}"] [data-chart]`) as HTMLElement;

  it('shows each chart as the server drew it from the answers beside it, and hands over once the viewer points at it', async () => {
    const { queryClient } = renderWithProviders(<DashboardPage />, { route: '/main', locale: 'en' });
    await waitFor(() => expect(box('speed').querySelector('svg')).not.toBeNull(), { timeout: 8000 });
    // One call for the six charts, each with its box's size and the very answers the KPIs are computed from.
    expect(asked).toHaveLength(1);
    expect(asked[0].language).toBe('en');
    expect(asked[0].scheme).toBe('light');
    expect(Object.keys(asked[0].charts).sort()).toEqual(['area', 'device', 'quality', 'speed', 'status', 'water']);
    expect(asked[0].charts.status).toEqual({ width: 480, height: 300, data: statsFixtures.countProjects });
    expect(asked[0].charts.device.data).toEqual(statsFixtures.groupDevice);
    // A refreshed answer (a push, a refetch) is drawn again.
    const refreshed = { ...statsFixtures.countProjects, total: statsFixtures.countProjects.total + 1 };
    act(() => queryClient.setQueryData(['stats', 'countProjects'], refreshed));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1].charts.status.data).toEqual(refreshed);
    // No live chart (no ECharts) until the viewer reaches for one.
    expect(screen.queryAllByTestId('chart')).toHaveLength(0);
    expect(box('speed')).toHaveAttribute('data-chart', 'drawing');

    // A mouse resting where the chart came up is not the viewer reaching for it; one that moves is.
    fireEvent.pointerMove(box('speed'), { pointerType: 'mouse', clientX: 100, clientY: 100 });
    fireEvent.pointerMove(box('speed'), { pointerType: 'mouse', clientX: 100, clientY: 100 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryAllByTestId('chart')).toHaveLength(0);
    fireEvent.pointerMove(box('speed'), { pointerType: 'mouse', clientX: 104, clientY: 101 });
    const live = await within(box('speed')).findByTestId('chart');
    // The live chart draws under the drawing, without growing from nothing; the drawing stays until it has drawn.
    expect(live).toHaveAttribute('data-entry', 'false');
    expect(box('speed').querySelector('svg')).not.toBeNull();
    act(() => drawLive.forEach((drawn) => drawn()));
    await waitFor(() => expect(box('speed').querySelector('svg')).toBeNull());
    expect(within(box('speed')).getByTestId('chart')).toBeInTheDocument();
    // The others are still the server's drawings; focusing one (the keyboard's way) hands it over too.
    expect(box('quality').querySelector('svg')).not.toBeNull();
    fireEvent.focus(box('quality'));
    expect(await within(box('quality')).findByTestId('chart')).toBeInTheDocument();
  });

  it('draws the charts live at once when the server cannot draw them', async () => {
    server.use(http.post(`${API}/ball/fallproject/dashboardCharts`, () => HttpResponse.json({ code: 500, msg: 'Server error', data: null }, { status: 500 })));
    renderWithProviders(<DashboardPage />, { route: '/main', locale: 'en' });
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(6), { timeout: 8000 });
    // With nothing on screen to replace, they grow in as before.
    expect(screen.getAllByTestId('chart')[0]).toHaveAttribute('data-entry', 'true');
    expect(document.querySelector('[data-panel] [data-chart] svg')).toBeNull();
  });
});
